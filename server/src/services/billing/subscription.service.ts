import { tr } from '../../../../contract/messages.tr';
import { toSubscriptionView, type BillingLog } from './billing-types';
import { paidOrders } from './paid-order';
import { AppError } from '../app-error';
import type { BillingRepos, Transact } from './repos';
import { ensureWindow } from './quota.service';
import type { UserRow } from '../../repositories/user.repository';
import { dueForPeriodEndWhen, isDueForPeriodEnd, isLive, periodEndFor } from './policy';

const m = tr.billing;

/** The subscription lifecycle: applying a paid order, period ends, cancelling, reporting. */
export function subscriptionService(deps: { transact: Transact; log: BillingLog; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const applyPaid = paidOrders({ log: deps.log, now });

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
