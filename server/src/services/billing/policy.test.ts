import { describe, expect, it } from 'vitest';
import { tr } from '../../../../contract/messages.tr';
import {
  changeRefusal,
  classifyChange,
  creditFor,
  effectivePlan,
  isLive,
  periodEndFor,
  promoEligibility,
  quote,
  type PromoRule,
  type SubscriptionState,
} from './policy';

const at = new Date('2026-03-10T12:00:00Z');
const day = 86_400_000;
const sub = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  planType: 'pro',
  billingCycle: 'monthly',
  status: 'active',
  periodStart: new Date(at.getTime() - 10 * day),
  periodEnd: new Date(at.getTime() + 20 * day),
  nextOrderId: null,
  ...over,
});

describe('live subscription and effective plan', () => {
  it('is live only while active and inside its paid period', () => {
    expect(isLive(sub(), at)).toBe(true);
    expect(isLive(sub({ status: 'expired' }), at)).toBe(false);
    expect(isLive(sub({ status: 'pending' }), at)).toBe(false);
    expect(isLive(sub({ periodEnd: at }), at)).toBe(false);
    expect(isLive(sub({ periodEnd: null }), at)).toBe(false);
    expect(isLive(undefined, at)).toBe(false);
    expect(effectivePlan(sub({ planType: 'business' }), at)?.type).toBe('business');
    expect(effectivePlan(sub({ status: 'expired' }), at)).toBeNull();
  });
});

describe('change classification', () => {
  it('tells new, upgrade, renewal and queued changes apart', () => {
    expect(classifyChange(undefined, 'pro', 'monthly', at)).toBe('new');
    expect(classifyChange(sub({ status: 'expired' }), 'basic', 'monthly', at)).toBe('new');
    expect(classifyChange(sub(), 'business', 'monthly', at)).toBe('upgrade');
    expect(classifyChange(sub(), 'pro', 'yearly', at)).toBe('upgrade');
    expect(classifyChange(sub(), 'pro', 'monthly', at)).toBe('renewal');
    expect(classifyChange(sub(), 'basic', 'yearly', at)).toBe('queued');
    expect(classifyChange(sub({ billingCycle: 'yearly' }), 'pro', 'monthly', at)).toBe('queued');
  });

  it('refuses an early renewal and any change while a paid one waits', () => {
    expect(changeRefusal(sub(), 'renewal', at)).toBe(tr.billing.alreadySubscribed);
    expect(changeRefusal(sub({ periodEnd: new Date(at.getTime() + 3 * day) }), 'renewal', at)).toBeNull();
    expect(changeRefusal(sub({ nextOrderId: 'SUBX' }), 'upgrade', at)).toBe(tr.billing.changeAlreadyQueued);
    expect(changeRefusal(sub({ nextOrderId: 'SUBX' }), 'queued', at)).toBe(tr.billing.changeAlreadyQueued);
    expect(changeRefusal(sub(), 'upgrade', at)).toBeNull();
    expect(changeRefusal(undefined, 'new', at)).toBeNull();
  });
});

describe('credit and pricing', () => {
  it('credits the unused part of what was paid, never more', () => {
    const s = {
      periodStart: new Date(at.getTime() - 10 * day),
      periodEnd: new Date(at.getTime() + 20 * day),
    };
    expect(creditFor(s, 30_000, at)).toBe(20_000);
    expect(creditFor(s, 30_000, new Date(at.getTime() + 30 * day))).toBe(0);
    expect(creditFor(s, 30_000, new Date(at.getTime() - 20 * day))).toBe(30_000);
    expect(creditFor(s, 1, at)).toBe(0); // rounded down
  });

  it('lowers the price by discount and credit; leftover credit becomes time at the list rate', () => {
    expect(quote('pro', 'monthly', 5_000, 0, at)).toMatchObject({
      listKurus: 25_000,
      amountKurus: 20_000,
      extensionMs: 0,
    });
    expect(quote('business', 'monthly', 0, 40_000, at)).toMatchObject({
      amountKurus: 60_000,
      creditKurus: 40_000,
    });
    const covered = quote('business', 'monthly', 0, 250_000, at);
    expect(covered.amountKurus).toBe(0);
    expect(covered.creditKurus).toBe(250_000);
    // 1.500 TL left at 1.000 TL a month: one and a half months of this (31-day) month's length.
    const monthMs = periodEndFor(at, 'monthly').getTime() - at.getTime();
    expect(covered.extensionMs).toBe(Math.floor(1.5 * monthMs));
    expect(periodEndFor(at, 'monthly', covered.extensionMs).getTime()).toBe(at.getTime() + monthMs * 2.5);
  });
});

describe('promo eligibility', () => {
  const promo = (over: Partial<PromoRule> = {}): PromoRule => ({
    active: true,
    kind: 'percent',
    value: 20,
    planType: 'pro',
    validFrom: null,
    validUntil: null,
    maxUses: null,
    uses: 0,
    ...over,
  });
  const input = { planType: 'pro' as const, cycle: 'monthly' as const, at, customerUses: 0 };

  it('gives the discount for the Pro plan inside its dates and limits', () => {
    expect(promoEligibility(promo(), input)).toEqual({ ok: true, discountKurus: 5_000 });
    expect(promoEligibility(promo({ kind: 'amount', value: 99_999 }), input)).toEqual({
      ok: true,
      discountKurus: 25_000,
    });
  });

  it('refuses with the message the customer sees', () => {
    const err = (p: PromoRule | undefined, over = {}) => {
      const v = promoEligibility(p, { ...input, ...over });
      return v.ok ? null : v.error;
    };
    const m = tr.billing;
    expect(err(promo(), { planType: 'basic' })).toBe(m.promoProOnly);
    expect(err(undefined)).toBe(m.promoInvalid);
    expect(err(promo({ active: false }))).toBe(m.promoInvalid);
    expect(err(promo({ validUntil: new Date(at.getTime() - 1) }))).toBe(m.promoExpired);
    expect(err(promo({ validFrom: new Date(at.getTime() + 1) }))).toBe(m.promoExpired);
    expect(err(promo(), { customerUses: 1 })).toBe(m.promoAlreadyUsed);
    expect(err(promo({ maxUses: 2, uses: 2 }))).toBe(m.promoUsedUp);
    expect(err(promo({ maxUses: 2, uses: 1 }), { reserved: 1 })).toBe(m.promoUsedUp);
    expect(err(promo({ maxUses: 2, uses: 1 }))).toBeNull();
  });
});
