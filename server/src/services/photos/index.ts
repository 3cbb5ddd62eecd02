import { plans, type Plan } from '../../../../contract/plans';
import type { Engine } from '../../../../engine/pipeline';
import type { SceneGenerator } from '../../adapters/generation/replicate.adapter';
import type { Storage } from '../../adapters/storage/storage';
import type { ImageRepository } from '../../repositories/image.repository';
import { isEnded, type ProcessingJobRepository } from '../../repositories/processing-job.repository';
import type { UserRow } from '../../repositories/user.repository';
import type { QuotaService } from '../billing/quota.service';
import { photoJobs } from './jobs';
import { photoUploads, type Sanitize } from './upload';
import { resultUrl } from './urls';
import { photoWorker } from './worker';
import type { PhotoMetrics } from './metrics';

export type { PhotoMetrics };
import { isPrivileged } from '../../../../contract/privileges';

export { MAX_UPLOAD_BYTES, sniffImage, imageUrl } from './urls';
export { editorResponse, studioResponse, jobState } from './responses';
export { uploadLimits } from './upload';
export { isEnded };

export interface PhotoDeps {
  images: ImageRepository;
  jobs: ProcessingJobRepository;
  storage: Storage;
  quota: QuotaService;
  /** The user's current plan flags (null: no live subscription). */
  planOf(user: UserRow): Promise<Plan | null>;
  /** Puts a job on the queue in turn with other customers' (see jobs.ts); Business gets a head start. */
  enqueue(jobId: string, userId: string, headStart: number): Promise<void>;
  /** Hands a job whose worker died back to the queue at once. */
  retryNow(jobId: string): Promise<'retrying' | 'final' | 'none'>;
  /** Image work (engine, upload decoding) on image threads. */
  engine: () => Pick<Engine, 'process' | 'processBatch'>;
  sanitize: Sanitize;
  /** Remote scene generator for free prompts; null = the local engine approximates the prompt. */
  generator: SceneGenerator | null;
  resultRetentionMs: number;
  uploadRetentionMs: number;
  /**
   * The longest a job may take with all its attempts (JOB_TIMEOUT_SECONDS x attempts, plus slack): a waiter
   * gives up after it, and the retention sweep ends any job still open after it.
   */
  jobDeadlineMs: number;
  /** A running job's heartbeat older than this means its worker died (JOB_HEARTBEAT_STALE_SECONDS). */
  staleAfterMs?: number;
  metrics?: PhotoMetrics;
  now?: () => Date;
  log?: {
    info(o: object, msg: string): void;
    warn(o: object, msg: string): void;
    error(o: object, msg: string): void;
  };
}

/** Photos as one module: uploads (upload.ts), jobs and their quota (jobs.ts), the worker (worker.ts). */
export function photoService(deps: PhotoDeps) {
  const now = deps.now ?? (() => new Date());
  // Privileged users run as business (contract/privileges.ts); billing decides for everyone else.
  const planFor = async (user: UserRow) => (isPrivileged(user) ? plans.business : deps.planOf(user));
  const uploads = photoUploads({ ...deps, planOf: planFor, now });
  const jobs = photoJobs({ ...deps, uploads, planFor, now });
  const worker = photoWorker({ ...deps, uploads, lifecycle: jobs, now });
  return {
    validateUpload: uploads.validateUpload,
    upload: uploads.upload,
    uploadMany: uploads.uploadMany,
    saveMask: uploads.saveMask,
    openImage: uploads.openImage,
    jobZip: uploads.jobZip,
    startEditorJob: jobs.startEditorJob,
    startStudioJob: jobs.startStudioJob,
    awaitJob: jobs.awaitJob,
    jobFor: jobs.jobFor,
    reapStale: jobs.reapStale,
    runJob: worker.runJob,

    /** Retention job: ends jobs left open past their deadline, then deletes files whose time has come. */
    async purgeExpired() {
      const abandoned = await jobs.sweep();
      const purged = await uploads.purgeFiles();
      return { purged, abandoned };
    },

    imageUrlFor: resultUrl,
    jobDeadlineMs: deps.jobDeadlineMs,
  };
}
export type PhotoService = ReturnType<typeof photoService>;
