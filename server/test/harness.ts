import pino from 'pino';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import { emptyPgDatabase } from './processes';
import { loadSettings, type Settings } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { composeServices, type Services } from '../src/compose';
import { buildApp, type App } from '../src/http/app';
import { hashPassword } from '../src/services/auth/passwords';
import { paymentService } from '../src/services/billing/payment.service';
import type { UserRow } from '../src/repositories/user.repository';

/**
 * A migrated PGlite data directory, made once for a set of migrations and PGlite version (a file in the
 * system's temp folder, named by their hash) and copied by every test file: a new PGlite made from it skips
 * initdb and the migrations, which took seconds per file on a 2-core machine.
 */
async function pgliteTemplate(): Promise<Blob> {
  const migrations = path.resolve(import.meta.dirname, '../src/db/migrations');
  const pglite = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const hash = createHash('sha256');
  for (const dir of [migrations, pglite]) {
    for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
      const file = path.join(dir, name);
      if (!fs.statSync(file).isFile()) continue;
      hash.update(name);
      hash.update(dir === migrations ? fs.readFileSync(file) : String(fs.statSync(file).size));
    }
  }
  const file = path.join(os.tmpdir(), `oto-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    const dump = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    await database.close();
    // Files running at once may each make it; the rename makes whichever lands whole.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, dump);
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite (a copy of the migrated template), or a new
 * PostgreSQL database created next to DATABASE_URL when that is set (dropped again on close).
 */
export async function createTestDatabase(): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ dataDir: null, template: await pgliteTemplate() });
    await database.migrate(); // nothing to do on the template; kept so a stale one could never pass unmigrated
    return database;
  }
  const { name, url } = await emptyPgDatabase(baseUrl, 'test');
  const database = await openDatabase({ databaseUrl: url, dataDir: null });
  await database.migrate();
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: baseUrl });
    await dropper.connect();
    // Without FORCE: a connection still closing must not be killed under its client (an uncaught error).
    for (let attempt = 0; ; attempt++) {
      try {
        await dropper.query(`drop database if exists ${name}`);
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    await dropper.end();
  };
  return database;
}

export interface TestContext {
  app: App;
  database: Database;
  services: Services;
  settings: Settings;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a fresh database, for `app.inject()`; env overrides go through the real loader. */
export async function createTestApp(
  env: Record<string, string> = {},
  extend?: (app: App) => void,
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oto-test-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const database = await createTestDatabase();
  const services = composeServices(database, settings);
  const app = await buildApp({ settings, services });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    services,
    settings,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let seq = 0;
export const TEST_PASSWORD = 'dogru-sifre-123';

/** The registration a payment-first sign-up sends (SPEC §5), for the given address. */
export const registration = (email: string) => ({
  email,
  password: 'guclu-sifre-1',
  confirmPassword: 'guclu-sifre-1',
  phone: '05321234567',
  firstName: 'Can',
  lastName: 'Ödemeci',
  kvkkAccepted: true,
});

/** Inserts a user with TEST_PASSWORD (hashing skipped per call by caching one hash). */
let cachedHash: Promise<string> | undefined;
export async function createUser(ctx: TestContext, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  seq += 1;
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const now = new Date();
  return ctx.services.repos.users.insert({
    id: `user-${seq}-${randomBytes(4).toString('hex')}`,
    email: `user${seq}.${randomBytes(3).toString('hex')}@example.com`,
    passwordHash: await cachedHash,
    phone: '05551234567',
    firstName: 'Test',
    lastName: 'Kullanıcı',
    kvkkAccepted: true,
    kvkkAcceptedAt: now,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
}

/** Logs in through the API and returns the bearer token. */
/** One password sign-in attempt (from `remoteAddress` when given), its answer as it came. */
export function loginAttempt(ctx: TestContext, email: string, password: string, remoteAddress?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: { email, password },
  });
}

export async function login(ctx: TestContext, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

/** The payment service of a test app with its own clock: what the period-end job and callbacks see then. */
export function paymentsAt(ctx: TestContext, now: () => Date) {
  return paymentService({
    transact: (fn) => ctx.database.db.transaction((tx) => fn(ctx.services.billingRepos(tx as never))),
    provider: ctx.services.billing.provider,
    auth: ctx.services.auth,
    publicUrl: ctx.settings.publicUrl,
    orderTtlMs: ctx.settings.payments.orderTtlMs,
    testMode: true,
    log: pino({ level: 'silent' }),
    now,
  });
}
