// Issue 15, reproduction 7: a single-process server (PGlite) killed mid-job left the job "running" for
// ~290 s before its retry, and the user's request was lost. Now the restarted process sees the job's
// stopped heartbeat and retries it at once, and the client finds the result by the job's id.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { seedUser, spawnServer } from './processes';
import { waitUntil } from './wait-until';

const freePort = () =>
  new Promise<number>((ok) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => ok(port));
    });
  });

describe('a single-process server killed with SIGKILL mid-job', () => {
  it('retries the job right after restart (not after JOB_TIMEOUT_SECONDS) and the client resumes it by id', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oto-crash-'));
    const { auth, close } = await seedUser({}, dataDir);
    await close();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The default timeout: waiting it out would take minutes; the heartbeat check takes seconds (a 5 s
    // staleness here instead of the default 30 s, so the test does not wait out half a minute).
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOB_TIMEOUT_SECONDS: '300',
      JOB_HEARTBEAT_STALE_SECONDS: '5',
    };
    let server = spawnServer(env);
    try {
      await server.waitFor(/"msg":"ready"/, 'ready');
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="100%" height="100%" fill="#d4d8dc"/>
        <rect x="120" y="170" width="400" height="120" rx="28" fill="#1d4ed8"/><circle cx="200" cy="290" r="36" fill="#111"/>
        <circle cx="440" cy="290" r="36" fill="#111"/></svg>`;
      const form = new FormData();
      form.append(
        'image',
        new Blob([new Uint8Array(await sharp(Buffer.from(svg)).jpeg().toBuffer())]),
        'a.jpg',
      );
      const up = await fetch(`${base}/api/upload-image`, { method: 'POST', headers: auth, body: form });
      expect(up.status).toBe(200);
      const { imageUrl } = (await up.json()) as { imageUrl: string };

      const jobId = randomUUID();
      const lost = fetch(`${base}/api/process-image`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          imageUrl,
          operations: ['background_change'],
          backgroundPreset: 'luxury-showroom',
          removeWatermark: true,
          jobId,
        }),
      }).catch((err: unknown) => err);
      const state = async () => {
        const res = await fetch(`${base}/api/jobs/${jobId}`, { headers: auth }).catch(() => null);
        return res?.ok
          ? ((await res.json()) as { status: string; attempts?: number; editor: unknown })
          : null;
      };
      await waitUntil(async () => (await state())?.status === 'running', 'the job to start', {
        timeoutMs: 180_000,
        intervalMs: 100,
      });
      server.child.kill('SIGKILL');
      await server.exited;
      expect(await lost).toBeInstanceOf(Error); // the waiting request is gone with its process

      server = spawnServer(env);
      await server.waitFor(/"msg":"ready"/, 'ready after restart');
      // Far less than the 300 s timeout: the heartbeat check hands the job back within a few seconds.
      const last = await waitUntil(
        async () => {
          const now = await state();
          return (now?.status === 'succeeded' || now?.status === 'failed') && now;
        },
        'the job to end after the restart',
        { timeoutMs: 240_000, intervalMs: 250 },
      );
      expect(last).toMatchObject({ status: 'succeeded', editor: { status: 'succeeded', jobId } });
      expect(server.output()).toContain('job lost its worker (no heartbeat)');
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 400_000);
});
