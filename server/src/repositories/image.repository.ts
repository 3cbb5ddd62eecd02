import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { images } from '../db/schema';

export type ImageRow = typeof images.$inferSelect;

/** Stored images; lookups by id always also match the owner unless stated. */
export function imageRepository(db: Db) {
  return {
    async insert(row: typeof images.$inferInsert): Promise<ImageRow> {
      const [created] = await db.insert(images).values(row).returning();
      return created;
    },
    async findOwned(id: string, userId: string): Promise<ImageRow | undefined> {
      const [row] = await db
        .select()
        .from(images)
        .where(and(eq(images.id, id), eq(images.userId, userId), isNull(images.deletedAt)))
        .limit(1);
      return row;
    },
    async setExpiry(ids: string[], at: Date): Promise<void> {
      for (const id of ids) await db.update(images).set({ expiresAt: at }).where(eq(images.id, id));
    },
    async expired(now: Date, limit = 500): Promise<ImageRow[]> {
      return db
        .select()
        .from(images)
        .where(and(lt(images.expiresAt, now), isNull(images.deletedAt)))
        .limit(limit);
    },
    async markDeleted(id: string, at: Date): Promise<void> {
      await db.update(images).set({ deletedAt: at }).where(eq(images.id, id));
    },
  };
}
export type ImageRepository = ReturnType<typeof imageRepository>;
