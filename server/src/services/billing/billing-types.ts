import { plans } from '../../../../contract/plans';
import type { SubscriptionView } from '../../../../contract/billing.schema';
import { tr } from '../../../../contract/messages.tr';
import type { OrderRow } from '../../repositories/payment-order.repository';
import type { SubscriptionRow } from '../../repositories/subscription.repository';

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
