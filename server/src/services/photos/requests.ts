import { editorPresets, sceneIdSchema } from '../../../../contract/presets';
import { tr } from '../../../../contract/messages.tr';
import {
  MAX_STUDIO_PHOTOS,
  editorRules,
  plateLimits,
  type OperationId,
  type ProcessImageRequest,
  type StudioGenerateRequest,
} from '../../../../contract/photo.schema';
import type { EditorJobRequest, JobRequest, StudioJobRequest } from '../../../../contract/photo-job.schema';
import type { Plan } from '../../../../contract/plans';
import type { ImageRow } from '../../repositories/image.repository';
import { AppError } from '../app-error';

const m = tr.photo;

export const photoCount = (req: JobRequest) => (req.kind === 'editor' ? 1 : req.carImageIds.length);
/** The uploads a job reads (deleted once it has succeeded). */
export const inputsOf = (req: JobRequest) =>
  (req.kind === 'editor'
    ? [req.imageId, req.maskId]
    : [...req.carImageIds, req.backgroundId, req.logoId]
  ).filter((x): x is string => Boolean(x));

type Owned = (url: string | null | undefined, what: string) => Promise<ImageRow | null>;

/** SPEC §5 editor rules (contract/editor-rules.ts, which the page and the engine use too). */
export async function editorRequest(
  body: ProcessImageRequest & { operations: OperationId[] },
  plan: Plan | null,
  owned: Owned,
): Promise<EditorJobRequest> {
  const prompt = body.customPrompt?.trim() || null;
  if (editorRules.needsOperation(body.operations, prompt))
    throw new AppError('NO_OPERATION', 400, m.noOperation);
  const operations = editorRules.operationsFor(body.operations, prompt);
  const preset = body.backgroundPreset ? sceneIdSchema.safeParse(body.backgroundPreset) : null;
  if (preset && !preset.success) throw new AppError('UNKNOWN_PRESET', 400, m.unknownPreset);
  // The spec's client sends a preset as its English prompt; map it back to the scene it names.
  const presetFromPrompt = prompt ? editorPresets.find((p) => p.prompt === prompt)?.id : undefined;
  const presetId = presetFromPrompt ?? (preset?.success ? preset.data : undefined);
  const freePrompt = presetFromPrompt ? null : prompt;
  if (editorRules.needsBackground(operations, Boolean(presetId || freePrompt))) {
    throw new AppError('NO_BACKGROUND', 400, m.noBackground);
  }
  const plateText = body.plateText?.trim().slice(0, plateLimits.editor) ?? '';
  if (editorRules.needsPlateText(operations, plateText))
    throw new AppError('NO_PLATE_TEXT', 400, m.noPlateText);
  const image = await owned(body.imageUrl, m.photo);
  const mask = await owned(body.maskUrl, m.mask);
  return {
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
}

/** The studio run of SPEC §3: 1-5 photos (1 without batch), preset or custom background, logo, plate. */
export async function studioRequest(
  body: StudioGenerateRequest & { carImages: string[] },
  plan: Plan | null,
  owned: Owned,
): Promise<StudioJobRequest> {
  if (body.carImages.length === 0) throw new AppError('NO_CAR_IMAGE', 400, m.needCarImage);
  if (body.carImages.length > MAX_STUDIO_PHOTOS) throw new AppError('TOO_MANY_FILES', 400, m.tooManyFiles);
  if (body.carImages.length > 1 && !plan?.canBatchProcess)
    throw new AppError('BATCH_NOT_ALLOWED', 403, m.batchNeedsPlan);
  const cars = [];
  for (const url of body.carImages) cars.push((await owned(url, m.photo))!);
  const background = await owned(body.backgroundImage, m.background);
  const logo = await owned(body.logoImage, m.logo);
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
  return {
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
}
