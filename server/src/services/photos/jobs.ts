import { randomUUID } from 'node:crypto';
import type { Plan } from '../../../../contract/plans';
import { tr } from '../../../../contract/messages.tr';
import type {
  OperationId,
  ProcessImageRequest,
  StudioGenerateRequest,
} from '../../../../contract/photo.schema';
import type { JobRequest } from '../../../../contract/photo-job.schema';
import {
  isEnded,
  type ProcessingJobRepository,
  type ProcessingJobRow,
} from '../../repositories/processing-job.repository';
import type { ImageRepository } from '../../repositories/image.repository';
import type { UserRow } from '../../repositories/user.repository';
import type { QuotaService } from '../billing/quota.service';
import { AppError } from '../app-error';
import { editorRequest, inputsOf, photoCount, studioRequest } from './requests';
import type { PhotoUploads } from './upload';
import type { PhotoMetrics } from './metrics';

const m = tr.photo;

/** A running attempt writes its heartbeat this often; one this stale means its process died. */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 30_000;
/** Turns of the queue a Business customer's jobs jump ahead of everyone else's (SPEC: priority queue). */
export const BUSINESS_HEAD_START = 10;

export interface JobDeps {
  jobs: ProcessingJobRepository;
  images: ImageRepository;
  quota: QuotaService;
  uploads: PhotoUploads;
  /** The user's plan for a run (admins and all-access users as business). */
  planFor(user: UserRow): Promise<Plan | null>;
  /**
   * Puts a job on the queue in turn with other customers' jobs (one customer's batch does not starve
   * another's photo); `headStart`: turns a Business customer's jobs jump ahead.
   */
  enqueue(jobId: string, userId: string, headStart: number): Promise<void>;
  /** Hands a job whose worker died back to the queue at once (see JobQueue.retryNow). */
  retryNow(jobId: string): Promise<'retrying' | 'final' | 'none'>;
  /** The longest a job may take with all its attempts; a waiter gives up after it, the sweep ends it. */
  jobDeadlineMs: number;
  /** A running job's heartbeat older than this means its worker died (default STALE_AFTER_MS). */
  staleAfterMs?: number;
  now: () => Date;
  metrics?: PhotoMetrics;
  log?: {
    info(o: object, msg: string): void;
    warn(o: object, msg: string): void;
    error(o: object, msg: string): void;
  };
}

const sleep = (ms: number, wake: (fn: () => void) => void) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Job requests, the quota they reserve and settle, waiting for results, and ending abandoned jobs. */
export function photoJobs(deps: JobDeps) {
  const { now } = deps;
  // Jobs finished by this process wake their waiters at once; jobs of other processes are found by polling.
  const finishedHere = new Map<string, Set<() => void>>();
  const announceFinished = (jobId: string) => finishedHere.get(jobId)?.forEach((wake) => wake());

  async function queueJob(user: UserRow, request: JobRequest, jobId?: string) {
    const id = jobId ?? randomUUID();
    if (jobId && (await deps.jobs.find(jobId))) throw new AppError('JOB_EXISTS', 409, m.jobExists);
    // One photo of quota per car image, each under its own key so retries never charge twice.
    const reserved: string[] = [];
    try {
      for (let i = 0; i < photoCount(request); i++) {
        const key = `job:${id}:${i}`;
        await deps.quota.reserve(user, 1, key);
        reserved.push(key);
        deps.metrics?.quota('reserved');
      }
    } catch (err) {
      deps.metrics?.quota('refused');
      for (const key of reserved) await deps.quota.release(key);
      throw err;
    }
    await deps.jobs.insert({
      id,
      userId: user.id,
      kind: request.kind,
      status: 'queued',
      request,
      createdAt: now(),
    });
    // The uploads must outlive the job even when they were about to expire.
    await deps.images.setExpiry(inputsOf(request), new Date(now().getTime() + 2 * deps.jobDeadlineMs));
    const plan = await deps.planFor(user);
    await deps.enqueue(id, user.id, plan?.priorityQueue ? BUSINESS_HEAD_START : 0);
    deps.log?.info(
      { jobId: id, userId: user.id, kind: request.kind, photos: photoCount(request) },
      'job queued',
    );
    return id;
  }

  /**
   * Settles a finished job's quota from its results: a photo with a result is charged, any other is released.
   * Idempotent (keys settle once), so a retried delivery of a finished job heals a crash mid-settlement.
   */
  async function settleQuota(job: ProcessingJobRow) {
    const done = new Set((job.results ?? []).filter((r) => r.imageId).map((r) => r.index));
    for (let i = 0; i < photoCount(job.request); i++) {
      const key = `job:${job.id}:${i}`;
      if (done.has(i)) await deps.quota.commit(key);
      else await deps.quota.release(key);
    }
  }

  /** Settles the quota of a job that has ended (a still-open job's photos stay reserved). */
  async function settleIfEnded(jobId: string) {
    const job = await deps.jobs.find(jobId);
    if (job && isEnded(job)) await settleQuota(job);
  }

  /** Ends an open job as failed (nothing charged); false when the job had already ended. */
  async function failOpenJob(jobId: string, error: string) {
    const ended = await deps.jobs.updateIfOpen(jobId, { status: 'failed', error, finishedAt: now() });
    await settleIfEnded(jobId);
    if (ended) announceFinished(jobId);
    return ended;
  }

  return {
    settleQuota,
    settleIfEnded,
    failOpenJob,
    announceFinished,

    async startEditorJob(user: UserRow, body: ProcessImageRequest & { operations: OperationId[] }) {
      const request = await editorRequest(body, await deps.planFor(user), (url, what) =>
        deps.uploads.owned(user, url, what),
      );
      return queueJob(user, request, body.jobId);
    },

    async startStudioJob(user: UserRow, body: StudioGenerateRequest & { carImages: string[] }) {
      const request = await studioRequest(body, await deps.planFor(user), (url, what) =>
        deps.uploads.owned(user, url, what),
      );
      return queueJob(user, request, body.jobId);
    },

    /**
     * Waits until the job ends: woken at once when this process's worker finishes it, polling every 250 ms
     * for workers elsewhere. A database blip (restart, failover) is waited out, not reported: the job goes
     * on, and a request must never say "failed" for a job that then succeeds and is charged.
     */
    async awaitJob(jobId: string, timeoutMs = deps.jobDeadlineMs): Promise<ProcessingJobRow> {
      const deadline = Date.now() + timeoutMs;
      let gaveUp = false;
      let wake = () => {};
      const waiters = finishedHere.get(jobId) ?? new Set();
      finishedHere.set(jobId, waiters);
      const woken = () => wake();
      waiters.add(woken);
      let blipSince: number | null = null;
      try {
        for (;;) {
          let job: ProcessingJobRow | undefined;
          try {
            job = await deps.jobs.find(jobId);
            if (!job) throw new AppError('JOB_NOT_FOUND', 404, m.jobNotFound);
            if (isEnded(job)) return job;
            // Past the deadline the job is given up: failed and not charged, unless it ended meanwhile.
            if (Date.now() > deadline && !gaveUp) {
              gaveUp = true;
              await failOpenJob(jobId, m.tooSlow);
              continue;
            }
            if (blipSince !== null) {
              deps.log?.info(
                { jobId, ms: Date.now() - blipSince },
                'database back; still waiting for the job',
              );
              blipSince = null;
            }
          } catch (err) {
            if (err instanceof AppError || Date.now() > deadline) throw err;
            if (blipSince === null) {
              blipSince = Date.now();
              deps.log?.warn({ err, jobId }, 'database unreachable while waiting for a job; retrying');
            }
          }
          await sleep(blipSince === null ? 250 : 1_000, (fn) => (wake = fn));
        }
      } finally {
        waiters.delete(woken);
        if (waiters.size === 0) finishedHere.delete(jobId);
      }
    },

    jobFor: (user: UserRow, id: string) => deps.jobs.findOwned(id, user.id),

    /**
     * Running jobs whose heartbeat stopped (their process was killed) go back to the queue now instead of
     * after JOB_TIMEOUT_SECONDS; on their last attempt they end as failed and their photos are released.
     */
    async reapStale() {
      let reaped = 0;
      for (const job of await deps.jobs.staleRunning(
        new Date(now().getTime() - (deps.staleAfterMs ?? STALE_AFTER_MS)),
      )) {
        // The dead attempt's row is claimed first, conditional on its attempt number: of several workers
        // checking at once one wins, and a checker that read the row before a newer attempt started can no
        // longer fail that newer attempt's queue entry (it used to, costing an attempt and a rerun).
        if (!(await deps.jobs.updateIfOpen(job.id, { status: 'queued', stage: 'retry' }, job.attempts)))
          continue;
        // 'none': the queue entry is already waiting for its retry (or was never taken): the row is open.
        const outcome = await deps.retryNow(job.id);
        if (outcome === 'final') await failOpenJob(job.id, m.itemFailed);
        reaped += 1;
        deps.metrics?.workerLost();
        deps.log?.warn(
          { jobId: job.id, attempt: job.attempts, outcome },
          'job lost its worker (no heartbeat)',
        );
      }
      return reaped;
    },

    /** Ends jobs still open long after their deadline (a lost queue entry), so their photos are released. */
    async sweep() {
      let abandoned = 0;
      for (const job of await deps.jobs.openBefore(new Date(now().getTime() - deps.jobDeadlineMs - 60_000))) {
        if (await failOpenJob(job.id, m.itemFailed)) abandoned += 1;
      }
      if (abandoned) deps.log?.warn({ abandoned }, 'ended jobs left open past their deadline');
      return abandoned;
    },
  };
}
export type PhotoJobs = ReturnType<typeof photoJobs>;
