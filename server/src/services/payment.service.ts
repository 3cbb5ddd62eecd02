import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  periodPriceKurus,
  planRank,
  plans,
  quotaPacks,
  type BillingCycle,
  type PlanType,
} from '../../../contract/plans';
import type { PaymentIntent, SubscriptionView } from '../../../contract/billing.schema';
import type { RegisterRequest } from '../../../contract/auth.schema';
import { tr } from '../../../contract/messages.tr';
import { AppError } from './app-error';
import { addMonths, cycleMonths, type BillingRepos, type Transact } from './billing-repos';
import { ensureWindow } from './quota.service';
import { issueInvoice } from './invoice.service';
import { hashPassword, type AuthService, type ClientInfo } from './auth.service';
import { callbackHash, signaturesEqual } from '../adapters/payments/paytr.hash';
import { PaymentProviderError, type PaymentProvider } from '../adapters/payments/payment-provider';
import type { OrderRow } from '../repositories/payment-order.repository';
import type { SubscriptionRow } from '../repositories/subscription.repository';
import type { UserRow } from '../repositories/user.repository';
import type { PromoCodeRow } from '../repositories/promo-code.repository';

const m = tr.billing;

export const hashBinding = (value: string) => createHash('sha256').update(value).digest('hex');
const newOid = (prefix: 'SUB' | 'PCK') =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`;

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

const isLive = (sub: SubscriptionRow | undefined, at: Date): sub is SubscriptionRow =>
  Boolean(sub && sub.status === 'active' && sub.periodEnd && sub.periodEnd > at);

/**
 * How buying `plan/cycle` relates to the current subscription (ADR billing-plan-changes):
 * 'new' starts now; 'upgrade' starts now with credit for the unused part; 'queued' starts at period end.
 */
export function classifyChange(
  current: SubscriptionRow | undefined,
  plan: PlanType,
  cycle: BillingCycle,
  at: Date,
) {
  if (!isLive(current, at)) return 'new' as const;
  if (planRank[plan] > planRank[current.planType]) return 'upgrade' as const;
  if (plan === current.planType && cycle === 'yearly' && current.billingCycle === 'monthly')
    return 'upgrade' as const;
  if (plan === current.planType && cycle === current.billingCycle) return 'renewal' as const;
  return 'queued' as const;
}

/** Unused value of the current period, from what was actually paid for it. */
function creditFor(current: SubscriptionRow, paidKurus: number, at: Date): number {
  const start = current.periodStart!.getTime();
  const end = current.periodEnd!.getTime();
  const left = Math.max(0, end - at.getTime());
  return Math.floor((paidKurus * left) / Math.max(1, end - start));
}

export interface PromoCheck {
  valid: boolean;
  error?: string;
  promo?: PromoCodeRow;
  pricing: { originalPrice: number; discount: number; discountedPrice: number };
}

export interface PaymentDeps {
  transact: Transact;
  provider: PaymentProvider;
  auth: AuthService;
  publicUrl: string;
  merchantKey: string;
  merchantSalt: string;
  orderTtlMs: number;
  testMode: boolean;
  now?: () => Date;
  log?: {
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  };
}

export type CallbackFields = Record<string, string | undefined>;

/** Subscriptions, payment-first registration, packs and PayTR callbacks. */
export function paymentService(deps: PaymentDeps) {
  const now = deps.now ?? (() => new Date());

  async function checkPromo(
    r: BillingRepos,
    code: string | null | undefined,
    planType: PlanType,
    cycle: BillingCycle,
  ): Promise<PromoCheck> {
    const original = periodPriceKurus(planType, cycle);
    const none = { originalPrice: original, discount: 0, discountedPrice: original };
    if (!code || !code.trim()) return { valid: false, error: m.promoEmpty, pricing: none };
    if (planType !== 'pro') return { valid: false, error: m.promoProOnly, pricing: none };
    const promo = await r.promos.findByCode(code.trim());
    const at = now();
    if (!promo || !promo.active) return { valid: false, error: m.promoInvalid, pricing: none };
    if ((promo.validFrom && promo.validFrom > at) || (promo.validUntil && promo.validUntil < at)) {
      return { valid: false, error: m.promoExpired, pricing: none };
    }
    if (promo.maxUses !== null && promo.uses >= promo.maxUses)
      return { valid: false, error: m.promoUsedUp, pricing: none };
    if (promo.planType && promo.planType !== planType)
      return { valid: false, error: m.promoWrongPlan, pricing: none };
    const discount = Math.min(
      original,
      promo.kind === 'percent' ? Math.round((original * Math.min(100, promo.value)) / 100) : promo.value,
    );
    return {
      valid: true,
      promo,
      pricing: { originalPrice: original, discount, discountedPrice: original - discount },
    };
  }

  async function openPayment(order: OrderRow, user: { name: string; phone: string }) {
    const serviceName =
      order.kind === 'addon'
        ? `Ek paket +${order.addonPhotos} fotoğraf`
        : `${plans[order.planType!].displayName} (${order.billingCycle === 'yearly' ? '1 yıl' : '1 ay'})`;
    try {
      const { iframeToken } = await deps.provider.createPayment({
        merchantOid: order.merchantOid,
        email: order.email,
        userIp: order.userIp,
        amountKurus: order.amountKurus,
        basket: [[serviceName, order.amountKurus, 1]],
        userName: user.name,
        userPhone: user.phone,
        userAddress: 'Türkiye',
        okUrl: `${deps.publicUrl}/payment-success?merchantOid=${order.merchantOid}`,
        failUrl: `${deps.publicUrl}/payment-fail?merchantOid=${order.merchantOid}`,
        timeoutMinutes: Math.max(5, Math.floor(deps.orderTtlMs / 60_000) - 10),
      });
      const intent: PaymentIntent = {
        id: order.merchantOid,
        iframeToken,
        amount: order.amountKurus,
        currency: 'TRY',
      };
      return intent;
    } catch (err) {
      deps.log?.error({ err, oid: order.merchantOid }, 'payment provider refused the order');
      await deps.transact((r) =>
        r.orders.update(order.merchantOid, {
          status: 'failed',
          failedReason: err instanceof PaymentProviderError ? err.reason : 'provider',
        }),
      );
      throw new AppError('PAYMENT_PROVIDER_ERROR', 502, m.providerUnavailable);
    }
  }

  /** Applies a verified successful payment exactly once; the caller holds the order's row lock. */
  async function applyPaid(r: BillingRepos, order: OrderRow, totalKurus: number, testMode: boolean) {
    const at = now();
    let user: UserRow | undefined = order.userId ? await r.users.findById(order.userId) : undefined;
    if (!user && order.registration) {
      const reg = order.registration as RegisterRequest & { passwordHash: string };
      if (await r.users.findByEmail(reg.email)) {
        deps.log?.error(
          { oid: order.merchantOid },
          'paid registration for an e-mail registered meanwhile: refund by hand',
        );
        await r.orders.update(order.merchantOid, {
          status: 'paid',
          completedAt: at,
          failedReason: 'email_taken_after_payment',
          callbackTotalKurus: totalKurus,
          testMode,
        });
        return;
      }
      user = await r.users.insert({
        id: randomUUID(),
        email: reg.email,
        username: reg.username ?? null,
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
    }
    if (!user) {
      deps.log?.error({ oid: order.merchantOid }, 'paid order without a user or registration');
      return;
    }

    let serviceName: string;
    if (order.kind === 'addon') {
      await ensureWindow(r, user.id, at);
      await r.quota.addExtra(user.id, order.addonPhotos ?? 0);
      serviceName = `Ek paket +${order.addonPhotos} fotoğraf`;
    } else {
      const planType = order.planType!;
      const cycle = order.billingCycle!;
      const current = await r.subscriptions.findByUserForUpdate(user.id);
      const change = classifyChange(current, planType, cycle, at);
      if (current && (change === 'queued' || change === 'renewal')) {
        await r.subscriptions.update(current.id, {
          nextPlanType: planType,
          nextBillingCycle: cycle,
          nextOrderId: order.merchantOid,
          cancelAtPeriodEnd: false,
        });
      } else {
        const sub = await r.subscriptions.upsert({
          id: current?.id ?? randomUUID(),
          userId: user.id,
          planType,
          billingCycle: cycle,
          status: 'active',
          cancelAtPeriodEnd: false,
          periodStart: at,
          periodEnd: addMonths(at, cycleMonths(cycle)),
          orderId: order.merchantOid,
          nextPlanType: null,
          nextBillingCycle: null,
          nextOrderId: null,
        });
        await r.quota.startWindow(user.id, at, addMonths(at, 1), plans[planType].photosPerMonth);
        if (user.role !== 'admin') await r.users.update(user.id, { role: sub.planType });
      }
      serviceName = `${plans[planType].displayName} (${cycle === 'yearly' ? '1 yıl' : '1 ay'})`;
    }
    if (order.promoCodeId) await r.promos.incrementUses(order.promoCodeId);
    await issueInvoice(r, order, user, serviceName, at);
    await r.orders.update(order.merchantOid, {
      status: 'paid',
      userId: user.id,
      completedAt: at,
      callbackTotalKurus: totalKurus,
      testMode,
      failedReason: null,
    });
  }

  async function currentSubscription(r: BillingRepos, userId: string) {
    const sub = await r.subscriptions.findByUser(userId);
    return sub ? toSubscriptionView(sub) : null;
  }

  return {
    checkPromo: (code: string, planType: PlanType, cycle: BillingCycle) =>
      deps.transact((r) => checkPromo(r, code, planType, cycle)),

    /**
     * Starts a subscription payment: for a signed-in user, or payment-first registration (no account until a
     * verified callback). A change fully covered by credit activates at once without a payment.
     */
    async subscribe(input: {
      user: UserRow | null;
      planType: PlanType;
      billingCycle: BillingCycle;
      promoCode: string | null;
      registration?: RegisterRequest & { planType?: PlanType };
      client: ClientInfo;
    }) {
      const at = now();
      const binding = randomBytes(24).toString('base64url');
      const prepared = await deps.transact(async (r) => {
        let email: string;
        let registration: (Record<string, unknown> & { passwordHash: string }) | null = null;
        let userId: string | null = null;
        let credit = 0;
        if (input.user) {
          userId = input.user.id;
          email = input.user.email;
          const current = await r.subscriptions.findByUser(input.user.id);
          const change = classifyChange(current, input.planType, input.billingCycle, at);
          if (
            change === 'renewal' &&
            current?.periodEnd &&
            current.periodEnd.getTime() - at.getTime() > 7 * 86_400_000
          ) {
            throw new AppError('ALREADY_SUBSCRIBED', 409, m.alreadySubscribed);
          }
          if ((change === 'queued' || change === 'renewal') && current?.nextOrderId) {
            throw new AppError('CHANGE_ALREADY_QUEUED', 409, m.changeAlreadyQueued);
          }
          if (change === 'upgrade' && current?.orderId) {
            const paid = await r.orders.find(current.orderId);
            credit = paid ? creditFor(current, paid.amountKurus, at) : 0;
          }
        } else {
          if (!input.registration) throw new AppError('UNAUTHORIZED', 401, tr.errors.unauthorized);
          const reg = input.registration;
          email = reg.email.toLowerCase();
          if (input.planType === 'business' && (!reg.companyName || !reg.taxNumber)) {
            throw new AppError(
              'VALIDATION_ERROR',
              400,
              !reg.companyName ? tr.validation.companyRequired : tr.validation.taxNumberRequired,
            );
          }
          if (await r.users.findByEmail(email)) throw new AppError('EMAIL_TAKEN', 409, tr.errors.emailTaken);
          registration = {
            email,
            username: reg.username ?? null,
            firstName: reg.firstName ?? null,
            lastName: reg.lastName ?? null,
            phone: reg.phone,
            companyName: reg.companyName ?? null,
            taxNumber: reg.taxNumber ?? null,
            marketingConsent: Boolean(reg.marketingConsent),
            aiDataConsent: Boolean(reg.aiDataConsent),
            passwordHash: await hashPassword(reg.password),
          };
        }
        const list = periodPriceKurus(input.planType, input.billingCycle);
        let discount = 0;
        let promo: PromoCodeRow | undefined;
        if (input.promoCode) {
          const check = await checkPromo(r, input.promoCode, input.planType, input.billingCycle);
          if (!check.valid) throw new AppError('PROMO_INVALID', 400, check.error ?? m.promoInvalid);
          discount = check.pricing.discount;
          promo = check.promo;
        }
        const amount = Math.max(0, list - discount - credit);
        const order = await r.orders.insert({
          merchantOid: newOid('SUB'),
          kind: 'subscription',
          userId,
          registration,
          planType: input.planType,
          billingCycle: input.billingCycle,
          amountKurus: amount,
          listPriceKurus: list,
          discountKurus: discount,
          creditKurus: Math.min(credit, list - discount),
          promoCodeId: promo?.id ?? null,
          provider: deps.provider.name,
          email,
          userIp: input.client.ip,
          browserBindingHash: hashBinding(binding),
          createdAt: at,
          expiresAt: new Date(at.getTime() + deps.orderTtlMs),
        });
        // Fully covered by credit: nothing to charge, the change applies now.
        if (amount === 0 && userId) {
          await applyPaid(r, order, 0, deps.testMode);
          return { order, direct: await currentSubscription(r, userId) };
        }
        return { order, direct: null };
      });
      if (prepared.direct) {
        return {
          binding,
          body: { success: true, subscription: prepared.direct, message: m.subscriptionActive },
        };
      }
      const who = input.user ?? null;
      const reg = input.registration;
      const intent = await openPayment(prepared.order, {
        name:
          [who?.firstName ?? reg?.firstName, who?.lastName ?? reg?.lastName].filter(Boolean).join(' ') ||
          prepared.order.email,
        phone: who?.phone ?? reg?.phone ?? '0000000000',
      });
      return { binding, body: { success: true, paymentIntent: intent, message: m.paymentPageReady } };
    },

    /** A pack of extra photos for the current window; needs a live subscription (or All-Access). */
    async purchaseAddon(user: UserRow, photos: number, client: ClientInfo) {
      const pack = quotaPacks.find((p) => p.photos === photos);
      if (!pack) throw new AppError('VALIDATION_ERROR', 400, m.unknownPack);
      const at = now();
      const binding = randomBytes(24).toString('base64url');
      const order = await deps.transact(async (r) => {
        const sub = await r.subscriptions.findByUser(user.id);
        if (!isLive(sub, at) && !user.overrideAllAccess)
          throw new AppError('SUBSCRIPTION_REQUIRED', 403, m.subscriptionRequired);
        return r.orders.insert({
          merchantOid: newOid('PCK'),
          kind: 'addon',
          userId: user.id,
          addonPhotos: pack.photos,
          amountKurus: pack.priceKurus,
          listPriceKurus: pack.priceKurus,
          provider: deps.provider.name,
          email: user.email,
          userIp: client.ip,
          browserBindingHash: hashBinding(binding),
          createdAt: at,
          expiresAt: new Date(at.getTime() + deps.orderTtlMs),
        });
      });
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
      const intent = await openPayment(order, { name, phone: user.phone ?? '0000000000' });
      return { binding, body: { success: true, paymentIntent: intent, message: m.paymentPageReady } };
    },

    /**
     * PayTR's callback: verifies the hash over the raw posted strings, then applies the order once. Only
     * merchant_oid and status are trusted from the body; amounts and plans come from our own order.
     */
    async handleCallback(fields: CallbackFields): Promise<'OK'> {
      const oid = fields.merchant_oid ?? '';
      const status = fields.status ?? '';
      const total = fields.total_amount ?? '';
      const expected = callbackHash(oid, status, total, deps.merchantKey, deps.merchantSalt);
      if (!fields.hash || !signaturesEqual(fields.hash, expected)) {
        deps.log?.warn({ oid }, 'payment callback with a bad hash refused');
        throw new AppError('BAD_HASH', 400, 'PAYTR notification failed: bad hash');
      }
      await deps.transact(async (r) => {
        const order = await r.orders.findForUpdate(oid);
        if (!order) {
          deps.log?.error({ oid }, 'payment callback for an unknown order');
          return;
        }
        if (order.status === 'paid') return; // duplicate delivery
        if (status === 'success') {
          await applyPaid(r, order, Number.parseInt(total, 10) || 0, fields.test_mode === '1');
          deps.log?.info({ oid, kind: order.kind }, 'payment applied');
        } else if (order.status === 'pending') {
          await r.orders.update(oid, {
            status: 'failed',
            completedAt: now(),
            failedReason:
              `${fields.failed_reason_code ?? ''} ${fields.failed_reason_msg ?? ''}`.trim().slice(0, 300) ||
              'failed',
          });
        }
      });
      return 'OK';
    },

    /** The order's state for the browser that owns it (signed-in owner, or the starting browser's binding). */
    async confirm(oid: string, viewer: UserRow | null, binding: string | undefined, waitMs = 5000) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const result = await deps.transact(async (r) => {
          const order = await r.orders.find(oid);
          const owns =
            order &&
            ((viewer && order.userId === viewer.id) ||
              (binding && order.browserBindingHash === hashBinding(binding)));
          if (!order || !owns) throw new AppError('NOT_FOUND', 404, m.orderNotFound);
          const subscription = order.userId ? await currentSubscription(r, order.userId) : null;
          return { order, subscription };
        });
        const { order } = result;
        if (order.status !== 'pending' || Date.now() >= deadline) {
          return {
            success: order.status === 'paid',
            status: order.status,
            subscription: result.subscription,
            message:
              order.status === 'paid'
                ? m.paymentConfirmed
                : order.status === 'pending'
                  ? m.paymentPending
                  : m.paymentFailed,
          };
        }
        await new Promise((res) => setTimeout(res, 250));
      }
    },

    /**
     * Signs in the browser that started a paid order, once. `retry` tells the page to ask again while the
     * callback has not arrived yet.
     */
    async autoLogin(oid: string, binding: string | undefined, client: ClientInfo) {
      const at = now();
      const outcome = await deps.transact(async (r) => {
        const order = await r.orders.find(oid);
        if (!order) return { success: false, retry: false, message: m.orderNotFound } as const;
        if (!binding || order.browserBindingHash !== hashBinding(binding)) {
          return { success: false, retry: false, message: m.autoLoginOtherBrowser } as const;
        }
        if (order.status === 'pending') {
          if (order.expiresAt <= at)
            return { success: false, retry: false, message: m.orderExpired } as const;
          return { success: false, retry: true, message: m.paymentPending } as const;
        }
        if (order.status !== 'paid' || !order.userId) {
          return {
            success: false,
            retry: false,
            message: order.status === 'expired' ? m.orderExpired : m.paymentFailed,
          } as const;
        }
        if (!(await r.orders.claimAutoLogin(oid, at))) {
          return { success: false, retry: false, message: m.autoLoginUsed } as const;
        }
        const user = await r.users.findById(order.userId);
        return { success: true, user: user! } as const;
      });
      if (!outcome.success) return outcome;
      const session = await deps.auth.createSession(outcome.user.id, client);
      return { success: true as const, user: outcome.user, token: session.token, retry: false };
    },

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

    subscriptionOf: (userId: string) => deps.transact((r) => currentSubscription(r, userId)),

    /** Cancels at period end: the plan stays usable until then and any queued change is dropped. */
    async cancel(user: UserRow) {
      return deps.transact(async (r) => {
        const sub = await r.subscriptions.findByUser(user.id);
        if (!isLive(sub, now())) throw new AppError('NO_SUBSCRIPTION', 404, m.noPaidSubscription);
        const saved = await r.subscriptions.update(sub.id, { cancelAtPeriodEnd: true });
        return { success: true, subscription: toSubscriptionView(saved!), message: m.cancelled };
      });
    },

    /** Period-end job: a paid queued plan takes over, otherwise the subscription expires. */
    async rollPeriods() {
      const at = now();
      return deps.transact(async (r) => {
        let renewed = 0;
        let expired = 0;
        for (const sub of await r.subscriptions.dueForPeriodEnd(at)) {
          const user = await r.users.findById(sub.userId);
          if (sub.nextPlanType && sub.nextBillingCycle && !sub.cancelAtPeriodEnd) {
            const start = sub.periodEnd!;
            await r.subscriptions.update(sub.id, {
              planType: sub.nextPlanType,
              billingCycle: sub.nextBillingCycle,
              periodStart: start,
              periodEnd: addMonths(start, cycleMonths(sub.nextBillingCycle)),
              orderId: sub.nextOrderId,
              nextPlanType: null,
              nextBillingCycle: null,
              nextOrderId: null,
            });
            if (user && user.role !== 'admin') await r.users.update(user.id, { role: sub.nextPlanType });
            await ensureWindow(r, sub.userId, at);
            renewed += 1;
          } else {
            await r.subscriptions.update(sub.id, { status: 'expired' });
            if (user && user.role !== 'admin') await r.users.update(user.id, { role: 'basic' });
            await r.quota.setPlanQuota(sub.userId, 0);
            expired += 1;
          }
        }
        const expiredOrders = await r.orders.expirePending(at);
        const purged = await r.orders.purgeRegistrationData(new Date(at.getTime() - 86_400_000));
        return { renewed, expired, expiredOrders, purged };
      });
    },

    /** Documented development promo code (README), created when missing outside production. */
    async seedDevPromo() {
      return deps.transact(async (r) => {
        if (await r.promos.findByCode(DEV_PROMO_CODE)) return;
        await r.promos.insert({
          id: randomUUID(),
          code: DEV_PROMO_CODE,
          kind: 'percent',
          value: 20,
          planType: 'pro',
          active: true,
        });
      });
    },
  };
}
export type PaymentService = ReturnType<typeof paymentService>;

export const DEV_PROMO_CODE = 'HOSGELDIN20';
