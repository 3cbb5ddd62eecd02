import { and, desc, eq, getTableColumns, isNull, sql, type Table } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  auditLog,
  authTokens,
  contactMessages,
  images,
  invoices,
  newsletterSubscribers,
  paymentOrders,
  processingJobs,
  quotaAccounts,
  quotaReservations,
  sessions,
  subscriptions,
  users,
} from '../db/schema';

/** Some columns of a table, by name, for a select (the export leaves out what it must not show). */
function pick<T extends Table, K extends keyof T['_']['columns']>(table: T, keys: K[]) {
  const all = getTableColumns(table);
  return Object.fromEntries(keys.map((k) => [k, all[k]])) as Pick<T['_']['columns'], K>;
}

/** Everything stored about one account, read for a KVKK export and cleared on erasure. */
export function accountRepository(db: Db) {
  return {
    /** The rows of the data export (secrets such as hashes left out by the caller). */
    async exportRows(userId: string, email: string) {
      const [
        sessionRows,
        subscriptionRows,
        orderRows,
        invoiceRows,
        quotaRows,
        jobRows,
        imageRows,
        messageRows,
        newsletterRows,
        auditRows,
      ] = await Promise.all([
        db
          .select(pick(sessions, ['createdAt', 'lastSeenAt', 'expiresAt', 'revokedAt', 'ip', 'userAgent']))
          .from(sessions)
          .where(eq(sessions.userId, userId)),
        db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
        db
          .select(
            pick(paymentOrders, [
              'merchantOid',
              'kind',
              'planType',
              'billingCycle',
              'addonPhotos',
              'amountKurus',
              'status',
              'email',
              'userIp',
              'createdAt',
              'completedAt',
            ]),
          )
          .from(paymentOrders)
          .where(eq(paymentOrders.userId, userId)),
        db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt)),
        db.select().from(quotaAccounts).where(eq(quotaAccounts.userId, userId)),
        db.select().from(processingJobs).where(eq(processingJobs.userId, userId)),
        db
          .select(
            pick(images, [
              'id',
              'kind',
              'contentType',
              'width',
              'height',
              'bytes',
              'createdAt',
              'expiresAt',
              'deletedAt',
            ]),
          )
          .from(images)
          .where(eq(images.userId, userId)),
        db.select().from(contactMessages).where(eq(contactMessages.userId, userId)),
        db
          .select()
          .from(newsletterSubscribers)
          .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`),
        db
          .select({
            action: auditLog.action,
            actorId: auditLog.actorId,
            details: auditLog.details,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId))),
      ]);
      return {
        sessions: sessionRows,
        subscriptions: subscriptionRows,
        paymentOrders: orderRows,
        invoices: invoiceRows,
        quota: quotaRows,
        processingJobs: jobRows,
        images: imageRows,
        contactMessages: messageRows,
        newsletter: newsletterRows,
        auditLog: auditRows,
      };
    },

    /** Storage keys of the account's files that still exist (deleted with the account). */
    async liveImageKeys(userId: string): Promise<string[]> {
      const rows = await db
        .select({ key: images.storageKey })
        .from(images)
        .where(and(eq(images.userId, userId), isNull(images.deletedAt)));
      return rows.map((r) => r.key);
    },

    /**
     * KVKK erasure. Invoices (and the payment orders they point to) are kept because the tax law (VUK
     * art. 253) requires keeping them for 10 years; they carry their own buyer snapshot. The user row stays
     * as their anonymous anchor: no name, address, phone, password or Google identity; everything else
     * about the account is deleted.
     */
    async erase(userId: string, now: Date): Promise<void> {
      await db.delete(processingJobs).where(eq(processingJobs.userId, userId));
      await db.delete(images).where(eq(images.userId, userId));
      await db.delete(quotaReservations).where(eq(quotaReservations.userId, userId));
      await db.delete(quotaAccounts).where(eq(quotaAccounts.userId, userId));
      await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
      await db.delete(sessions).where(eq(sessions.userId, userId));
      await db.delete(authTokens).where(eq(authTokens.userId, userId));
      await db.delete(contactMessages).where(eq(contactMessages.userId, userId));
      await db.update(paymentOrders).set({ registration: null }).where(eq(paymentOrders.userId, userId));
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (row) {
        await db
          .delete(newsletterSubscribers)
          .where(sql`lower(${newsletterSubscribers.email}) = lower(${row.email})`);
      }
      await db
        .update(users)
        .set({
          email: `silindi-${userId}@silindi.invalid`,
          username: null,
          passwordHash: null,
          firstName: null,
          lastName: null,
          phone: null,
          profileImageUrl: null,
          companyName: null,
          taxNumber: null,
          googleSub: null,
          role: 'basic',
          overrideAllAccess: false,
          marketingConsent: false,
          marketingConsentAt: null,
          aiDataConsent: false,
          aiDataConsentAt: null,
          emailVerifiedAt: null,
          deletedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
    },
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;
