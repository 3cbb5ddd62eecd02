import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessageRow = typeof contactMessages.$inferInsert;

/** Messages sent through the contact form. */
export function contactRepository(db: Db) {
  return {
    async insert(row: NewContactMessageRow): Promise<ContactMessageRow> {
      const [created] = await db.insert(contactMessages).values(row).returning();
      return created;
    },
    /** How many messages one address sent since `since` (spam brake; works across API processes). */
    async countFromIpSince(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.ip, ip), gte(contactMessages.createdAt, since)));
      return row?.n ?? 0;
    },
    async list(limit: number): Promise<ContactMessageRow[]> {
      return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
    },
    async delete(id: string): Promise<ContactMessageRow | undefined> {
      const [row] = await db.delete(contactMessages).where(eq(contactMessages.id, id)).returning();
      return row;
    },
    async setHandled(id: string, handled: boolean): Promise<ContactMessageRow | undefined> {
      const [row] = await db
        .update(contactMessages)
        .set({ handled })
        .where(eq(contactMessages.id, id))
        .returning();
      return row;
    },
  };
}
export type ContactRepository = ReturnType<typeof contactRepository>;
