// Issue 15, "Done when" 1 (and reproduction 2): PostgreSQL-backed API + 2 workers, each with its own empty
// DATA_DIR, sharing only PostgreSQL and S3 (s3rver on loopback); started at the same moment on an empty
// database 5 times; 10 photos through HTTP while a worker is killed mid-job and the database restarts.
// The database restart is the real cluster restart when SCALEOUT_PG_RESTART=1 (CI; it cuts every
// database's connections), otherwise every connection to this test's own database is terminated.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import pg from 'pg';
import { loadSettings, DEV_PAYTR } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { composeServices } from '../src/compose';
import { periodPriceKurus } from '../../contract/plans';
import { startS3Server, type S3TestServer } from './fakes/s3.server';
import { paytrCallbackHashOf } from './fakes/paytr-notify';
import { emptyPgDatabase, spawnServer, type ServerProcess } from './processes';
import { waitUntil } from './wait-until';

const BASE = process.env.DATABASE_URL;
// The default: recovery must come from heartbeats, not from this timeout; a loaded machine needs the deadline.
const JOB_TIMEOUT = '300';
// A killed worker's job is handed back once its heartbeat is 5 s old, not after the default 30 s (the same
// recovery path, sooner; as in crash-recovery.test.ts and photo-jobs.test.ts).
const STALE = { JOB_TIMEOUT_SECONDS: JOB_TIMEOUT, JOB_HEARTBEAT_STALE_SECONDS: '5' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.(jpg|png)$/.test(f))
    : [];

async function carPhoto(i: number): Promise<Buffer> {
  const hue = (i * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="100%" height="100%" fill="#d4d8dc"/>
    <rect x="120" y="170" width="400" height="120" rx="28" fill="hsl(${hue},70%,40%)"/><circle cx="200" cy="290" r="36" fill="#111"/>
    <circle cx="440" cy="290" r="36" fill="#111"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** Waits on a condition (up to 150 s: a loaded machine is slow to start workers and run jobs). */
const waitFor = (what: string, check: () => Promise<boolean>) =>
  waitUntil(check, what, { timeoutMs: 150_000, intervalMs: 250 });

/** Cuts the database under the running processes: a cluster restart, or all connections to this database. */
async function databaseBlip(dbName: string) {
  if (process.env.SCALEOUT_PG_RESTART === '1') {
    const cluster = fs.readdirSync('/etc/postgresql')[0];
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', 'restart'], {
      stdio: 'ignore',
    });
    return;
  }
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [dbName],
  );
  await admin.end();
}

describe.skipIf(!BASE)('API + 2 workers on PostgreSQL and S3', () => {
  let s3: S3TestServer;
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  async function startTopology() {
    const db = await emptyPgDatabase(BASE!);
    const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'oto-scale-')));
    const port = await freePort();
    const common = { DATABASE_URL: db.url, ...STALE, ...s3.env };
    const spawnRole = (i: number) =>
      spawnServer({
        ...common,
        DATA_DIR: dirs[i],
        ROLES: i === 0 ? 'api' : 'worker',
        PORT: i === 0 ? String(port) : '0',
        HOST: '127.0.0.1',
      });
    // All three at the same moment, on an empty database.
    const procs = [0, 1, 2].map(spawnRole);
    try {
      for (const p of procs) await p.waitFor(/"msg":"ready"/, 'ready');
    } catch (err) {
      for (const p of procs) await p.stop();
      await db.drop();
      throw err;
    }
    return { db, dirs, procs, port, spawnRole };
  }

  it('boots 5 times at once on an empty database, then survives a killed worker and a database restart', async () => {
    s3 = await startS3Server('oto-scaleout');
    cleanups.push(() => s3.close());

    // 1. Five cold starts of the whole topology at the same moment; every process comes up and stops cleanly.
    for (let round = 1; round <= 4; round++) {
      const t = await startTopology();
      for (const p of t.procs) expect(await p.stop()).toBe(0);
      await t.db.drop();
      for (const d of t.dirs) fs.rmSync(d, { recursive: true, force: true });
    }
    const t = await startTopology();
    const procs: ServerProcess[] = [...t.procs];
    cleanups.push(async () => {
      for (const p of procs) await p.stop();
      await t.db.drop();
      for (const d of t.dirs) fs.rmSync(d, { recursive: true, force: true });
    });
    const api = `http://127.0.0.1:${t.port}`;

    // 2. A Pro subscriber (10 photos a month), paid through a signed sandbox callback as in production.
    const settings = loadSettings({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: t.db.url,
      ...s3.env,
    });
    const database: Database = await openDatabase({ databaseUrl: t.db.url, dataDir: null });
    cleanups.push(() => database.close());
    const services = composeServices(database, settings);
    // Direct reads for the checks (a pool of its own: it reconnects after the database blip).
    const checks = new pg.Pool({ connectionString: t.db.url, max: 1 });
    checks.on('error', () => undefined);
    cleanups.push(() => checks.end());
    const sqlRows = async <T>(text: string) => {
      for (let i = 0; ; i++) {
        try {
          return (await checks.query(text)).rows as T[];
        } catch (err) {
          if (i > 60) throw err;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    };
    const now = new Date();
    let user = await services.repos.users.insert({
      id: 'scaleout-user',
      email: 'scaleout@example.com',
      firstName: 'Ölçek',
      lastName: 'Testi',
      phone: '05551234567',
      kvkkAccepted: true,
      kvkkAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const { body } = await services.billing.payments.subscribe({
      user,
      planType: 'pro',
      billingCycle: 'monthly',
      promoCode: null,
      client: { ip: '127.0.0.1', userAgent: 'test' },
    });
    const oid = (body as { paymentIntent: { id: string } }).paymentIntent.id;
    const amount = String(periodPriceKurus('pro', 'monthly'));
    await services.billing.payments.handleCallback({
      merchant_oid: oid,
      status: 'success',
      total_amount: amount,
      hash: paytrCallbackHashOf(oid, 'success', amount, DEV_PAYTR.key, DEV_PAYTR.salt),
    });
    user = (await services.repos.users.findById(user.id))!;
    expect(await services.billing.quota.status(user)).toMatchObject({ used: 0, remaining: 10 });
    const { token } = await services.auth.createSession(user.id, { ip: '127.0.0.1', userAgent: 'test' });
    const auth = { authorization: `Bearer ${token}` };

    // 3. Ten uploads through the API process (files go to the bucket, not to its disk).
    const urls: string[] = [];
    for (let i = 0; i < 10; i++) {
      const form = new FormData();
      form.append(
        'image',
        new Blob([new Uint8Array(await carPhoto(i))], { type: 'image/jpeg' }),
        `araba-${i}.jpg`,
      );
      const res = await fetch(`${api}/api/upload-image`, { method: 'POST', headers: auth, body: form });
      expect(res.status, await res.clone().text()).toBe(200);
      urls.push(((await res.json()) as { imageUrl: string }).imageUrl);
    }

    // 4. Ten photo jobs at once; each request waits for its result.
    // node:http, not fetch: on a loaded machine a request may wait past fetch's 300 s header timeout.
    const requests = urls.map(
      (imageUrl) =>
        new Promise<{ status: number; body: { status: string; output: string[]; error: string | null } }>(
          (ok, fail) => {
            const req = http.request(
              `${api}/api/process-image`,
              { method: 'POST', headers: { ...auth, 'content-type': 'application/json' } },
              (res) => {
                let text = '';
                res.on('data', (d) => (text += d));
                res.on('end', () => ok({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
              },
            );
            req.on('error', fail);
            req.end(
              JSON.stringify({
                imageUrl,
                operations: ['background_change'],
                backgroundPreset: 'luxury-showroom',
                removeWatermark: false,
              }),
            );
          },
        ),
    );
    const running = async () =>
      (await sqlRows<{ n: string }>("select count(*) as n from processing_jobs where status = 'running'"))[0]
        .n !== '0';

    // 5. A worker is killed in the middle of a job; a fresh one takes its place (its own empty DATA_DIR).
    await waitFor('a job running', running);
    procs[1].child.kill('SIGKILL');
    await procs[1].exited;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oto-scale-'));
    t.dirs.push(dir);
    const replacement = spawnServer({
      DATABASE_URL: t.db.url,
      ...STALE,
      ...s3.env,
      DATA_DIR: dir,
      ROLES: 'worker',
      PORT: '0',
    });
    procs.push(replacement);
    await replacement.waitFor(/"msg":"ready"/, 'replacement ready');

    // 6. The database goes away under everyone while jobs are in flight, and comes back.
    await waitFor('a job running again', running);
    await databaseBlip(t.db.name);

    // 7. Every request ends with the right answer: a result, never "failed" for a job that succeeded.
    const answers = await Promise.all(requests);
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body).toMatchObject({ status: 'succeeded', error: null });
      expect(a.body.output).toHaveLength(1);
    }
    // Every job charged exactly once: 10 photos used, nothing left reserved.
    await waitFor('quota settled', async () => {
      const q = await services.billing.quota.status(user);
      return q.reserved === 0;
    });
    expect(await services.billing.quota.status(user)).toMatchObject({ used: 10, reserved: 0, remaining: 0 });
    const jobsRows = await sqlRows('select status, count(*) as n from processing_jobs group by status');
    expect(jobsRows).toEqual([{ status: 'succeeded', n: '10' }]);

    // Each result is served by the API from the bucket; no file lives only on a worker's disk.
    for (const a of answers) {
      const img = await fetch(`${api}${a.body.output[0]}`, { headers: auth });
      expect(img.status).toBe(200);
      expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).format).toBe('jpeg');
    }
    expect(s3.keys().filter((k) => k.startsWith('results/'))).toHaveLength(10);
    for (const d of t.dirs) expect(filesUnder(d)).toEqual([]);

    // 8. A clean stop of everyone still running.
    for (const p of procs) if (p !== procs[1]) expect(await p.stop()).toBe(0);
  }, 900_000);
});
