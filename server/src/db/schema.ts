import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roles } from '../../../contract/user.schema';
import type { JobItemResult, JobRequest } from '../../../contract/photo-job.schema';

export const roleEnum = pgEnum('user_role', roles);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    profileImageUrl: text('profile_image_url'),
    role: roleEnum('role').notNull().default('basic'),
    overrideAllAccess: boolean('override_all_access').notNull().default(false),
    taxNumber: text('tax_number'),
    companyName: text('company_name'),
    kvkkAccepted: boolean('kvkk_accepted').notNull().default(false),
    kvkkAcceptedAt: timestamp('kvkk_accepted_at', { withTimezone: true }),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    aiDataConsent: boolean('ai_data_consent').notNull().default(false),
    aiDataConsentAt: timestamp('ai_data_consent_at', { withTimezone: true }),
    googleSub: text('google_sub'),
    /** Set when the owner proved the address (link, password reset, Google); Google links only to these. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** KVKK erasure: the row stays only as an anonymous anchor for invoices the law makes us keep. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use e-mail tokens (verify address, reset password); only the SHA-256 of the token is stored so a
 * database leak does not hand out working links.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to: a verify link proves this address, not a later one. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * E-mails sent from the notification sweep, one row per (kind, subject) key such as 'receipt:<invoiceId>':
 * the row is claimed before sending, so two workers never send the same receipt and a restart never repeats it.
 */
export const mailLog = pgTable('mail_log', {
  key: text('key').primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed-login counters per key ('acct:<email>' or 'ip:<addr>'), fixed windows. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

// ---- Billing (plans, payments, quota, promo codes, invoices) ----

export const planTypeEnum = pgEnum('plan_type', ['basic', 'pro', 'business']);
export const billingCycleEnum = pgEnum('billing_cycle', ['monthly', 'yearly']);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planType: planTypeEnum('plan_type').notNull(),
    billingCycle: billingCycleEnum('billing_cycle').notNull(),
    /** pending -> active -> expired; cancelled = active until periodEnd, then expired. */
    status: text('status', { enum: ['pending', 'active', 'expired'] }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** The order that paid for the current period. */
    orderId: text('order_id'),
    /** A plan bought while this one runs that starts when it ends (downgrades, renewals). */
    nextPlanType: planTypeEnum('next_plan_type'),
    nextBillingCycle: billingCycleEnum('next_billing_cycle'),
    nextOrderId: text('next_order_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_key').on(t.userId),
    index('subscriptions_period_end_idx').on(t.periodEnd),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    /** Percent (1-100) or kuruş off. */
    value: integer('value').notNull(),
    planType: planTypeEnum('plan_type'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_codes_code_key').on(sql`upper(${t.code})`)],
);

/** A payment-first registration as kept with its order until the payment succeeds (password already hashed). */
export interface PendingRegistration {
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string;
  companyName: string | null;
  taxNumber: string | null;
  marketingConsent: boolean;
  aiDataConsent: boolean;
  passwordHash: string;
}

/** One order per payment attempt; merchantOid is PayTR's order id and the payment intent's id. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    merchantOid: text('merchant_oid').primaryKey(),
    kind: text('kind', { enum: ['subscription', 'addon'] }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Payment-first registration: the form data (password already hashed) until the payment succeeds. */
    registration: jsonb('registration').$type<PendingRegistration>(),
    planType: planTypeEnum('plan_type'),
    billingCycle: billingCycleEnum('billing_cycle'),
    addonPhotos: integer('addon_photos'),
    amountKurus: integer('amount_kurus').notNull(),
    listPriceKurus: integer('list_price_kurus').notNull(),
    discountKurus: integer('discount_kurus').notNull().default(0),
    creditKurus: integer('credit_kurus').notNull().default(0),
    promoCodeId: text('promo_code_id').references(() => promoCodes.id),
    currency: text('currency').notNull().default('TL'),
    /**
     * refund_due: money arrived but the order could not be honoured (see failedReason); an admin refunds it
     * from the PayTR panel and marks it refunded (who, when and the reference are in the audit log).
     */
    status: text('status', { enum: ['pending', 'paid', 'failed', 'expired', 'refund_due', 'refunded'] })
      .notNull()
      .default('pending'),
    provider: text('provider').notNull(),
    email: text('email').notNull(),
    userIp: text('user_ip').notNull(),
    /** SHA-256 of the random value in the starting browser's cookie; auto-login checks it. */
    browserBindingHash: text('browser_binding_hash'),
    autoLoginUsedAt: timestamp('auto_login_used_at', { withTimezone: true }),
    failedReason: text('failed_reason'),
    callbackTotalKurus: integer('callback_total_kurus'),
    testMode: boolean('test_mode').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('payment_orders_user_idx').on(t.userId), index('payment_orders_status_idx').on(t.status)],
);

/** Photo quota of the current monthly window: plan photos + extra (packs, admin grants). */
export const quotaAccounts = pgTable('quota_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
  planQuota: integer('plan_quota').notNull().default(0),
  extraQuota: integer('extra_quota').notNull().default(0),
  used: integer('used').notNull().default(0),
  reserved: integer('reserved').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A hold on quota for one unit of work; `key` makes reserve idempotent across job retries. */
export const quotaReservations = pgTable(
  'quota_reservations',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    status: text('status', { enum: ['reserved', 'committed', 'released'] }).notNull(),
    unlimited: boolean('unlimited').notNull().default(false),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('quota_reservations_key').on(t.key), index('quota_reservations_user_idx').on(t.userId)],
);

/** Gap-free enough and race-free invoice numbering (concurrent callbacks never share a number). */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1 });

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantOid: text('merchant_oid')
      .notNull()
      .references(() => paymentOrders.merchantOid),
    serviceName: text('service_name').notNull(),
    invoiceType: text('invoice_type', { enum: ['e-fatura', 'e-arsiv'] }).notNull(),
    status: text('status', { enum: ['created', 'pending', 'failed'] }).notNull(),
    totalKurus: integer('total_kurus').notNull(),
    netKurus: integer('net_kurus').notNull(),
    kdvKurus: integer('kdv_kurus').notNull(),
    kdvRate: integer('kdv_rate').notNull(),
    buyer: jsonb('buyer').notNull(),
    ettn: text('ettn').notNull(),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_merchant_oid_key').on(t.merchantOid),
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_user_idx').on(t.userId),
  ],
);

// ---- Public site and admin console ----

export const contactMessages = pgTable('contact_messages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  category: text('category').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  ip: text('ip'),
  handled: boolean('handled').notNull().default(false),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    source: text('source'),
    createdAt: createdAt(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_email_key').on(sql`lower(${t.email})`)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

// ---- Photos and processing ----

/** Every stored image (uploads, masks, logos, backgrounds, results); ids are unguessable. */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['upload', 'mask', 'result'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
    /** When the retention job may delete the file (results: RESULT_RETENTION_HOURS; originals: once processed). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('images_user_idx').on(t.userId), index('images_expires_idx').on(t.expiresAt)],
);

export const processingJobs = pgTable(
  'processing_jobs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['editor', 'studio'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    /** What the worker runs (contract/photo-job.schema.ts). */
    request: jsonb('request').$type<JobRequest>().notNull(),
    /** Per-photo outcome (contract/photo-job.schema.ts). */
    results: jsonb('results').$type<JobItemResult[]>(),
    error: text('error'),
    stage: text('stage'),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Written every few seconds by the attempt that runs the job; a stale one means its worker died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [index('processing_jobs_user_idx').on(t.userId), index('processing_jobs_status_idx').on(t.status)],
);
