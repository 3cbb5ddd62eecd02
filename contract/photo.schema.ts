import { z } from 'zod';
import {
  PLATE_TEXT_MAX_EDITOR,
  PLATE_TEXT_MAX_STUDIO,
  plateColorSchema,
  plateTextColorSchema,
} from './plate';
import { operationIds } from './editor-rules';

export { operationIds, editorRules, type OperationId } from './editor-rules';
export const operationSchema = z.enum(operationIds);

/** `/api/images/<id>.<ext>`: the only image URLs the API hands out and accepts. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/api\/images\/[A-Za-z0-9_-]{16,64}\.(jpg|png)$/, 'Geçersiz görsel adresi');

export const MAX_STUDIO_PHOTOS = 5;

export const processImageRequestSchema = z.object({
  imageUrl: imageUrlSchema,
  operations: z.array(operationSchema).max(4).default([]),
  maskUrl: imageUrlSchema.optional().nullable(),
  removeWatermark: z.boolean().default(false),
  customPrompt: z.string().max(1000).optional().nullable(),
  plateText: z.string().max(200).optional().nullable(),
  /** Editor preset id (an extension: the spec sends the preset only as its prompt). */
  backgroundPreset: z.string().max(60).optional().nullable(),
  /** Client-chosen id so the progress stream can be opened before the call returns. */
  jobId: z.uuid().optional(),
});
export type ProcessImageRequest = z.input<typeof processImageRequestSchema>;

export const studioGenerateRequestSchema = z.object({
  carImages: z.array(imageUrlSchema).max(20).default([]),
  backgroundImage: imageUrlSchema.optional().nullable(),
  logoImage: imageUrlSchema.optional().nullable(),
  backgroundPreset: z.string().max(60).optional().nullable(),
  enablePlateEdit: z.boolean().default(false),
  plateColor: plateColorSchema.optional().nullable(),
  plateTextColor: plateTextColorSchema.optional().nullable(),
  plateText: z.string().max(200).optional().nullable(),
  removeWatermark: z.boolean().default(false),
  jobId: z.uuid().optional(),
});
export type StudioGenerateRequest = z.input<typeof studioGenerateRequestSchema>;

export const saveMaskRequestSchema = z.object({
  maskData: z
    .string()
    .max(12_000_000)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Maske PNG veri adresi olmalı'),
});

export const plateLimits = { editor: PLATE_TEXT_MAX_EDITOR, studio: PLATE_TEXT_MAX_STUDIO } as const;
