import { and, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentOrders, promoCodes } from '../db/schema';

export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** Promo codes, looked up case-insensitively. */
export function promoCodeRepository(db: Db) {
  return {
    async findByCode(code: string): Promise<PromoCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(sql`upper(${promoCodes.code}) = upper(${code})`)
        .limit(1);
      return row;
    },
    async insert(row: typeof promoCodes.$inferInsert): Promise<PromoCodeRow> {
      const [created] = await db.insert(promoCodes).values(row).returning();
      return created;
    },
    /** Locks the code until the transaction ends: payments using it are applied one at a time. */
    async findByIdForUpdate(id: string): Promise<PromoCodeRow | undefined> {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update').limit(1);
      return row;
    },
    async incrementUses(id: string): Promise<void> {
      await db
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1` })
        .where(eq(promoCodes.id, id));
    },
    /** Paid orders of one customer (the account, or the e-mail before the account existed) with this code. */
    async customerUses(id: string, userId: string | null, email: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.promoCodeId, id),
            eq(paymentOrders.status, 'paid'),
            userId
              ? or(eq(paymentOrders.userId, userId), sql`lower(${paymentOrders.email}) = lower(${email})`)
              : sql`lower(${paymentOrders.email}) = lower(${email})`,
          ),
        );
      return row?.n ?? 0;
    },
    /** Other customers with an open (pending, unexpired) order holding this code. */
    async reservedByOthers(id: string, email: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(distinct lower(${paymentOrders.email}))`.mapWith(Number) })
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.promoCodeId, id),
            inArray(paymentOrders.status, ['pending']),
            gt(paymentOrders.expiresAt, now),
            ne(sql`lower(${paymentOrders.email})`, email.toLowerCase()),
          ),
        );
      return row?.n ?? 0;
    },
  };
}
export type PromoCodeRepository = ReturnType<typeof promoCodeRepository>;
