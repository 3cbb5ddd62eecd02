import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions } from '../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

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
    async dueForPeriodEnd(now: Date, limit = 200): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.periodEnd, now)))
        .limit(limit);
    },
  };
}
export type SubscriptionRepository = ReturnType<typeof subscriptionRepository>;
