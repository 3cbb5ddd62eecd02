import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newsletterSubscribers } from '../db/schema';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/** Newsletter sign-ups; one row per address (case-insensitive). */
export function newsletterRepository(db: Db) {
  return {
    /** Adds the address, or re-activates it when it had unsubscribed; never duplicates. */
    async subscribe(id: string, email: string, source: string | null): Promise<void> {
      // The unique index is on lower(email), an expression drizzle's onConflict target cannot name.
      await db.execute(
        sql`insert into newsletter_subscribers (id, email, source) values (${id}, ${email}, ${source})
            on conflict (lower(email)) do update set unsubscribed_at = null`,
      );
    },
    async delete(id: string): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .delete(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id))
        .returning();
      return row;
    },
    async list(): Promise<SubscriberRow[]> {
      return db.select().from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.createdAt));
    },
  };
}
export type NewsletterRepository = ReturnType<typeof newsletterRepository>;
