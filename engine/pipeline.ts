import sharp from 'sharp';
import type { PlateColor, PlateTextColor } from '../contract/plate';
import { engineTr } from '../contract/messages.documents.tr';
import { editorRules, operationIds, type OperationId } from '../contract/editor-rules';
import { EngineError } from './engine.error';
import { decodeImage, type RawImage } from './io/image.decode';
import { encodeOutputs } from './io/image.encode';
import { getSession } from './models/model.loader';
import { runIsnet } from './segment/isnet.infer';
import { fillAcross, segmentCar, type CarSegmentation } from './segment/car.segment';
import { findPlates, findPlatesOnCar, type PlateDetection } from './plate/plate.find';
import { hideMasked, hidePlates, readUserMask, type HideStyle } from './plate/plate.hide';
import { customizePlate, type PlateFormat } from './plate/plate.render';
import {
  carBox,
  compositeCar,
  photoLight,
  planFraming,
  sharedLight,
  type Background,
  type Framing,
  type LightCast,
} from './scene/car.composite';
import { hasScene, renderScene, type SceneTint } from './scene/scene.render';
import { sceneFromPrompt } from './scene/scene.prompt';
import { cleanCar } from './adjust/car.clean';
import { placeLogo } from './adjust/logo.place';
import { applyWatermark } from './adjust/watermark.apply';

/** SPEC §3 operation ids. */
export const OPERATIONS = operationIds;
export type Operation = OperationId;

/** Progress stages reported through `onStage`, in execution order. */
export type StageName =
  | 'decode'
  | 'segment'
  | 'refine'
  | 'plates'
  | 'plate_edit'
  | 'clean'
  | 'scene'
  | 'logo'
  | 'watermark'
  | 'encode';

export interface PlateRequest {
  text: string;
  color?: PlateColor;
  textColor?: PlateTextColor;
  /** Default: chosen from the detected plate's shape. */
  format?: PlateFormat;
}

export interface ProcessRequest {
  operations: Operation[];
  /** Scene id (editor or studio preset). */
  preset?: string;
  /** Custom background image (any decodable image); wins over `preset`. */
  background?: Buffer;
  /** Free prompt: chooses and tints a scene when no preset is given (SPEC: a prompt wins over a preset). */
  prompt?: string;
  plate?: PlateRequest;
  plateHideStyle?: HideStyle;
  /** User-drawn mask PNG: white/opaque regions are hidden like plates. */
  mask?: Buffer;
  logo?: Buffer;
  watermark?: boolean;
  /** Output long side cap (default 1600). */
  maxLongSide?: number;
  /** Shared framing of a batch (set by processBatch). */
  framing?: Framing;
  /** Shared light of a batch (set by processBatch), so one preset looks the same on every photo. */
  light?: LightCast;
  /** Fixed output size (set by processBatch so a run's photos match). */
  canvas?: { width: number; height: number };
}

export interface ProcessResult {
  /** Final JPEG (quality 90, sRGB, no metadata). */
  jpeg: Buffer;
  /** Small JPEG preview (long side 480). */
  preview: Buffer;
  width: number;
  height: number;
  /** Milliseconds per stage that ran. */
  timings: Partial<Record<StageName, number>>;
  /** Plates found, in the output's input-image pixels (before any reframing). */
  plates: PlateDetection[];
  /** Scene actually used (preset or the prompt's choice), if the background changed. */
  sceneId?: string;
  /** Where the car was placed when the background changed (output = input * scale + (dx, dy), in pixels
   * of the working image, which is inputWidth x inputHeight; the canvas is outputWidth x outputHeight):
   * lets a before/after view frame the original the same way. */
  placement?: {
    scale: number;
    dx: number;
    dy: number;
    inputWidth: number;
    inputHeight: number;
    outputWidth: number;
    outputHeight: number;
  };
  /** What was done per operation, and whether the photo is to be charged. */
  report: ProcessReport;
}

/** What the segmentation did, for the result's report. */
export type SegmentReport = Pick<
  CarSegmentation,
  'passes' | 'runs' | 'fragmentsRemoved' | 'slab' | 'occluded'
>;

/** Turkish notices shown with an item (SPEC: no operation passes silently), from the catalogue. */
export const NOTICES = engineTr.notices;

/** Per-photo account of what each requested operation actually did (the server charges from it). */
export interface ProcessReport {
  /** Operations that changed the photo. */
  applied: Operation[];
  /** Requested operations that changed nothing (no plate found, no visible clean-up). */
  skipped: Operation[];
  /** false when no requested operation changed the photo: the photo must not be charged. */
  charge: boolean;
  /** Plates changed by plate_hide / plate_customize (0 with a notice when none was found). */
  platesChanged: number;
  /** car_clean's mean change on the car, in 8-bit levels (visible from about 3). */
  cleanChange?: number;
  segmentation?: SegmentReport;
  /** Turkish notices for the user (a skipped operation, a mask to check). */
  notices: string[];
}

export type StageCallback = (stage: StageName) => void;

export interface BatchItemResult {
  index: number;
  ok: boolean;
  result?: ProcessResult;
  error?: EngineError;
}

export interface Engine {
  /** Processes one photo; throws EngineError for bad input or request. */
  process(input: Buffer, request: ProcessRequest, onStage?: StageCallback): Promise<ProcessResult>;
  /** Processes a studio run: one canvas size and one framing for all photos; per-item errors. */
  processBatch(
    inputs: Buffer[],
    request: ProcessRequest,
    onItem?: (index: number, stage: StageName) => void,
  ): Promise<BatchItemResult[]>;
  /** Car alpha (8-bit, same size as the decoded, oriented input) as PNG. */
  segment(input: Buffer): Promise<{ png: Buffer; width: number; height: number }>;
  /** Plates in input pixels (oriented), best first. */
  plates(input: Buffer): Promise<PlateDetection[]>;
  /** Loads all models now (otherwise they load on first use); idempotent. */
  warmup(): Promise<void>;
}

/** Output long side (listing sites display ~1280 px; see docs/decisions/0002-engine-output-and-framing.md). */
export const DEFAULT_MAX_LONG_SIDE = 1600;

function validate(request: ProcessRequest): void {
  const ops = [...new Set(request.operations)];
  // The engine takes no prompt-only request: its caller names the operations.
  if (editorRules.needsOperation(ops, null)) throw new EngineError('INVALID_REQUEST', 'no operations');
  for (const op of ops)
    if (!OPERATIONS.includes(op)) throw new EngineError('INVALID_REQUEST', `unknown operation ${op}`);
  const hasBackground = Boolean(request.preset || request.prompt?.trim() || request.background);
  if (editorRules.needsBackground(ops, hasBackground))
    throw new EngineError('INVALID_REQUEST', 'background_change needs a preset, a prompt or a background');
  if (request.preset && !hasScene(request.preset))
    throw new EngineError('INVALID_REQUEST', `unknown preset ${request.preset}`);
  if (editorRules.needsPlateText(ops, request.plate?.text))
    throw new EngineError('INVALID_REQUEST', 'plate_customize needs plate text');
  if (request.plate && request.plate.text.trim().length > 20)
    throw new EngineError('INVALID_REQUEST', 'plate text longer than 20 characters');
}

function chooseBackground(
  request: ProcessRequest,
  custom: RawImage | undefined,
): { background: Background; tint?: SceneTint; sceneId?: string } {
  if (custom) return { background: { kind: 'image', image: custom } };
  // SPEC §5: a custom prompt takes precedence over a preset.
  if (request.prompt?.trim()) {
    const p = sceneFromPrompt(request.prompt);
    return { background: { kind: 'scene', id: p.sceneId }, tint: p.tint, sceneId: p.sceneId };
  }
  const id = request.preset ?? 'luxury-showroom';
  return { background: { kind: 'scene', id }, sceneId: id };
}

async function time<T>(
  timings: Partial<Record<StageName, number>>,
  stage: StageName,
  onStage: StageCallback | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  onStage?.(stage);
  const t = performance.now();
  try {
    return await fn();
  } finally {
    timings[stage] = (timings[stage] ?? 0) + (performance.now() - t);
  }
}

/** The car's mask with what the compositor needs from it (glass only when a composite will happen). */
export interface CarMask {
  alpha: Uint8Array;
  glass?: Uint8Array;
  /** Slits a post or a rail in front of the car left, closed into the mask (segmentCar's `slits`). */
  slits?: Uint8Array;
  /** What the segmentation did (second pass, fragments removed, slab fixed or flagged). */
  report: SegmentReport;
}

/** Car alpha at the image's size: ISNet (one or two passes) + refinement + clean-up. */
async function carMask(
  image: RawImage,
  withGlass: boolean,
  timings: Partial<Record<StageName, number>>,
  onStage?: StageCallback,
): Promise<CarMask> {
  // The model passes count as 'segment', the rest of segmentCar as 'refine'.
  let inference = 0;
  const start = performance.now();
  onStage?.('segment');
  const seg = await segmentCar(image, {
    glass: withGlass,
    saliency: async (img, _pass, size) => {
      const t = performance.now();
      try {
        return await runIsnet(img, size);
      } finally {
        inference += performance.now() - t;
      }
    },
  });
  onStage?.('refine');
  timings.segment = (timings.segment ?? 0) + inference;
  timings.refine = (timings.refine ?? 0) + (performance.now() - start - inference);
  return {
    alpha: seg.alpha,
    glass: seg.glass,
    slits: seg.slits,
    report: {
      passes: seg.passes,
      runs: seg.runs,
      fragmentsRemoved: seg.fragmentsRemoved,
      slab: seg.slab,
      occluded: seg.occluded,
    },
  };
}

async function processDecoded(
  image: RawImage,
  request: ProcessRequest,
  timings: Partial<Record<StageName, number>>,
  onStage?: StageCallback,
  precomputed?: CarMask,
): Promise<ProcessResult> {
  const ops = new Set(request.operations);
  const needMask = ops.has('background_change') || ops.has('car_clean');
  const needPlates = ops.has('plate_hide') || ops.has('plate_customize');
  const custom = request.background
    ? await decodeImage(request.background, { maxLongSide: DEFAULT_MAX_LONG_SIDE })
    : undefined;

  const car = needMask
    ? (precomputed ?? (await carMask(image, ops.has('background_change'), timings, onStage)))
    : undefined;
  const mask = car?.alpha;
  const applied: Operation[] = [];
  const skipped: Operation[] = [];
  const notices: string[] = [];
  // A new background needs a whole car: an interior, a wheel close-up or a photo without a car is refused
  // (alone: as an error, not charged; with other operations: skipped with a notice, the rest still runs).
  let changeBackground = ops.has('background_change');
  if (changeBackground && mask && !isWholeCar(mask, image.width, image.height)) {
    if (ops.size === 1) throw new EngineError('INVALID_REQUEST', 'no whole car', NOTICES.noWholeCar);
    changeBackground = false;
    skipped.push('background_change');
    notices.push(NOTICES.noWholeCar);
  }
  const carOnly = mask && changeBackground ? carBox(mask, image.width, image.height) : null;
  const plates = needPlates
    ? await time(timings, 'plates', onStage, () =>
        mask && carOnly ? findPlatesOnCar(image, mask, carOnly) : findPlates(image, { carMask: mask }),
      )
    : [];

  if (needPlates || request.mask) {
    await time(timings, 'plate_edit', onStage, async () => {
      if (ops.has('plate_customize') && request.plate) {
        for (const p of plates) await customizePlate(image, p.quad, request.plate.text, request.plate);
      } else if (ops.has('plate_hide')) {
        await hidePlates(
          image,
          plates.map((p) => p.quad),
          request.plateHideStyle ?? 'blur',
        );
      }
      if (request.mask) {
        const user = await readUserMask(request.mask, image.width, image.height);
        await hideMasked(image, user, request.plateHideStyle ?? 'blur');
      }
    });
  }

  const plateOp =
    ops.has('plate_customize') && request.plate
      ? 'plate_customize'
      : ops.has('plate_hide')
        ? 'plate_hide'
        : null;
  if (plateOp) {
    if (plates.length) applied.push(plateOp);
    else {
      skipped.push(plateOp);
      notices.push(NOTICES.plateNotFound);
    }
  }

  let cleanChange: number | undefined;
  if (ops.has('car_clean') && mask) {
    const before = Buffer.from(image.data);
    await time(timings, 'clean', onStage, () => cleanCar(image, mask));
    cleanChange = meanChange(before, image, mask);
    if (cleanChange >= VISIBLE_CHANGE) applied.push('car_clean');
    else {
      skipped.push('car_clean');
      notices.push(NOTICES.cleanNoChange);
    }
  }
  if (car?.report.slab === 'flagged') notices.push(NOTICES.slabFlagged);
  if (car?.report.occluded) notices.push(NOTICES.carOccluded);

  let out = image;
  let sceneId: string | undefined;
  let placement: ProcessResult['placement'];
  if (changeBackground && mask) {
    const box = carBox(mask, image.width, image.height);
    if (!box) throw new EngineError('INVALID_REQUEST', 'no car found', engineTr.noCarFound);
    const chosen = chooseBackground(request, custom);
    sceneId = chosen.sceneId;
    const width = request.canvas?.width ?? image.width;
    const height = request.canvas?.height ?? image.height;
    const framing = request.framing ?? planFraming([box], width, height);
    // The car goes on behind a post that crossed it: no stump of the post on the new background.
    if (car?.slits) fillAcross(image.data, image.channels, car.slits, image.width, image.height);
    out = await time(timings, 'scene', onStage, async () => {
      const r = await compositeCar(image, mask, {
        background: chosen.background,
        width,
        height,
        framing,
        tint: chosen.tint,
        light: request.light,
        glass: car?.glass,
      });
      placement = {
        ...r.placement,
        inputWidth: image.width,
        inputHeight: image.height,
        outputWidth: width,
        outputHeight: height,
      };
      return r.image;
    });
    applied.push('background_change');
  }

  if (request.logo) {
    const logo = request.logo;
    await time(timings, 'logo', onStage, () => placeLogo(out, logo));
  }
  if (request.watermark) await time(timings, 'watermark', onStage, () => applyWatermark(out));

  const encoded = await time(timings, 'encode', onStage, () =>
    encodeOutputs(out, request.maxLongSide ?? DEFAULT_MAX_LONG_SIDE),
  );
  // A user mask or a logo changes the photo by the user's own hand; the charge follows the operations.
  const report: ProcessReport = {
    applied,
    skipped,
    charge: applied.length > 0,
    platesChanged: plateOp ? plates.length : 0,
    cleanChange,
    segmentation: car?.report,
    notices,
  };
  return { ...encoded, timings, plates, sceneId, placement, report };
}

/**
 * Whether the mask shows a whole car: something was found, it covers at most 85 % of the photo, fills at
 * least 40 % of its own box (a body, not a ring or scattered parts), and it runs off at most two sides (a real car photo crops at most a bumper and a side; an interior or a close-up
 * fills the frame on three or four).
 */
export function isWholeCar(mask: Uint8Array, width: number, height: number): boolean {
  let area = 0;
  for (let i = 0; i < mask.length; i += 4) if (mask[i] >= 128) area++;
  const share = (area * 4) / mask.length;
  if (share < 0.005 || share > 0.85) return false;
  const side = (count: number, len: number) => count > len * 0.15;
  let top = 0;
  let bottom = 0;
  let left = 0;
  let right = 0;
  for (let x = 0; x < width; x++) {
    if (mask[x] >= 128) top++;
    if (mask[(height - 1) * width + x] >= 128) bottom++;
  }
  for (let y = 0; y < height; y++) {
    if (mask[y * width] >= 128) left++;
    if (mask[y * width + width - 1] >= 128) right++;
  }
  const cut = [side(top, width), side(bottom, width), side(left, height), side(right, height)];
  if (cut.filter(Boolean).length > 2) return false;
  // A car fills most of its box (about 60-85 %); a steering wheel's ring or scattered trim does not.
  const box = carBox(mask, width, height);
  return !!box && (area * 4) / (box.w * box.h) >= 0.4;
}

/** car_clean's change below this mean (8-bit levels over the car) is not visible: not charged. */
export const VISIBLE_CHANGE = 3;

/** Mean absolute per-channel change over the car (alpha >= 128). */
function meanChange(before: Buffer, after: RawImage, mask: Uint8Array): number {
  let sum = 0;
  let n = 0;
  const c = after.channels;
  for (let p = 0; p < mask.length; p += 3) {
    if (mask[p] < 128) continue;
    const i = p * c;
    sum +=
      Math.abs(before[i] - after.data[i]) +
      Math.abs(before[i + 1] - after.data[i + 1]) +
      Math.abs(before[i + 2] - after.data[i + 2]);
    n += 3;
  }
  return n ? sum / n : 0;
}

/** JPEG (quality 85) of a preset scene at the given size, for preset grids and gallery cards. */
export async function renderPresetPreview(id: string, width = 480, height = 320): Promise<Buffer> {
  if (!hasScene(id)) throw new EngineError('INVALID_REQUEST', `unknown preset ${id}`);
  const scene = await renderScene(id, width, height);
  return sharp(scene.data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Photos of a studio run processed at once (ENGINE_BATCH_IN_FLIGHT; 1 = one after another). */
const batchInFlight = (): number => Math.max(1, Math.round(Number(process.env.ENGINE_BATCH_IN_FLIGHT)) || 2);

/** `fn` over `items` with at most `limit` calls pending at once; results in the items' order. */
async function inFlight<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Creates an engine; models load lazily on first use and are shared by every engine in the process. */
export function createEngine(): Engine {
  const engine: Engine = {
    async process(input, request, onStage) {
      validate(request);
      const timings: Partial<Record<StageName, number>> = {};
      const image = await time(timings, 'decode', onStage, () =>
        decodeImage(input, { maxLongSide: request.maxLongSide ?? DEFAULT_MAX_LONG_SIDE }),
      );
      return processDecoded(image, request, timings, onStage);
    },

    async processBatch(inputs, request, onItem) {
      validate(request);
      const cap = request.maxLongSide ?? DEFAULT_MAX_LONG_SIDE;
      const limit = batchInFlight();
      const asError = (err: unknown): EngineError =>
        err instanceof EngineError ? err : new EngineError('INTERNAL', String(err));
      // Two photos in flight at a time: one photo's single-threaded work (decode, refinement, plates,
      // compositing, encoding) runs while the other's model inference keeps the cores busy. Framing needs
      // every car's box first, so the masks of the whole run are made before the first photo is composed.
      const decoded: (RawImage | EngineError)[] = await inFlight(inputs, limit, (input) =>
        decodeImage(input, { maxLongSide: cap }).catch(asError),
      );
      // One 3:2 canvas for the run and one framing planned from every car (masks computed once).
      const canvas = { width: cap, height: Math.round((cap * 2) / 3) };
      const changeBackground = request.operations.includes('background_change');
      let masks: (CarMask | undefined)[] = [];
      let framing: Framing | undefined;
      let light: LightCast | undefined;
      if (changeBackground) {
        masks = await inFlight(decoded, limit, (d, i) =>
          d instanceof EngineError ? Promise.resolve(undefined) : carMask(d, true, {}, (s) => onItem?.(i, s)),
        );
        const boxes: { w: number; h: number }[] = [];
        masks.forEach((m, i) => {
          const d = decoded[i];
          const b = m && !(d instanceof EngineError) ? carBox(m.alpha, d.width, d.height) : null;
          if (b) boxes.push({ w: b.w, h: b.h });
        });
        framing = planFraming(boxes, canvas.width, canvas.height);
        light = sharedLight(
          decoded.filter((d): d is RawImage => !(d instanceof EngineError)).map(photoLight),
        );
      }
      return inFlight(decoded, limit, async (d, i): Promise<BatchItemResult> => {
        if (d instanceof EngineError) return { index: i, ok: false, error: d };
        try {
          // Batch items reuse the mask computed for framing instead of segmenting twice.
          const result = await processDecoded(
            d,
            { ...request, framing, light, canvas: changeBackground ? canvas : undefined },
            {},
            (s) => onItem?.(i, s),
            masks[i],
          );
          return { index: i, ok: true, result };
        } catch (err) {
          return { index: i, ok: false, error: asError(err) };
        }
      });
    },

    async segment(input) {
      const image = await decodeImage(input);
      const timings: Partial<Record<StageName, number>> = {};
      const { alpha: mask } = await carMask(image, false, timings);
      const png = await sharp(Buffer.from(mask.buffer, mask.byteOffset, mask.length), {
        raw: { width: image.width, height: image.height, channels: 1 },
      })
        .toColourspace('b-w')
        .png()
        .toBuffer();
      return { png, width: image.width, height: image.height };
    },

    async plates(input) {
      const image = await decodeImage(input);
      return findPlates(image);
    },

    async warmup() {
      await Promise.all([
        getSession('segmentation'),
        getSession('textDetection'),
        getSession('textRecognition'),
      ]);
    },
  };
  return engine;
}
