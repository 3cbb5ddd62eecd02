import { tr } from '../../../../contract/messages.tr';
import type { JobItemResult, JobRequest } from '../../../../contract/photo-job.schema';
import { EngineError } from '../../../../engine/engine.error';
import type { Engine, ProcessResult, StageName } from '../../../../engine/pipeline';
import type { SceneGenerator } from '../../adapters/generation/replicate.adapter';
import type { Storage } from '../../adapters/storage/storage';
import type { ImageRepository } from '../../repositories/image.repository';
import { isEnded, type ProcessingJobRepository } from '../../repositories/processing-job.repository';
import { HEARTBEAT_MS, STALE_AFTER_MS, type PhotoJobs } from './jobs';
import { inputsOf } from './requests';
import type { PhotoUploads } from './upload';
import type { PhotoMetrics } from './metrics';
import { originalPlacement } from './placement';

const m = tr.photo;

export interface WorkerDeps {
  jobs: ProcessingJobRepository;
  images: ImageRepository;
  storage: Storage;
  uploads: PhotoUploads;
  lifecycle: PhotoJobs;
  /** The engine, run on image threads (never on the event loop that answers HTTP). */
  engine: () => Pick<Engine, 'process' | 'processBatch'>;
  /** Remote scene generator for free prompts; null = the local engine approximates the prompt. */
  generator: SceneGenerator | null;
  resultRetentionMs: number;
  /** Heartbeats are written every sixth of this (5 s for the default 30 s). */
  staleAfterMs?: number;
  now: () => Date;
  metrics?: PhotoMetrics;
  log?: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
}

/**
 * The queue's handler for photo jobs. Idempotent: a finished job is skipped; a retried job reuses its quota
 * keys, so a photo is charged once. Engine refusals fail the item and release its photo; crashes are retried.
 */
export function photoWorker(deps: WorkerDeps) {
  const { now } = deps;
  const heartbeatMs = ((deps.staleAfterMs ?? STALE_AFTER_MS) / STALE_AFTER_MS) * HEARTBEAT_MS;

  /** A remote scene for a free prompt, or undefined to let the local engine approximate it. */
  async function remoteBackground(prompt: string | undefined) {
    if (!prompt || !deps.generator) return undefined;
    try {
      return await deps.generator.generateBackground(prompt, '3:2');
    } catch (err) {
      deps.log?.warn({ err }, 'remote scene generation failed; using the local scene');
      return undefined;
    }
  }

  const reportStages = (timings: Partial<Record<StageName, number>>) => {
    for (const [stage, ms] of Object.entries(timings)) deps.metrics?.stage(stage, (ms ?? 0) / 1000);
  };

  async function run(jobId: string, userId: string, req: JobRequest, mine: number) {
    let lastStageWrite = 0;
    const onStage = (stage: StageName, index = 0, total = 1) => {
      const t = Date.now();
      if (t - lastStageWrite < 150) return;
      lastStageWrite = t;
      void deps.jobs
        .updateIfOpen(jobId, { stage, progress: Math.round(((index + 0.5) / total) * 100) }, mine)
        .catch(() => undefined);
    };
    const load = async (id: string | null) => {
      if (!id) return undefined;
      const row = await deps.images.findOwned(id, userId);
      if (!row) throw new EngineError('INVALID_REQUEST', 'input image is gone');
      return deps.storage.get(row.storageKey);
    };
    const results: JobItemResult[] = [];
    const retention = new Date(now().getTime() + deps.resultRetentionMs);
    const saveResult = async (jpeg: Buffer, width: number, height: number) =>
      deps.uploads.store(userId, 'result', jpeg, 'jpeg', { width, height }, retention);
    // The engine reports what each operation did: a photo where nothing requested changed (no plate found,
    // no visible clean-up) gets no result and is not charged; its notices say why.
    const settle = async (
      index: number,
      carImage: string | undefined,
      out: ProcessResult,
    ): Promise<JobItemResult> => {
      reportStages(out.timings);
      const { notices, charge } = out.report;
      if (!charge) return { index, carImage, error: notices.join(' ') || m.itemFailed };
      const row = await saveResult(out.jpeg, out.width, out.height);
      const placement = originalPlacement(out.placement);
      return {
        index,
        carImage,
        imageId: row.id,
        ...(notices.length ? { notices } : {}),
        ...(placement ? { placement } : {}),
      };
    };
    if (req.kind === 'editor') {
      const input = (await load(req.imageId))!;
      try {
        // With a remote generator, a free prompt becomes a painted background; the car stays local.
        const background = await remoteBackground(req.engine.prompt);
        const request = background ? { ...req.engine, prompt: undefined, background } : req.engine;
        const out = await deps
          .engine()
          .process(input, { ...request, mask: await load(req.maskId) }, (s) => onStage(s));
        results.push(await settle(0, undefined, out));
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        results.push({ index: 0, error: err.message });
      }
      return results;
    }
    const inputs = await Promise.all(req.carImageIds.map((id) => load(id) as Promise<Buffer>));
    const batch = await deps
      .engine()
      .processBatch(
        inputs,
        { ...req.engine, background: await load(req.backgroundId), logo: await load(req.logoId) },
        (index, stage) => onStage(stage, index, inputs.length),
      );
    for (const item of batch) {
      const carImage = req.carImageUrls[item.index];
      if (item.ok && item.result) results.push(await settle(item.index, carImage, item.result));
      else results.push({ index: item.index, carImage, error: item.error?.message ?? m.itemFailed });
    }
    return results;
  }

  return {
    async runJob(jobId: string, attempt: { final: boolean }) {
      const { lifecycle } = deps;
      const job = await deps.jobs.find(jobId);
      if (!job) return;
      if (isEnded(job)) return lifecycle.settleQuota(job);
      const req = job.request;
      // This attempt owns the job from here; an older attempt that still runs can no longer change it
      // (every later write is conditional on the attempt number).
      const mine = job.attempts + 1;
      const started = await deps.jobs.updateIfOpen(
        jobId,
        { status: 'running', startedAt: now(), heartbeatAt: now(), attempts: mine },
        job.attempts,
      );
      if (!started) return; // given up by its waiter, or taken by another attempt, a moment ago
      const t0 = Date.now();
      if (mine === 1) deps.metrics?.queueWait((t0 - job.createdAt.getTime()) / 1000);
      // The heartbeat tells other workers this attempt is alive; a killed process stops writing it.
      const heartbeat = setInterval(() => {
        void deps.jobs.updateIfOpen(jobId, { heartbeatAt: now() }, mine).catch(() => undefined);
      }, heartbeatMs);
      try {
        const results = await run(jobId, job.userId, req, mine);
        const ok = results.some((r) => r.imageId);
        const ended = await deps.jobs.updateIfOpen(
          jobId,
          {
            status: ok ? 'succeeded' : 'failed',
            results,
            error: ok ? null : (results.find((r) => r.error)?.error ?? m.itemFailed),
            stage: 'done',
            progress: 100,
            finishedAt: now(),
          },
          mine,
        );
        await lifecycle.settleIfEnded(jobId);
        const resultIds = results.flatMap((r) => (r.imageId ? [r.imageId] : []));
        if (!ended) {
          // Given up by its waiter (the user was told it failed and was not charged), or another attempt
          // owns the job now: these results are nobody's.
          await deps.images.setExpiry(resultIds, now());
          return;
        }
        deps.metrics?.jobEnded(ok ? 'succeeded' : 'failed', (Date.now() - t0) / 1000);
        lifecycle.announceFinished(jobId);
        // Originals are deleted once processed (KVKK: keep no more than the service needs).
        if (ok) await deps.images.setExpiry(inputsOf(req), now());
      } catch (err) {
        deps.metrics?.jobEnded('crashed', (Date.now() - t0) / 1000);
        deps.log?.error({ err, jobId, attempt: mine, final: attempt.final }, 'processing crashed');
        if (!attempt.final) {
          await deps.jobs.updateIfOpen(jobId, { status: 'queued', stage: 'retry' }, mine);
          throw err; // pg-boss retries; quota stays reserved under the same keys
        }
        // Ends the job, or, when it has ended already (a crash while settling), settles what it left.
        await lifecycle.failOpenJob(jobId, m.itemFailed);
      } finally {
        clearInterval(heartbeat);
      }
    },
  };
}
