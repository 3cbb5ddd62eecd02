import { periodPriceKurus, type BillingCycle, type PlanType } from '../../../../contract/plans';
import { tr } from '../../../../contract/messages.tr';
import type { BillingRepos } from './repos';
import { promoEligibility } from './policy';

const m = tr.billing;

export interface PromoCheck {
  valid: boolean;
  error?: string;
  promoId?: string;
  pricing: { originalPrice: number; discount: number; discountedPrice: number };
}

/**
 * Whether a promo code gives its discount to this customer now (policy.ts `promoEligibility` over the
 * code's row, the customer's paid uses and others' open orders), with the price it makes.
 */
export async function checkPromo(
  r: BillingRepos,
  at: Date,
  code: string | null | undefined,
  planType: PlanType,
  cycle: BillingCycle,
  customer: { userId: string | null; email: string | null },
): Promise<PromoCheck> {
  const original = periodPriceKurus(planType, cycle);
  const none = { originalPrice: original, discount: 0, discountedPrice: original };
  if (!code || !code.trim()) return { valid: false, error: m.promoEmpty, pricing: none };
  const promo = planType === 'pro' ? await r.promos.findByCode(code.trim()) : undefined;
  const email = customer.email ?? '';
  const verdict = promoEligibility(promo, {
    planType,
    cycle,
    at,
    customerUses: promo && email ? await r.promos.customerUses(promo.id, customer.userId, email) : 0,
    reserved: promo ? await r.promos.reservedByOthers(promo.id, email, at) : 0,
  });
  if (!verdict.ok) return { valid: false, error: verdict.error, pricing: none };
  return {
    valid: true,
    promoId: promo!.id,
    pricing: {
      originalPrice: original,
      discount: verdict.discountKurus,
      discountedPrice: original - verdict.discountKurus,
    },
  };
}
