import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';

export type ThrottleRow = typeof loginThrottle.$inferSelect;

/** Failure counters with fixed windows; the increment is one atomic upsert so parallel failures all count. */
export function loginThrottleRepository(db: Db) {
  return {
    async find(keys: string[]): Promise<ThrottleRow[]> {
      if (keys.length === 0) return [];
      return db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
    },
    /**
     * Adds one failure to `key`, restarting the window when it has passed, and locks the key
     * until `now + lockMs` once `limit` failures are reached. Returns the updated row.
     */
    async recordFailure(key: string, now: Date, windowMs: number, limit: number, lockMs: number) {
      const windowFloor = new Date(now.getTime() - windowMs);
      const lockUntil = new Date(now.getTime() + lockMs);
      const [row] = await db
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStart: now, lockedUntil: limit <= 1 ? lockUntil : null })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${loginThrottle.windowStart} < ${windowFloor.toISOString()}::timestamptz then 1 else ${loginThrottle.failures} + 1 end`,
            windowStart: sql`case when ${loginThrottle.windowStart} < ${windowFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStart} end`,
            lockedUntil: sql`case when (case when ${loginThrottle.windowStart} < ${windowFloor.toISOString()}::timestamptz then 1 else ${loginThrottle.failures} + 1 end) >= ${limit} then ${lockUntil.toISOString()}::timestamptz else ${loginThrottle.lockedUntil} end`,
          },
        })
        .returning();
      return row;
    },
    async clear(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },
  };
}
export type LoginThrottleRepository = ReturnType<typeof loginThrottleRepository>;
