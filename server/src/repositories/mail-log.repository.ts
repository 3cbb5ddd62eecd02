import { and, eq, gt, gte, isNull, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invoices, mailLog, quotaAccounts, subscriptions, users } from '../db/schema';
import { subscriptionConditions, type SubscriptionCondition } from './subscription.repository';

const notLogged = (key: ReturnType<typeof sql>) =>
  sql`not exists (select 1 from ${mailLog} where ${mailLog.key} = ${key})`;

/** Seconds since 1970 as text: the same in SQL keys and in JS (`epochKey`), unlike timestamp text forms. */
const epoch = (column: Parameters<typeof sql>[1]) => sql`floor(extract(epoch from ${column}))::bigint::text`;
export const epochKey = (d: Date) => String(Math.floor(d.getTime() / 1000));

/** What the notification sweep still owes, and the claim that makes each message go out once. */
export function mailLogRepository(db: Db) {
  return {
    /** True when this caller claimed `key` (nobody sent it before). */
    async claim(key: string, userId: string | null, now: Date): Promise<boolean> {
      const rows = await db
        .insert(mailLog)
        .values({ key, userId, sentAt: now })
        .onConflictDoNothing()
        .returning({ key: mailLog.key });
      return rows.length > 0;
    },
    /** Gives a claim back after a failed send, so the next sweep tries again. */
    async unclaim(key: string): Promise<void> {
      await db.delete(mailLog).where(eq(mailLog.key, key));
    },
    async unsentReceipts(since: Date, limit = 50) {
      return db
        .select({ invoice: invoices, user: users })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(
          and(
            gte(invoices.createdAt, since),
            isNull(users.deletedAt),
            notLogged(sql`'receipt:' || ${invoices.id}`),
          ),
        )
        .limit(limit);
    },
    /** Payment-first sign-ups not yet asked to verify their address (operator-made accounts are not). */
    async unverifiedPaidSignups(since: Date, limit = 50) {
      return db
        .select()
        .from(users)
        .where(
          and(
            gte(users.createdAt, since),
            isNull(users.emailVerifiedAt),
            isNull(users.deletedAt),
            isNotNull(users.passwordHash),
            sql`exists (select 1 from payment_orders o where o.user_id = ${users.id} and o.status = 'paid')`,
            notLogged(sql`'verify:' || ${users.id}`),
          ),
        )
        .limit(limit);
    },
    /**
     * Cancelled live subscriptions (`live`: billing's rule, policy.ts `liveWhen`) whose paid period ends
     * within the horizon.
     */
    async endingSoon(live: SubscriptionCondition, until: Date, limit = 50) {
      return db
        .select({ sub: subscriptions, user: users })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .where(
          and(
            live(subscriptionConditions),
            eq(subscriptions.cancelAtPeriodEnd, true),
            isNull(subscriptions.nextPlanType),
            lte(subscriptions.periodEnd, until),
            isNull(users.deletedAt),
            notLogged(sql`'ending:' || ${subscriptions.id} || ':' || ${epoch(subscriptions.periodEnd)}`),
          ),
        )
        .limit(limit);
    },
    /** Quota windows with at least `share` of their photos used (held ones count: they are being used). */
    async quotaNearlyUsed(now: Date, share: number, limit = 50) {
      return db
        .select({ quota: quotaAccounts, user: users })
        .from(quotaAccounts)
        .innerJoin(users, eq(users.id, quotaAccounts.userId))
        .where(
          and(
            gt(quotaAccounts.periodEnd, now),
            isNull(users.deletedAt),
            eq(users.overrideAllAccess, false),
            sql`${quotaAccounts.planQuota} + ${quotaAccounts.extraQuota} > 0`,
            sql`${quotaAccounts.used} + ${quotaAccounts.reserved} >= ${share}::numeric * (${quotaAccounts.planQuota} + ${quotaAccounts.extraQuota})`,
            sql`${quotaAccounts.used} + ${quotaAccounts.reserved} < ${quotaAccounts.planQuota} + ${quotaAccounts.extraQuota}`,
            notLogged(sql`'quota:' || ${quotaAccounts.userId} || ':' || ${epoch(quotaAccounts.periodStart)}`),
          ),
        )
        .limit(limit);
    },
  };
}
export type MailLogRepository = ReturnType<typeof mailLogRepository>;
