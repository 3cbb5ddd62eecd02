import {
  periodPriceKurus,
  planRank,
  plans,
  type BillingCycle,
  type Plan,
  type PlanType,
} from '../../../../contract/plans';
import { tr } from '../../../../contract/messages.tr';
import { addMonths, cycleMonths } from './repos';

/**
 * Billing rules as pure functions (ADR 0001): whether a subscription is live, which plan a user has, how a
 * purchase relates to the current subscription, what the unused part of a period is worth, how a change is
 * priced and whether a promo code applies. Services and routes ask these; none of them restates a rule.
 */

/** The subscription fields the rules read (a database row satisfies it). */
export interface SubscriptionState {
  planType: PlanType;
  billingCycle: BillingCycle;
  status: 'pending' | 'active' | 'expired';
  periodStart: Date | null;
  periodEnd: Date | null;
  nextOrderId?: string | null;
}

export const RENEWAL_WINDOW_MS = 7 * 86_400_000;

/**
 * The words the live-subscription rule is written in. The rule below is stated once over them; the same
 * statement runs on a loaded row (`rowConditions`) and, with the repositories' SQL vocabulary
 * (`subscriptionConditions` in subscription.repository.ts), inside queries: no query restates it.
 */
export interface SubscriptionConditions<T> {
  statusIs(status: SubscriptionState['status']): T;
  periodStartSet(): T;
  /** False for a period without an end. */
  periodEndAfter(at: Date): T;
  not(condition: T): T;
  all(...conditions: T[]): T;
}

/** The status of a subscription that has been paid for; a written one starts with it. */
export const PAID_STATUS = 'active' satisfies SubscriptionState['status'];

/** THE live-subscription rule: paid for and its paid period has not ended. */
export const liveWhen = <T>(c: SubscriptionConditions<T>, at: Date): T =>
  c.all(c.statusIs(PAID_STATUS), c.periodStartSet(), c.periodEndAfter(at));

/** Paid for but no longer live: the period-end job moves it on or expires it. */
export const dueForPeriodEndWhen = <T>(c: SubscriptionConditions<T>, at: Date): T =>
  c.all(c.statusIs(PAID_STATUS), c.not(liveWhen(c, at)));

const rowConditions = (sub: SubscriptionState): SubscriptionConditions<boolean> => ({
  statusIs: (status) => sub.status === status,
  periodStartSet: () => sub.periodStart !== null,
  periodEndAfter: (at) => sub.periodEnd !== null && sub.periodEnd > at,
  not: (condition) => !condition,
  all: (...conditions) => conditions.every(Boolean),
});

/** Whether a loaded subscription is live (see `liveWhen`). */
export function isLive<S extends SubscriptionState>(
  sub: S | null | undefined,
  at: Date,
): sub is S & { periodStart: Date; periodEnd: Date } {
  return Boolean(sub && liveWhen(rowConditions(sub), at));
}

/** Whether a loaded subscription is due for the period-end job (see `dueForPeriodEndWhen`). */
export const isDueForPeriodEnd = (sub: SubscriptionState | null | undefined, at: Date) =>
  Boolean(sub && dueForPeriodEndWhen(rowConditions(sub), at));

/** The plan whose features and quota the user has now; null without a live subscription. */
export function effectivePlan(sub: SubscriptionState | null | undefined, at: Date): Plan | null {
  return isLive(sub, at) ? plans[sub.planType] : null;
}

export type Change = 'new' | 'upgrade' | 'renewal' | 'queued';

/**
 * How buying `plan/cycle` relates to the current subscription: 'new' starts now; 'upgrade' (higher plan, or
 * the same plan monthly -> yearly) starts now with credit for the unused part; 'renewal' (same plan and
 * cycle) and 'queued' (lower plan, or yearly -> monthly) are paid now and start at the period end.
 */
export function classifyChange(
  current: SubscriptionState | null | undefined,
  plan: PlanType,
  cycle: BillingCycle,
  at: Date,
): Change {
  if (!isLive(current, at)) return 'new';
  if (planRank[plan] > planRank[current.planType]) return 'upgrade';
  if (plan === current.planType && cycle === 'yearly' && current.billingCycle === 'monthly') return 'upgrade';
  if (plan === current.planType && cycle === current.billingCycle) return 'renewal';
  return 'queued';
}

/** Why a purchase cannot be opened now (a Turkish message), or null when it can. */
export function changeRefusal(
  current: SubscriptionState | null | undefined,
  change: Change,
  at: Date,
): string | null {
  if (!isLive(current, at)) return null;
  if (change === 'renewal' && current.periodEnd.getTime() - at.getTime() > RENEWAL_WINDOW_MS) {
    return tr.billing.alreadySubscribed;
  }
  // One pending change at a time: an upgrade would replace the period a paid queued change waits for.
  if (change !== 'new' && current.nextOrderId) return tr.billing.changeAlreadyQueued;
  return null;
}

/** What a paid order put into its period: the money paid plus the credit carried over into it. */
export const periodValue = (order: { amountKurus: number; creditKurus: number }) =>
  order.amountKurus + order.creditKurus;

/** The unused part of the current period's value, prorated by time (rounded down: never more than paid). */
export function creditFor(
  current: { periodStart: Date; periodEnd: Date },
  valueKurus: number,
  at: Date,
): number {
  const start = current.periodStart.getTime();
  const end = current.periodEnd.getTime();
  const left = Math.min(Math.max(0, end - at.getTime()), end - start);
  return Math.floor((valueKurus * left) / Math.max(1, end - start));
}

export interface Quote {
  listKurus: number;
  discountKurus: number;
  /** Credit used by this purchase: all of it; what the price does not absorb lengthens the period. */
  creditKurus: number;
  amountKurus: number;
  /** Extra time bought with credit left over after the price reached zero. */
  extensionMs: number;
}

/**
 * Prices a plan purchase. Credit lowers the price; when it exceeds the price, the price is zero and the
 * rest is kept as a longer period at the new plan's list rate (ADR 0001): credit is never dropped.
 */
export function quote(
  plan: PlanType,
  cycle: BillingCycle,
  discountKurus: number,
  creditKurus: number,
  start: Date,
): Quote {
  const listKurus = periodPriceKurus(plan, cycle);
  const discount = Math.min(listKurus, Math.max(0, discountKurus));
  const due = listKurus - discount;
  const credit = Math.max(0, creditKurus);
  const leftover = Math.max(0, credit - due);
  const cycleMs = addMonths(start, cycleMonths(cycle)).getTime() - start.getTime();
  return {
    listKurus,
    discountKurus: discount,
    creditKurus: credit,
    amountKurus: Math.max(0, due - credit),
    extensionMs: Math.floor((leftover * cycleMs) / Math.max(1, listKurus)),
  };
}

/** End of a period of `cycle` starting at `start`, plus time bought with leftover credit. */
export const periodEndFor = (start: Date, cycle: BillingCycle, extensionMs = 0) =>
  new Date(addMonths(start, cycleMonths(cycle)).getTime() + extensionMs);

export interface PromoRule {
  active: boolean;
  kind: 'percent' | 'amount';
  value: number;
  planType: PlanType | null;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  uses: number;
}

export type PromoVerdict = { ok: true; discountKurus: number } | { ok: false; error: string };

/**
 * Whether a promo code gives its discount: Pro plan only (SPEC §5), within its dates, under its total
 * limit counting uses already paid and others' open orders (`reserved`), and once per customer.
 */
export function promoEligibility(
  promo: PromoRule | null | undefined,
  input: {
    planType: PlanType;
    cycle: BillingCycle;
    at: Date;
    /** Paid orders of this customer (account or e-mail) with this code. */
    customerUses: number;
    /** Other customers' open orders holding this code. */
    reserved?: number;
  },
): PromoVerdict {
  const m = tr.billing;
  if (input.planType !== 'pro') return { ok: false, error: m.promoProOnly };
  if (!promo || !promo.active) return { ok: false, error: m.promoInvalid };
  if ((promo.validFrom && promo.validFrom > input.at) || (promo.validUntil && promo.validUntil < input.at)) {
    return { ok: false, error: m.promoExpired };
  }
  if (promo.planType && promo.planType !== input.planType) return { ok: false, error: m.promoWrongPlan };
  if (input.customerUses > 0) return { ok: false, error: m.promoAlreadyUsed };
  if (promo.maxUses !== null && promo.uses + (input.reserved ?? 0) >= promo.maxUses) {
    return { ok: false, error: m.promoUsedUp };
  }
  const list = periodPriceKurus(input.planType, input.cycle);
  const off = promo.kind === 'percent' ? Math.round((list * Math.min(100, promo.value)) / 100) : promo.value;
  return { ok: true, discountKurus: Math.min(list, Math.max(0, off)) };
}
