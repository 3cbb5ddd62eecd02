import { randomUUID } from 'node:crypto';
import { plans } from '../../../../contract/plans';
import type { SubscriptionView } from '../../../../contract/billing.schema';
import type { RegisterRequest } from '../../../../contract/auth.schema';
import { tr } from '../../../../contract/messages.tr';
import { AppError } from '../app-error';
import type { BillingRepos, Transact } from './repos';
import { ensureWindow } from './quota.service';
import { issueInvoice } from './invoice.service';
import type { OrderRow } from '../../repositories/payment-order.repository';
import type { SubscriptionRow } from '../../repositories/subscription.repository';
import type { UserRow } from '../../repositories/user.repository';
import {
  classifyChange,
  creditFor,
  dueForPeriodEndWhen,
  isDueForPeriodEnd,
  isLive,
  PAID_STATUS,
  periodEndFor,
  periodValue,
  quote,
} from './policy';

const m = tr.billing;

/** Where billing writes its money events (pino's shape); a request's logger carries the request id. */
export interface BillingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Why a paid order was not honoured; stored in failedReason of a 'refund_due' order. */
export type RefundReason =
  | 'amount_mismatch'
  | 'email_taken'
  | 'no_customer'
  | 'promo_limit'
  | 'credit_used'
  | 'credit_expired'
  | 'plan_changed'
  | 'change_queued';

export interface PaidNotice {
  totalKurus: number;
  testMode: boolean;
}

export function toSubscriptionView(sub: SubscriptionRow): SubscriptionView {
  const plan = plans[sub.planType];
  return {
    id: sub.id,
    status: sub.status,
    billingCycle: sub.billingCycle,
    periodStart: sub.periodStart?.toISOString() ?? null,
    periodEnd: sub.periodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    nextPlanType: sub.nextPlanType,
    plan: {
      type: plan.type,
      name: plan.name,
      displayName: plan.displayName,
      canBatchProcess: plan.canBatchProcess,
      canRemoveWatermark: plan.canRemoveWatermark,
      photosPerMonth: plan.photosPerMonth,
    },
  };
}

export const serviceNameOf = (order: Pick<OrderRow, 'kind' | 'addonPhotos' | 'planType' | 'billingCycle'>) =>
  order.kind === 'addon'
    ? m.packName(order.addonPhotos ?? 0)
    : m.planPeriodName(plans[order.planType!].displayName, order.billingCycle === 'yearly');

/** The subscription lifecycle: applying a paid order, period ends, cancelling, reporting. */
export function subscriptionService(deps: { transact: Transact; log: BillingLog; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  /** Money arrived for an order we cannot honour: keep it for a refund by hand, visible to admins. */
  async function refundDue(
    r: BillingRepos,
    order: OrderRow,
    reason: RefundReason,
    paid: PaidNotice,
    log: BillingLog,
  ) {
    await r.orders.update(order.merchantOid, {
      status: 'refund_due',
      failedReason: reason,
      completedAt: now(),
      callbackTotalKurus: paid.totalKurus,
      testMode: paid.testMode,
    });
    log.error(
      { oid: order.merchantOid, reason, amountKurus: order.amountKurus, paidKurus: paid.totalKurus },
      'paid order cannot be honoured: refund by hand',
    );
    return 'refund_due' as const;
  }

  /**
   * Applies a verified payment exactly once; the caller holds the order's row lock. Every money invariant
   * is checked here, in the transaction that grants: the amount collected is the order's, the promo use is
   * still free, the credit it was priced with is still unspent, and no paid queued change is replaced.
   */
  async function applyPaid(
    r: BillingRepos,
    order: OrderRow,
    paid: PaidNotice,
    log: BillingLog = deps.log,
  ): Promise<'applied' | 'refund_due'> {
    const at = now();
    if (paid.totalKurus !== order.amountKurus) return refundDue(r, order, 'amount_mismatch', paid, log);

    let user: UserRow | undefined = order.userId ? await r.users.findById(order.userId) : undefined;
    const reg =
      !user && order.registration ? (order.registration as RegisterRequest & { passwordHash: string }) : null;
    if (!user && !reg) return refundDue(r, order, 'no_customer', paid, log);
    if (reg) await r.orders.lockIdentity(reg.email);
    if (reg && (await r.users.findByEmail(reg.email))) return refundDue(r, order, 'email_taken', paid, log);

    if (order.promoCodeId) {
      const promo = await r.promos.findByIdForUpdate(order.promoCodeId);
      const customerUses = promo ? await r.promos.customerUses(promo.id, user?.id ?? null, order.email) : 1;
      if (!promo || customerUses > 0 || (promo.maxUses !== null && promo.uses >= promo.maxUses)) {
        return refundDue(r, order, 'promo_limit', paid, log);
      }
    }

    let current: SubscriptionRow | undefined;
    let change: ReturnType<typeof classifyChange> = 'new';
    if (order.kind === 'subscription') {
      current = user ? await r.subscriptions.findByUserForUpdate(user.id) : undefined;
      change = classifyChange(current, order.planType!, order.billingCycle!, at);
      const live = isLive(current, at) ? current : undefined;
      if (change === 'upgrade' && live) {
        // The credit the order was priced with must be exactly what the period it replaces was worth
        // when the order was opened: a different period (another upgrade applied, a queued plan took
        // over) means this credit was spent already or this period's value would be dropped.
        const basis = live.orderId ? await r.orders.find(live.orderId) : undefined;
        const owed = basis ? creditFor(live, periodValue(basis), order.createdAt) : 0;
        if (order.creditKurus !== owed) {
          return refundDue(r, order, order.creditKurus > 0 ? 'credit_used' : 'plan_changed', paid, log);
        }
        // Credit shrinks as the period runs: a price computed with it holds only while the order is open.
        if (owed > 0 && at > order.expiresAt) return refundDue(r, order, 'credit_expired', paid, log);
      } else if (order.creditKurus > 0) {
        return refundDue(r, order, 'credit_used', paid, log);
      }
      // A paid queued change waits for this period's end (also one not yet rolled): never replaced.
      if (current?.nextOrderId) return refundDue(r, order, 'change_queued', paid, log);
    }

    if (!user && reg) {
      // A username taken meanwhile must not cost the customer the paid account: it is created without one.
      let username = reg.username ?? null;
      if (username) {
        await r.orders.lockIdentity(`username:${username}`);
        if (await r.users.findByUsername(username)) {
          log.warn(
            { oid: order.merchantOid },
            'paid registration: username taken meanwhile, account made without it',
          );
          username = null;
        }
      }
      user = await r.users.insert({
        id: randomUUID(),
        email: reg.email,
        username,
        passwordHash: reg.passwordHash,
        firstName: reg.firstName ?? null,
        lastName: reg.lastName ?? null,
        phone: reg.phone,
        companyName: reg.companyName ?? null,
        taxNumber: reg.taxNumber ?? null,
        kvkkAccepted: true,
        kvkkAcceptedAt: order.createdAt,
        marketingConsent: Boolean(reg.marketingConsent),
        marketingConsentAt: reg.marketingConsent ? order.createdAt : null,
        aiDataConsent: Boolean(reg.aiDataConsent),
        aiDataConsentAt: reg.aiDataConsent ? order.createdAt : null,
        createdAt: at,
        updatedAt: at,
      });
      log.info({ oid: order.merchantOid, userId: user.id }, 'account created by a paid registration');
    }
    if (!user) return refundDue(r, order, 'no_customer', paid, log);
    if (order.promoCodeId) await r.promos.incrementUses(order.promoCodeId);

    if (order.kind === 'addon') {
      await ensureWindow(r, user.id, at);
      await r.quota.addExtra(user.id, order.addonPhotos ?? 0);
    } else if (current && (change === 'queued' || change === 'renewal')) {
      await r.subscriptions.update(current.id, {
        nextPlanType: order.planType!,
        nextBillingCycle: order.billingCycle!,
        nextOrderId: order.merchantOid,
        cancelAtPeriodEnd: false,
      });
    } else {
      const planType = order.planType!;
      const cycle = order.billingCycle!;
      // Credit beyond the price lengthens the new period (ADR 0001): recomputed from the order's own figures.
      const { extensionMs } = quote(planType, cycle, order.discountKurus, order.creditKurus, at);
      const sub = await r.subscriptions.upsert({
        id: current?.id ?? randomUUID(),
        userId: user.id,
        planType,
        billingCycle: cycle,
        status: PAID_STATUS,
        cancelAtPeriodEnd: false,
        periodStart: at,
        periodEnd: periodEndFor(at, cycle, extensionMs),
        orderId: order.merchantOid,
        nextPlanType: null,
        nextBillingCycle: null,
        nextOrderId: null,
      });
      await ensureWindowForNewPeriod(r, user.id, at, sub);
      if (user.role !== 'admin') await r.users.update(user.id, { role: sub.planType });
    }
    await issueInvoice(r, order, user, serviceNameOf(order), at);
    await r.orders.update(order.merchantOid, {
      status: 'paid',
      userId: user.id,
      completedAt: at,
      callbackTotalKurus: paid.totalKurus,
      testMode: paid.testMode,
      failedReason: null,
    });
    log.info(
      { oid: order.merchantOid, kind: order.kind, change, userId: user.id, amountKurus: order.amountKurus },
      'payment applied',
    );
    return 'applied';
  }

  /** A new period starts a fresh monthly window with the plan's photos. */
  async function ensureWindowForNewPeriod(r: BillingRepos, userId: string, at: Date, sub: SubscriptionRow) {
    const end = periodEndFor(at, 'monthly');
    await r.quota.startWindow(
      userId,
      at,
      end < sub.periodEnd! ? end : sub.periodEnd!,
      plans[sub.planType].photosPerMonth,
    );
  }

  async function subscriptionOf(r: BillingRepos, userId: string) {
    const sub = await r.subscriptions.findByUser(userId);
    return sub ? toSubscriptionView(sub) : null;
  }

  return {
    applyPaid,
    subscriptionOf: (userId: string) => deps.transact((r) => subscriptionOf(r, userId)),
    viewOf: subscriptionOf,
    /** The subscription as shown, and whether it is live now. */
    subscriptionState: (userId: string) =>
      deps.transact(async (r) => {
        const sub = await r.subscriptions.findByUser(userId);
        return { subscription: sub ? toSubscriptionView(sub) : null, live: isLive(sub, now()) };
      }),

    /** SPEC's activation call: reports the live subscription; never activates without a verified payment. */
    async activate(user: UserRow) {
      return deps.transact(async (r) => {
        const sub = await r.subscriptions.findByUser(user.id);
        if (isLive(sub, now()))
          return { success: true, subscription: toSubscriptionView(sub), message: m.subscriptionActive };
        const [latest] = await r.orders.latestForUser(user.id, 1);
        const message = latest?.status === 'pending' ? m.paymentPending : m.noPaidSubscription;
        return { success: false, subscription: sub ? toSubscriptionView(sub) : null, message };
      });
    },

    /**
     * Cancels at period end: the plan stays usable until then, and a paid queued change is kept (it was
     * paid for; ADR 0001) and still takes over at the period end.
     */
    async cancel(user: UserRow) {
      return deps.transact(async (r) => {
        const sub = await r.subscriptions.findByUserForUpdate(user.id);
        if (!isLive(sub, now())) throw new AppError('NO_SUBSCRIPTION', 404, m.noPaidSubscription);
        const saved = await r.subscriptions.update(sub.id, { cancelAtPeriodEnd: true });
        deps.log.info(
          { userId: user.id, keptOrder: sub.nextOrderId },
          'subscription cancelled at period end',
        );
        return { success: true, subscription: toSubscriptionView(saved!), message: m.cancelled };
      });
    },

    /** Period-end job: a paid queued plan takes over (cancelled or not), otherwise the subscription expires. */
    async rollPeriods() {
      const at = now();
      return deps.transact(async (r) => {
        let renewed = 0;
        let expired = 0;
        for (const due of await r.subscriptions.findWhere((c) => dueForPeriodEndWhen(c, at))) {
          // Re-read under the row lock: a callback may be queueing a change on it right now.
          const sub = await r.subscriptions.findByUserForUpdate(due.userId);
          if (!sub || !isDueForPeriodEnd(sub, at)) continue;
          const user = await r.users.findById(sub.userId);
          if (sub.nextPlanType && sub.nextBillingCycle && sub.nextOrderId) {
            const start = sub.periodEnd ?? at; // a period without an end (never written so) starts now
            await r.subscriptions.update(sub.id, {
              planType: sub.nextPlanType,
              billingCycle: sub.nextBillingCycle,
              periodStart: start,
              periodEnd: periodEndFor(start, sub.nextBillingCycle),
              orderId: sub.nextOrderId,
              nextPlanType: null,
              nextBillingCycle: null,
              nextOrderId: null,
            });
            if (user && user.role !== 'admin') await r.users.update(user.id, { role: sub.nextPlanType });
            await ensureWindow(r, sub.userId, at);
            deps.log.info({ oid: sub.nextOrderId, userId: sub.userId }, 'queued plan took over');
            renewed += 1;
          } else {
            await r.subscriptions.update(sub.id, { status: 'expired' });
            if (user && user.role !== 'admin') await r.users.update(user.id, { role: 'basic' });
            await r.quota.setPlanQuota(sub.userId, 0);
            deps.log.info({ oid: sub.orderId, userId: sub.userId }, 'subscription expired');
            expired += 1;
          }
        }
        const expiredOrders = await r.orders.expirePending(at);
        const purged = await r.orders.purgeRegistrationData(new Date(at.getTime() - 86_400_000));
        return { renewed, expired, expiredOrders, purged };
      });
    },
  };
}
export type SubscriptionService = ReturnType<typeof subscriptionService>;
