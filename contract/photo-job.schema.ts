import { z } from 'zod';
import type { OperationId } from './editor-rules';
import type { PlateColor, PlateTextColor } from './plate';

/**
 * What a job asks of the engine, as stored with it: the serializable part of the engine's request (the
 * worker loads the images, mask, background and logo, by id, and adds them). The worker hands it to the
 * engine's `process`/`processBatch`, so the compiler checks it against `engine/pipeline.ts` ProcessRequest.
 */
export interface JobEngineRequest {
  operations: OperationId[];
  /** Scene id (editor or studio preset). */
  preset?: string;
  /** Free prompt (editor): chooses and tints a scene, or is painted by the remote generator. */
  prompt?: string;
  plate?: { text: string; color?: PlateColor; textColor?: PlateTextColor };
  watermark?: boolean;
}

/** What a worker needs to run a job, defined once: stored with it (processing_jobs.request). */
export interface EditorJobRequest {
  kind: 'editor';
  imageId: string;
  maskId: string | null;
  engine: JobEngineRequest;
}
export interface StudioJobRequest {
  kind: 'studio';
  carImageIds: string[];
  carImageUrls: string[];
  backgroundId: string | null;
  logoId: string | null;
  engine: JobEngineRequest;
}
export type JobRequest = EditorJobRequest | StudioJobRequest;

/**
 * Where the original photo lies in a result whose background changed (the engine re-frames the car), as
 * fractions of the result's width and height; values outside 0-1 are parts of the original that fall off
 * the result. A before/after view places the original here so the two halves line up.
 */
export const originalPlacementSchema = z.object({
  left: z.number(),
  top: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type OriginalPlacement = z.infer<typeof originalPlacementSchema>;

/**
 * A photo job's outcome, defined once: stored per job (processing_jobs.results), returned by
 * POST /api/process-image, POST /api/gen4/generate and GET /api/jobs/:id, and read by the web app.
 */
export const jobItemResultSchema = z.object({
  index: z.number().int().min(0),
  /** The car photo's URL as the studio request named it. */
  carImage: z.string().optional(),
  /** The stored result image (absent when this photo failed). */
  imageId: z.string().optional(),
  /** A Turkish reason when this photo failed. */
  error: z.string().optional(),
  /** Turkish notes on a finished photo: a requested operation that changed nothing (not charged for it). */
  notices: z.array(z.string()).optional(),
  /** Where the original lies in this result (absent when the photo was not re-framed). */
  placement: originalPlacementSchema.optional(),
});
export type JobItemResult = z.infer<typeof jobItemResultSchema>;
export const jobResultsSchema = z.array(jobItemResultSchema);

export const jobStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** SPEC §7 POST /api/process-image (the spec's fields plus the job id). */
export const processImageResponseSchema = z.object({
  status: z.enum(['succeeded', 'failed']),
  output: z.array(z.string()).nullable(),
  error: z.string().nullable(),
  jobId: z.string(),
  /** Where the original lies in output[0] (null when the photo was not re-framed). */
  placement: originalPlacementSchema.nullable(),
});
export type ProcessImageResponse = z.infer<typeof processImageResponseSchema>;

export const studioResultItemSchema = z.object({
  index: z.number().int(),
  carImage: z.string().nullable(),
  status: z.enum(['succeeded', 'failed']),
  output: z.string().nullable(),
  success: z.boolean(),
  error: z.string().nullable(),
  /** Where the original lies in output (null when the photo was not re-framed). */
  placement: originalPlacementSchema.nullable(),
});
export type StudioResultItem = z.infer<typeof studioResultItemSchema>;

/** SPEC §7 POST /api/gen4/generate (the spec's fields plus the job id). */
export const studioGenerateResponseSchema = z.object({
  success: z.boolean(),
  results: z.array(studioResultItemSchema),
  successCount: z.number().int(),
  status: jobStatusSchema,
  output: z.array(z.string()),
  error: z.string().nullable(),
  jobId: z.string(),
});
export type StudioGenerateResponse = z.infer<typeof studioGenerateResponseSchema>;

/**
 * GET /api/jobs/:id: where the caller's job stands, and once it has ended the same answer the processing
 * call would have given, so a client whose connection dropped mid-job resumes it by id.
 */
export const jobStateResponseSchema = z.object({
  jobId: z.string(),
  kind: z.enum(['editor', 'studio']),
  status: jobStatusSchema,
  stage: z.string().nullable(),
  progress: z.number(),
  editor: processImageResponseSchema.nullable(),
  studio: studioGenerateResponseSchema.nullable(),
});
export type JobStateResponse = z.infer<typeof jobStateResponseSchema>;

/** POST /api/upload-image (SPEC §7). */
export const uploadImageResponseSchema = z.object({ success: z.literal(true), imageUrl: z.string() });
/** POST /api/upload-images (SPEC §7): one entry per file, in order. */
export const uploadImagesResponseSchema = z.object({
  success: z.literal(true),
  images: z.array(z.object({ success: z.boolean(), imageUrl: z.string().optional() })),
});
/** POST /api/save-mask. */
export const saveMaskResponseSchema = z.object({ maskUrl: z.string() });
