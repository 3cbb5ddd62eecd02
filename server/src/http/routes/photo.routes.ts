import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  MAX_STUDIO_PHOTOS,
  processImageRequestSchema,
  saveMaskRequestSchema,
  studioGenerateRequestSchema,
} from '../../../../contract/photo.schema';
import {
  jobStateResponseSchema,
  processImageResponseSchema,
  saveMaskResponseSchema,
  uploadImageResponseSchema,
  uploadImagesResponseSchema,
  studioGenerateResponseSchema,
} from '../../../../contract/photo-job.schema';
import { tr } from '../../../../contract/messages.tr';
import { AppError } from '../../services/app-error';
import {
  editorResponse,
  isEnded,
  jobState,
  MAX_UPLOAD_BYTES,
  studioResponse,
  type PhotoService,
} from '../../services/photos';
import { requireUser } from '../auth.hook';

/** Progress streams one user may hold open at once (per API process). */
export const MAX_STREAMS_PER_USER = 4;
const STREAM_POLL_MS = 1_000;
/** The grace for a job row to appear when the web app opens its stream just before posting the job. */
const STREAM_GRACE_MS = 3_000;

const fileParam = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.(jpg|png)$/) });

/**
 * Turkish file name for downloads: 'oto-studyo-2026-11-22-153012-k3x9q2.jpg'. Seconds and the start of the
 * image id keep two results of the same minute from overwriting each other in the downloads folder.
 */
function downloadName(date: Date, imageId: string) {
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
  const time = `${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
  return `oto-studyo-${day}-${time}-${imageId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 6)
    .toLowerCase()}.jpg`;
}

/** SPEC §7 upload, mask, processing, studio and download calls, plus the progress stream. */
export async function photoRoutes(
  app: FastifyInstance,
  opts: {
    photos: PhotoService;
    /** Open streams per process (all users) and how long one may go without a change. */
    streams: { max: number; idleMs: number };
  },
) {
  const { photos } = opts;
  const { max: maxStreams, idleMs: streamIdleMs } = opts.streams;
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_STUDIO_PHOTOS + 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function readFiles(req: Parameters<typeof requireUser>[0], field: string, max: number) {
    const files: { data: Buffer }[] = [];
    try {
      for await (const part of req.files()) {
        if (part.fieldname !== field) {
          await part.toBuffer();
          continue;
        }
        if (files.length >= max) throw new AppError('TOO_MANY_FILES', 400, tr.photo.tooManyFiles);
        files.push({ data: await part.toBuffer() });
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE', 413, tr.photo.tooLarge);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
        throw new AppError('TOO_MANY_FILES', 400, tr.photo.tooManyFiles);
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
        throw new AppError('NO_FILES', 400, tr.photo.noFiles);
      if (err instanceof AppError) throw err;
      // Anything else went wrong reading the body itself (truncated, malformed, aborted): the client's fault.
      req.log.info({ reason: (err as Error).message }, 'unreadable multipart body');
      throw new AppError('BAD_UPLOAD', 400, tr.photo.badUpload);
    }
    return files;
  }

  r.post('/api/upload-image', { schema: { response: { 200: uploadImageResponseSchema } } }, async (req) => {
    const user = requireUser(req);
    const [file] = await readFiles(req, 'image', 1);
    if (!file) throw new AppError('NO_FILES', 400, tr.photo.noFiles);
    const { imageUrl } = await photos.upload(user, file);
    return { success: true as const, imageUrl };
  });

  r.post('/api/upload-images', { schema: { response: { 200: uploadImagesResponseSchema } } }, async (req) => {
    const user = requireUser(req);
    const files = await readFiles(req, 'images', MAX_STUDIO_PHOTOS);
    return { success: true as const, images: await photos.uploadMany(user, files) };
  });

  r.post(
    '/api/save-mask',
    {
      schema: { body: saveMaskRequestSchema, response: { 200: saveMaskResponseSchema } },
      bodyLimit: 16 * 1024 * 1024,
    },
    async (req) => photos.saveMask(requireUser(req), req.body.maskData),
  );

  r.post(
    '/api/process-image',
    { schema: { body: processImageRequestSchema, response: { 200: processImageResponseSchema } } },
    async (req) => {
      const user = requireUser(req);
      const jobId = await photos.startEditorJob(user, req.body);
      return editorResponse(await photos.awaitJob(jobId));
    },
  );

  r.post(
    '/api/gen4/generate',
    { schema: { body: studioGenerateRequestSchema, response: { 200: studioGenerateResponseSchema } } },
    async (req) => {
      const user = requireUser(req);
      const jobId = await photos.startStudioJob(user, req.body);
      return studioResponse(await photos.awaitJob(jobId));
    },
  );

  // Where a job stands; once ended, the processing call's own answer (a client resumes a job by id).
  r.get(
    '/api/jobs/:id',
    { schema: { params: z.object({ id: z.uuid() }), response: { 200: jobStateResponseSchema } } },
    async (req) => {
      const job = await photos.jobFor(requireUser(req), req.params.id);
      if (!job) throw new AppError('JOB_NOT_FOUND', 404, tr.photo.jobNotFound);
      return jobState(job);
    },
  );

  // Server-sent events with the job's real stage, for the progress view: only the caller's own jobs, a few
  // streams per user and a bounded number per process (each polls the database), closed when nothing
  // changes for PROGRESS_STREAM_IDLE_SECONDS.
  const openStreams = new Map<string, number>();
  let streamsOpen = 0;
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  r.get('/api/jobs/:id/events', { schema: { params: z.object({ id: z.uuid() }) } }, async (req, reply) => {
    const user = requireUser(req);
    const open = openStreams.get(user.id) ?? 0;
    if (open >= MAX_STREAMS_PER_USER) throw new AppError('TOO_MANY_STREAMS', 429, tr.photo.tooManyStreams);
    if (streamsOpen >= maxStreams) {
      // The job itself goes on; the web app shows progress from the processing call and retries later.
      req.log.warn({ streamsOpen }, 'progress stream refused: the process holds its maximum');
      void reply.header('retry-after', '5');
      throw new AppError('STREAMS_BUSY', 503, tr.photo.streamsBusy);
    }
    openStreams.set(user.id, open + 1);
    streamsOpen += 1;
    const release = () => {
      streamsOpen -= 1;
      const left = (openStreams.get(user.id) ?? 1) - 1;
      if (left > 0) openStreams.set(user.id, left);
      else openStreams.delete(user.id);
    };
    // The web app opens the stream with its own job id just before it posts the job: a short grace for
    // the row to appear; an id that is not the caller's job is refused.
    if (!(await photos.jobFor(user, req.params.id)) && !(await waitForJob(user, req.params.id))) {
      release();
      throw new AppError('JOB_NOT_FOUND', 404, tr.photo.jobNotFound);
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-request-id': req.id,
    });
    let closed = false;
    let wake = () => {};
    req.raw.on('close', () => {
      closed = true;
      wake(); // a client that left frees its place now, not at the next poll
    });
    let last = '';
    let changedAt = Date.now();
    try {
      while (!closed && !closing && Date.now() - changedAt < streamIdleMs) {
        const job = await photos.jobFor(user, req.params.id).catch(() => undefined); // a DB blip: try again
        const payload = JSON.stringify(
          job ? { status: job.status, stage: job.stage, progress: job.progress } : { status: 'pending' },
        );
        if (payload !== last) {
          res.write(`data: ${payload}\n\n`);
          last = payload;
          changedAt = Date.now();
        }
        if (job && isEnded(job)) break;
        // The next poll, or the idle deadline if that comes first.
        const pause = Math.min(STREAM_POLL_MS, Math.max(0, changedAt + streamIdleMs - Date.now()));
        await new Promise<void>((r2) => {
          const timer = setTimeout(r2, pause);
          wake = () => {
            clearTimeout(timer);
            r2();
          };
        });
      }
    } finally {
      release();
      res.end();
    }
  });

  async function waitForJob(user: Parameters<PhotoService['jobFor']>[0], id: string) {
    const until = Date.now() + STREAM_GRACE_MS;
    while (Date.now() < until) {
      await new Promise((r2) => setTimeout(r2, 300));
      if (await photos.jobFor(user, id)) return true;
    }
    return false;
  }

  r.get('/api/jobs/:id/zip', { schema: { params: z.object({ id: z.uuid() }) } }, async (req, reply) => {
    const zip = await photos.jobZip(requireUser(req), req.params.id);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="oto-studyo-sonuclar.zip"`)
      .header('cache-control', 'private, no-store')
      .send(zip);
  });

  r.get('/api/images/:file', { schema: { params: fileParam } }, async (req, reply) => {
    const { row, stream } = await photos.openImage(requireUser(req), req.params.file);
    return reply.type(row.contentType).header('cache-control', 'private, max-age=3600').send(stream);
  });

  r.get('/api/download/:file', { schema: { params: fileParam } }, async (req, reply) => {
    const { row, stream } = await photos.openImage(requireUser(req), req.params.file);
    return reply
      .type(row.contentType)
      .header('content-disposition', `attachment; filename="${downloadName(row.createdAt, row.id)}"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
