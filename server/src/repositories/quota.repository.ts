import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { quotaAccounts, quotaReservations } from '../db/schema';

export type QuotaAccountRow = typeof quotaAccounts.$inferSelect;
export type ReservationRow = typeof quotaReservations.$inferSelect;

/** Quota accounts and reservations; every change is one conditional statement, so none can overspend. */
export function quotaRepository(db: Db) {
  return {
    async find(userId: string): Promise<QuotaAccountRow | undefined> {
      const [row] = await db.select().from(quotaAccounts).where(eq(quotaAccounts.userId, userId)).limit(1);
      return row;
    },
    async findForUpdate(userId: string): Promise<QuotaAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(quotaAccounts)
        .where(eq(quotaAccounts.userId, userId))
        .for('update')
        .limit(1);
      return row;
    },
    /** Creates or replaces the window (a new period resets used and extra; holds in flight stay). */
    async startWindow(userId: string, start: Date, end: Date, planQuota: number): Promise<QuotaAccountRow> {
      const values = {
        userId,
        periodStart: start,
        periodEnd: end,
        planQuota,
        extraQuota: 0,
        used: 0,
        updatedAt: new Date(),
      };
      const [row] = await db
        .insert(quotaAccounts)
        .values(values)
        .onConflictDoUpdate({ target: quotaAccounts.userId, set: values })
        .returning();
      return row;
    },
    async setPlanQuota(userId: string, planQuota: number): Promise<void> {
      await db
        .update(quotaAccounts)
        .set({ planQuota, updatedAt: new Date() })
        .where(eq(quotaAccounts.userId, userId));
    },
    async addExtra(userId: string, photos: number): Promise<QuotaAccountRow | undefined> {
      const [row] = await db
        .update(quotaAccounts)
        .set({ extraQuota: sql`greatest(0, ${quotaAccounts.extraQuota} + ${photos})`, updatedAt: new Date() })
        .where(eq(quotaAccounts.userId, userId))
        .returning();
      return row;
    },
    /** Holds `count` photos if they fit; undefined when they do not. */
    async holdIfAvailable(userId: string, count: number): Promise<QuotaAccountRow | undefined> {
      const [row] = await db
        .update(quotaAccounts)
        .set({ reserved: sql`${quotaAccounts.reserved} + ${count}`, updatedAt: new Date() })
        .where(
          and(
            eq(quotaAccounts.userId, userId),
            sql`${quotaAccounts.used} + ${quotaAccounts.reserved} + ${count} <= ${quotaAccounts.planQuota} + ${quotaAccounts.extraQuota}`,
          ),
        )
        .returning();
      return row;
    },
    async moveHeld(userId: string, count: number, toUsed: boolean): Promise<void> {
      await db
        .update(quotaAccounts)
        .set({
          reserved: sql`greatest(0, ${quotaAccounts.reserved} - ${count})`,
          used: toUsed ? sql`${quotaAccounts.used} + ${count}` : quotaAccounts.used,
          updatedAt: new Date(),
        })
        .where(eq(quotaAccounts.userId, userId));
    },
    /** Inserts the reservation unless its key exists; returns the row and whether it is new. */
    async insertReservation(row: typeof quotaReservations.$inferInsert) {
      const inserted = await db.insert(quotaReservations).values(row).onConflictDoNothing().returning();
      if (inserted[0]) return { reservation: inserted[0], created: true };
      const [existing] = await db
        .select()
        .from(quotaReservations)
        .where(eq(quotaReservations.key, row.key))
        .limit(1);
      return { reservation: existing, created: false };
    },
    async deleteReservation(id: string): Promise<void> {
      await db.delete(quotaReservations).where(eq(quotaReservations.id, id));
    },
    /** Settles a held reservation once; undefined when it was already settled or never existed. */
    async settle(key: string, status: 'committed' | 'released'): Promise<ReservationRow | undefined> {
      const [row] = await db
        .update(quotaReservations)
        .set({ status, settledAt: new Date() })
        .where(and(eq(quotaReservations.key, key), eq(quotaReservations.status, 'reserved')))
        .returning();
      return row;
    },
    async findReservation(key: string): Promise<ReservationRow | undefined> {
      const [row] = await db.select().from(quotaReservations).where(eq(quotaReservations.key, key)).limit(1);
      return row;
    },
    async committedPhotosSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${quotaReservations.count}), 0)::int` })
        .from(quotaReservations)
        .where(
          and(
            eq(quotaReservations.userId, userId),
            eq(quotaReservations.status, 'committed'),
            sql`${quotaReservations.settledAt} >= ${since.toISOString()}::timestamptz`,
          ),
        );
      return row?.n ?? 0;
    },
  };
}
export type QuotaRepository = ReturnType<typeof quotaRepository>;
