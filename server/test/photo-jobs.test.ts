import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { processingJobRepository } from '../src/repositories/processing-job.repository';
import { createTestApp, createUser, type TestContext } from './harness';
import { carPhoto, expectQuota, subscriber } from './photo-fixtures';
import { tr } from '../../contract/messages.tr';
import type { OperationId } from '../../contract/photo.schema';
import type { JobQueue } from '../src/jobs/boss';
import { startFakeReplicate } from './fakes/replicate.fake';
import { waitUntil } from './wait-until';

/**
 * A subscriber's editor job (a background change unless told otherwise: the plate-less test car is refused
 * for plate hiding), queued (quota reserved) and not yet run.
 */
async function queuedEditorJob(
  ctx: TestContext,
  request: { operations: OperationId[]; backgroundPreset?: string } = {
    operations: ['background_change'],
    backgroundPreset: 'luxury-showroom',
  },
) {
  const user = await subscriber(ctx);
  const photos = ctx.services.photos;
  const { imageUrl } = await photos.upload(user, { data: await carPhoto() });
  const jobId = await photos.startEditorJob(user, { imageUrl, ...request, removeWatermark: false });
  return { user, photos, jobId };
}

describe('a worker dying mid-job (the failure simulated in-process)', () => {
  let ctx: TestContext;
  let queue: JobQueue;
  beforeAll(async () => {
    ctx = await createTestApp();
    // Enqueue only: this test plays the worker itself, so it can kill the first attempt.
    queue = ctx.services.queue;
    await queue.start({ worker: false, handlers: {} });
  });
  afterAll(async () => {
    await queue?.stop();
    await ctx?.close();
  });

  /**
   * Runs an attempt and SIGKILLs its image worker process while the engine works on the photo: the crash
   * of a real worker as the attempt sees it, whatever the storage (nothing is done to files).
   */
  async function attemptKilledMidRun(jobId: string, final: boolean) {
    const images = ctx.services.imageWorkers;
    const attempt = ctx.services.photos.runJob(jobId, { final });
    const outcome = attempt.then(
      () => 'finished',
      (err: unknown) => err,
    );
    const [pid] = await waitUntil(
      () => {
        const load = images.load();
        return load.running > 0 && load.pids.length > 0 && load.pids;
      },
      'the engine to be working on the photo',
      { timeoutMs: 60_000 },
    );
    process.kill(pid, 'SIGKILL');
    return outcome;
  }

  it('leaves the job to be retried and charges the quota exactly once', async () => {
    const { user, photos, jobId } = await queuedEditorJob(ctx);
    await expectQuota(ctx, user, { used: 0, reserved: 1, remaining: 4 });

    // First attempt dies: the process doing its image work is killed mid-run.
    const crashed = await attemptKilledMidRun(jobId, false);
    expect(String(crashed)).toMatch(/image worker exited/);
    expect(await photos.jobFor(user, jobId)).toMatchObject({ status: 'queued', attempts: 1 });
    await expectQuota(ctx, user, { used: 0, reserved: 1 });

    // The retry succeeds (a new image worker starts); a duplicate delivery afterwards changes nothing.
    await photos.runJob(jobId, { final: false });
    await photos.runJob(jobId, { final: true });
    const job = await photos.jobFor(user, jobId);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
    await expectQuota(ctx, user, { used: 1, reserved: 0, remaining: 4 });
  }, 240_000);

  it('gives a job up when nobody runs it in time: failed with a Turkish reason, nothing charged, a late run ignored', async () => {
    const { user, photos, jobId } = await queuedEditorJob(ctx);
    // No worker in this test: the waiter's deadline passes with the job still queued.
    const job = await photos.awaitJob(jobId, 300);
    expect(job).toMatchObject({ status: 'failed', error: tr.photo.tooSlow });
    await expectQuota(ctx, user, { used: 0, reserved: 0, remaining: 5 });
    // A worker that reaches the job afterwards neither runs it nor charges for it.
    await photos.runJob(jobId, { final: false });
    expect(await photos.jobFor(user, jobId)).toMatchObject({ status: 'failed', attempts: 0 });
    await expectQuota(ctx, user, { used: 0, reserved: 0, remaining: 5 });
  });

  it('the retention sweep ends a job left open past its deadline and releases its photo', async () => {
    const { user, photos, jobId } = await queuedEditorJob(ctx);
    // Its worker died on the last attempt hours ago: the row still says running.
    await processingJobRepository(ctx.database.db).update(jobId, {
      status: 'running',
      attempts: 3,
      createdAt: new Date(Date.now() - 3 * 3_600_000),
    });
    await expectQuota(ctx, user, { reserved: 1, remaining: 4 });
    const swept = await photos.purgeExpired();
    expect(swept.abandoned).toBe(1);
    expect(await photos.jobFor(user, jobId)).toMatchObject({ status: 'failed', error: tr.photo.itemFailed });
    await expectQuota(ctx, user, { used: 0, reserved: 0, remaining: 5 });
    expect((await photos.purgeExpired()).abandoned).toBe(0);
  });

  it('an attempt that pg-boss expired cannot change the job once a newer attempt owns it', async () => {
    const { user, photos, jobId } = await queuedEditorJob(ctx);
    // Attempt 1 is still running somewhere when attempt 2 is handed the job and finishes it.
    await processingJobRepository(ctx.database.db).update(jobId, { status: 'running', attempts: 1 });
    await photos.runJob(jobId, { final: false });
    expect(await photos.jobFor(user, jobId)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(
      await processingJobRepository(ctx.database.db).updateIfOpen(
        jobId,
        { status: 'queued', stage: 'retry' },
        1,
      ),
    ).toBe(false);
    expect(await photos.jobFor(user, jobId)).toMatchObject({ status: 'succeeded' });
    await expectQuota(ctx, user, { used: 1, reserved: 0, remaining: 4 });
  }, 240_000);

  it('releases the photo when the last attempt fails', async () => {
    const { user, photos, jobId } = await queuedEditorJob(ctx);
    // The last attempt's crash ends the job instead of being rethrown for a retry.
    expect(await attemptKilledMidRun(jobId, true)).toBe('finished');
    expect(await photos.jobFor(user, jobId)).toMatchObject({ status: 'failed', error: tr.photo.itemFailed });
    await expectQuota(ctx, user, { used: 0, reserved: 0, remaining: 5 });
  }, 240_000);
});

describe('free prompts with REPLICATE_API_TOKEN', () => {
  it('asks Replicate for the scene only and composites the car locally', async () => {
    const scene = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2b6cb0' } })
      .jpeg()
      .toBuffer();
    const fake = await startFakeReplicate({ token: 'r8_e2e_token_123', image: scene });
    const ctx = await createTestApp({
      REPLICATE_API_TOKEN: 'r8_e2e_token_123',
      REPLICATE_BASE_URL: fake.baseUrl,
    });
    const queue = ctx.services.queue;
    await queue.start({ worker: true, handlers: ctx.services.jobHandlers });
    try {
      const user = await createUser(ctx, { overrideAllAccess: true });
      const photos = ctx.services.photos;
      const { imageUrl } = await photos.upload(user, { data: await carPhoto() });
      const jobId = await photos.startEditorJob(user, {
        imageUrl,
        operations: [],
        customPrompt: 'gece İstanbul boğaz köprüsü',
        removeWatermark: true,
      });
      const job = await photos.awaitJob(jobId, 120_000);
      expect(job.status).toBe('succeeded');
      expect(fake.created).toHaveLength(1);
      expect(String(fake.created[0].prompt)).toContain('gece İstanbul boğaz köprüsü');
      expect((await ctx.app.inject({ url: '/api/config' })).json().freePromptMode).toBe('remote');
    } finally {
      await queue.stop();
      await ctx.close();
      await fake.close();
    }
  }, 180_000);
});

// PGlite is one process's database, so a worker in another process needs PostgreSQL (CI runs this file there).
// This test once failed under load: it set JOB_TIMEOUT_SECONDS=20 and waited for pg-boss to expire the dead
// attempt, but on a loaded machine the second attempt (a background change) itself ran longer than 20 s, so
// pg-boss expired that live attempt too and delivered the job a third time (retry_count 2, not 1). That is the
// product's documented rule (JOB_TIMEOUT_SECONDS must exceed the slowest run); the test broke it. A dead worker
// is found by its stopped heartbeat, as in production, so the test keeps the default 300 s timeout and runs
// the heartbeat check as main.ts does; every wait is on a condition.
describe.skipIf(!process.env.DATABASE_URL)('a worker process killed with SIGKILL mid-job', () => {
  it('leaves the job to another worker, which finishes it, and the photo is charged once', async () => {
    // A 5 s heartbeat staleness (30 s by default) for both workers, so the test does not wait out 30 s.
    const stale = { JOB_HEARTBEAT_STALE_SECONDS: '5' };
    const ctx = await createTestApp(stale);
    // This process is the API (enqueue only) until the first worker is dead.
    const queue = ctx.services.queue;
    await queue.start({ worker: false, handlers: {} });
    const root = path.resolve(import.meta.dirname, '../..');
    let output = '';
    // Node itself with tsx's loader (the tsx CLI would put a second process between us and the worker).
    const worker = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        ROLES: 'worker',
        DATABASE_URL: ctx.database.connectionString!,
        DATA_DIR: ctx.dataDir,
        LOG_LEVEL: 'info',
        ...stale,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d) => (output += d));
    worker.stderr!.on('data', (d) => (output += d));
    const exited = new Promise((r) => worker.once('exit', r));
    try {
      // A background change runs the segmentation model: seconds of work to be killed in the middle of.
      const { user, photos, jobId } = await queuedEditorJob(ctx, {
        operations: ['background_change'],
        backgroundPreset: 'luxury-showroom',
      });
      await waitUntil(
        async () => {
          if (worker.exitCode !== null) throw new Error(`worker exited:\n${output.slice(-3000)}`);
          return (await photos.jobFor(user, jobId))?.status === 'running';
        },
        'the worker process to start the job',
        { timeoutMs: 180_000, intervalMs: 100 },
      );
      worker.kill('SIGKILL');
      await exited;
      const dead = await photos.jobFor(user, jobId);
      expect(dead).toMatchObject({ status: 'running', attempts: 1 });
      await expectQuota(ctx, user, { used: 0, reserved: 1 });

      // A healthy worker comes up and checks heartbeats as main.ts does: once the dead attempt's heartbeat
      // is 5 s old (JOB_HEARTBEAT_STALE_SECONDS) the job goes back to the queue (far sooner than the 300 s
      // JOB_TIMEOUT_SECONDS).
      await queue.stop();
      await queue.start({ worker: true, handlers: ctx.services.jobHandlers });
      await waitUntil(
        async () => (await photos.reapStale()) > 0,
        'the heartbeat check to hand the dead attempt back',
        {
          timeoutMs: 120_000,
          intervalMs: 1_000,
        },
      );
      const job = await photos.awaitJob(jobId, 300_000);
      expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
      await expectQuota(ctx, user, { used: 1, reserved: 0, remaining: 4 });
      // The queue marks its job completed just after the handler returns (the waiter may wake first).
      const queued = await waitUntil(async () => {
        const rows = (
          (await ctx.database.db.execute(
            sql`select state, retry_count from pgboss.job where data->>'jobId' = ${jobId}`,
          )) as unknown as { rows: { state?: string }[] }
        ).rows;
        return rows[0]?.state === 'completed' && rows;
      }, 'the queue to mark the job completed');
      // Delivered twice: the killed attempt and the one that finished (no third, expired delivery).
      expect(queued).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      if (worker.exitCode === null) worker.kill('SIGKILL');
      await queue.stop();
      await ctx.close();
    }
  }, 600_000);
});
