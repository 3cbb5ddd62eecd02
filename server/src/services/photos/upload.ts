import type { Plan } from '../../../../contract/plans';
import { tr } from '../../../../contract/messages.tr';
import { MAX_STUDIO_PHOTOS } from '../../../../contract/photo.schema';
import { jobResultsSchema } from '../../../../contract/photo-job.schema';
import { EngineError } from '../../../../engine/engine.error';
import type { ImageRepository, ImageRow } from '../../repositories/image.repository';
import type { ProcessingJobRepository } from '../../repositories/processing-job.repository';
import { storageKeys, type Storage } from '../../adapters/storage/storage';
import type { UserRow } from '../../repositories/user.repository';
import { AppError } from '../app-error';
import { zipStore } from '../zip.writer';
import { idFromUrl, imageUrl, MAX_UPLOAD_BYTES, newImageId, sniffImage } from './urls';
import { isPrivileged } from '../../../../contract/privileges';

const m = tr.photo;

/** Re-encodes an upload without metadata (runs on an image thread); throws EngineError. */
export type Sanitize = (
  data: Buffer,
) => Promise<{ data: Buffer; format: 'jpeg' | 'png'; width: number; height: number }>;

/**
 * How many not yet processed uploads (and masks) a user may keep stored, by plan: enough for the largest run
 * the plan allows several times over, and little for an account without a subscription.
 */
export const uploadLimits: Record<Plan['type'] | 'none', { files: number; bytes: number }> = {
  none: { files: 10, bytes: 60 * 1024 * 1024 },
  basic: { files: 30, bytes: 200 * 1024 * 1024 },
  pro: { files: 60, bytes: 400 * 1024 * 1024 },
  business: { files: 150, bytes: 1024 * 1024 * 1024 },
};

export interface UploadDeps {
  images: ImageRepository;
  jobs: ProcessingJobRepository;
  storage: Storage;
  sanitize: Sanitize;
  planOf(user: UserRow): Promise<Plan | null>;
  /** Unprocessed uploads are deleted after this long (UPLOAD_RETENTION_HOURS). */
  uploadRetentionMs: number;
  now: () => Date;
}

function engineToAppError(err: EngineError): AppError {
  const status = err.code === 'TOO_MANY_PIXELS' ? 413 : err.code === 'INTERNAL' ? 500 : 422;
  return new AppError(`IMAGE_${err.code}`, status, err.message);
}

/** Uploads and masks (validated, metadata-free, limited per user), downloads, ZIPs and file retention. */
export function photoUploads(deps: UploadDeps) {
  const { now } = deps;

  async function store(
    userId: string,
    kind: ImageRow['kind'],
    data: Buffer,
    format: 'jpeg' | 'png',
    size: { width: number; height: number },
    expiresAt: Date | null,
  ) {
    const id = newImageId();
    const key =
      kind === 'result'
        ? storageKeys.result(userId, id)
        : kind === 'mask'
          ? storageKeys.mask(userId, id)
          : storageKeys.upload(userId, id, format === 'png' ? 'png' : 'jpg');
    const contentType = format === 'png' ? 'image/png' : 'image/jpeg';
    await deps.storage.put(key, data, contentType);
    return deps.images.insert({
      id,
      userId,
      kind,
      storageKey: key,
      contentType,
      width: size.width,
      height: size.height,
      bytes: data.length,
      createdAt: now(),
      expiresAt,
    });
  }

  /** Checks a file by content, then decodes it fully on an image thread (pixel limit checked first). */
  async function validateUpload(file: { data: Buffer }) {
    if (file.data.length === 0) throw new AppError('IMAGE_EMPTY_FILE', 400, m.emptyFile);
    if (file.data.length > MAX_UPLOAD_BYTES) throw new AppError('IMAGE_TOO_LARGE', 413, m.tooLarge);
    if (!sniffImage(file.data)) throw new AppError('NOT_AN_IMAGE', 415, m.onlyImages);
    try {
      return await deps.sanitize(file.data);
    } catch (err) {
      if (err instanceof EngineError) throw engineToAppError(err);
      throw err;
    }
  }

  /** Refuses uploads past the user's plan limit of stored, unprocessed files (429, Turkish). */
  async function ensureRoom(user: UserRow, files: { data: Buffer }[]) {
    const plan = isPrivileged(user) ? 'business' : (await deps.planOf(user))?.type;
    const limit = uploadLimits[plan ?? 'none'];
    const stored = await deps.images.storedUploads(user.id, now());
    const bytes = files.reduce((n, f) => n + f.data.length, 0);
    if (stored.files + files.length > limit.files)
      throw new AppError('UPLOAD_LIMIT', 429, m.uploadLimit(limit.files));
    if (stored.bytes + bytes > limit.bytes)
      throw new AppError('UPLOAD_LIMIT', 429, m.uploadBytesLimit(Math.round(limit.bytes / 1024 / 1024)));
  }

  const uploadExpiry = () => new Date(now().getTime() + deps.uploadRetentionMs);

  return {
    store,
    validateUpload,

    async owned(user: UserRow, url: string | null | undefined, what: string) {
      if (!url) return null;
      const row = await deps.images.findOwned(idFromUrl(url), user.id);
      if (!row) throw new AppError('IMAGE_NOT_FOUND', 404, `${what}: ${m.imageNotFound}`);
      return row;
    },

    /** Stores an upload after validating its content; EXIF/GPS and all metadata are gone on arrival. */
    async upload(user: UserRow, file: { data: Buffer }) {
      await ensureRoom(user, [file]);
      const clean = await validateUpload(file);
      const row = await store(user.id, 'upload', clean.data, clean.format, clean, uploadExpiry());
      return { id: row.id, imageUrl: imageUrl(row) };
    },

    /** Stores several uploads; all are validated before any is stored. */
    async uploadMany(user: UserRow, files: { data: Buffer }[]) {
      if (files.length === 0) throw new AppError('NO_FILES', 400, m.noFiles);
      if (files.length > MAX_STUDIO_PHOTOS) throw new AppError('TOO_MANY_FILES', 400, m.tooManyFiles);
      await ensureRoom(user, files);
      const cleaned = [];
      for (const f of files) cleaned.push(await validateUpload(f));
      const rows = [];
      for (const c of cleaned) rows.push(await store(user.id, 'upload', c.data, c.format, c, uploadExpiry()));
      return rows.map((row) => ({ success: true, imageUrl: imageUrl(row) }));
    },

    async saveMask(user: UserRow, dataUrl: string) {
      const data = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      if (sniffImage(data) !== 'png') throw new AppError('MASK_INVALID', 400, m.maskInvalid);
      await ensureRoom(user, [{ data }]);
      const clean = await validateUpload({ data });
      const row = await store(user.id, 'mask', clean.data, 'png', clean, uploadExpiry());
      return { maskUrl: imageUrl(row) };
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
      for (const r of jobResultsSchema.parse(job.results ?? [])) {
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

    /** Deletes files whose time has come (results after retention, uploads once processed or expired). */
    async purgeFiles() {
      let purged = 0;
      for (const row of await deps.images.expired(now())) {
        await deps.storage.delete(row.storageKey);
        await deps.images.markDeleted(row.id, now());
        purged += 1;
      }
      return purged;
    },
  };
}
export type PhotoUploads = ReturnType<typeof photoUploads>;
