import type { Settings } from './config/env';
import type { Database } from './db/client';
import { userRepository } from './repositories/user.repository';
import { sessionRepository } from './repositories/session.repository';
import { loginThrottleRepository } from './repositories/login-throttle.repository';
import { healthRepository } from './repositories/health.repository';
import { contactRepository } from './repositories/contact.repository';
import { newsletterRepository } from './repositories/newsletter.repository';
import { auditRepository } from './repositories/audit.repository';
import { adminRepository } from './repositories/admin.repository';
import { siteService } from './services/site.service';
import { adminService, type AdminRepos } from './services/admin.service';
import { authService } from './services/auth.service';
import { googleAuth, type GoogleAuth } from './adapters/oauth/google.adapter';
import { paymentOrderRepository } from './repositories/payment-order.repository';
import { subscriptionRepository } from './repositories/subscription.repository';
import { promoCodeRepository } from './repositories/promo-code.repository';
import { quotaRepository } from './repositories/quota.repository';
import { invoiceRepository } from './repositories/invoice.repository';
import type { BillingRepos, Transact } from './services/billing-repos';
import { quotaService } from './services/quota.service';
import { paymentService } from './services/payment.service';
import { paytrProvider } from './adapters/payments/paytr.adapter';
import { sandboxProvider } from './adapters/payments/sandbox.adapter';
import { jobs } from './jobs/job-names';
import type { JobHandlers } from './jobs/boss';

/** Wires repositories, adapters and services for one database; used by main.ts and the tests. */
export function composeServices(database: Database, settings: Settings) {
  const repos = {
    users: userRepository(database.db),
    sessions: sessionRepository(database.db),
    throttle: loginThrottleRepository(database.db),
    health: healthRepository(database.db),
  };
  const auth = authService({ ...repos, sessionTtlMs: settings.sessionTtlMs });
  const siteRepos = (db: typeof database.db): AdminRepos => ({
    admin: adminRepository(db),
    audit: auditRepository(db),
    contact: contactRepository(db),
    newsletter: newsletterRepository(db),
  });
  const site = siteService(siteRepos(database.db));
  const admin = adminService({
    ...siteRepos(database.db),
    transaction: (fn) => database.db.transaction((tx) => fn(siteRepos(tx as unknown as typeof database.db))),
  });
  const google: GoogleAuth | null = settings.google
    ? googleAuth({ ...settings.google, redirectUri: `${settings.publicUrl}/api/auth/google/callback` })
    : null;
  const billingRepos = (db: typeof database.db): BillingRepos => ({
    users: userRepository(db),
    sessions: sessionRepository(db),
    orders: paymentOrderRepository(db),
    subscriptions: subscriptionRepository(db),
    promos: promoCodeRepository(db),
    quota: quotaRepository(db),
    invoices: invoiceRepository(db),
  });
  const transact: Transact = (fn) =>
    database.db.transaction((tx) => fn(billingRepos(tx as unknown as typeof database.db)));
  const sandbox =
    settings.payments.provider === 'sandbox'
      ? sandboxProvider({ publicUrl: settings.publicUrl, merchantKey: settings.payments.merchantKey })
      : null;
  const paymentProvider =
    sandbox ??
    paytrProvider({
      baseUrl: settings.payments.paytrBaseUrl,
      merchantId: settings.payments.merchantId,
      merchantKey: settings.payments.merchantKey,
      merchantSalt: settings.payments.merchantSalt,
      testMode: settings.payments.testMode,
    });
  const quota = quotaService({ transact });
  const payments = paymentService({
    transact,
    provider: paymentProvider,
    auth,
    publicUrl: settings.publicUrl,
    merchantKey: settings.payments.merchantKey,
    merchantSalt: settings.payments.merchantSalt,
    orderTtlMs: settings.payments.orderTtlMs,
    testMode: settings.payments.testMode,
  });
  const billing = {
    quota,
    payments,
    provider: paymentProvider,
    sandbox,
    invoices: invoiceRepository(database.db),
  };
  const jobHandlers: JobHandlers = {
    [jobs.billingPeriods]: async () => payments.rollPeriods(),
    [jobs.ping]: async (data) => ({ pong: data.value }),
    [jobs.purgeSessions]: async () => ({ purged: await repos.sessions.purgeStale(new Date()) }),
  };
  return { repos, auth, google, jobHandlers, site, admin, billing };
}
export type Services = ReturnType<typeof composeServices>;
