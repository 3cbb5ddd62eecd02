import { randomBytes } from 'node:crypto';
import { hashBinding, paymentOutcomes } from './payment-outcome';
import { checkPromo } from './promo-check';
import { quotaPacks, type BillingCycle, type PlanType } from '../../../../contract/plans';
import type { PaymentIntent } from '../../../../contract/billing.schema';
import type { RegisterRequest } from '../../../../contract/auth.schema';
import { tr } from '../../../../contract/messages.tr';
import { AppError } from '../app-error';
import type { Transact } from './repos';
import type { AuthService, ClientInfo } from '../auth.service';
import { hashPassword } from '../auth/passwords';
import { PaymentProviderError, type PaymentProvider } from '../../adapters/payments/payment-provider';
import type { OrderRow, PendingRegistration } from '../../repositories/payment-order.repository';
import type { UserRow } from '../../repositories/user.repository';
import { changeRefusal, classifyChange, creditFor, isLive, periodValue, quote, type Quote } from './policy';
import { serviceNameOf, type BillingLog } from './billing-types';
import type { SubscriptionService } from './subscription.service';
import { isPrivileged } from '../../../../contract/privileges';

const m = tr.billing;

const newOid = (prefix: 'SUB' | 'PCK') =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`;

export interface CheckoutDeps {
  transact: Transact;
  provider: PaymentProvider;
  auth: AuthService;
  subscriptions: SubscriptionService;
  publicUrl: string;
  orderTtlMs: number;
  testMode: boolean;
  log: BillingLog;
  now?: () => Date;
}

/** Opening orders (subscriptions, packs), the provider's notification, and the paying browser's view. */
export function checkoutService(deps: CheckoutDeps) {
  const now = deps.now ?? (() => new Date());

  async function openPayment(order: OrderRow, user: { name: string; phone: string }, log: BillingLog) {
    try {
      const { iframeToken } = await deps.provider.createPayment({
        merchantOid: order.merchantOid,
        email: order.email,
        userIp: order.userIp,
        amountKurus: order.amountKurus,
        basket: [[serviceNameOf(order), order.amountKurus, 1]],
        userName: user.name,
        userPhone: user.phone,
        userAddress: 'Türkiye',
        okUrl: `${deps.publicUrl}/payment-success?merchantOid=${order.merchantOid}`,
        failUrl: `${deps.publicUrl}/payment-fail?merchantOid=${order.merchantOid}`,
        timeoutMinutes: Math.max(5, Math.floor(deps.orderTtlMs / 60_000) - 10),
      });
      log.info(
        { oid: order.merchantOid, kind: order.kind, amountKurus: order.amountKurus, userId: order.userId },
        'payment order opened',
      );
      const intent: PaymentIntent = {
        id: order.merchantOid,
        iframeToken,
        amount: order.amountKurus,
        currency: 'TRY',
      };
      return intent;
    } catch (err) {
      log.error({ err, oid: order.merchantOid }, 'payment provider refused the order');
      await deps.transact((r) =>
        r.orders.update(order.merchantOid, {
          status: 'failed',
          failedReason: err instanceof PaymentProviderError ? err.reason : 'provider',
        }),
      );
      throw new AppError('PAYMENT_PROVIDER_ERROR', 502, m.providerUnavailable);
    }
  }

  const breakdownOf = (q: Quote) => ({
    listPrice: q.listKurus,
    discount: q.discountKurus,
    credit: q.creditKurus,
    total: q.amountKurus,
    extraDays: Math.floor(q.extensionMs / 86_400_000),
  });

  return {
    ...paymentOutcomes(deps, now),

    checkPromo: (code: string, planType: PlanType, cycle: BillingCycle, user: UserRow | null = null) =>
      deps.transact((r) =>
        checkPromo(r, now(), code, planType, cycle, { userId: user?.id ?? null, email: user?.email ?? null }),
      ),

    /**
     * Starts a subscription payment: for a signed-in user, or payment-first registration (no account until a
     * verified callback). A change whose price after credit is zero applies at once, its leftover credit
     * kept as a longer period.
     */
    async subscribe(
      input: {
        user: UserRow | null;
        planType: PlanType;
        billingCycle: BillingCycle;
        promoCode: string | null;
        registration?: RegisterRequest & { planType?: PlanType };
        client: ClientInfo;
      },
      log: BillingLog = deps.log,
    ) {
      const at = now();
      const binding = randomBytes(24).toString('base64url');
      const prepared = await deps.transact(async (r) => {
        let email: string;
        let registration: PendingRegistration | null = null;
        let userId: string | null = null;
        let credit = 0;
        if (input.user) {
          userId = input.user.id;
          email = input.user.email;
          // Locked: two orders opened at once for one user are priced one after the other.
          const current = await r.subscriptions.findByUserForUpdate(input.user.id);
          const change = classifyChange(current, input.planType, input.billingCycle, at);
          const refusal = changeRefusal(current, change, at);
          if (refusal) {
            const code = refusal === m.alreadySubscribed ? 'ALREADY_SUBSCRIBED' : 'CHANGE_ALREADY_QUEUED';
            throw new AppError(code, 409, refusal);
          }
          if (change === 'upgrade' && isLive(current, at) && current.orderId) {
            const paid = await r.orders.find(current.orderId);
            credit = paid ? creditFor(current, periodValue(paid), at) : 0;
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
        let discount = 0;
        let promoId: string | null = null;
        if (input.promoCode) {
          const check = await checkPromo(r, at, input.promoCode, input.planType, input.billingCycle, {
            userId,
            email,
          });
          if (!check.valid) throw new AppError('PROMO_INVALID', 400, check.error ?? m.promoInvalid);
          discount = check.pricing.discount;
          promoId = check.promoId ?? null;
        }
        const q = quote(input.planType, input.billingCycle, discount, credit, at);
        if (q.amountKurus === 0 && !userId) {
          // A card frame cannot charge nothing, and an account is only created by a payment.
          throw new AppError('PROMO_INVALID', 400, m.promoInvalid);
        }
        const order = await r.orders.insert({
          merchantOid: newOid('SUB'),
          kind: 'subscription',
          userId,
          registration,
          planType: input.planType,
          billingCycle: input.billingCycle,
          amountKurus: q.amountKurus,
          listPriceKurus: q.listKurus,
          discountKurus: q.discountKurus,
          creditKurus: q.creditKurus,
          promoCodeId: promoId,
          provider: deps.provider.name,
          email,
          userIp: input.client.ip,
          browserBindingHash: hashBinding(binding),
          createdAt: at,
          expiresAt: new Date(at.getTime() + deps.orderTtlMs),
        });
        if (q.amountKurus === 0 && userId) {
          log.info({ oid: order.merchantOid, credit: q.creditKurus }, 'plan change covered by credit');
          const outcome = await deps.subscriptions.applyPaid(
            r,
            order,
            { totalKurus: 0, testMode: false },
            log,
          );
          if (outcome !== 'applied') throw new AppError('CHANGE_ALREADY_QUEUED', 409, m.changeAlreadyQueued);
          return { order, q, direct: await deps.subscriptions.viewOf(r, userId) };
        }
        return { order, q, direct: null };
      });
      const breakdown = breakdownOf(prepared.q);
      if (prepared.direct) {
        return {
          binding,
          body: {
            success: true,
            subscription: prepared.direct,
            breakdown,
            message: breakdown.extraDays > 0 ? m.creditExtended(breakdown.extraDays) : m.subscriptionActive,
          },
        };
      }
      const who = input.user ?? null;
      const reg = input.registration;
      const intent = await openPayment(
        prepared.order,
        {
          name:
            [who?.firstName ?? reg?.firstName, who?.lastName ?? reg?.lastName].filter(Boolean).join(' ') ||
            prepared.order.email,
          phone: who?.phone ?? reg?.phone ?? '0000000000',
        },
        log,
      );
      return {
        binding,
        body: { success: true, paymentIntent: intent, breakdown, message: m.paymentPageReady },
      };
    },

    /** A pack of extra photos for the current window; needs a live subscription (or All-Access). */
    async purchaseAddon(user: UserRow, photos: number, client: ClientInfo, log: BillingLog = deps.log) {
      const pack = quotaPacks.find((p) => p.photos === photos);
      if (!pack) throw new AppError('VALIDATION_ERROR', 400, m.unknownPack);
      const at = now();
      const binding = randomBytes(24).toString('base64url');
      const order = await deps.transact(async (r) => {
        const sub = await r.subscriptions.findByUser(user.id);
        if (!isLive(sub, at) && !isPrivileged(user))
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
      const intent = await openPayment(order, { name, phone: user.phone ?? '0000000000' }, log);
      return { binding, body: { success: true, paymentIntent: intent, message: m.paymentPageReady } };
    },
  };
}
export type CheckoutService = ReturnType<typeof checkoutService>;
