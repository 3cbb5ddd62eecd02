import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invoiceNumberSeq, invoices } from '../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Invoices: at most one per payment order (unique merchant_oid). */
export function invoiceRepository(db: Db) {
  return {
    async nextNumber(year: number): Promise<string> {
      const rows = (await db.execute(sql`select nextval(${invoiceNumberSeq.seqName}) as n`)) as unknown as
        { rows: { n: string | number }[] } | { n: string | number }[];
      const list = Array.isArray(rows) ? rows : rows.rows;
      return `OTO${year}${String(list[0].n).padStart(9, '0')}`;
    },
    async insert(row: typeof invoices.$inferInsert): Promise<InvoiceRow> {
      const [created] = await db.insert(invoices).values(row).returning();
      return created;
    },
    async find(id: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
      return row;
    },
    async latestForUser(userId: string, limit: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.orderDate))
        .limit(limit);
    },
    async countForOrder(oid: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(eq(invoices.merchantOid, oid));
      return row?.n ?? 0;
    },
  };
}
export type InvoiceRepository = ReturnType<typeof invoiceRepository>;
