import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { promoCodes } from '../db/schema';

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
    async incrementUses(id: string): Promise<void> {
      await db
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1` })
        .where(eq(promoCodes.id, id));
    },
  };
}
export type PromoCodeRepository = ReturnType<typeof promoCodeRepository>;
