// Scale-out bench (issue 15): API latency under 50 concurrent clients with and without photo jobs running
// in the same server (image work runs in image worker processes, off the API's event loop), and photos per
// minute with 1 and 2 worker processes on PostgreSQL (needs DATABASE_URL; skipped otherwise). The server
// runs as its own process (`node --import tsx server/src/main.ts`); load comes from this process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { emptyPgDatabase, seedUser, spawnServer, type ServerProcess } from '../server/test/processes';
import type { BenchTable } from './engine.bench';
import { photos } from './http.bench';

const CLIENTS = 50;
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 20_000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 10);

const freePort = () =>
  new Promise<number>((ok) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => ok(port));
    });
  });

const pct = (v: number[], p: number) => {
  const s = v.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function uploadAll(base: string, auth: Record<string, string>, cars: Buffer[]) {
  const urls: string[] = [];
  for (const p of cars) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), 'araba.jpg');
    const res = await fetch(`${base}/api/upload-image`, { method: 'POST', headers: auth, body: form });
    if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    urls.push(((await res.json()) as { imageUrl: string }).imageUrl);
  }
  return urls;
}

/** POST with JSON through node:http: a photo request may wait longer than fetch's 300 s header timeout. */
function postJson(url: string, headers: Record<string, string>, body: unknown) {
  return new Promise<unknown>((ok, fail) => {
    const data = JSON.stringify(body);
    const req = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => ok(JSON.parse(text)));
      },
    );
    req.on('error', fail);
    req.end(data);
  });
}

const processAll = (base: string, auth: Record<string, string>, urls: string[]) =>
  Promise.all(
    urls.map(async (imageUrl) => {
      const body = (await postJson(`${base}/api/process-image`, auth, {
        imageUrl,
        operations: ['background_change', 'plate_hide'],
        backgroundPreset: 'luxury-showroom',
        removeWatermark: true,
      })) as { status?: string };
      if (body.status !== 'succeeded') throw new Error(`photo failed: ${JSON.stringify(body)}`);
    }),
  );

/** 50 clients calling GET /api/auth/me back to back for the window (or until `until` settles). */
async function hammer(base: string, auth: Record<string, string>, until?: Promise<unknown>) {
  const times: number[] = [];
  let stop = false;
  const timer = setTimeout(() => (stop = true), WINDOW_MS);
  void until?.finally(() => (stop = true));
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!stop) {
        const t = performance.now();
        const res = await fetch(`${base}/api/auth/me`, { headers: auth });
        await res.arrayBuffer();
        times.push(performance.now() - t);
      }
    }),
  );
  clearTimeout(timer);
  return { p50: pct(times, 50), p99: pct(times, 99), n: times.length };
}

async function latencyUnderPhotos(): Promise<[string, string][]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oto-bench-lat-'));
  const { auth, close } = await seedUser({}, dataDir);
  await close();
  const port = await freePort();
  const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
  try {
    await server.waitFor(/"msg":"ready"/, 'ready');
    const base = `http://127.0.0.1:${port}`;
    for (
      let i = 0;
      i < 100 &&
      !(await fetch(`${base}/livez`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 200));
    const urls = await uploadAll(base, auth, await photos(PHOTOS));
    await hammer(base, auth); // warm-up
    const idle = await hammer(base, auth);
    const started = performance.now();
    const jobs = processAll(base, auth, urls);
    const busy = await hammer(base, auth, jobs);
    await jobs;
    const seconds = (performance.now() - started) / 1000;
    return [
      [`API p99, ${CLIENTS} clients, no photos (ms)`, idle.p99.toFixed(0)],
      [`API p99, ${CLIENTS} clients, ${PHOTOS} photos processing (ms)`, busy.p99.toFixed(0)],
      ['p99 with photos / without (goal <= 1.5x)', `${(busy.p99 / idle.p99).toFixed(2)}x`],
      ['API p50 without / with photos (ms)', `${idle.p50.toFixed(0)} / ${busy.p50.toFixed(0)}`],
      [`single process: ${PHOTOS} photos took (s)`, seconds.toFixed(1)],
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function photosPerMinute(workers: number, baseUrl: string, cars: Buffer[]): Promise<number> {
  const db = await emptyPgDatabase(baseUrl, 'bench');
  const dirs: string[] = [];
  const procs: ServerProcess[] = [];
  const port = await freePort();
  const env = { DATABASE_URL: db.url };
  // One files folder for all (as a shared disk would be; production uses S3): the bench measures the workers.
  const dir = mkdtempSync(join(tmpdir(), 'oto-bench-pm-'));
  dirs.push(dir);
  const spawnRole = (roles: string, p: string) => {
    const proc = spawnServer({ ...env, DATA_DIR: dir, ROLES: roles, PORT: p, HOST: '127.0.0.1' });
    procs.push(proc);
    return proc;
  };
  try {
    // Migrate first, so the user can be written; then the API and the workers.
    const { auth, close } = await seedUser(env, null);
    await close();
    spawnRole('api', String(port));
    for (let i = 0; i < workers; i++) spawnRole('worker', '0');
    const base = `http://127.0.0.1:${port}`;
    for (
      let i = 0;
      i < 300 &&
      !(await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 3_000)); // workers polling
    const urls = await uploadAll(base, auth, cars);
    const t = performance.now();
    await processAll(base, auth, urls);
    return (cars.length / (performance.now() - t)) * 60_000;
  } finally {
    for (const p of procs) await p.stop();
    await db.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

export async function scaleoutBench(): Promise<BenchTable> {
  const rows = await latencyUnderPhotos();
  for (const [k, v] of rows) console.log(`${k}: ${v}`); // kept even if the next part fails
  const pgUrl = process.env.DATABASE_URL;
  if (pgUrl) {
    const cars = await photos(PHOTOS);
    const one = await photosPerMinute(1, pgUrl, cars);
    const two = await photosPerMinute(2, pgUrl, cars);
    rows.push(
      ['photos per minute, 1 worker process (PostgreSQL)', one.toFixed(1)],
      ['photos per minute, 2 worker processes (PostgreSQL)', two.toFixed(1)],
      ['2 workers / 1 worker', `${(two / one).toFixed(2)}x`],
    );
  } else rows.push(['photos per minute, 1 and 2 worker processes', 'skipped (set DATABASE_URL)']);
  return {
    title: `Scale-out (${CLIENTS} clients on GET /api/auth/me, ${PHOTOS} eval photos, background + plate)`,
    rows,
  };
}
