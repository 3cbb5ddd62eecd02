import { useState } from 'react';
import { tr } from '@contract/messages.tr';
import type { BillingCycle, PlanType } from '@contract/plans';
import { ApiError } from '@/lib/api-client';
import { validatePromo } from '@/shared/billing/api/billing.api';

export interface AppliedPromo {
  code: string;
  discount: number;
  discountedPrice: number;
}

/**
 * A promo code field (SPEC §4, §7) for the pricing and registration pages: what is typed, the code once the
 * server validated it for a plan and cycle, and the Turkish message when it did not.
 */
export function usePromoCode() {
  const [input, setInput] = useState('');
  const [applied, setApplied] = useState<AppliedPromo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function clear() {
    setApplied(null);
    setInput('');
    setError(null);
  }

  async function apply(planType: PlanType, billingCycle: BillingCycle) {
    const code = input.trim();
    if (!code) return setError(tr.billing.promoEmpty);
    setBusy(true);
    try {
      const res = await validatePromo(code, planType, billingCycle);
      if (!res.valid) return setError(res.error || tr.billing.promoInvalid);
      setApplied({
        code: code.toUpperCase(),
        discount: res.pricing.discount,
        discountedPrice: res.pricing.discountedPrice,
      });
      setError(null);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : tr.billing.promoNetwork,
      );
    } finally {
      setBusy(false);
    }
  }

  return { input, setInput, applied, error, busy, clear, apply };
}
