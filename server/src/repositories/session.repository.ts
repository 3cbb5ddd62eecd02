import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { UserRow } from './user.repository';

/** Sessions are looked up by the SHA-256 of the opaque token; the token itself is never stored. */
export function sessionRepository(db: Db) {
  return {
    async insert(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },
    /** The live session and its user, or undefined when unknown, revoked or expired. */
    async findLiveByTokenHash(
      tokenHash: string,
      now: Date,
    ): Promise<{ sessionId: string; user: UserRow } | undefined> {
      const [row] = await db
        .select({ sessionId: sessions.id, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
        )
        .limit(1);
      return row;
    },
    async touch(sessionId: string, now: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
    },
    async revokeByTokenHash(tokenHash: string, now: Date): Promise<void> {
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
    },
    /** Revokes every live session of a user, except the one with `exceptTokenHash` (the device asking). */
    async revokeAllForUser(userId: string, now: Date, exceptTokenHash?: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined,
          ),
        );
    },
    /** Deletes sessions that expired or were revoked more than a day ago. */
    async purgeStale(now: Date): Promise<number> {
      const dayAgo = new Date(now.getTime() - 24 * 3600_000);
      const rows = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, dayAgo)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    async countLiveForUser(userId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row?.n ?? 0;
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;
