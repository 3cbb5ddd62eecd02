import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';

export type ThrottleRow = typeof loginThrottle.$inferSelect;

/**
 * Attempt counters with fixed windows, one row per key ('pair:<email>|<ip>', 'ip:<addr>', 'checkout:<ip>', ...).
 * A caller takes a slot *before* doing the work (checking a password, storing a message), in one atomic
 * upsert, so 30 parallel requests cannot all read "4 so far" and all go through.
 */
export function loginThrottleRepository(db: Db) {
  return {
    async find(keys: string[]): Promise<ThrottleRow[]> {
      if (keys.length === 0) return [];
      return db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
    },
    /**
     * Counts one attempt on `key` (restarting the window when it has passed) and returns the count
     * including this one and when the window ends. The row lock of the upsert serialises concurrent callers.
     */
    async hit(key: string, now: Date, windowMs: number): Promise<{ count: number; resetAt: Date }> {
      const floor = new Date(now.getTime() - windowMs).toISOString();
      const expired = sql`${loginThrottle.windowStart} < ${floor}::timestamptz`;
      const [row] = await db
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStart: now })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStart} end`,
          },
        })
        .returning();
      return { count: row.failures, resetAt: new Date(row.windowStart.getTime() + windowMs) };
    },
    /** Gives back one attempt (a successful sign-in is not a failure). */
    async release(key: string): Promise<void> {
      await db
        .update(loginThrottle)
        .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
        .where(eq(loginThrottle.key, key));
    },
    async clear(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },
    /** Drops counters whose window ended long ago (called by the session purge job). */
    async purgeBefore(before: Date): Promise<void> {
      await db
        .delete(loginThrottle)
        .where(sql`${loginThrottle.windowStart} < ${before.toISOString()}::timestamptz`);
    },
  };
}
export type LoginThrottleRepository = ReturnType<typeof loginThrottleRepository>;
