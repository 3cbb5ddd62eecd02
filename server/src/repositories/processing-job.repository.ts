import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { processingJobs } from '../db/schema';

export type ProcessingJobRow = typeof processingJobs.$inferSelect;

/** A job is open until it has succeeded or failed. */
const openStatuses: ProcessingJobRow['status'][] = ['queued', 'running'];
export const isEnded = (job: Pick<ProcessingJobRow, 'status'>) => !openStatuses.includes(job.status);

/** Processing jobs as users see them (the queue itself is pg-boss). */
export function processingJobRepository(db: Db) {
  return {
    async insert(row: typeof processingJobs.$inferInsert): Promise<ProcessingJobRow> {
      const [created] = await db.insert(processingJobs).values(row).returning();
      return created;
    },
    async find(id: string): Promise<ProcessingJobRow | undefined> {
      const [row] = await db.select().from(processingJobs).where(eq(processingJobs.id, id)).limit(1);
      return row;
    },
    async findOwned(id: string, userId: string): Promise<ProcessingJobRow | undefined> {
      const [row] = await db
        .select()
        .from(processingJobs)
        .where(and(eq(processingJobs.id, id), eq(processingJobs.userId, userId)))
        .limit(1);
      return row;
    },
    async update(id: string, patch: Partial<typeof processingJobs.$inferInsert>): Promise<void> {
      await db.update(processingJobs).set(patch).where(eq(processingJobs.id, id));
    },
    /**
     * Updates a job only while it is open (queued or running); false when it had already ended. The worker
     * and a waiter that gives up both end jobs through this, so exactly one of them decides the outcome.
     */
    async updateIfOpen(
      id: string,
      patch: Partial<typeof processingJobs.$inferInsert>,
      /** Only while this attempt is the job's latest (an expired attempt may still be running). */
      attempt?: number,
    ): Promise<boolean> {
      const rows = await db
        .update(processingJobs)
        .set(patch)
        .where(
          and(
            eq(processingJobs.id, id),
            inArray(processingJobs.status, openStatuses),
            attempt === undefined ? undefined : eq(processingJobs.attempts, attempt),
          ),
        )
        .returning({ id: processingJobs.id });
      return rows.length > 0;
    },
    /** Running jobs whose attempt has not written a heartbeat since `before` (its process is gone). */
    async staleRunning(before: Date): Promise<ProcessingJobRow[]> {
      return db
        .select()
        .from(processingJobs)
        .where(
          and(
            eq(processingJobs.status, 'running'),
            lt(sql`coalesce(${processingJobs.heartbeatAt}, ${processingJobs.startedAt})`, before),
          ),
        )
        .limit(100);
    },
    /** Jobs still queued or running that were created before `before` (their workers are long gone). */
    async openBefore(before: Date): Promise<ProcessingJobRow[]> {
      return db
        .select()
        .from(processingJobs)
        .where(and(inArray(processingJobs.status, openStatuses), lt(processingJobs.createdAt, before)))
        .limit(500);
    },
  };
}
export type ProcessingJobRepository = ReturnType<typeof processingJobRepository>;
