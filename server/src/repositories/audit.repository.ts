import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, users } from '../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** The append-only record of admin actions. */
export function auditRepository(db: Db) {
  return {
    async insert(row: NewAuditRow): Promise<void> {
      await db.insert(auditLog).values(row);
    },
    async list(limit: number) {
      return db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorEmail: users.email,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          details: auditLog.details,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
