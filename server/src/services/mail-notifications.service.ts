import type { Logger } from 'pino';
import type { Mailer } from '../adapters/mail/mailer';
import { epochKey, type MailLogRepository } from '../repositories/mail-log.repository';
import type { AuthService } from './auth.service';
import { renderInvoicePdf } from './billing/invoice.service';
import { mailTemplates } from './mail.templates';
import { liveWhen } from './billing/policy';

const DAY = 24 * 3600_000;
/** How far back the sweep looks: older events are not worth an e-mail any more (and bound the queries). */
const LOOKBACK_MS = 7 * DAY;
const ENDING_NOTICE_MS = 3 * DAY;
const QUOTA_SHARE = 0.8;

const money = (kurus: number) =>
  new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' }).format(kurus / 100);
const day = (d: Date) =>
  new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeZone: 'Europe/Istanbul' }).format(d);

/**
 * The e-mails that follow from stored facts rather than from a request: payment receipts (invoice PDF
 * attached), the verification link of a payment-first sign-up, "subscription ending soon" and "quota nearly
 * used". A scheduled job runs `sweep`; each message is claimed in mail_log before it is sent, so it goes out
 * once across workers and restarts, and a failed send is given back for the next run. Reading facts instead
 * of hooking billing keeps billing's transactions free of SMTP.
 */
export function mailNotifications(deps: {
  log: MailLogRepository;
  mailer: Mailer;
  auth: AuthService;
  publicUrl: string;
  logger: Logger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const accountUrl = `${deps.publicUrl}/hesap`;

  async function once(key: string, userId: string, send: () => Promise<void>) {
    if (!(await deps.log.claim(key, userId, now()))) return 0;
    try {
      await send();
      return 1;
    } catch (err) {
      await deps.log.unclaim(key);
      deps.logger.error({ err, key }, 'notification not sent; will retry');
      return 0;
    }
  }

  return {
    async sweep() {
      const at = now();
      const since = new Date(at.getTime() - LOOKBACK_MS);
      let sent = 0;
      for (const { invoice, user } of await deps.log.unsentReceipts(since)) {
        sent += await once(`receipt:${invoice.id}`, user.id, async () => {
          const template = mailTemplates.receipt(
            user.firstName,
            invoice.number,
            invoice.serviceName,
            money(invoice.totalKurus),
            accountUrl,
          );
          await deps.mailer.send({
            to: user.email,
            ...template,
            attachments: [
              {
                filename: `fatura-${invoice.number}.pdf`,
                content: await renderInvoicePdf(invoice),
                contentType: 'application/pdf',
              },
            ],
          });
        });
      }
      for (const user of await deps.log.unverifiedPaidSignups(since)) {
        sent += await once(`verify:${user.id}`, user.id, () => deps.auth.mailVerification(user));
      }
      for (const { sub, user } of await deps.log.endingSoon(
        (c) => liveWhen(c, at),
        new Date(at.getTime() + ENDING_NOTICE_MS),
      )) {
        sent += await once(`ending:${sub.id}:${epochKey(sub.periodEnd!)}`, user.id, () =>
          deps.mailer.send({
            to: user.email,
            ...mailTemplates.subscriptionEnding(user.firstName, day(sub.periodEnd!), accountUrl),
          }),
        );
      }
      for (const { quota, user } of await deps.log.quotaNearlyUsed(at, QUOTA_SHARE)) {
        const left = quota.planQuota + quota.extraQuota - quota.used - quota.reserved;
        sent += await once(`quota:${user.id}:${epochKey(quota.periodStart)}`, user.id, () =>
          deps.mailer.send({
            to: user.email,
            ...mailTemplates.quotaNearlyUsed(user.firstName, left, accountUrl),
          }),
        );
      }
      return { sent };
    },
  };
}
export type MailNotifications = ReturnType<typeof mailNotifications>;
