import pino from 'pino';
import type { Settings } from './config/env';
import { loggerOptions } from './config/logger';
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
import { accountService } from './services/account.service';
import { accountRepository } from './repositories/account.repository';
import { authTokenRepository } from './repositories/auth-token.repository';
import { createMailer } from './adapters/mail/mailer';
import { mailLogRepository } from './repositories/mail-log.repository';
import { mailNotifications } from './services/mail-notifications.service';
import { googleAuth, type GoogleAuth } from './adapters/oauth/google.adapter';
import { paymentOrderRepository } from './repositories/payment-order.repository';
import { subscriptionRepository } from './repositories/subscription.repository';
import { promoCodeRepository } from './repositories/promo-code.repository';
import { quotaRepository } from './repositories/quota.repository';
import { invoiceRepository } from './repositories/invoice.repository';
import type { BillingRepos, Transact } from './services/billing/repos';
import { quotaService } from './services/billing/quota.service';
import { paymentService } from './services/billing/payment.service';
import { refundsService } from './services/billing/refunds.service';
import { paytrProvider } from './adapters/payments/paytr.adapter';
import { sandboxProvider } from './adapters/payments/sandbox.adapter';
import { imageRepository } from './repositories/image.repository';
import { processingJobRepository } from './repositories/processing-job.repository';
import { photoService } from './services/photos';
import { imageWorkerPool } from './adapters/engine/image-pool';
import { createMetrics } from './metrics';
import { createStorage } from './adapters/storage';
import { replicateGenerator } from './adapters/generation/replicate.adapter';
import { effectivePlan } from './services/billing/policy';
import path from 'node:path';
import { jobs } from './jobs/job-names';
import { createJobQueue, maintenanceIntervalFor, type JobHandlers } from './jobs/boss';

const PHOTO_JOB_ATTEMPTS = 3;
const PHOTO_RETRY_DELAY_S = 2;

/** Wires repositories, adapters and services for one database; used by main.ts and the tests. */
export function composeServices(database: Database, settings: Settings, opts: { log?: pino.Logger } = {}) {
  // Services log outside any request (workers, scheduled jobs): their own logger, same level as the API's.
  const log = opts.log ?? pino(loggerOptions(settings));
  // Local disk (embedded default) or the shared bucket (S3_BUCKET): one store for every service.
  const storage = createStorage(settings);
  const repos = {
    users: userRepository(database.db),
    sessions: sessionRepository(database.db),
    throttle: loginThrottleRepository(database.db),
    health: healthRepository(database.db),
  };
  const mailer = createMailer({
    smtpUrl: settings.mail.smtpUrl,
    from: settings.mail.from,
    mailDir: path.join(settings.dataDir, 'mail'),
    log: log.child({ component: 'mail' }),
  });
  const auth = authService({
    ...repos,
    tokens: authTokenRepository(database.db),
    audit: auditRepository(database.db),
    mailer,
    publicUrl: settings.publicUrl,
    log: log.child({ component: 'auth' }),
    sessionTtlMs: settings.sessionTtlMs,
  });
  const notifications = mailNotifications({
    log: mailLogRepository(database.db),
    mailer,
    auth,
    publicUrl: settings.publicUrl,
    logger: log.child({ component: 'mail' }),
  });
  const account = accountService({
    users: repos.users,
    accounts: accountRepository(database.db),
    subscriptions: subscriptionRepository(database.db),
    storage,
    auth,
    eraseInTransaction: (userId, at) =>
      database.db.transaction((tx) => accountRepository(tx).erase(userId, at)),
    log: log.child({ component: 'account' }),
  });
  const siteRepos = (db: typeof database.db): AdminRepos => ({
    admin: adminRepository(db),
    audit: auditRepository(db),
    contact: contactRepository(db),
    newsletter: newsletterRepository(db),
  });
  const site = siteService(siteRepos(database.db));
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
  const transact: Transact = (fn) => database.db.transaction((tx) => fn(billingRepos(tx)));
  const billingLog = log.child({ component: 'billing' });
  if (settings.payments.sandboxInProduction) {
    billingLog.error(
      'PAYMENT_SANDBOX_IN_PRODUCTION=true: payments are simulated and take no money; never use this for real customers',
    );
  }
  const sandbox =
    settings.payments.provider === 'sandbox'
      ? sandboxProvider({
          publicUrl: settings.publicUrl,
          merchantId: settings.payments.merchantId,
          merchantKey: settings.payments.merchantKey,
          merchantSalt: settings.payments.merchantSalt,
          production: settings.env === 'production',
        })
      : null;
  const paymentProvider =
    sandbox ??
    paytrProvider({
      baseUrl: settings.payments.paytrBaseUrl,
      timeoutMs: settings.payments.paytrTimeoutMs,
      merchantId: settings.payments.merchantId,
      merchantKey: settings.payments.merchantKey,
      merchantSalt: settings.payments.merchantSalt,
      testMode: settings.payments.testMode,
    });
  const quota = quotaService({ transact });
  const admin = adminService({
    ...siteRepos(database.db),
    // Admin actions, their audit entries and quota-window alignment commit together.
    transaction: (fn) => database.db.transaction((tx) => fn({ ...siteRepos(tx), billing: billingRepos(tx) })),
  });
  const payments = paymentService({
    transact,
    provider: paymentProvider,
    auth,
    publicUrl: settings.publicUrl,
    orderTtlMs: settings.payments.orderTtlMs,
    testMode: settings.payments.testMode,
    log: billingLog,
  });
  const refunds = refundsService({
    // Marking a refund and its audit entry commit together.
    transaction: (fn) =>
      database.db.transaction((tx) => fn({ orders: paymentOrderRepository(tx), audit: auditRepository(tx) })),
    log: billingLog,
  });
  const billing = {
    quota,
    payments,
    refunds,
    provider: paymentProvider,
    sandbox,
    invoices: invoiceRepository(database.db),
  };
  // Built before the services that send jobs; started (connect, handlers) by main.ts or a test.
  const queue = createJobQueue({
    database,
    log: log.child({ component: 'queue' }),
    jobTimeoutSeconds: settings.jobTimeoutSeconds,
  });
  // Image work runs in these worker processes, never on the event loop that answers HTTP (started on use).
  const imageWorkers = imageWorkerPool({
    size: settings.imageWorkers,
    nice: settings.imageWorkerNice,
    idleMs: settings.imageWorkerIdleMs,
    // A worker-only server's image workers run photo jobs only: they load the models as they start, not
    // during the first photo. Where the API runs too they mostly decode uploads, and loading the models
    // there raised the peak of eight parallel 7000x7000 uploads from +440 to +780 MB (scaleout test).
    warmup: settings.roles.worker && !settings.roles.api,
    log: log.child({ component: 'images' }),
  });
  const metrics = createMetrics();
  metrics.gauge('photo_queue_depth', 'Photo jobs waiting in the queue', async () =>
    queue.isStarted() ? (await queue.depth(jobs.photoProcess)).queued : 0,
  );
  metrics.gauge('photo_queue_oldest_wait_seconds', 'Age of the oldest waiting photo job', async () =>
    queue.isStarted() ? (await queue.depth(jobs.photoProcess)).oldestQueuedSeconds : 0,
  );
  metrics.gauge(
    'image_workers_busy',
    'Image worker processes running a task',
    () => imageWorkers.load().running,
  );
  metrics.gauge(
    'image_tasks_waiting',
    'Image tasks waiting for a worker process',
    () => imageWorkers.load().queued,
  );
  const subscriptionsRepo = subscriptionRepository(database.db);
  const photos = photoService({
    images: imageRepository(database.db),
    jobs: processingJobRepository(database.db),
    storage,
    quota,
    async planOf(user) {
      return effectivePlan(await subscriptionsRepo.findByUser(user.id), new Date());
    },
    async enqueue(jobId, userId, headStart) {
      // A job whose worker died is expired after JOB_TIMEOUT_SECONDS and retried (sooner by heartbeats).
      await queue.sendFair(
        jobs.photoProcess,
        { jobId },
        {
          group: userId,
          headStart,
          retryLimit: PHOTO_JOB_ATTEMPTS - 1,
          retryDelay: PHOTO_RETRY_DELAY_S,
          expireInSeconds: settings.jobTimeoutSeconds,
        },
      );
    },
    async retryNow(jobId) {
      return queue.retryNow(jobs.photoProcess, jobId, 'worker lost (no heartbeat)');
    },
    engine: () => imageWorkers,
    sanitize: (data) => imageWorkers.sanitize(data),
    generator: settings.replicate
      ? replicateGenerator({
          token: settings.replicate.token,
          baseUrl: settings.replicate.baseUrl,
          model: settings.replicate.model,
        })
      : null,
    resultRetentionMs: settings.resultRetentionMs,
    uploadRetentionMs: settings.uploadRetentionMs,
    staleAfterMs: settings.jobStaleAfterMs,
    metrics: {
      jobEnded: (outcome, seconds) => metrics.jobSeconds.labels(outcome).observe(seconds),
      queueWait: (seconds) => metrics.jobWaitSeconds.observe(seconds),
      stage: (name, seconds) => metrics.stageSeconds.labels(name).observe(seconds),
      workerLost: () => metrics.jobsLost.inc(),
      quota: (result) => metrics.quota.labels(result).inc(),
    },
    log: log.child({ component: 'photos' }),
    // Every attempt timing out, each noticed within a maintenance interval, then retried after the delay.
    jobDeadlineMs:
      PHOTO_JOB_ATTEMPTS *
      (settings.jobTimeoutSeconds +
        maintenanceIntervalFor(settings.jobTimeoutSeconds) +
        PHOTO_RETRY_DELAY_S) *
      1000,
  });
  const jobHandlers: JobHandlers = {
    [jobs.photoProcess]: async (data, meta) => photos.runJob(data.jobId, meta),
    [jobs.photoRetention]: async () => photos.purgeExpired(),
    [jobs.billingPeriods]: async () => payments.rollPeriods(),
    [jobs.ping]: async (data) => ({ pong: data.value }),
    [jobs.purgeSessions]: async () => ({ purged: await repos.sessions.purgeStale(new Date()) }),
    [jobs.mailNotifications]: async () => notifications.sweep(),
  };
  return {
    repos,
    auth,
    account,
    mailer,
    notifications,
    google,
    jobHandlers,
    site,
    admin,
    billing,
    billingRepos,
    photos,
    queue,
    imageWorkers,
    metrics,
    /** Set by main.ts on SIGTERM: readiness answers 503 while HTTP drains. */
    lifecycle: { draining: false },
    freePromptMode: (settings.replicate ? 'remote' : 'local') as 'remote' | 'local',
  };
}
export type Services = ReturnType<typeof composeServices>;
