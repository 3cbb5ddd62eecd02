import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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
    /** The user's stored, not yet processed uploads and masks (what the per-user upload limit counts). */
    async storedUploads(userId: string, now: Date): Promise<{ files: number; bytes: number }> {
      const [row] = await db
        .select({ files: count(), bytes: sql<string>`coalesce(sum(${images.bytes}), 0)` })
        .from(images)
        .where(
          and(
            eq(images.userId, userId),
            inArray(images.kind, ['upload', 'mask']),
            isNull(images.deletedAt),
            or(isNull(images.expiresAt), gt(images.expiresAt, now)),
          ),
        );
      return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
    },
    async markDeleted(id: string, at: Date): Promise<void> {
      await db.update(images).set({ deletedAt: at }).where(eq(images.id, id));
    },
  };
}
export type ImageRepository = ReturnType<typeof imageRepository>;
