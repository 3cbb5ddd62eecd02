import { and, count, desc, eq, ilike, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  invoices,
  paymentOrders,
  promoCodes,
  quotaAccounts,
  quotaReservations,
  subscriptions,
  users,
} from '../db/schema';
import { promoCodeRepository } from './promo-code.repository';
import { subscriptionConditions, type SubscriptionCondition } from './subscription.repository';

export type PromoRow = typeof promoCodes.$inferSelect;
export type NewPromoRow = typeof promoCodes.$inferInsert;
export type QuotaAccountRow = typeof quotaAccounts.$inferSelect;

/** Escapes LIKE wildcards so a search for '50%' means the text, not a pattern. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Reads and writes of the admin console across users, billing and quota tables. */
export function adminRepository(db: Db) {
  const promoRepo = promoCodeRepository(db);
  return {
    /** `liveSubscription` is billing's live-subscription rule (policy.ts `liveWhen`), evaluated in SQL. */
    async counts(liveSubscription: SubscriptionCondition) {
      const [u] = await db.select({ n: count() }).from(users);
      const [processed] = await db
        .select({ n: sum(quotaReservations.count) })
        .from(quotaReservations)
        .where(eq(quotaReservations.status, 'committed'));
      const plans = await db
        .select({ planType: subscriptions.planType, n: count() })
        .from(subscriptions)
        .where(liveSubscription(subscriptionConditions))
        .groupBy(subscriptions.planType);
      return { totalUsers: u?.n ?? 0, processed: Number(processed?.n ?? 0), plans };
    },

    async searchUsers(q: string, limit: number, offset: number) {
      const where = q
        ? or(
            ilike(users.email, likeTerm(q)),
            ilike(users.username, likeTerm(q)),
            ilike(
              sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`,
              likeTerm(q),
            ),
            ilike(users.companyName, likeTerm(q)),
          )
        : undefined;
      const rows = await db
        .select({
          user: users,
          planType: subscriptions.planType,
          subscriptionStatus: subscriptions.status,
        })
        .from(users)
        .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), users.id)
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(users).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async userDetail(userId: string) {
      const [row] = await db
        .select({
          user: users,
          subscription: subscriptions,
        })
        .from(users)
        .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      if (!row) return undefined;
      const [quota] = await db.select().from(quotaAccounts).where(eq(quotaAccounts.userId, userId));
      const payments = await db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.userId, userId))
        .orderBy(desc(paymentOrders.createdAt))
        .limit(50);
      const userInvoices = await db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.orderDate))
        .limit(50);
      return { ...row, quota: quota ?? null, payments, invoices: userInvoices };
    },

    async updateUser(
      id: string,
      patch: { role?: (typeof users.$inferInsert)['role']; overrideAllAccess?: boolean },
    ) {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /**
     * Adds `amount` extra photos to the user's current quota window, creating the window when the user has
     * none yet. Refuses (returns null) when the result would go below zero.
     */
    async adjustExtraQuota(
      userId: string,
      amount: number,
      window: { start: Date; end: Date },
    ): Promise<QuotaAccountRow | null> {
      const [row] = await db
        .insert(quotaAccounts)
        .values({
          userId,
          periodStart: window.start,
          periodEnd: window.end,
          extraQuota: amount,
        })
        .onConflictDoUpdate({
          target: quotaAccounts.userId,
          set: { extraQuota: sql`${quotaAccounts.extraQuota} + ${amount}`, updatedAt: new Date() },
          setWhere: sql`${quotaAccounts.extraQuota} + ${amount} >= 0`,
        })
        .returning();
      if (!row || row.extraQuota < 0) return null;
      return row;
    },

    async listPromos() {
      return db
        .select({
          promo: promoCodes,
          paidOrders:
            sql<number>`count(${paymentOrders.merchantOid}) filter (where ${paymentOrders.status} = 'paid')`.mapWith(
              Number,
            ),
          discountKurus:
            sql<number>`coalesce(sum(${paymentOrders.discountKurus}) filter (where ${paymentOrders.status} = 'paid'), 0)`.mapWith(
              Number,
            ),
        })
        .from(promoCodes)
        .leftJoin(paymentOrders, eq(paymentOrders.promoCodeId, promoCodes.id))
        .groupBy(promoCodes.id)
        .orderBy(desc(promoCodes.createdAt));
    },
    /** The promo-code table's own lookup (case-insensitive) and insert. */
    findPromoByCode: (code: string): Promise<PromoRow | undefined> => promoRepo.findByCode(code),
    insertPromo: (row: NewPromoRow): Promise<PromoRow> => promoRepo.insert(row),
    async setPromoActive(id: string, active: boolean): Promise<PromoRow | undefined> {
      const [row] = await db.update(promoCodes).set({ active }).where(eq(promoCodes.id, id)).returning();
      return row;
    },
    async promoOrders(promoId: string) {
      return db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.promoCodeId, promoId)))
        .orderBy(desc(paymentOrders.createdAt))
        .limit(200);
    },
  };
}
export type AdminRepository = ReturnType<typeof adminRepository>;
