import { and, eq, gt, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions } from '../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

/**
 * The vocabulary billing's subscription rules are stated in (services/billing/policy.ts), as SQL over this
 * table: a rule such as `liveWhen` is passed in and evaluated here, so queries never restate it.
 */
export const subscriptionConditions = {
  statusIs: (status: SubscriptionRow['status']): SQL => eq(subscriptions.status, status),
  periodStartSet: (): SQL => isNotNull(subscriptions.periodStart),
  // A missing end is "not after": false, not SQL's unknown, so `not` of it stays well defined.
  periodEndAfter: (at: Date): SQL =>
    and(isNotNull(subscriptions.periodEnd), gt(subscriptions.periodEnd, at))!,
  not: (condition: SQL): SQL => not(condition),
  all: (...conditions: SQL[]): SQL => and(...conditions)!,
};
export type SubscriptionCondition = (c: typeof subscriptionConditions) => SQL;

/** One subscription row per user, updated in place as it is paid for, renewed or expires. */
export function subscriptionRepository(db: Db) {
  return {
    async findByUser(userId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
      return row;
    },
    async findByUserForUpdate(userId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .for('update')
        .limit(1);
      return row;
    },
    async upsert(row: NewSubscriptionRow): Promise<SubscriptionRow> {
      const [saved] = await db
        .insert(subscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: {
            ...row,
            id: sql`${subscriptions.id}`,
            createdAt: sql`${subscriptions.createdAt}`,
            updatedAt: new Date(),
          },
        })
        .returning();
      return saved;
    },
    async update(id: string, patch: Partial<NewSubscriptionRow>): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .update(subscriptions)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(subscriptions.id, id))
        .returning();
      return row;
    },
    /** Subscriptions meeting a billing rule (e.g. due for the period-end job). */
    async findWhere(rule: SubscriptionCondition, limit = 200): Promise<SubscriptionRow[]> {
      return db.select().from(subscriptions).where(rule(subscriptionConditions)).limit(limit);
    },
  };
}
export type SubscriptionRepository = ReturnType<typeof subscriptionRepository>;
