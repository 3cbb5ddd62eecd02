import { randomUUID } from 'node:crypto';
import type { Transact } from './repos';
import type { AuthService } from '../auth.service';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { checkoutService } from './checkout.service';
import { subscriptionService } from './subscription.service';
import type { BillingLog } from './billing-types';

export { toSubscriptionView } from './billing-types';
export { hashBinding } from './payment-outcome';

export interface PaymentDeps {
  transact: Transact;
  provider: PaymentProvider;
  auth: AuthService;
  publicUrl: string;
  orderTtlMs: number;
  testMode: boolean;
  /** Required: every money event (order opened, applied, refused, refund due) is written here. */
  log: BillingLog;
  now?: () => Date;
}

/**
 * Billing's public face for routes and jobs: checkout (orders, callbacks, confirmation) over the
 * subscription lifecycle, both sharing the rules in billing/policy.ts.
 */
export function paymentService(deps: PaymentDeps) {
  const subscriptions = subscriptionService({ transact: deps.transact, log: deps.log, now: deps.now });
  const checkout = checkoutService({ ...deps, subscriptions });
  return {
    ...checkout,
    activate: subscriptions.activate,
    cancel: subscriptions.cancel,
    rollPeriods: subscriptions.rollPeriods,
    subscriptionOf: subscriptions.subscriptionOf,
    subscriptionState: subscriptions.subscriptionState,

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
