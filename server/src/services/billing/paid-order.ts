import { randomUUID } from 'node:crypto';
import { plans } from '../../../../contract/plans';
import { serviceNameOf, type BillingLog, type PaidNotice, type RefundReason } from './billing-types';
import type { BillingRepos } from './repos';
import { ensureWindow } from './quota.service';
import { issueInvoice } from './invoice.service';
import { newUserRow } from '../auth/new-user';
import type { OrderRow } from '../../repositories/payment-order.repository';
import type { SubscriptionRow } from '../../repositories/subscription.repository';
import type { UserRow } from '../../repositories/user.repository';
import { classifyChange, creditFor, isLive, PAID_STATUS, periodEndFor, periodValue, quote } from './policy';

/**
 * Applying a verified payment to what it bought (ADR 0001): the one place money turns into a plan, a queued
 * change or extra photos, with every money invariant checked in the transaction that grants.
 */
export function paidOrders(deps: { log: BillingLog; now: () => Date }) {
  const { now } = deps;

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
    const reg = user ? null : order.registration;
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
      // Consents date from the form the customer sent when the order was opened.
      user = await r.users.insert(newUserRow({ ...reg, username, kvkkAccepted: true }, at, order.createdAt));
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

  return applyPaid;
}
