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
import { tr } from '../../../../contract/messages.tr';
import { AppError } from '../../services/app-error';
import { isEnded, MAX_UPLOAD_BYTES, type PhotoService } from '../../services/photo.service';
import { requireUser } from '../auth.hook';

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
export async function photoRoutes(app: FastifyInstance, opts: { photos: PhotoService }) {
  const { photos } = opts;
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
      throw err;
    }
    return files;
  }

  app.post('/api/upload-image', async (req) => {
    const user = requireUser(req);
    const [file] = await readFiles(req, 'image', 1);
    if (!file) throw new AppError('NO_FILES', 400, tr.photo.noFiles);
    const { imageUrl } = await photos.upload(user, file);
    return { success: true, imageUrl };
  });

  app.post('/api/upload-images', async (req) => {
    const user = requireUser(req);
    const files = await readFiles(req, 'images', MAX_STUDIO_PHOTOS);
    return { success: true, images: await photos.uploadMany(user, files) };
  });

  r.post(
    '/api/save-mask',
    { schema: { body: saveMaskRequestSchema }, bodyLimit: 16 * 1024 * 1024 },
    async (req) => photos.saveMask(requireUser(req), req.body.maskData),
  );

  r.post('/api/process-image', { schema: { body: processImageRequestSchema } }, async (req) => {
    const user = requireUser(req);
    const jobId = await photos.startEditorJob(user, req.body);
    const job = await photos.awaitJob(jobId);
    const results = (job.results ?? []) as { imageId?: string; error?: string }[];
    const outputs = results.filter((x) => x.imageId).map((x) => photos.imageUrlFor(x.imageId!));
    if (job.status === 'succeeded') return { status: 'succeeded', output: outputs, error: null, jobId };
    return { status: 'failed', output: null, error: job.error ?? tr.photo.itemFailed, jobId };
  });

  r.post('/api/gen4/generate', { schema: { body: studioGenerateRequestSchema } }, async (req) => {
    const user = requireUser(req);
    const jobId = await photos.startStudioJob(user, req.body);
    const job = await photos.awaitJob(jobId);
    const items = (job.results ?? []) as {
      index: number;
      carImage?: string;
      imageId?: string;
      error?: string;
    }[];
    const results = items.map((x) => ({
      index: x.index,
      carImage: x.carImage ?? null,
      status: x.imageId ? 'succeeded' : 'failed',
      output: x.imageId ? photos.imageUrlFor(x.imageId) : null,
      success: Boolean(x.imageId),
      error: x.error ?? null,
    }));
    const successCount = results.filter((x) => x.success).length;
    return {
      success: successCount > 0,
      results,
      successCount,
      status: job.status,
      output: results.filter((x) => x.output).map((x) => x.output),
      error: successCount > 0 ? null : (job.error ?? tr.photo.itemFailed),
      jobId,
    };
  });

  // Server-sent events with the job's real stage, for the progress view.
  r.get('/api/jobs/:id/events', { schema: { params: z.object({ id: z.uuid() }) } }, async (req, reply) => {
    const user = requireUser(req);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-request-id': req.id,
    });
    let closed = false;
    req.raw.on('close', () => (closed = true));
    const deadline = Date.now() + photos.jobDeadlineMs; // as long as a waiting request may wait
    let last = '';
    while (!closed && Date.now() < deadline) {
      const job = await photos.jobFor(user, req.params.id);
      const payload = JSON.stringify(
        job ? { status: job.status, stage: job.stage, progress: job.progress } : { status: 'pending' },
      );
      if (payload !== last) {
        res.write(`data: ${payload}\n\n`);
        last = payload;
      }
      if (job && isEnded(job)) break;
      await new Promise((r2) => setTimeout(r2, 300));
    }
    res.end();
  });

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
