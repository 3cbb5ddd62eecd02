import type { Logger } from 'pino';
import type { ProfileUpdate } from '../../../contract/auth.schema';
import { tr } from '../../../contract/messages.tr';
import { AppError } from './app-error';
import { toPublicUser, type AuthService, type ClientInfo } from './auth.service';
import { renderInvoicePdf } from './billing/invoice.service';
import { zipStore } from './zip.writer';
import { mailTemplates } from './mail.templates';
import type { UserRepository, UserRow } from '../repositories/user.repository';
import type { AccountRepository } from '../repositories/account.repository';
import type { SubscriptionRepository } from '../repositories/subscription.repository';
import type { Storage } from '../adapters/storage/storage';
import { isLive } from './billing/policy';

export interface AccountDeps {
  users: UserRepository;
  accounts: AccountRepository;
  subscriptions: SubscriptionRepository;
  storage: Storage;
  auth: AuthService;
  /** Runs the erasure in one transaction: a failure halfway leaves the account whole. */
  eraseInTransaction: (userId: string, now: Date) => Promise<void>;
  log: Logger;
  now?: () => Date;
}

/** The settings page's writes (profile, consents, renewal), the KVKK export and account deletion; all audited. */
export function accountService(deps: AccountDeps) {
  const now = deps.now ?? (() => new Date());

  return {
    async updateProfile(user: UserRow, input: ProfileUpdate) {
      const patch = {
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        phone: input.phone,
        companyName: input.companyName ?? null,
        taxNumber: input.taxNumber ?? null,
      };
      const changed = Object.keys(patch).filter(
        (k) => patch[k as keyof typeof patch] !== user[k as keyof typeof patch],
      );
      const saved = (await deps.users.update(user.id, patch)) ?? user;
      // Field names only: the audit log must not become a second copy of the personal data.
      await deps.auth.audit(user.id, 'account.profile_updated', user.id, { fields: changed });
      return saved;
    },

    async updateConsents(user: UserRow, input: { marketingConsent: boolean; aiDataConsent: boolean }) {
      const at = now();
      const saved =
        (await deps.users.update(user.id, {
          marketingConsent: input.marketingConsent,
          marketingConsentAt: input.marketingConsent
            ? user.marketingConsent
              ? user.marketingConsentAt
              : at
            : null,
          aiDataConsent: input.aiDataConsent,
          aiDataConsentAt: input.aiDataConsent ? (user.aiDataConsent ? user.aiDataConsentAt : at) : null,
        })) ?? user;
      await deps.auth.audit(user.id, 'account.consents_updated', user.id, input);
      return saved;
    },

    /** Undoes "cancel at period end" while the period runs: the plan renews again. */
    async resumeSubscription(user: UserRow) {
      const sub = await deps.subscriptions.findByUser(user.id);
      if (!isLive(sub, now()) || !sub.cancelAtPeriodEnd) {
        throw new AppError('NOTHING_TO_UNDO', 409, tr.account.nothingToUndo);
      }
      await deps.subscriptions.update(sub.id, { cancelAtPeriodEnd: false });
      await deps.auth.audit(user.id, 'account.subscription_resumed', user.id, { subscriptionId: sub.id });
      return { success: true as const, message: tr.account.undone };
    },

    /** KVKK art. 11 access right: every stored fact about the account as JSON, plus the invoice PDFs. */
    async exportZip(user: UserRow): Promise<Buffer> {
      const rows = await deps.accounts.exportRows(user.id, user.email);
      const at = now();
      const profile = {
        ...toPublicUser(user),
        marketingConsentAt: user.marketingConsentAt,
        aiDataConsentAt: user.aiDataConsentAt,
        emailVerifiedAt: user.emailVerifiedAt,
        googleLinked: Boolean(user.googleSub),
      };
      const json = (v: unknown) => Buffer.from(JSON.stringify(v, null, 2), 'utf8');
      const entries: { name: string; data: Buffer }[] = [
        {
          name: tr.documents.export.readmeName,
          data: Buffer.from(tr.documents.export.readme(at.toISOString()), 'utf8'),
        },
        { name: 'profil.json', data: json(profile) },
        { name: 'oturumlar.json', data: json(rows.sessions) },
        { name: 'abonelik.json', data: json(rows.subscriptions) },
        { name: 'odemeler.json', data: json(rows.paymentOrders) },
        { name: 'faturalar.json', data: json(rows.invoices) },
        { name: 'kota.json', data: json(rows.quota) },
        { name: 'islemler.json', data: json(rows.processingJobs) },
        { name: 'gorseller.json', data: json(rows.images) },
        { name: 'iletisim-mesajlari.json', data: json(rows.contactMessages) },
        { name: 'bulten.json', data: json(rows.newsletter) },
        { name: 'hesap-hareketleri.json', data: json(rows.auditLog) },
      ];
      for (const inv of rows.invoices) {
        entries.push({ name: `faturalar/fatura-${inv.number}.pdf`, data: await renderInvoicePdf(inv) });
      }
      await deps.auth.audit(user.id, 'account.exported', user.id);
      return zipStore(entries.map((e) => ({ ...e, date: at })));
    },

    /**
     * KVKK art. 7 erasure, confirmed with the password (or, for Google-only accounts, the address typed
     * out). Files go first, then the rows in one transaction; the farewell mail goes to the old address.
     */
    async deleteAccount(user: UserRow, confirmation: string, client: ClientInfo) {
      const ok = user.passwordHash
        ? await deps.auth.checkPassword(user, confirmation, client)
        : confirmation.trim().toLowerCase() === user.email;
      if (!ok) throw new AppError('DELETE_CONFIRMATION_MISMATCH', 400, tr.account.deleteMismatch);
      const at = now();
      const keys = await deps.accounts.liveImageKeys(user.id);
      for (const key of keys) {
        await deps.storage
          .delete(key)
          .catch((err: unknown) => deps.log.warn({ err, key }, 'file not deleted'));
      }
      await deps.eraseInTransaction(user.id, at);
      await deps.auth.audit(user.id, 'account.deleted', user.id, { files: keys.length });
      deps.auth.sendLater(user.email, mailTemplates.accountDeleted(user.firstName));
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
