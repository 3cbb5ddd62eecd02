import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Liveness of the database connection. */
export function healthRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
