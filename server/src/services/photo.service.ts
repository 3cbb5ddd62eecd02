import { randomBytes, randomUUID } from 'node:crypto';
import { plans, type Plan } from '../../../contract/plans';
import { editorPresets, sceneIdSchema } from '../../../contract/presets';
import { tr } from '../../../contract/messages.tr';
import {
  MAX_STUDIO_PHOTOS,
  plateLimits,
  type OperationId,
  type ProcessImageRequest,
  type StudioGenerateRequest,
} from '../../../contract/photo.schema';
import { EngineError } from '../../../engine/engine.error';
import { sanitizeImage } from '../../../engine/io/image.decode';
import type { Engine, ProcessRequest, StageName } from '../../../engine/pipeline';
import { AppError } from './app-error';
import { zipStore } from './zip.writer';
import type { QuotaService } from './billing/quota.service';
import { storageKeys, type Storage } from '../adapters/storage/storage';
import type { ImageRepository, ImageRow } from '../repositories/image.repository';
import {
  isEnded,
  type ProcessingJobRepository,
  type ProcessingJobRow,
} from '../repositories/processing-job.repository';
import type { UserRow } from '../repositories/user.repository';
import type { SceneGenerator } from '../adapters/generation/replicate.adapter';

const m = tr.photo;
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

export const imageUrl = (row: Pick<ImageRow, 'id' | 'contentType'>) =>
  `/api/images/${row.id}.${row.contentType === 'image/png' ? 'png' : 'jpg'}`;
const idFromUrl = (url: string) =>
  url
    .split('/')
    .pop()!
    .replace(/\.(jpg|png)$/, '');
const newImageId = () => randomBytes(18).toString('base64url');

/** JPEG, PNG and WebP by their first bytes; the declared content type is never trusted. */
export function sniffImage(data: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

function engineToAppError(err: EngineError): AppError {
  const status = err.code === 'TOO_MANY_PIXELS' ? 413 : err.code === 'INTERNAL' ? 500 : 422;
  return new AppError(`IMAGE_${err.code}`, status, err.message);
}

export interface JobItemResult {
  index: number;
  carImage?: string;
  imageId?: string;
  error?: string;
}

export interface PhotoDeps {
  images: ImageRepository;
  jobs: ProcessingJobRepository;
  storage: Storage;
  quota: QuotaService;
  /** The user's current plan flags (null: no live subscription). */
  planOf(user: UserRow): Promise<Plan | null>;
  /** Puts a job on the queue; business jobs get a higher priority. */
  enqueue(jobId: string, priority: number): Promise<void>;
  engine: () => Engine;
  /** Remote scene generator for free prompts; null = the local engine approximates the prompt. */
  generator: SceneGenerator | null;
  resultRetentionMs: number;
  /**
   * The longest a job may take with all its attempts (JOB_TIMEOUT_SECONDS x attempts, plus slack): a waiter
   * gives up after it, and the retention sweep ends any job still open after it.
   */
  jobDeadlineMs: number;
  now?: () => Date;
  log?: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
}

interface EditorJobRequest {
  kind: 'editor';
  imageId: string;
  maskId: string | null;
  engine: Omit<ProcessRequest, 'mask' | 'logo' | 'background'>;
}
interface StudioJobRequest {
  kind: 'studio';
  carImageIds: string[];
  carImageUrls: string[];
  backgroundId: string | null;
  logoId: string | null;
  engine: Omit<ProcessRequest, 'mask' | 'logo' | 'background'>;
}
type JobRequest = EditorJobRequest | StudioJobRequest;

/** Uploads, processing jobs (queued, run by workers), results and downloads, each owned by one user. */
export function photoService(deps: PhotoDeps) {
  const now = deps.now ?? (() => new Date());
  // Jobs finished by this process wake their waiters at once; jobs of other processes are found by polling.
  const finishedHere = new Map<string, Set<() => void>>();
  const announceFinished = (jobId: string) => finishedHere.get(jobId)?.forEach((wake) => wake());

  async function effectivePlan(user: UserRow) {
    if (user.overrideAllAccess || user.role === 'admin')
      return { ...plans.business, type: 'business' as const };
    return deps.planOf(user);
  }

  async function owned(user: UserRow, url: string | null | undefined, what: string) {
    if (!url) return null;
    const row = await deps.images.findOwned(idFromUrl(url), user.id);
    if (!row) throw new AppError('IMAGE_NOT_FOUND', 404, `${what}: ${m.imageNotFound}`);
    return row;
  }

  async function store(
    user: UserRow,
    kind: ImageRow['kind'],
    data: Buffer,
    format: 'jpeg' | 'png',
    size: { width: number; height: number },
    expiresAt: Date | null,
  ) {
    const id = newImageId();
    const key =
      kind === 'result'
        ? storageKeys.result(user.id, id)
        : kind === 'mask'
          ? storageKeys.mask(user.id, id)
          : storageKeys.upload(user.id, id, format === 'png' ? 'png' : 'jpg');
    await deps.storage.put(key, data, format === 'png' ? 'image/png' : 'image/jpeg');
    return deps.images.insert({
      id,
      userId: user.id,
      kind,
      storageKey: key,
      contentType: format === 'png' ? 'image/png' : 'image/jpeg',
      width: size.width,
      height: size.height,
      bytes: data.length,
      createdAt: now(),
      expiresAt,
    });
  }

  /** Checks a file by content and decodes it fully; returns the metadata-free image or a Turkish error. */
  async function validateUpload(file: { data: Buffer }) {
    if (file.data.length === 0) throw new AppError('IMAGE_EMPTY_FILE', 400, m.emptyFile);
    if (file.data.length > MAX_UPLOAD_BYTES) throw new AppError('IMAGE_TOO_LARGE', 413, m.tooLarge);
    if (!sniffImage(file.data)) throw new AppError('NOT_AN_IMAGE', 415, m.onlyImages);
    try {
      return await sanitizeImage(file.data);
    } catch (err) {
      if (err instanceof EngineError) throw engineToAppError(err);
      throw err;
    }
  }

  async function queueJob(
    user: UserRow,
    kind: 'editor' | 'studio',
    request: JobRequest,
    photos: number,
    jobId?: string,
  ) {
    const id = jobId ?? randomUUID();
    if (jobId && (await deps.jobs.find(jobId))) throw new AppError('JOB_EXISTS', 409, m.jobExists);
    // One photo of quota per car image, each under its own key so retries never charge twice.
    const reserved: string[] = [];
    try {
      for (let i = 0; i < photos; i++) {
        const key = `job:${id}:${i}`;
        await deps.quota.reserve(user, 1, key);
        reserved.push(key);
      }
    } catch (err) {
      for (const key of reserved) await deps.quota.release(key);
      throw err;
    }
    await deps.jobs.insert({ id, userId: user.id, kind, status: 'queued', request, createdAt: now() });
    const plan = await effectivePlan(user);
    await deps.enqueue(id, plan?.priorityQueue ? 10 : 0);
    return id;
  }

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

  const photoCount = (req: JobRequest) => (req.kind === 'editor' ? 1 : req.carImageIds.length);

  /**
   * Settles a finished job's quota from its results: a photo with a result is charged, any other is released.
   * Idempotent (keys settle once), so a retried delivery of a finished job heals a crash mid-settlement.
   */
  async function settleQuota(job: ProcessingJobRow) {
    const done = new Set(
      ((job.results ?? []) as JobItemResult[]).filter((r) => r.imageId).map((r) => r.index),
    );
    for (let i = 0; i < photoCount(job.request as JobRequest); i++) {
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
    validateUpload,

    /** Stores an upload after validating its content; EXIF/GPS and all metadata are gone on arrival. */
    async upload(user: UserRow, file: { data: Buffer }) {
      const clean = await validateUpload(file);
      const row = await store(user, 'upload', clean.data, clean.format, clean, null);
      return { id: row.id, imageUrl: imageUrl(row) };
    },

    /** Stores several uploads; all are validated before any is stored. */
    async uploadMany(user: UserRow, files: { data: Buffer }[]) {
      if (files.length === 0) throw new AppError('NO_FILES', 400, m.noFiles);
      if (files.length > MAX_STUDIO_PHOTOS) throw new AppError('TOO_MANY_FILES', 400, m.tooManyFiles);
      const cleaned = [];
      for (const f of files) cleaned.push(await validateUpload(f));
      const rows = [];
      for (const c of cleaned) rows.push(await store(user, 'upload', c.data, c.format, c, null));
      return rows.map((row) => ({ success: true, imageUrl: imageUrl(row) }));
    },

    async saveMask(user: UserRow, dataUrl: string) {
      const data = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      if (sniffImage(data) !== 'png') throw new AppError('MASK_INVALID', 400, m.maskInvalid);
      const clean = await validateUpload({ data });
      const row = await store(user, 'mask', clean.data, 'png', clean, null);
      return { maskUrl: imageUrl(row) };
    },

    /** SPEC §5 editor rules, enforced here as well as in the page; returns the queued job's id. */
    async startEditorJob(user: UserRow, body: ProcessImageRequest & { operations: OperationId[] }) {
      const prompt = body.customPrompt?.trim() || null;
      let operations = [...new Set(body.operations)];
      if (operations.length === 0 && !prompt) throw new AppError('NO_OPERATION', 400, m.noOperation);
      if (operations.length === 0 && prompt) operations = ['background_change'];
      const preset = body.backgroundPreset ? sceneIdSchema.safeParse(body.backgroundPreset) : null;
      if (preset && !preset.success) throw new AppError('UNKNOWN_PRESET', 400, m.unknownPreset);
      // The spec's client sends a preset as its English prompt; map it back to the scene it names.
      const presetFromPrompt = prompt ? editorPresets.find((p) => p.prompt === prompt)?.id : undefined;
      const presetId = presetFromPrompt ?? (preset?.success ? preset.data : undefined);
      const freePrompt = presetFromPrompt ? null : prompt;
      if (operations.includes('background_change') && !presetId && !freePrompt) {
        throw new AppError('NO_BACKGROUND', 400, m.noBackground);
      }
      const plateText = body.plateText?.trim().slice(0, plateLimits.editor) ?? '';
      if (operations.includes('plate_customize') && !plateText)
        throw new AppError('NO_PLATE_TEXT', 400, m.noPlateText);
      const image = await owned(user, body.imageUrl, m.photo);
      const mask = await owned(user, body.maskUrl, m.mask);
      const plan = await effectivePlan(user);
      const request: EditorJobRequest = {
        kind: 'editor',
        imageId: image!.id,
        maskId: mask?.id ?? null,
        engine: {
          operations,
          // A custom prompt beats a preset (SPEC §5).
          preset: freePrompt ? undefined : presetId,
          prompt: freePrompt ?? undefined,
          plate: operations.includes('plate_customize')
            ? { text: plateText, color: 'yellow', textColor: 'black' }
            : undefined,
          watermark: !(plan?.canRemoveWatermark && body.removeWatermark),
        },
      };
      return queueJob(user, 'editor', request, 1, body.jobId);
    },

    /** The studio run of SPEC §3: 1-5 photos (1 without batch), preset or custom background, logo, plate. */
    async startStudioJob(user: UserRow, body: StudioGenerateRequest & { carImages: string[] }) {
      if (body.carImages.length === 0) throw new AppError('NO_CAR_IMAGE', 400, m.needCarImage);
      if (body.carImages.length > MAX_STUDIO_PHOTOS)
        throw new AppError('TOO_MANY_FILES', 400, m.tooManyFiles);
      const plan = await effectivePlan(user);
      if (body.carImages.length > 1 && !plan?.canBatchProcess)
        throw new AppError('BATCH_NOT_ALLOWED', 403, m.batchNeedsPlan);
      const cars = [];
      for (const url of body.carImages) cars.push((await owned(user, url, m.photo))!);
      const background = await owned(user, body.backgroundImage, m.background);
      const logo = await owned(user, body.logoImage, m.logo);
      const preset = body.backgroundPreset ? sceneIdSchema.safeParse(body.backgroundPreset) : null;
      if (preset && !preset.success) throw new AppError('UNKNOWN_PRESET', 400, m.unknownPreset);
      if (!background && !preset?.success) throw new AppError('NO_BACKGROUND', 400, m.studioNeedsBackground);
      const plateText = body.plateText?.trim().slice(0, plateLimits.studio) ?? '';
      if (body.enablePlateEdit && (!plateText || !body.plateColor || !body.plateTextColor)) {
        throw new AppError('NO_PLATE_TEXT', 400, m.studioPlateIncomplete);
      }
      const operations: OperationId[] = [
        'background_change',
        body.enablePlateEdit ? 'plate_customize' : 'plate_hide',
      ];
      const request: StudioJobRequest = {
        kind: 'studio',
        carImageIds: cars.map((c) => c.id),
        carImageUrls: body.carImages,
        backgroundId: background?.id ?? null,
        logoId: logo?.id ?? null,
        engine: {
          operations,
          preset: background ? undefined : preset?.success ? preset.data : undefined,
          plate: body.enablePlateEdit
            ? { text: plateText, color: body.plateColor!, textColor: body.plateTextColor! }
            : undefined,
          watermark: !(plan?.canRemoveWatermark && body.removeWatermark),
        },
      };
      return queueJob(user, 'studio', request, cars.length, body.jobId);
    },

    /**
     * Waits until the job finishes: woken at once when this process's worker finishes it, and polling every
     * 250 ms for workers in other processes.
     */
    async awaitJob(jobId: string, timeoutMs = deps.jobDeadlineMs): Promise<ProcessingJobRow> {
      const deadline = Date.now() + timeoutMs;
      let gaveUp = false;
      let wake = () => {};
      const waiters = finishedHere.get(jobId) ?? new Set();
      finishedHere.set(jobId, waiters);
      const woken = () => wake();
      waiters.add(woken);
      try {
        for (;;) {
          const job = await deps.jobs.find(jobId);
          if (!job) throw new AppError('JOB_NOT_FOUND', 404, m.jobNotFound);
          if (isEnded(job)) return job;
          // Past the deadline the job is given up: failed and not charged, unless it ended in the meantime.
          if (Date.now() > deadline && !gaveUp) {
            gaveUp = true;
            await failOpenJob(jobId, m.tooSlow);
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 250);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      } finally {
        waiters.delete(woken);
        if (waiters.size === 0) finishedHere.delete(jobId);
      }
    },

    jobFor: (user: UserRow, id: string) => deps.jobs.findOwned(id, user.id),

    /**
     * The worker's handler. Idempotent: a finished job is skipped; a retried job reuses its quota keys, so a
     * photo is charged once. Engine refusals fail the item and release its photo; crashes are retried.
     */
    async runJob(jobId: string, attempt: { final: boolean }) {
      const job = await deps.jobs.find(jobId);
      if (!job) return;
      if (isEnded(job)) return settleQuota(job);
      const req = job.request as JobRequest;
      // This attempt owns the job from here; an older attempt pg-boss expired but that still runs can no
      // longer change it (every later write is conditional on the attempt number).
      const mine = job.attempts + 1;
      const started = await deps.jobs.updateIfOpen(
        jobId,
        { status: 'running', startedAt: now(), attempts: mine },
        job.attempts,
      );
      if (!started) return; // given up by its waiter, or taken by another attempt, a moment ago
      const owner = { id: job.userId } as UserRow;
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
        const row = await deps.images.findOwned(id, job.userId);
        if (!row) throw new EngineError('INVALID_REQUEST', 'input image is gone');
        return deps.storage.get(row.storageKey);
      };
      try {
        const results: JobItemResult[] = [];
        const retention = new Date(now().getTime() + deps.resultRetentionMs);
        const saveResult = async (jpeg: Buffer, width: number, height: number) =>
          store(owner, 'result', jpeg, 'jpeg', { width, height }, retention);
        if (req.kind === 'editor') {
          const input = (await load(req.imageId))!;
          try {
            // With a remote generator, a free prompt becomes a painted background; the car stays local.
            const background = await remoteBackground(req.engine.prompt);
            const request = background ? { ...req.engine, prompt: undefined, background } : req.engine;
            const out = await deps
              .engine()
              .process(input, { ...request, mask: await load(req.maskId) }, (s) => onStage(s));
            const row = await saveResult(out.jpeg, out.width, out.height);
            results.push({ index: 0, imageId: row.id });
          } catch (err) {
            if (!(err instanceof EngineError)) throw err;
            results.push({ index: 0, error: err.message });
          }
        } else {
          const inputs = await Promise.all(req.carImageIds.map((id) => load(id) as Promise<Buffer>));
          const batch = await deps
            .engine()
            .processBatch(
              inputs,
              { ...req.engine, background: await load(req.backgroundId), logo: await load(req.logoId) },
              (index, stage) => onStage(stage, index, inputs.length),
            );
          for (const item of batch) {
            if (item.ok && item.result) {
              const row = await saveResult(item.result.jpeg, item.result.width, item.result.height);
              results.push({ index: item.index, carImage: req.carImageUrls[item.index], imageId: row.id });
            } else {
              results.push({
                index: item.index,
                carImage: req.carImageUrls[item.index],
                error: item.error?.message ?? m.itemFailed,
              });
            }
          }
        }
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
        await settleIfEnded(jobId);
        if (!ended) {
          // Given up by its waiter (the user was told it failed and was not charged), or another attempt
          // owns the job now: these results are nobody's.
          await deps.images.setExpiry(
            results.flatMap((r) => (r.imageId ? [r.imageId] : [])),
            now(),
          );
          return;
        }
        announceFinished(jobId);
        // Originals are deleted once processed (KVKK: keep no more than the service needs).
        if (ok) {
          const inputs =
            req.kind === 'editor'
              ? [req.imageId, req.maskId]
              : [...req.carImageIds, req.backgroundId, req.logoId];
          await deps.images.setExpiry(
            inputs.filter((x): x is string => Boolean(x)),
            now(),
          );
        }
      } catch (err) {
        deps.log?.error({ err, jobId }, 'processing crashed');
        if (!attempt.final) {
          await deps.jobs.updateIfOpen(jobId, { status: 'queued', stage: 'retry' }, mine);
          throw err; // pg-boss retries; quota stays reserved under the same keys
        }
        // Ends the job, or, when it has ended already (a crash while settling), settles what it left.
        await failOpenJob(jobId, m.itemFailed);
      }
    },

    /** An owned image for viewing or download. */
    async openImage(user: UserRow, file: string) {
      const id = file.replace(/\.(jpg|png)$/, '');
      const row = await deps.images.findOwned(id, user.id);
      if (!row) throw new AppError('IMAGE_NOT_FOUND', 404, m.imageNotFound);
      return { row, stream: await deps.storage.stream(row.storageKey) };
    },

    /** All results of a finished job as one ZIP ('studio-1.jpg', ...), for the studio's download-all. */
    async jobZip(user: UserRow, jobId: string) {
      const job = await deps.jobs.findOwned(jobId, user.id);
      if (!job) throw new AppError('JOB_NOT_FOUND', 404, m.jobNotFound);
      const entries = [];
      for (const r of (job.results ?? []) as JobItemResult[]) {
        if (!r.imageId) continue;
        const row = await deps.images.findOwned(r.imageId, user.id);
        if (row)
          entries.push({
            name: `studio-${r.index + 1}.jpg`,
            data: await deps.storage.get(row.storageKey),
            date: row.createdAt,
          });
      }
      if (entries.length === 0) throw new AppError('NOTHING_TO_DOWNLOAD', 404, m.imageNotFound);
      return zipStore(entries);
    },

    /**
     * Retention job: ends jobs still open long after their deadline (a worker killed on its last attempt, a
     * lost queue entry), so their photos are released, then deletes files whose time has come.
     */
    async purgeExpired() {
      let abandoned = 0;
      for (const job of await deps.jobs.openBefore(new Date(now().getTime() - deps.jobDeadlineMs - 60_000))) {
        if (await failOpenJob(job.id, m.itemFailed)) abandoned += 1;
      }
      if (abandoned) deps.log?.warn({ abandoned }, 'ended jobs left open past their deadline');
      let purged = 0;
      for (const row of await deps.images.expired(now())) {
        await deps.storage.delete(row.storageKey);
        await deps.images.markDeleted(row.id, now());
        purged += 1;
      }
      return { purged, abandoned };
    },

    imageUrlFor: (imageId: string) => `/api/images/${imageId}.jpg`,
    jobDeadlineMs: deps.jobDeadlineMs,
  };
}
export type PhotoService = ReturnType<typeof photoService>;
export { isEnded };
