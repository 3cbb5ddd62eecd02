// Scale-out bench (issue 15): API latency under 50 concurrent clients with and without photo jobs running
// in the same server (image work runs in image worker processes, off the API's event loop), and photos per
// minute with 1 and 2 worker processes on PostgreSQL (needs DATABASE_URL; skipped otherwise). The server
// runs as its own process (`node --import tsx server/src/main.ts`); load comes from this process.
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { emptyPgDatabase, seedUser, spawnServer, type ServerProcess } from '../server/test/processes';
import type { BenchTable } from './engine.bench';
import { photos } from './http.bench';

const CLIENTS = 50;
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 20_000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

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

/** The machine's 1-minute load average now (the bench shares its cores; ratios are read against it). */
const load1 = () => os.loadavg()[0].toFixed(1);
const geomean = (v: number[]) => Math.exp(v.reduce((a, x) => a + Math.log(x), 0) / v.length);
const median = (v: number[]) => {
  const s = v.slice().sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
};

/** A single-process server (PGlite) with a seeded user, ready for requests. */
async function latencyServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'oto-bench-lat-'));
  const { auth, close } = await seedUser({}, dataDir);
  await close();
  const port = await freePort();
  const server = spawnServer({ ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  await server.waitFor(/"msg":"ready"/, 'ready');
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
  return {
    base,
    auth,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Latency without and with photos, interleaved: each round hammers a server idle, then while a batch of
 * photos is processed in it, so drift in the machine's load hits both sides alike. Two servers take turns
 * (order alternating by round): image workers at the default IMAGE_WORKER_NICE=10 and at 0, to show what
 * the lower CPU priority of image work buys the API.
 */
async function latencyUnderPhotos(): Promise<[string, string][]> {
  const variants: { label: string; env: Record<string, string> }[] = [
    { label: 'IMAGE_WORKER_NICE=10 (default)', env: {} },
    { label: 'IMAGE_WORKER_NICE=0', env: { IMAGE_WORKER_NICE: '0' } },
  ];
  const servers = await Promise.all(variants.map((v) => latencyServer(v.env)));
  try {
    const cars = await photos(PHOTOS);
    for (const s of servers) await hammer(s.base, s.auth); // warm-up
    const rows: [string, string][] = [];
    const ratios = variants.map(() => [] as number[]);
    const photoSeconds = variants.map(() => 0);
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 === 1 ? [0, 1] : [1, 0];
      for (const v of order) {
        const { base, auth } = servers[v];
        const urls = await uploadAll(base, auth, cars);
        const loadIdle = load1();
        const idle = await hammer(base, auth);
        const loadBusy = load1();
        const started = performance.now();
        const jobs = processAll(base, auth, urls);
        const busy = await hammer(base, auth, jobs);
        await jobs;
        photoSeconds[v] += (performance.now() - started) / 1000;
        ratios[v].push(busy.p99 / idle.p99);
        const row: [string, string] = [
          `round ${round}, ${variants[v].label}: p99 no photos / ${PHOTOS} photos processing (ms), ratio, load avg`,
          `${idle.p99.toFixed(0)} / ${busy.p99.toFixed(0)}, ${(busy.p99 / idle.p99).toFixed(2)}x, ` +
            `${loadIdle} / ${loadBusy} (p50 ${idle.p50.toFixed(0)} / ${busy.p50.toFixed(0)}; n ${idle.n} / ${busy.n})`,
        ];
        console.log(`${row[0]}: ${row[1]}`);
        rows.push(row);
      }
    }
    variants.forEach((variant, v) =>
      rows.push(
        [
          `${variant.label}: p99 with photos / without, ${CLIENTS} clients, median and geometric mean of rounds (goal <= 1.5x)`,
          `${median(ratios[v]).toFixed(2)}x, ${geomean(ratios[v]).toFixed(2)}x`,
        ],
        [
          `${variant.label}: single process, IMAGE_WORKERS=1, photos per minute while hammered`,
          ((ROUNDS * PHOTOS * 60) / photoSeconds[v]).toFixed(2),
        ],
      ),
    );
    return rows;
  } finally {
    for (const s of servers) await s.stop();
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
  const rows: [string, string][] = [
    [
      `load average at start (1 / 5 / 15 min, ${os.cpus().length} cores)`,
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / '),
    ],
  ];
  if (!process.env.BENCH_SKIP_LATENCY) rows.push(...(await latencyUnderPhotos()));
  for (const [k, v] of rows) console.log(`${k}: ${v}`); // kept even if the next part fails
  const pgUrl = process.env.DATABASE_URL;
  if (pgUrl) {
    const cars = await photos(PHOTOS);
    // 1 and 2 worker processes alternate (1-2, 2-1, ...) so the machine's drifting load hits both alike.
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 === 1 ? [1, 2] : [2, 1];
      const rate: Record<number, { perMin: number; load: string }> = {};
      for (const workers of order) {
        const load = load1();
        rate[workers] = { perMin: await photosPerMinute(workers, pgUrl, cars), load };
      }
      ratios.push(rate[2].perMin / rate[1].perMin);
      const row: [string, string] = [
        `round ${round}: photos/min with 1 / 2 worker processes (PostgreSQL), ratio, load avg`,
        `${rate[1].perMin.toFixed(2)} / ${rate[2].perMin.toFixed(2)}, ${(rate[2].perMin / rate[1].perMin).toFixed(2)}x, ${rate[1].load} / ${rate[2].load}`,
      ];
      console.log(`${row[0]}: ${row[1]}`);
      rows.push(row);
    }
    rows.push([
      '2 workers / 1 worker: median, geometric mean of rounds',
      `${median(ratios).toFixed(2)}x, ${geomean(ratios).toFixed(2)}x`,
    ]);
  } else rows.push(['photos per minute, 1 and 2 worker processes', 'skipped (set DATABASE_URL)']);
  rows.push([
    'load average at end (1 / 5 / 15 min)',
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / '),
  ]);
  return {
    title: `Scale-out (${CLIENTS} clients on GET /api/auth/me, ${PHOTOS} eval photos per batch, ${ROUNDS} interleaved rounds, background + plate)`,
    rows,
  };
}
