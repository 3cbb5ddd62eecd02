import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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
          .select({
            createdAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
            expiresAt: sessions.expiresAt,
            revokedAt: sessions.revokedAt,
            ip: sessions.ip,
            userAgent: sessions.userAgent,
          })
          .from(sessions)
          .where(eq(sessions.userId, userId)),
        db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
        db
          .select({
            merchantOid: paymentOrders.merchantOid,
            kind: paymentOrders.kind,
            planType: paymentOrders.planType,
            billingCycle: paymentOrders.billingCycle,
            addonPhotos: paymentOrders.addonPhotos,
            amountKurus: paymentOrders.amountKurus,
            status: paymentOrders.status,
            email: paymentOrders.email,
            userIp: paymentOrders.userIp,
            createdAt: paymentOrders.createdAt,
            completedAt: paymentOrders.completedAt,
          })
          .from(paymentOrders)
          .where(eq(paymentOrders.userId, userId)),
        db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt)),
        db.select().from(quotaAccounts).where(eq(quotaAccounts.userId, userId)),
        db.select().from(processingJobs).where(eq(processingJobs.userId, userId)),
        db
          .select({
            id: images.id,
            kind: images.kind,
            contentType: images.contentType,
            width: images.width,
            height: images.height,
            bytes: images.bytes,
            createdAt: images.createdAt,
            expiresAt: images.expiresAt,
            deletedAt: images.deletedAt,
          })
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
