import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const roleList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(['api', 'worker'])).min(1));

const DEV_COOKIE_SECRET = 'dev-only-cookie-secret-change-me-in-production-0001';
/** Documented sandbox credentials (README): anyone can sign a callback by hand against a dev server. */
export const DEV_PAYTR = { merchantId: '100000', key: 'DEVKEYDEVKEYDEV1', salt: 'DEVSALTDEVSALT01' } as const;

/** Every environment variable the server reads; documented in the README configuration table. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ROLES: roleList.default(['api', 'worker']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_COOKIE_SECRET),
  COOKIE_SECURE: bool.optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // How many proxies stand in front (X-Forwarded-For entries to trust, counted from the right); 'true' = 1.
  TRUST_PROXY: z
    .union([bool, z.coerce.number().int().min(0).max(10)])
    .transform((v) => (v === true ? 1 : v === false ? 0 : v))
    .default(0),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Oto Stüdyo <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  WEB_DIST_DIR: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paytr']).default('sandbox'),
  PAYTR_MERCHANT_ID: z.string().regex(/^\d+$/, 'must be digits').default(DEV_PAYTR.merchantId),
  PAYTR_MERCHANT_KEY: z.string().min(8).default(DEV_PAYTR.key),
  PAYTR_MERCHANT_SALT: z.string().min(8).default(DEV_PAYTR.salt),
  PAYTR_BASE_URL: z.url().default('https://www.paytr.com'),
  PAYTR_TEST_MODE: bool.default(true),
  // How long get-token may take before the customer is told the payment page is unavailable.
  PAYTR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  // A demo deployment may run the sandbox in production only when this says so (logged loudly at boot).
  PAYMENT_SANDBOX_IN_PRODUCTION: bool.default(false),
  ORDER_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(40),
  RESULT_RETENTION_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(24),
  // A photo job running longer than this is taken as dead (its worker crashed) and retried.
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(20).max(1200).default(300),
  // A running job whose heartbeat is this old lost its worker and is retried (heartbeat every 1/6 of it).
  JOB_HEARTBEAT_STALE_SECONDS: z.coerce.number().min(1).max(600).default(30),
  // Unprocessed uploads are deleted after this long (KVKK; bounded storage per user).
  UPLOAD_RETENTION_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(24),
  // Image work runs in up to this many worker processes per server process (off the API's event loop).
  IMAGE_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  // How much nicer image worker processes run than a server process that answers HTTP (0: the same).
  IMAGE_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  // An image worker process idle this long exits (the memory of a large image goes back to the system).
  IMAGE_WORKER_IDLE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  // Progress streams (GET /api/jobs/:id/events) one server process holds open at once, all users together.
  PROGRESS_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(200),
  // A progress stream whose job shows no change this long is closed (the browser's EventSource reconnects).
  PROGRESS_STREAM_IDLE_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  // GET /metrics needs 'Authorization: Bearer <token>' when set; without it only loopback may scrape.
  METRICS_TOKEN: z.string().min(16).optional(),
  // Shared object storage (several machines): files go to this bucket instead of DATA_DIR/files.
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  REPLICATE_API_TOKEN: z.string().min(8).optional(),
  REPLICATE_BASE_URL: z.url().default('https://api.replicate.com'),
  REPLICATE_MODEL: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name')
    .default('black-forest-labs/flux-schnell'),
});

// Cross-variable rules, checked on the raw values so they are listed together with per-variable errors.
function crossProblems(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const secret = raw.COOKIE_SECRET ?? DEV_COOKIE_SECRET;
  if (raw.NODE_ENV === 'production' && secret === DEV_COOKIE_SECRET) {
    problems.push('COOKIE_SECRET: must be set in production');
  }
  // Fail closed: the sandbox takes no money, and the dev key is published, so anyone could sign a
  // callback. Production needs an explicit opt-in for the first and never accepts the second.
  if (raw.NODE_ENV === 'production') {
    const optIn = ['true', '1', 'yes'].includes(raw.PAYMENT_SANDBOX_IN_PRODUCTION ?? '');
    if ((raw.PAYMENT_PROVIDER ?? 'sandbox') === 'sandbox' && !optIn) {
      problems.push(
        'PAYMENT_PROVIDER: the sandbox takes no money and cannot run in production; set PAYMENT_PROVIDER=paytr ' +
          'with the real PAYTR_MERCHANT_ID, PAYTR_MERCHANT_KEY and PAYTR_MERCHANT_SALT ' +
          '(a demo may set PAYMENT_SANDBOX_IN_PRODUCTION=true, with its own key and salt)',
      );
    }
    if (!raw.PAYTR_MERCHANT_KEY || raw.PAYTR_MERCHANT_KEY === DEV_PAYTR.key) {
      problems.push('PAYTR_MERCHANT_KEY: the published development key is never accepted in production');
    }
    if (!raw.PAYTR_MERCHANT_SALT || raw.PAYTR_MERCHANT_SALT === DEV_PAYTR.salt) {
      problems.push('PAYTR_MERCHANT_SALT: the published development salt is never accepted in production');
    }
  }
  if (
    raw.NODE_ENV !== 'production' &&
    raw.PAYMENT_PROVIDER === 'paytr' &&
    (!raw.PAYTR_MERCHANT_KEY || raw.PAYTR_MERCHANT_KEY === DEV_PAYTR.key)
  ) {
    problems.push('PAYTR_MERCHANT_KEY: the real merchant key is required when PAYMENT_PROVIDER=paytr');
  }
  if (
    raw.NODE_ENV !== 'production' &&
    raw.PAYMENT_PROVIDER === 'paytr' &&
    (!raw.PAYTR_MERCHANT_SALT || raw.PAYTR_MERCHANT_SALT === DEV_PAYTR.salt)
  ) {
    problems.push('PAYTR_MERCHANT_SALT: the real merchant salt is required when PAYMENT_PROVIDER=paytr');
  }
  if (raw.PAYMENT_PROVIDER === 'paytr' && !raw.PAYTR_MERCHANT_ID) {
    problems.push('PAYTR_MERCHANT_ID: required when PAYMENT_PROVIDER=paytr');
  }
  if (raw.S3_BUCKET && (!raw.S3_ACCESS_KEY_ID || !raw.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET');
  }
  if (Boolean(raw.GOOGLE_CLIENT_ID) !== Boolean(raw.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

export interface Settings {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  roles: { api: boolean; worker: boolean };
  logLevel: Env['LOG_LEVEL'];
  cookieSecret: string;
  /** undefined = decide per request from the protocol. */
  cookieSecure: boolean | undefined;
  sessionTtlMs: number;
  /** Number of trusted proxy hops (0 = use the socket address). */
  trustProxy: number;
  mail: { smtpUrl: string | null; from: string };
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  webDistDir: string;
  resultRetentionMs: number;
  jobTimeoutSeconds: number;
  /** A running job's heartbeat older than this means its worker died (written every sixth of it). */
  jobStaleAfterMs: number;
  uploadRetentionMs: number;
  imageWorkers: number;
  /** Added to image worker processes' nice value when this process answers HTTP (worker-only: 0). */
  imageWorkerNice: number;
  /** An idle image worker process exits after this long. */
  imageWorkerIdleMs: number;
  /** Progress streams: open at once per process, and closed after this long without a change. */
  progressStreams: { max: number; idleMs: number };
  metricsToken: string | null;
  /** null: files on local disk under dataDir/files. */
  s3: S3Settings | null;
  replicate: { token: string; baseUrl: string; model: string } | null;
  payments: {
    provider: 'sandbox' | 'paytr';
    merchantId: string;
    merchantKey: string;
    merchantSalt: string;
    paytrBaseUrl: string;
    paytrTimeoutMs: number;
    testMode: boolean;
    orderTtlMs: number;
    /** The sandbox runs in production by explicit opt-in (PAYMENT_SANDBOX_IN_PRODUCTION). */
    sandboxInProduction: boolean;
  };
}

export interface S3Settings {
  bucket: string;
  /** null for AWS itself; the base URL of MinIO, Ceph, R2, s3rver, ... otherwise. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment once; throws EnvError listing every bad variable. */
export function loadSettings(source: Record<string, string | undefined> = process.env): Settings {
  // Empty strings mean "unset" so that `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`)),
    ...crossProblems(cleaned),
  ];
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    roles: { api: e.ROLES.includes('api'), worker: e.ROLES.includes('worker') },
    logLevel: e.LOG_LEVEL,
    cookieSecret: e.COOKIE_SECRET,
    cookieSecure: e.COOKIE_SECURE,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    trustProxy: e.TRUST_PROXY,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : null,
    webDistDir: path.resolve(repoRoot, e.WEB_DIST_DIR ?? 'web/dist'),
    resultRetentionMs: e.RESULT_RETENTION_HOURS * 3_600_000,
    jobTimeoutSeconds: e.JOB_TIMEOUT_SECONDS,
    jobStaleAfterMs: e.JOB_HEARTBEAT_STALE_SECONDS * 1000,
    uploadRetentionMs: e.UPLOAD_RETENTION_HOURS * 3_600_000,
    imageWorkers: e.IMAGE_WORKERS,
    imageWorkerNice: e.ROLES.includes('api') ? e.IMAGE_WORKER_NICE : 0,
    imageWorkerIdleMs: e.IMAGE_WORKER_IDLE_SECONDS * 1000,
    progressStreams: { max: e.PROGRESS_STREAMS_MAX, idleMs: e.PROGRESS_STREAM_IDLE_SECONDS * 1000 },
    metricsToken: e.METRICS_TOKEN ?? null,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ?? null,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    replicate: e.REPLICATE_API_TOKEN
      ? { token: e.REPLICATE_API_TOKEN, baseUrl: e.REPLICATE_BASE_URL, model: e.REPLICATE_MODEL }
      : null,
    payments: {
      provider: e.PAYMENT_PROVIDER,
      merchantId: e.PAYTR_MERCHANT_ID,
      merchantKey: e.PAYTR_MERCHANT_KEY,
      merchantSalt: e.PAYTR_MERCHANT_SALT,
      paytrBaseUrl: e.PAYTR_BASE_URL.replace(/\/+$/, ''),
      paytrTimeoutMs: e.PAYTR_TIMEOUT_MS,
      testMode: e.PAYTR_TEST_MODE,
      orderTtlMs: e.ORDER_TTL_MINUTES * 60_000,
      sandboxInProduction: e.NODE_ENV === 'production' && e.PAYMENT_PROVIDER === 'sandbox',
    },
  };
}
