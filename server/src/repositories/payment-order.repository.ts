import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentOrders } from '../db/schema';

export type { PendingRegistration } from '../db/schema';

export type OrderRow = typeof paymentOrders.$inferSelect;
export type NewOrderRow = typeof paymentOrders.$inferInsert;

/** Payment orders (one per payment attempt), keyed by PayTR's merchant_oid. */
export function paymentOrderRepository(db: Db) {
  return {
    async insert(row: NewOrderRow): Promise<OrderRow> {
      const [created] = await db.insert(paymentOrders).values(row).returning();
      return created;
    },
    async find(oid: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.merchantOid, oid)).limit(1);
      return row;
    },
    /** Reads the order and locks it until the surrounding transaction ends (serialises callbacks). */
    async findForUpdate(oid: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.merchantOid, oid))
        .for('update')
        .limit(1);
      return row;
    },
    async update(oid: string, patch: Partial<NewOrderRow>): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(paymentOrders)
        .set(patch)
        .where(eq(paymentOrders.merchantOid, oid))
        .returning();
      return row;
    },
    /** Marks auto-login used; true only for the one caller that flipped it. */
    async claimAutoLogin(oid: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(paymentOrders)
        .set({ autoLoginUsedAt: at })
        .where(and(eq(paymentOrders.merchantOid, oid), isNull(paymentOrders.autoLoginUsedAt)))
        .returning({ oid: paymentOrders.merchantOid });
      return rows.length === 1;
    },
    async latestForUser(userId: string, limit = 20): Promise<OrderRow[]> {
      return db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.userId, userId))
        .orderBy(desc(paymentOrders.createdAt))
        .limit(limit);
    },
    async pendingEmailOrder(email: string, now: Date): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.status, 'pending'),
            isNull(paymentOrders.userId),
            sql`lower(${paymentOrders.email}) = lower(${email})`,
            sql`${paymentOrders.expiresAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .limit(1);
      return row;
    },
    /**
     * Serialises paid registrations for one e-mail (or username) until the transaction ends, so the second
     * of two concurrent sign-ups sees the account the first created.
     */
    async lockIdentity(value: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(lower(${value})))`);
    },
    /** Paid orders that could not be honoured and wait for a refund by hand, newest first. */
    async refundDue(limit = 200): Promise<OrderRow[]> {
      return db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.status, 'refund_due'))
        .orderBy(desc(paymentOrders.completedAt))
        .limit(limit);
    },
    /** refund_due -> refunded, only from refund_due (a second click or a stale page changes nothing). */
    async markRefunded(oid: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(paymentOrders)
        .set({ status: 'refunded' })
        .where(and(eq(paymentOrders.merchantOid, oid), eq(paymentOrders.status, 'refund_due')))
        .returning();
      return row;
    },
    /** Pending orders past their expiry become expired; returns how many. */
    async expirePending(now: Date): Promise<number> {
      const rows = await db
        .update(paymentOrders)
        .set({ status: 'expired' })
        .where(and(eq(paymentOrders.status, 'pending'), lt(paymentOrders.expiresAt, now)))
        .returning({ oid: paymentOrders.merchantOid });
      return rows.length;
    },
    /** Drops stored registration data (hashed password, contact details) of orders that ended without an account. */
    async purgeRegistrationData(olderThan: Date): Promise<number> {
      const rows = await db
        .update(paymentOrders)
        .set({ registration: null })
        .where(
          and(
            inArray(paymentOrders.status, ['expired', 'failed']),
            isNotNull(paymentOrders.registration),
            lt(paymentOrders.createdAt, olderThan),
          ),
        )
        .returning({ oid: paymentOrders.merchantOid });
      return rows.length;
    },
  };
}
export type PaymentOrderRepository = ReturnType<typeof paymentOrderRepository>;
