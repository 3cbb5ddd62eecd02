/// <reference lib="dom" />
// Browser globals are used inside page.evaluate callbacks, which run in Chromium.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import type { BenchTable } from './engine.bench';

/** Budgets of issue 6 for the public landing page's first view. */
export const LANDING_BUDGET = { initialJsGzipKb: 150, firstViewKb: 600 } as const;

const root = path.resolve(import.meta.dirname, '..');
const KB = 1024;
const compressible = /javascript|css|html|svg|json|xml|text\//;

interface Resource {
  url: string;
  type: string;
  raw: number;
  gzip: number;
}

async function waitForHealth(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

/**
 * Loads '/' as a signed-out visitor in Chromium (desktop 1280x800 and 375 px) and sums what the first view
 * downloads, from the browser's own network events: every script (initial JavaScript, gzip-compressed size
 * as a CDN or reverse proxy would send it) and every response (text gzip-compressed, images as they are).
 * Lazy images below the fold are not part of the first view and are not fetched. BENCH_VERBOSE=1 lists
 * every script with its gzip size.
 */
export async function landingBench(): Promise<BenchTable> {
  if (!fs.existsSync(path.join(root, 'web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oto-bench-'));
  const port = 3800 + Math.floor(Math.random() * 150);
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows: [string, string][] = [];
  try {
    await waitForHealth(baseURL);
    for (const [label, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['375 px', { width: 375, height: 812 }],
    ] as const) {
      const context = await browser.newContext({ viewport, locale: 'tr-TR' });
      const page = await context.newPage();
      const pending: Promise<Resource | null>[] = [];
      page.on('response', (res) => {
        pending.push(
          res
            .body()
            .then((body) => {
              const type = res.headers()['content-type'] ?? '';
              return {
                url: new URL(res.url()).pathname,
                type: res.request().resourceType(),
                raw: body.length,
                gzip: compressible.test(type) ? zlib.gzipSync(body, { level: 6 }).length : body.length,
              };
            })
            .catch(() => null),
        );
      });
      await page.goto(baseURL, { waitUntil: 'networkidle' });
      await page.getByTestId('landing').waitFor();
      await page.waitForLoadState('networkidle');
      const fcp = await page.evaluate(
        () =>
          performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ??
          0,
      );
      const resources = (await Promise.all(pending)).filter((r): r is Resource => r !== null);
      const scripts = resources.filter((r) => r.type === 'script');
      if (process.env.BENCH_VERBOSE) for (const r of scripts) console.log(label, r.url, r.gzip);
      const jsGzip = scripts.reduce((s, r) => s + r.gzip, 0) / KB;
      const jsRaw = scripts.reduce((s, r) => s + r.raw, 0) / KB;
      const total = resources.reduce((s, r) => s + r.gzip, 0) / KB;
      const images = resources.filter((r) => r.type === 'image').reduce((s, r) => s + r.raw, 0) / KB;
      const ok = (v: number, budget: number) => (v <= budget ? 'OK' : 'OVER BUDGET');
      rows.push(
        [
          `${label}: initial JavaScript (gzip)`,
          `${jsGzip.toFixed(1)} KB in ${scripts.length} files, budget ${LANDING_BUDGET.initialJsGzipKb} KB: ${ok(jsGzip, LANDING_BUDGET.initialJsGzipKb)}`,
        ],
        [`${label}: initial JavaScript (uncompressed)`, `${jsRaw.toFixed(1)} KB`],
        [
          `${label}: first-view transfer`,
          `${total.toFixed(1)} KB in ${resources.length} responses (images ${images.toFixed(1)} KB), budget ${LANDING_BUDGET.firstViewKb} KB: ${ok(total, LANDING_BUDGET.firstViewKb)}`,
        ],
        [`${label}: first contentful paint (local)`, `${Math.round(fcp)} ms`],
      );
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { title: 'Public landing page: first view (KB = 1024 bytes)', rows };
}
