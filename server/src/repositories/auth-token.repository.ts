import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authTokens } from '../db/schema';

export type AuthTokenRow = typeof authTokens.$inferSelect;
export type AuthTokenKind = AuthTokenRow['kind'];

/** E-mail link tokens, stored as SHA-256 hashes; `consume` is the single-use gate. */
export function authTokenRepository(db: Db) {
  return {
    async insert(row: typeof authTokens.$inferInsert): Promise<void> {
      await db.insert(authTokens).values(row);
    },
    /**
     * Marks a live token used and returns it, in one conditional update: of two parallel uses of the same
     * link exactly one gets the row.
     */
    async consume(kind: AuthTokenKind, tokenHash: string, now: Date): Promise<AuthTokenRow | undefined> {
      const [row] = await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(authTokens.kind, kind),
            eq(authTokens.tokenHash, tokenHash),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
    /** Retires every open token of a kind (a new reset link makes older ones useless). */
    async retireAll(userId: string, kind: AuthTokenKind, now: Date): Promise<void> {
      await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
    },
  };
}
export type AuthTokenRepository = ReturnType<typeof authTokenRepository>;
