// HTTP benchmark: one photo through the real API (queue, worker, storage, quota) against the engine alone on
// the same photo and request, and a 5-photo studio run against a 1-photo run. Eval photos are read from
// EVAL_DIR (never copied); medians over several runs.
import { readdirSync, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createEngine, type ProcessRequest } from '../engine/pipeline';
import { loadSettings } from '../server/src/config/env';
import { openDatabase } from '../server/src/db/client';
import { composeServices } from '../server/src/compose';
import { buildApp } from '../server/src/http/app';
import type { BenchTable } from './engine.bench';

const median = (v: number[]) => {
  const s = v.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** The first `n` eval car photos (EVAL_DIR, never copied). */
export async function photos(n: number): Promise<Buffer[]> {
  const dir = resolve(import.meta.dirname, '..', process.env.EVAL_DIR ?? '../shared/eval-dev', 'cars');
  if (!existsSync(dir)) throw new Error(`eval photos not found in ${dir} (set EVAL_DIR)`);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jpg'))
    .sort()
    .slice(0, n);
  return Promise.all(files.map((f) => readFile(join(dir, f))));
}

function multipart(data: Buffer) {
  const boundary = '----bench' + Date.now();
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

export async function httpBench(): Promise<BenchTable> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oto-bench-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'none'),
  });
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const services = composeServices(database, settings);
  const app = await buildApp({ settings, services, logger: false });
  await app.ready();
  const queue = services.queue;
  await queue.start({ worker: true, handlers: services.jobHandlers });
  try {
    const now = new Date();
    const user = await services.repos.users.insert({
      id: 'bench-user',
      email: 'bench@example.com',
      overrideAllAccess: true,
      role: 'business',
      createdAt: now,
      updatedAt: now,
    });
    const { token } = await services.auth.createSession(user.id, { ip: '127.0.0.1', userAgent: 'bench' });
    const auth = { authorization: `Bearer ${token}` };
    const [one, ...rest] = await photos(5);
    const request: ProcessRequest = {
      operations: ['background_change', 'plate_hide'],
      preset: 'luxury-showroom',
      watermark: false,
    };

    // Engine alone (its own instance, warmed up) on the same photo and request.
    const engine = createEngine();
    await engine.warmup();
    await engine.process(one, request);

    const upload = async (data: Buffer) => {
      const body = multipart(data);
      const res = await app.inject({
        method: 'POST',
        url: '/api/upload-image',
        headers: { ...body.headers, ...auth },
        payload: body.payload,
      });
      return res.json().imageUrl as string;
    };
    const processOnce = async () => {
      const imageUrl = await upload(one);
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/process-image',
        headers: auth,
        payload: {
          imageUrl,
          operations: ['background_change', 'plate_hide'],
          backgroundPreset: 'luxury-showroom',
          removeWatermark: true,
        },
      });
      if (res.json().status !== 'succeeded') throw new Error(`process failed: ${res.body}`);
      return performance.now() - t;
    };
    await processOnce(); // warm the server's engine
    // Interleaved, so load from anything else on the machine hits both sides alike.
    const engineMs: number[] = [];
    const httpMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await engine.process(one, request);
      engineMs.push(performance.now() - t);
      httpMs.push(await processOnce());
    }

    const studio = async (inputs: Buffer[]) => {
      const carImages = [];
      for (const p of inputs) carImages.push(await upload(p));
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/gen4/generate',
        headers: auth,
        payload: { carImages, backgroundPreset: 'studio-showroom', removeWatermark: true },
      });
      if (res.json().successCount !== inputs.length) throw new Error(`studio failed: ${res.body}`);
      return performance.now() - t;
    };
    const studio1: number[] = [];
    const studio5: number[] = [];
    for (let i = 0; i < Math.max(1, RUNS - 1); i++) {
      studio1.push(await studio([one]));
      studio5.push(await studio([one, ...rest]));
    }
    const e = median(engineMs);
    const h = median(httpMs);
    const s1 = median(studio1);
    const s5 = median(studio5);
    return {
      title: `HTTP and studio (eval photos, ${RUNS} runs, medians)`,
      rows: [
        ['engine alone, 1 photo (ms)', e.toFixed(0)],
        ['POST /api/process-image, 1 photo (ms)', h.toFixed(0)],
        ['HTTP overhead (target <= 15 %)', `${(((h - e) / e) * 100).toFixed(1)} %`],
        ['studio, 1 photo (ms)', s1.toFixed(0)],
        ['studio, 5 photos (ms)', s5.toFixed(0)],
        ['5 photos / 1 photo (target <= 5.5x)', `${(s5 / s1).toFixed(2)}x`],
      ],
    };
  } finally {
    await queue.stop();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
