// Issue 15, reproductions 3-6: bounded resources on the HTTP surface (each failed on the code before).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, createUser, login, type TestContext } from './harness';
import { waitUntil } from './wait-until';
import { tr } from '../../contract/messages.tr';
import { uploadLimits } from '../src/services/photos';
import { MAX_STREAMS_PER_USER } from '../src/http/routes/photo.routes';
import { jobs } from '../src/jobs/job-names';
import { processingJobRepository } from '../src/repositories/processing-job.repository';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  // Idle image workers exit after 1 s instead of 30 s: reproduction 3 waits for that exit.
  ctx = await createTestApp({ IMAGE_WORKER_IDLE_SECONDS: '1' });
  await ctx.services.queue.start({ worker: false, handlers: {} });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await ctx?.services.queue.stop();
  await ctx?.close();
});

function multipart(field: string, files: Buffer[], type = 'image/png') {
  const boundary = '----otoScale' + Math.random().toString(16).slice(2);
  const parts = files.map((data, i) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="f${i}.png"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (w: number, h: number, color = '#4a6fa5') =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();

async function userWithToken(overrides = {}) {
  const user = await createUser(ctx, overrides);
  return { user, auth: { authorization: `Bearer ${await login(ctx, user.email)}` } };
}

const rssOf = (pid: number) => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0; // exited meanwhile
  }
};
/** The server's memory: this process plus its image workers. */
const rssMb = () =>
  process.memoryUsage().rss / 1024 / 1024 +
  ctx.services.imageWorkers
    .load()
    .pids.map(rssOf)
    .reduce((a, b) => a + b, 0);

describe('reproduction 3: large decoded images', () => {
  it('eight parallel uploads of a small PNG that decodes to 7000x7000 keep memory bounded and give it back', async () => {
    const { auth } = await userWithToken({ overrideAllAccess: true });
    const bomb = await png(7000, 7000);
    expect(bomb.length).toBeLessThan(400_000);
    global.gc?.();
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => {
          const body = multipart('image', [bomb]);
          return ctx.app.inject({
            method: 'POST',
            url: '/api/upload-image',
            headers: { ...body.headers, ...auth },
            payload: body.payload,
          });
        }),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    } finally {
      clearInterval(sampler);
    }
    console.log(`rss before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`);
    // Decoding runs in an image worker process, one image at a time, streamed; before, all eight decoded
    // at once on the API's event loop (+1.6 GB, and it stayed).
    expect(peak - before).toBeLessThan(900);
    // Memory comes back: the idle worker exits and takes its memory with it (waited for, not timed).
    await waitUntil(() => ctx.services.imageWorkers.load().workers === 0, 'the idle image worker to exit', {
      timeoutMs: 60_000,
      intervalMs: 250,
    });
    expect(ctx.services.imageWorkers.load().workers).toBe(0);
    global.gc?.();
    const after = rssMb();
    console.log(`rss after ${after.toFixed(0)} MB`);
    expect(after - before).toBeLessThan(150);
  }, 240_000);
});

describe('reproduction 4: stored uploads per user and plan', () => {
  it('an account without a subscription keeps at most its limit of unprocessed uploads, and they expire', async () => {
    const { user, auth } = await userWithToken();
    const file = await png(64, 48);
    const limit = uploadLimits.none.files;
    for (let i = 0; i < limit; i++) {
      const body = multipart('image', [file]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload-image',
        headers: { ...body.headers, ...auth },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const body = multipart('image', [file]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload-image',
      headers: { ...body.headers, ...auth },
      payload: body.payload,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'UPLOAD_LIMIT', message: tr.photo.uploadLimit(limit) });
    // Every stored upload carries its expiry (UPLOAD_RETENTION_HOURS, 24 by default): none is kept forever.
    const rows = await ctx.database.db.query.images.findMany({ where: (t, { eq }) => eq(t.userId, user.id) });
    expect(rows).toHaveLength(limit);
    for (const r of rows) {
      expect(r.expiresAt).not.toBeNull();
      const lifetime = r.expiresAt!.getTime() - r.createdAt.getTime();
      expect(Math.abs(lifetime - ctx.settings.uploadRetentionMs)).toBeLessThan(60_000);
    }
  }, 120_000);
});

describe('reproduction 5: progress streams', () => {
  it('refuses ids that are not the caller’s job, and caps open streams per user', async () => {
    const { auth } = await userWithToken();
    const random = await fetch(`${base}/api/jobs/${randomUUID()}/events`, { headers: auth });
    expect(random.status).toBe(404);
    expect(await random.json()).toMatchObject({ code: 'JOB_NOT_FOUND', message: tr.photo.jobNotFound });

    // Somebody else's running job is not streamed either.
    const owner = await userWithToken({ overrideAllAccess: true });
    const up = multipart('image', [await png(320, 200)]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload-image',
      headers: { ...up.headers, ...owner.auth },
      payload: up.payload,
    });
    const ownerRow = (await ctx.services.repos.users.findById(owner.user.id))!;
    const jobId = await ctx.services.photos.startEditorJob(ownerRow, {
      imageUrl: uploaded.json().imageUrl,
      operations: ['plate_hide'],
      removeWatermark: false,
    });
    expect((await fetch(`${base}/api/jobs/${jobId}/events`, { headers: auth })).status).toBe(404);

    // The owner may follow it, a few times at once, but not without limit.
    const aborts: AbortController[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
        const a = new AbortController();
        aborts.push(a);
        const res = await fetch(`${base}/api/jobs/${jobId}/events`, {
          headers: owner.auth,
          signal: a.signal,
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/event-stream');
      }
      const over = await fetch(`${base}/api/jobs/${jobId}/events`, { headers: owner.auth });
      expect(over.status).toBe(429);
      expect(await over.json()).toMatchObject({ message: tr.photo.tooManyStreams });
    } finally {
      for (const a of aborts) a.abort();
    }
  }, 60_000);
});

describe('reproduction 6: malformed multipart', () => {
  it('a truncated multipart body is a 400 with a Turkish message', async () => {
    const { auth } = await userWithToken();
    const body = multipart('image', [await png(200, 100)]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload-image',
      headers: { ...body.headers, ...auth },
      payload: body.payload.subarray(0, body.payload.length - 60),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_UPLOAD', message: tr.photo.badUpload });
  });
});

describe('reproduction 7 (in-process part): a worker that stops its heartbeat', () => {
  it('its running job goes back to the queue at once, not after JOB_TIMEOUT_SECONDS', async () => {
    const { user } = await userWithToken({ overrideAllAccess: true });
    const { imageUrl } = await ctx.services.photos.upload(user, { data: await png(320, 200) });
    const jobId = await ctx.services.photos.startEditorJob(user, {
      imageUrl,
      operations: ['plate_hide'],
      removeWatermark: false,
    });
    // A worker took it (the queue entry is active) and died a minute ago: its last heartbeat is old.
    const taken = await ctx.services.queue.boss.fetch<{ jobId: string }>(jobs.photoProcess, {
      batchSize: 50,
    });
    const entry = taken.find((t) => t.data.jobId === jobId)!;
    expect(entry).toBeDefined();
    const minuteAgo = new Date(Date.now() - 60_000);
    await processingJobRepository(ctx.database.db).update(jobId, {
      status: 'running',
      attempts: 1,
      startedAt: minuteAgo,
      heartbeatAt: minuteAgo,
    });
    expect(await ctx.services.photos.reapStale()).toBe(1);
    expect(await ctx.services.photos.jobFor(user, jobId)).toMatchObject({ status: 'queued', stage: 'retry' });
    // Counted for the operator's alert (it never was before).
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/^photo_jobs_lost_worker_total 1$/m);
    const after = await ctx.services.queue.boss.getJobById(jobs.photoProcess, entry.id);
    expect(after?.state).toBe('retry');
    // A live attempt (fresh heartbeat) is left alone.
    await processingJobRepository(ctx.database.db).update(jobId, {
      status: 'running',
      heartbeatAt: new Date(),
    });
    expect(await ctx.services.photos.reapStale()).toBe(0);
  });
});

describe('operations endpoints', () => {
  it('liveness, readiness and Prometheus metrics (loopback only without METRICS_TOKEN)', async () => {
    expect((await ctx.app.inject({ url: '/livez' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    for (const name of [
      'http_request_duration_seconds_bucket',
      'photo_queue_depth',
      'photo_queue_oldest_wait_seconds',
      'quota_reservations_total',
      'process_resident_memory_bytes',
    ])
      expect(text).toContain(name);
    expect((await ctx.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    ctx.services.lifecycle.draining = true;
    try {
      expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    } finally {
      ctx.services.lifecycle.draining = false;
    }
  });
});
