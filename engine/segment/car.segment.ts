import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';
import { ISNET_SIZE, runIsnet, type SaliencyMap } from './isnet.infer';
import {
  feetRow,
  fillHoles,
  labelComponents,
  lowestRows,
  maskBounds,
  morph,
  rowRange,
  threshold,
} from './mask.ops';
import { glassMap, keepCarFast, refineMask } from './mask.refine';
import { lumaAt } from '../io/pixel.box';

/** A pixel box in image coordinates. */
export interface PixelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What the segmentation found, and what it did about it (the pipeline reports this to the user). */
export interface CarSegmentation {
  /** 0..255 car alpha, image size. */
  alpha: Uint8Array;
  /** See-through windows (0..255, image size), only when asked for (a composite will happen). */
  glass?: Uint8Array;
  /** 1: the whole photo only; 2: a second pass on the car's crop. */
  passes: 1 | 2;
  /** ISNet's input side of each model run, in order (a locating look, then the crop or the whole photo). */
  runs: number[];
  /** The crop the second pass ran on. */
  crop?: PixelBox;
  /** Small detached pieces (old background, clutter) removed from the final mask. */
  fragmentsRemoved: number;
  /** Enclosed gaps closed into the car (windows the model saw through, notches). */
  holesFilled: number;
  /** Slits a thin occluder in front of the car (a post, a rail) left across it, closed (bridgeSlits). */
  slitsBridged: number;
  /** Where they were (image size; bridgeSlits' 1 along rows, 2 along columns), when there were any: a
   * background change paints the car over the occluder there (fillAcross). */
  slits?: Uint8Array;
  /**
   * The model half-saw more car beyond the mask, at least half as much again as the mask holds (a car
   * largely behind a bush, hiddenShare): the cut-out is a part of a car, and the user should check it.
   */
  occluded: boolean;
  /**
   * A leftover slab of background attached to the car (a wall or road patch the model half-believed):
   * 'none', 'fixed' (cut from the mask), or 'flagged' (too large to cut safely: the user should check).
   */
  slab: 'none' | 'fixed' | 'flagged';
  /** Share of the car's area the slab covered (0 when none). */
  slabShare: number;
}

export interface SegmentOptions {
  /** Also compute the glass map (only needed when the background is replaced). */
  glass?: boolean;
  /** Run the second pass when the car's crop is at most this share of the photo's area (default 0.6). */
  cropShare?: number;
  /** The second pass runs only when it gives the model at least this many times more real pixels on the
   * car than the first pass had (default 1.25). */
  minGain?: number;
  /** The second pass also runs, however few real pixels it gains, when the car's crop is at most this share
   * of the photo (default 0.15): a car that small is too small for the model (see segmentCar). */
  smallShare?: number;
  /** How the crop pass is combined with the full pass (default 'mean'; 'crop' for a small car's upsampled
   * crop). */
  fuse?: 'mean' | 'max' | 'crop';
  /** ISNet's input side for each pass (default PASS_SIZES). */
  sizes?: PassSizes;
  /** Saliency source (the eval may cache it); default: ISNet at `size`. `pass` names the call. */
  saliency?: (image: RawImage, pass: 'full' | 'crop', size: number) => Promise<SaliencyMap>;
}

/** ISNet's input side (multiples of 64) for the pass on the whole photo and for the pass on the car's crop. */
export interface PassSizes {
  full: number;
  crop: number;
}

/**
 * Measured on eval-dev (docs/decisions/0002, "Session 18"): a 512 px look at the whole photo finds the car's
 * box as well as 1024 does, and 768 px on the crop keeps the masks' mean IoU for 0.81 of one 1024 pass's
 * pixels (the 12-MP bench photo). The jagged dark sliver beside a studio tyre that withdrew this default in
 * session 18 was restoreTread growing lone rows, not the 768 pass (1024 left one on another photo too;
 * session 19, alongArcs). `ENGINE_ISNET_SIZES=full,crop` sets both (1024,1024 for the old passes; benches
 * compare in one run).
 */
export const PASS_SIZES: PassSizes = passSizes(process.env.ENGINE_ISNET_SIZES) ?? { full: 512, crop: 768 };

function passSizes(spec: string | undefined): PassSizes | undefined {
  if (!spec) return undefined;
  const [full, crop] = spec.split(',').map(Number);
  // The model halves its input six times; other sides would not line its levels up (onnx.shape).
  if (!(full > 0 && crop > 0 && full % 64 === 0 && crop % 64 === 0))
    throw new Error(`ENGINE_ISNET_SIZES: two multiples of 64 expected, got "${spec}"`);
  return { full, crop };
}

/**
 * The two passes' opinions on the crop, combined per model pixel: the crop pass sees the car with more
 * pixels, the full pass sees it in context (a bumper beyond a pole, a wheel in shadow that the crop pass
 * doubts). 'mean' averages them (a part stays when both lean to car, or one is sure); 'crop' uses the
 * crop pass alone.
 */
function fuse(
  crop: SaliencyMap,
  full: SaliencyMap,
  c: PixelBox,
  width: number,
  height: number,
  mode: 'mean' | 'max' | 'crop',
): SaliencyMap {
  if (mode === 'crop') return crop;
  const n = crop.size;
  const m = full.size;
  const data = new Uint8Array(n * n);
  for (let my = 0; my < n; my++) {
    const y = c.y + ((my + 0.5) * c.h) / n;
    const fy = Math.min(m - 1, Math.max(0, (y * m) / height - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(m - 1, y0 + 1);
    const ty = fy - y0;
    for (let mx = 0; mx < n; mx++) {
      const x = c.x + ((mx + 0.5) * c.w) / n;
      const fx = Math.min(m - 1, Math.max(0, (x * m) / width - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(m - 1, x0 + 1);
      const tx = fx - x0;
      const f =
        (full.data[y0 * m + x0] * (1 - tx) + full.data[y0 * m + x1] * tx) * (1 - ty) +
        (full.data[y1 * m + x0] * (1 - tx) + full.data[y1 * m + x1] * tx) * ty;
      const v = crop.data[my * n + mx];
      data[my * n + mx] = mode === 'max' ? Math.max(v, Math.round(f)) : Math.round((v + f) / 2);
    }
  }
  return { data, size: n, rgb: crop.rgb };
}

/** Bounding box of a model-resolution keep mask, in image pixels; null when empty. */
function keepBox(keep: Uint8Array, n: number, width: number, height: number): PixelBox | null {
  const bounds = maskBounds(keep, n, n);
  if (!bounds) return null;
  const { x0, y0, x1, y1 } = bounds;
  const sx = width / n;
  const sy = height / n;
  return {
    x: Math.floor(x0 * sx),
    y: Math.floor(y0 * sy),
    w: Math.ceil((x1 + 1) * sx) - Math.floor(x0 * sx),
    h: Math.ceil((y1 + 1) * sy) - Math.floor(y0 * sy),
  };
}

/**
 * The second pass's crop: the first pass's car box grown on every side, most upwards (a roof the first pass
 * lost, antennas) and sideways (mirrors, a bumper), clamped to the photo.
 */
export function cropAround(box: PixelBox, width: number, height: number): PixelBox {
  const pad = Math.max(8, Math.round(Math.max(box.w, box.h) * 0.04));
  const x0 = Math.max(0, Math.round(box.x - box.w * 0.1 - pad));
  const x1 = Math.min(width, Math.round(box.x + box.w * 1.1 + pad));
  const y0 = Math.max(0, Math.round(box.y - box.h * 0.3 - pad));
  const y1 = Math.min(height, Math.round(box.y + box.h * 1.1 + pad));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

async function cropImage(image: RawImage, c: PixelBox): Promise<RawImage> {
  const data = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .extract({ left: c.x, top: c.y, width: c.w, height: c.h })
    .raw()
    .toBuffer();
  return { data, width: c.w, height: c.h, channels: image.channels };
}

function paste(src: Uint8Array, c: PixelBox, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < c.h; y++) out.set(src.subarray(y * c.w, (y + 1) * c.w), (c.y + y) * width + c.x);
  return out;
}

/** True when the crop's mask runs into a crop side that is not the photo's own edge (the crop was short). */
function touchesInnerEdge(alpha: Uint8Array, c: PixelBox, width: number, height: number): boolean {
  const limit = Math.max(3, Math.round(Math.min(c.w, c.h) * 0.02));
  let top = 0;
  let bottom = 0;
  let left = 0;
  let right = 0;
  for (let x = 0; x < c.w; x++) {
    if (alpha[x] >= 128) top++;
    if (alpha[(c.h - 1) * c.w + x] >= 128) bottom++;
  }
  for (let y = 0; y < c.h; y++) {
    if (alpha[y * c.w] >= 128) left++;
    if (alpha[y * c.w + c.w - 1] >= 128) right++;
  }
  return (
    (c.y > 0 && top > limit) ||
    (c.y + c.h < height && bottom > limit) ||
    (c.x > 0 && left > limit) ||
    (c.x + c.w < width && right > limit)
  );
}

/**
 * Closes the slits a thin occluder leaves across the car. A post, a lamp post, a sign's pole or a tree
 * trunk standing in front of the car is not car to the model, so the mask has a gap through the car's
 * whole height where it passes: on a new background that is a see-through slit (the new scene shows
 * through the car), and a short end of the car beyond it comes loose and can be dropped as a fragment.
 * A slit is told from the car's own gaps by its shape: along each row (a post) or column (a rail, a
 * barrier's bar) a gap of at most 4 % of the car's width with car on both sides, the gaps joined into a
 * band that runs out of the car at both ends (the occluder goes on above and below it). A notch open at
 * one end only (a slot between a tyre and a mud flap, a dip between bonnet and windscreen) and an
 * enclosed hole (a window: fillHoles' business) are left alone. The slit's pixels become car; returns
 * them (1 where bridged along a row, 2 along a column: how fillAcross paints the car over the occluder)
 * and how many slits there were.
 * Only pieces of at least 1 % of the car bound a slit: specks of background beside it do not.
 */
export function bridgeSlits(
  alpha: Uint8Array,
  width: number,
  height: number,
): { bridged: Uint8Array; slits: number } {
  const bridged = new Uint8Array(width * height);
  // What a slit runs between: the car and pieces of at least 1 % of it (a bumper's end beyond the post),
  // not specks of background that cleanFragments will drop (bridged to the car, they would stay with it).
  const solid = threshold(alpha, 128);
  const pieces = labelComponents(solid, width, height);
  let largest = 0;
  for (let l = 1; l < pieces.sizes.length; l++) largest = Math.max(largest, pieces.sizes[l]);
  for (let i = 0; i < solid.length; i++)
    if (solid[i] && pieces.sizes[pieces.labels[i]] < largest * 0.01) solid[i] = 0;
  const bounds = maskBounds(solid, width, height);
  if (!bounds) return { bridged, slits: 0 };
  const maxGap = Math.max(2, Math.round((bounds.x1 - bounds.x0 + 1) * 0.04));
  let slits = 0;
  for (const rows of [true, false]) {
    // A line is a row (gaps a post leaves) or a column (gaps a rail leaves); `step` walks along it.
    const lines = rows ? height : width;
    const length = rows ? width : height;
    const step = rows ? 1 : width;
    const gaps = new Uint8Array(width * height);
    for (let k = 0; k < lines; k++) {
      const start = rows ? k * width : k;
      let last = -1;
      for (let t = 0; t < length; t++) {
        if (!solid[start + t * step]) continue;
        if (last >= 0 && t - last - 1 <= maxGap)
          for (let u = last + 1; u < t; u++) gaps[start + u * step] = 1;
        last = t;
      }
    }
    const { labels, sizes } = labelComponents(gaps, width, height);
    // Each band's two ends, across the lines: open where it meets background that is no gap (or the
    // photo's edge: the occluder runs on out of the frame).
    const before = new Uint8Array(sizes.length);
    const after = new Uint8Array(sizes.length);
    const open = (j: number) => !solid[j] && !gaps[j];
    for (let i = 0; i < labels.length; i++) {
      const l = labels[i];
      if (!l) continue;
      const x = i % width;
      const y = (i - x) / width;
      if (rows) {
        if (y === 0 || open(i - width)) before[l] = 1;
        if (y === height - 1 || open(i + width)) after[l] = 1;
      } else {
        if (x === 0 || open(i - 1)) before[l] = 1;
        if (x === width - 1 || open(i + 1)) after[l] = 1;
      }
    }
    for (let l = 1; l < sizes.length; l++) if (before[l] && after[l]) slits++;
    for (let i = 0; i < labels.length; i++) {
      const l = labels[i];
      if (l && before[l] && after[l] && !bridged[i]) bridged[i] = rows ? 1 : 2;
    }
  }
  for (let i = 0; i < bridged.length; i++) if (bridged[i]) alpha[i] = 255;
  return { bridged, slits };
}

/**
 * Paints the car over what stood in front of it in the slits bridgeSlits closed: each run of bridged
 * pixels along its row (a post) or column (a rail), and a pixel on each side of it, gets the values of
 * the pixels just beyond blended linearly across it, so the car goes on behind the post as it is on both sides (paint, a window,
 * a tyre) instead of showing a stump of the post. Used on the photo (any channels) and on the glass map
 * (one channel: a post across a window is window too). Edits `data` in place.
 */
export function fillAcross(
  data: Uint8Array,
  channels: number,
  slits: Uint8Array,
  width: number,
  height: number,
): void {
  for (const rows of [true, false]) {
    const mark = rows ? 1 : 2;
    const lines = rows ? height : width;
    const length = rows ? width : height;
    const step = rows ? 1 : width;
    for (let k = 0; k < lines; k++) {
      const start = rows ? k * width : k;
      for (let t = 0; t < length; t++) {
        if (slits[start + t * step] !== mark) continue;
        let e = t;
        while (e + 1 < length && slits[start + (e + 1) * step] === mark) e++;
        // The post's own blurred edge (a pixel each side, in the mask as car) is painted over too, from
        // the car a pixel further out; one side only at the photo's edge.
        const p0 = Math.max(0, t - 1);
        const p1 = Math.min(length - 1, e + 1);
        const a = start + Math.max(0, p0 - 1) * step;
        const b = start + Math.min(length - 1, p1 + 1) * step;
        const from = p0 > 0 ? a : b;
        const to = p1 < length - 1 ? b : a;
        for (let u = p0; u <= p1; u++) {
          const f = (u - p0 + 1) / (p1 - p0 + 2);
          const i = start + u * step;
          for (let ch = 0; ch < channels; ch++)
            data[i * channels + ch] = Math.round(
              data[from * channels + ch] * (1 - f) + data[to * channels + ch] * f,
            );
        }
        t = e;
      }
    }
  }
}

/**
 * How much of a car the model half-saw beyond the mask, as a share of the mask's area: a car largely
 * behind a bush or a hedge comes out as its visible part, cut off where the leaves begin, while ISNet
 * still gives the hidden part a faint plateau (10..127 of 255: leaves with car behind them) the shape of
 * the rest of the car. What is there is a part of a car, and the photo is not one to deliver silently.
 * Counted at model resolution: the plateau's pieces that touch the mask (within 3 model pixels), in the
 * car's rows down to its lowest fifth (the floor's own shadow plateaus lie below). On eval-dev a car half
 * behind a bush came to 1.57; every other car, street or studio, to at most 0.17 (session 19); its 113
 * plate photos (whole cars, gate frames, close-ups) to median 0.015, 95th percentile 0.13, max 0.40 (a
 * close-up of a rear plate, whose mask was the plate alone).
 */
export function hiddenShare(alpha: Uint8Array, image: RawImage, sal: SaliencyMap): number {
  const n = sal.size;
  const { keep, area } = onModelGrid(alpha, image, n);
  const { top, bottom } = rowRange(keep, n, n);
  if (top < 0) return 0;
  const faint = new Uint8Array(n * n);
  const last = Math.floor(top + (bottom - top) * 0.8);
  for (let i = top * n; i < (last + 1) * n; i++)
    if (!keep[i] && sal.data[i] >= 10 && sal.data[i] < 128) faint[i] = 1;
  const { labels, sizes } = labelComponents(faint, n, n);
  const near = morph(keep, n, n, 3, 'max');
  const touches = new Uint8Array(sizes.length);
  for (let i = 0; i < labels.length; i++) if (labels[i] && near[i]) touches[labels[i]] = 1;
  let hidden = 0;
  for (let l = 1; l < sizes.length; l++) if (touches[l]) hidden += sizes[l];
  return hidden / area;
}

/**
 * Final clean-up of a car alpha in image pixels: keeps the car (the largest piece) and pieces big enough
 * to be part of it (a wheel behind a dark gap), removes small detached fragments (old road, a stray patch
 * beside the car), and closes enclosed gaps (windows the model saw through, notches) into the car.
 */
export function cleanFragments(
  alpha: Uint8Array,
  width: number,
  height: number,
): { alpha: Uint8Array; removed: number; filled: number } {
  const { labels, sizes } = labelComponents(threshold(alpha, 128), width, height);
  let main = 0;
  for (let l = 1; l < sizes.length; l++) if (!main || sizes[l] > sizes[main]) main = l;
  if (!main) return { alpha, removed: 0, filled: 0 };
  const out = Uint8Array.from(alpha);
  const drop = new Uint8Array(sizes.length);
  let removed = 0;
  for (let l = 1; l < sizes.length; l++) {
    // 4 % of the car: a wheel or a bumper corner split off by a shadow stays, road bits and specks go.
    if (l !== main && sizes[l] < sizes[main] * 0.04) {
      drop[l] = 1;
      removed++;
    }
  }
  for (let i = 0; i < out.length; i++) {
    const l = labels[i];
    if (l && drop[l]) out[i] = 0;
  }
  const solid = threshold(out, 128, 255);
  if (removed) {
    // Soft pixels not next to a kept solid pixel are leftovers of dropped pieces.
    const near = morph(solid, width, height, 3, 'max');
    for (let i = 0; i < out.length; i++) if (out[i] && out[i] < 128 && !near[i]) out[i] = 0;
  }
  // Enclosed gaps up to a quarter of the car: windows, gaps between a mirror and the door, notches.
  const filled = fillHoles(solid, width, height, Math.round(sizes[main] * 0.25));
  let holes = 0;
  for (let i = 0; i < out.length; i++)
    if (filled[i] && !solid[i]) {
      out[i] = 255;
      holes++;
    }
  const notches = fillRoofNotches(out, width, height);
  return { alpha: out, removed, filled: (holes ? 1 : 0) + notches };
}

/**
 * Fills narrow notches in the car's top outline (the model dropped a few columns of roof or pillar where
 * the background behind matched them): in each column, pixels between the outline and the level the
 * neighbours on both sides reach (a 1-D opening of the top profile over 4 % of the car's width) become
 * car, when the notch is at most 6 % of the car's height deep. Wide dips (between a bonnet and a windscreen)
 * are left alone. Returns the number of columns filled.
 */
export function fillRoofNotches(alpha: Uint8Array, width: number, height: number): number {
  const top = new Float64Array(width).fill(Infinity);
  let x0 = width;
  let x1 = -1;
  let bottom = 0;
  // Each column's first car row, found row by row (memory order) rather than walking down every column.
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) if (top[x] === Infinity && alpha[row + x] >= 128) top[x] = y;
  }
  for (let x = 0; x < width; x++)
    if (top[x] !== Infinity) {
      if (x < x0) x0 = x;
      x1 = x;
    }
  if (x1 - x0 < 20) return 0;
  let minTop = height;
  for (let x = x0; x <= x1; x++) minTop = Math.min(minTop, top[x]);
  for (let i = alpha.length - 1; i >= 0; i--)
    if (alpha[i] >= 128) {
      bottom = Math.floor(i / width);
      break;
    }
  const r = Math.max(2, Math.round((x1 - x0) * 0.02));
  const maxDepth = Math.max(2, (bottom - minTop) * 0.06);
  const pass = (src: Float64Array, pick: (a: number, b: number) => number): Float64Array => {
    const out = new Float64Array(src.length).fill(Infinity);
    for (let x = x0; x <= x1; x++) {
      let v = src[x];
      for (let k = Math.max(x0, x - r); k <= Math.min(x1, x + r); k++) v = pick(v, src[k]);
      out[x] = v;
    }
    return out;
  };
  // Opening (min, then max) of the top's y: removes narrow peaks of y, which are notches in the outline.
  const opened = pass(pass(top, Math.min), Math.max);
  let filled = 0;
  for (let x = x0 + r; x <= x1 - r; x++) {
    const target = opened[x];
    if (!Number.isFinite(top[x]) || !Number.isFinite(target)) continue;
    const depth = top[x] - target;
    if (depth < 1 || depth > maxDepth) continue;
    for (let y = Math.max(0, Math.ceil(target)); y < top[x]; y++) alpha[y * width + x] = 255;
    filled++;
  }
  return filled ? 1 : 0;
}

/**
 * Lumas of the sure car pixels (alpha >= 250) in rows y0..y1, sorted ascending. A typed-array sort: the
 * comparator sort of a plain array of ~100 000 numbers took ~25 ms a photo on the 2-core machine.
 */
function sureTones(
  alpha: Uint8Array,
  data: Uint8Array,
  c: number,
  w: number,
  y0: number,
  y1: number,
): Float64Array {
  let n = 0;
  for (let i = y0 * w; i < (y1 + 1) * w; i++) if (alpha[i] >= 250) n++;
  const tones = new Float64Array(n);
  n = 0;
  for (let i = y0 * w; i < (y1 + 1) * w; i++) if (alpha[i] >= 250) tones[n++] = lumaAt(data, i, c);
  return tones.sort();
}

/**
 * Gives the tyres back the dark tread the model loses where it meets the shadow under the car. Round the
 * lower arcs of the wheels (below the sills, `feetRow`) the tread and the old floor's shadow beside it are
 * equally dark, ISNet cuts along the light sidewall (dusty or lettered rubber, a whitewall) instead, and on
 * the new scene that sidewall stood against the new, lighter road as a pale ring with no dark edge ("a light
 * halo around the tyres", ig02_carsgraz_260). Which dark pixels are tread and which are shadow no colour can
 * tell, but either reads as the tyre's edge. Where the cut runs, on a steep part of a wheel's outline, along
 * light rubber (within 4 px of it, and a darker ring further in: a sidewall, not paint) with a tyre-dark
 * pixel outside (at most 25 levels over the car's darkest 5 % there), the mask grows along the row by 2 % of
 * the car's height into tyre-dark pixels. A lit road (the contact patch in the sun) is never tyre-dark, a
 * black tyre has no light rubber at its cut, a sill's underside is flat: none is touched. Returns the
 * pixels added (session 14).
 */
export function restoreTread(alpha: Uint8Array, image: RawImage): number {
  const { width: w, height: h, channels: c, data } = image;
  const { top, bottom } = rowRange(alpha, w, h, 128);
  const carH = bottom - top + 1;
  if (top < 0 || carH < 30) return 0;
  const sill = feetRow(alpha, w, h) - 1;
  if (bottom - sill < 3) return 0;
  const lum = (i: number): number => lumaAt(data, i, c);
  // The car's darkest tones below the sill (the tyres' rubber): its 5th percentile.
  const tones = sureTones(alpha, data, c, w, sill + 1, bottom);
  if (tones.length < 50) return 0;
  const dark = Math.min(70, tones[Math.floor(tones.length * 0.05)] + 25);
  const k = Math.max(1, Math.round(carH * 0.02));
  const added = new Uint8Array(w * h);
  // A sidewall is a ring: walking into the car across it, the light rubber gives way to the darker gap
  // round the rim within a few per cent of the car's height. A bumper or a sill over its shadow stays
  // light much further in (its paint), and its lower edge has the shadow under it, not beside it: only
  // seeds with the car beside them (left or right) count, and the growth runs along rows.
  const reach = Math.max(4, Math.round(carH * 0.08));
  const ring = (i: number, d: number): boolean => {
    let top = 0;
    for (let s = 1; s <= reach; s++) {
      const j = i + d * s;
      const x = j % w;
      if ((d === 1 && x === 0) || (d === -1 && x === w - 1) || alpha[j] < 128) return false;
      const v = lum(j);
      // The cut runs along the light rubber: it starts within 4 px (a black tyre's own sidewall does not).
      if (s === 4 && top < dark + 30) return false;
      if (v > top) top = v;
      else if (top >= dark + 30 && v <= top * 0.7) return true;
    }
    return false;
  };
  // Only round a wheel: within a wheel's radius (a fifth of the car's height) of a column where the car
  // touches the ground (an exhaust's chrome tip over the shadow is a light ring round a dark hole too), and
  // where the outline is steep (a wheel's side; a sill's underside sloping to the wheel is not).
  const low = lowestRows(alpha, w, h);
  const wheel = new Uint8Array(w);
  const r = Math.round(carH * 0.2);
  for (let x = 0; x < w; x++)
    if (low[x] >= bottom - Math.max(2, carH * 0.03))
      for (let q = Math.max(0, x - r); q <= Math.min(w - 1, x + r); q++) wheel[q] = 1;
  // The car's edge in the rows above and below lies within 2 px of this one's.
  const steep = (i: number, d: number): boolean =>
    [-w, w].every((v) => {
      for (let q = -1; q <= 2; q++) {
        const j = i + v + d * q;
        if (j >= 0 && j < w * h && alpha[j] >= 128) return true;
      }
      return false;
    });
  const seeds: number[] = [];
  const seedDirs: number[] = [];
  for (let y = sill + 1; y < h; y++)
    for (let x = 2; x < w - 2; x++) {
      const i = y * w + x;
      if (alpha[i] >= 128 || !wheel[x]) continue;
      // The first pixel outside the car: tread-dark, or the edge's mixed pixel with tread-dark beyond it.
      for (const d of [-1, 1])
        if (alpha[i + d] >= 128 && (lum(i) <= dark || lum(i - d) <= dark) && steep(i, d) && ring(i, d)) {
          seeds.push(i);
          seedDirs.push(-d);
          break;
        }
    }
  let { seeds: front, dirs: dirOf } = alongArcs(seeds, seedDirs, w, Math.max(3, Math.round(carH * 0.01)));
  let n = 0;
  for (let step = 0; step < k && front.length; step++) {
    const next: number[] = [];
    const nextDir: number[] = [];
    front.forEach((i, f) => {
      if (added[i]) return;
      added[i] = 1;
      n++;
      const j = i + dirOf[f];
      const x = j % w;
      if ((dirOf[f] === 1 && x === 0) || (dirOf[f] === -1 && x === w - 1)) return;
      if (!added[j] && alpha[j] < 128 && lum(j) <= dark) {
        next.push(j);
        nextDir.push(dirOf[f]);
      }
    });
    front = next;
    dirOf = nextDir;
  }
  // Rows the test missed between two rows it took (a pixel's half-tread outline) are taken too, so the
  // restored edge is a line, not stripes.
  for (let y = sill + 2; y < h - 1; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!added[i] && alpha[i] < 128 && added[i - w] && added[i + w] && lum(i) <= dark) {
        added[i] = 1;
        n++;
      }
    }
  for (let i = 0; i < w * h; i++) if (added[i]) alpha[i] = 255;
  return n;
}

/**
 * The seeds (first pixels outside the car, grown towards `dirs`) that lie on a run of at least `minRun`
 * consecutive rows of seeds growing the same way, each within 2 px of the one above: a cut along a
 * sidewall follows the wheel's arc for many rows. A lone row is a light fleck the cut touched (lettering,
 * a lit tread block) beside the dark shadow, not a sidewall; grown, it was a 1-px whisker of old shadow
 * beside the tyre, which the composite showed as a jagged dark sliver (session 19, carvana studio photo).
 */
function alongArcs(
  seeds: number[],
  dirs: number[],
  w: number,
  minRun: number,
): { seeds: number[]; dirs: number[] } {
  const dirAt = new Map<number, number>();
  seeds.forEach((i, s) => dirAt.set(i, dirs[s]));
  // Rows spanned by same-way seeds followed from i up (dy = -1) or down (+1), at most minRun of them; a
  // row the seed test missed (a pixel's half-tread outline) does not end the run.
  const near = (at: number, d: number): number => {
    for (let q = 0; q <= 2; q++) {
      if (dirAt.get(at - q) === d) return at - q;
      if (dirAt.get(at + q) === d) return at + q;
    }
    return -1;
  };
  const follow = (i: number, d: number, dy: number): number => {
    let rows = 0;
    for (let at = i; rows < minRun;) {
      const one = near(at + dy * w, d);
      const next = one >= 0 ? one : near(at + 2 * dy * w, d);
      if (next < 0) break;
      rows += one >= 0 ? 1 : 2;
      at = next;
    }
    return rows;
  };
  const kept = { seeds: [] as number[], dirs: [] as number[] };
  seeds.forEach((i, s) => {
    if (follow(i, dirs[s], -1) + follow(i, dirs[s], 1) + 1 < minRun) return;
    kept.seeds.push(i);
    kept.dirs.push(dirs[s]);
  });
  return kept;
}

/**
 * Cuts what the upper part of the mask holds beyond the car's lower body on either side: a car is never
 * wider at its glasshouse than at its sills and bumpers (mirrors stick out a few per cent), so a garage
 * door frame, a wall or a sign fused with the roof and reaching past the body's sides is not car. Works
 * on rows above the car's lower 45 %; cuts only when the excess is at least 2 % of the car's area (a mirror
 * is less). Returns the share of the car cut (0 when nothing was).
 */
export function trimWideTop(
  alpha: Uint8Array,
  width: number,
  height: number,
): { alpha: Uint8Array; share: number } {
  let top = -1;
  let bottom = -1;
  let area = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (alpha[y * width + x] >= 128) {
        if (top < 0) top = y;
        bottom = y;
        area++;
      }
  if (top < 0 || bottom - top < 16) return { alpha, share: 0 };
  const split = Math.round(top + (bottom - top) * 0.55);
  let bx0 = width;
  let bx1 = -1;
  for (let y = split; y <= bottom; y++)
    for (let x = 0; x < width; x++)
      if (alpha[y * width + x] >= 128) {
        if (x < bx0) bx0 = x;
        if (x > bx1) bx1 = x;
      }
  if (bx1 - bx0 < 16) return { alpha, share: 0 };
  const margin = Math.max(2, Math.round((bx1 - bx0) * 0.06));
  const lo = bx0 - margin;
  const hi = bx1 + margin;
  let excess = 0;
  for (let y = top; y < split; y++)
    for (let x = 0; x < width; x++) if ((x < lo || x > hi) && alpha[y * width + x] >= 128) excess++;
  if (excess < area * 0.02) return { alpha, share: 0 };
  const out = Uint8Array.from(alpha);
  for (let y = top; y < split; y++)
    for (let x = 0; x < width; x++) if (x < lo || x > hi) out[y * width + x] = 0;
  return { alpha: out, share: excess / area };
}

/**
 * A band of background fused on top of the car (a garage door's lintel, a wall's coping) that the model was
 * sure of, so findSlab, which looks at the half-sure, does not see it. A car's outline narrows at the top
 * (the roof's curve; in a side view the roof is about half the car's length): over the 51 ground-truth masks
 * of eval-dev its topmost 5 % of rows are at most 0.55 of its widest row; eval-dev's ig02_carsgraz_127 with a
 * lintel fused on is 0.81. A top at least 0.7 of the widest row is reported as a slab. Colour does not
 * tell it (that lintel is painted brighter than the wall above and beside it), so it is only flagged, never
 * cut: a box van seen from behind has a flat top of its own and gets the notice too. Returns the share of
 * the car in the flat band (0: none).
 */
export function flatTopSlab(alpha: Uint8Array, width: number, height: number): number {
  const w = width;
  const h = height;
  let top = -1;
  let bottom = -1;
  let area = 0;
  const left = new Int32Array(h).fill(-1);
  const right = new Int32Array(h).fill(-1);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (alpha[y * w + x] >= 128) {
        if (top < 0) top = y;
        bottom = y;
        area++;
        if (left[y] < 0) left[y] = x;
        right[y] = x;
      }
  if (top < 1 || bottom - top < 20) return 0;
  let widest = 0;
  for (let y = top; y <= bottom; y++) if (left[y] >= 0) widest = Math.max(widest, right[y] - left[y] + 1);
  const k = Math.max(2, Math.floor((bottom - top + 1) * 0.05));
  let topWidth = 0;
  for (let y = top; y < top + k; y++) if (left[y] >= 0) topWidth += right[y] - left[y] + 1;
  if (topWidth / k < widest * 0.7) return 0;
  // The band: the top rows and the wide rows that follow them, in the car's upper quarter (below, the
  // body is as wide as the slab).
  let slab = topWidth;
  const quarter = top + (bottom - top) * 0.25;
  for (let y = top + k; y <= quarter && left[y] >= 0 && right[y] - left[y] + 1 >= widest * 0.7; y++)
    slab += right[y] - left[y] + 1;
  return slab / area;
}

/**
 * Cuts a band of background fused flat on top of the car (flatTopSlab's band: a garage door's lintel, a
 * wall's coping) when the photo proves it is background: a horizontal edge runs under the band across the
 * whole top of the mask (where the lintel meets the dark garage or the roof under it), and the same edge,
 * with the same sign, runs on beside the car outside the mask, under pixels coloured like the band (the
 * lintel goes on past the car; trimWideTop may already have cut that part). A car's own flat top (a box
 * van seen from behind) ends with the car: no edge of the background continues it at the same height. Cut
 * only up to 30 % of the car; the rows down to the edge go. Returns the share of the car cut (0: none).
 */
export function cutFlatTopBand(alpha: Uint8Array, image: RawImage): { alpha: Uint8Array; share: number } {
  const { width: w, height: h, channels: c } = image;
  const none = { alpha, share: 0 };
  if (!flatTopSlab(alpha, w, h)) return none;
  const left = new Int32Array(h).fill(-1);
  const right = new Int32Array(h).fill(-1);
  let top = -1;
  let bottom = -1;
  let area = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (alpha[y * w + x] >= 128) {
        if (top < 0) top = y;
        bottom = y;
        area++;
        if (left[y] < 0) left[y] = x;
        right[y] = x;
      }
  const carH = bottom - top + 1;
  const d = Math.max(2, Math.round(carH * 0.01));
  const grey = (x: number, y: number) => {
    const i = (y * w + x) * c;
    return 0.299 * image.data[i] + 0.587 * image.data[i + 1] + 0.114 * image.data[i + 2];
  };
  const step = (x: number, y: number) => (y - d < 0 || y + d >= h ? 0 : grey(x, y - d) - grey(x, y + d));
  const on = (x: number, y: number) => y >= 0 && y < h && alpha[y * w + x] >= 128;
  // The band's columns: the mask's span over its top rows.
  const k = Math.max(2, Math.floor(carH * 0.05));
  let bx0 = w;
  let bx1 = -1;
  for (let y = top; y < top + k; y++)
    if (left[y] >= 0) {
      bx0 = Math.min(bx0, left[y]);
      bx1 = Math.max(bx1, right[y]);
    }
  const bandW = bx1 - bx0 + 1;
  // The edge under the band: the row (below the top rows, in the car's upper 35 %) whose mean vertical
  // step over the band's columns (with mask above it on at least 70 % of them) is strongest.
  const rows: number[] = [];
  let edgeY = -1;
  let along = 0;
  for (let y = top + k; y <= top + carH * 0.35 && y + d < h; y++) {
    let sum = 0;
    let nx = 0;
    for (let x = bx0; x <= bx1; x++)
      if (on(x, y - d)) {
        sum += step(x, y);
        nx++;
      }
    rows[y] = nx >= bandW * 0.7 ? sum / nx : 0;
    if (Math.abs(rows[y]) > Math.abs(along)) {
      along = rows[y];
      edgeY = y;
    }
  }
  if (edgeY < 0 || Math.abs(along) < 20) return none;
  // A sharp edge gives the same step over 2d + 1 rows: the edge is the middle of that plateau.
  let last = edgeY;
  while (rows[last + 1] !== undefined && Math.abs(rows[last + 1]) >= Math.abs(along) * 0.95) last++;
  edgeY = Math.round((edgeY + last) / 2);
  // The band's colour (above the edge, inside the mask).
  const band = [0, 0, 0];
  let nb = 0;
  for (let y = top; y <= edgeY - d; y++)
    for (let x = bx0; x <= bx1; x++)
      if (on(x, y)) {
        const i = (y * w + x) * c;
        for (let q = 0; q < 3; q++) band[q] += image.data[i + q];
        nb++;
      }
  if (!nb) return none;
  // Beside the car: columns outside the mask at the band's rows, up to the band's width away on each side.
  const minRun = Math.max(4, Math.round(bandW * 0.08));
  let cont = 0;
  for (const dir of [-1, 1]) {
    for (
      let x = dir < 0 ? bx0 - 1 : bx1 + 1;
      x >= 0 && x < w && Math.abs(x - (dir < 0 ? bx0 : bx1)) <= bandW;
      x += dir
    ) {
      let inside = false;
      for (let y = top; y <= edgeY + d && !inside; y++) if (on(x, y)) inside = true;
      if (inside) continue;
      let best = 0;
      for (let y = edgeY - 2 * d; y <= edgeY + 2 * d; y++) {
        if (y < 0 || y >= h) continue;
        const v = step(x, y);
        if (Math.sign(v) === Math.sign(along) && Math.abs(v) > Math.abs(best)) best = v;
      }
      const col = [0, 0, 0];
      let nc = 0;
      for (let y = Math.max(top, edgeY - 4 * d); y <= edgeY - d; y++) {
        const i = (y * w + x) * c;
        for (let q = 0; q < 3; q++) col[q] += image.data[i + q];
        nc++;
      }
      const dist = nc ? Math.hypot(...[0, 1, 2].map((q) => col[q] / nc - band[q] / nb)) : Infinity;
      if (Math.abs(best) >= Math.abs(along) * 0.5 && dist <= 30) cont++;
    }
  }
  if (cont < minRun) return none;
  const out = Uint8Array.from(alpha);
  let cut = 0;
  const end = Math.min(h - 1, edgeY + Math.ceil(d / 2));
  for (let y = top; y <= end; y++)
    for (let x = 0; x < w; x++)
      if (out[y * w + x]) {
        if (out[y * w + x] >= 128) cut++;
        out[y * w + x] = 0;
      }
  if (cut > area * 0.3) return none;
  return { alpha: out, share: cut / area };
}

/**
 * A slab of floor or wall above a bonnet or a boot whose top edge is a straight horizontal line of the
 * background: the seam between a studio's floor and its wall, a kerb, a wall's base. The model took the
 * band between that line and the bonnet for car. A car's own outline ends with the car, while a background
 * line runs on beyond it: a flat run of the mask's top outline (below the roof) whose image edge continues
 * at the same height past the car's end is a seam, not a bonnet. Under it, the pixels coloured like the
 * background just below the line outside the car are the slab; they are cut when they are at most 5 % of
 * the car (as findSlab), otherwise flagged. Returns the share of the car in the slab (0: none).
 */
export function seamSlab(
  alpha: Uint8Array,
  image: RawImage,
): { alpha: Uint8Array; slab: CarSegmentation['slab']; share: number } {
  const { width: w, height: h, channels: c } = image;
  const none = { alpha, slab: 'none' as const, share: 0 };
  const top = new Int32Array(w).fill(-1);
  let x0 = w;
  let x1 = -1;
  let minTop = h;
  let bottom = 0;
  let area = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (alpha[y * w + x] >= 128) {
        if (top[x] < 0) top[x] = y;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < minTop) minTop = y;
        bottom = y;
        area++;
      }
  const carW = x1 - x0 + 1;
  const carH = bottom - minTop + 1;
  if (carW < 40 || carH < 20) return none;
  const grey = (x: number, y: number) => {
    const i = (y * w + x) * c;
    return 0.299 * image.data[i] + 0.587 * image.data[i + 1] + 0.114 * image.data[i + 2];
  };
  const d = Math.max(2, Math.round(carH * 0.01));
  // Vertical step of the image at row y, column x (above minus below).
  const step = (x: number, y: number) => (y - d < 0 || y + d >= h ? 0 : grey(x, y - d) - grey(x, y + d));
  const minRun = Math.round(carW * 0.08);
  const tol = Math.max(1, Math.round(carH * 0.01));
  const out = Uint8Array.from(alpha);
  let cut = 0;
  let found = false;
  for (let a = x0; a <= x1;) {
    let b = a;
    // A straight line, level or gently tilted (a turntable's far rim is a flat ellipse): steps of at most
    // 1 px, a slope of at most 5 %.
    while (
      b + 1 <= x1 &&
      top[b + 1] >= 0 &&
      Math.abs(top[b + 1] - top[b]) <= 1 &&
      Math.abs(top[b + 1] - top[a]) <= tol + (b + 1 - a) * 0.05
    )
      b++;
    const run = b - a + 1;
    const next = b + 1;
    // Not the roof: the topmost run is the car's own top whatever lines the background has there.
    if (run < minRun || Math.min(top[a], top[b]) <= minTop + 2 * tol) {
      a = next;
      continue;
    }
    let along = 0;
    for (let x = a; x <= b; x++) along += step(x, top[x]);
    along /= run;
    // The same edge where the line leaves the car: the columns beside the run (as many as it is long)
    // where the outline has dropped below the line's height (small bumps on the line are passed over).
    const side = (from: number, dir: number, level: number) => {
      const xs: number[] = [];
      for (let x = from; x >= 0 && x < w && xs.length < run && Math.abs(x - from) < run * 2; x += dir)
        if (top[x] < 0 || top[x] > level + d) xs.push(x);
        else if (top[x] < level - carH * 0.05) break; // the car rises above the line (a pillar)
      return xs;
    };
    const left = side(a - 1, -1, top[a]);
    const right = side(b + 1, 1, top[b]);
    const xs = left.length >= right.length ? left : right;
    const level = left.length >= right.length ? top[a] : top[b];
    if (xs.length < minRun * 0.5) {
      a = next;
      continue;
    }
    let beyond = 0;
    let ref = [0, 0, 0];
    let nr = 0;
    for (const x of xs) {
      // The line may tilt a little past the run's end: its strongest step near that height.
      let best = 0;
      for (let y = level - 2 * d; y <= level + 2 * d; y++) {
        const v = step(x, y);
        if (Math.sign(v) === Math.sign(along) && Math.abs(v) > Math.abs(best)) best = v;
      }
      beyond += best;
      for (let y = level + d; y <= Math.min(h - 1, level + 3 * d) && alpha[y * w + x] < 128; y++) {
        const i = (y * w + x) * c;
        ref = [ref[0] + image.data[i], ref[1] + image.data[i + 1], ref[2] + image.data[i + 2]];
        nr++;
      }
    }
    beyond /= xs.length;
    if (
      Math.abs(along) < 12 ||
      Math.abs(beyond) < Math.abs(along) * 0.5 ||
      Math.sign(beyond) !== Math.sign(along) ||
      !nr
    ) {
      a = next;
      continue;
    }
    found = true;
    ref = ref.map((v) => v / nr);
    // The slab under the seam: the background's colour, down to where the car begins; along the run and
    // on along the same line (small bumps on it, a letter's foot, are passed) until it leaves the line.
    const slope = (top[b] - top[a]) / Math.max(1, b - a);
    const cols: number[] = [];
    for (let x = a; x <= b; x++) cols.push(x);
    for (const dir of [-1, 1]) {
      const from = dir < 0 ? a : b;
      for (let x = from + dir; x >= x0 && x <= x1; x += dir) {
        const lineY = top[from] + slope * (x - from);
        if (top[x] < 0 || Math.abs(top[x] - lineY) > 2 * d) break;
        cols.push(x);
      }
    }
    const like = (x: number, y: number) => {
      const i = (y * w + x) * c;
      return Math.hypot(image.data[i] - ref[0], image.data[i + 1] - ref[1], image.data[i + 2] - ref[2]) <= 24;
    };
    for (const x of cols) {
      // The line itself is blurred over a few rows: the slab starts within 2d below it.
      let start = -1;
      for (let y = top[x]; y <= Math.min(h - 1, top[x] + 2 * d) && start < 0; y++) if (like(x, y)) start = y;
      if (start < 0) continue;
      let y = top[x];
      while (y < h && out[y * w + x] >= 128 && (y < start || like(x, y))) {
        out[y * w + x] = 0;
        cut++;
        y++;
      }
    }
    a = next;
  }
  const share = cut / area;
  // A few pixels along a line are the edge's antialiasing, not a slab.
  if (!found || share < 0.002) return none;
  if (share > 0.05) return { alpha, slab: 'flagged', share };
  return { alpha: out, slab: 'fixed', share };
}

/**
 * The mask sampled on the model's n x n grid (each cell takes the image pixel under its centre): the cells
 * that are car (255), how many, and `at`, the image pixel under a cell. Row offsets and columns are
 * computed once per row and column, not per cell (a million divisions per photo).
 */
function onModelGrid(
  alpha: Uint8Array,
  image: RawImage,
  n: number,
): { keep: Uint8Array; area: number; at: (mx: number, my: number) => number } {
  const { width: w, height: h } = image;
  const rowAt = new Int32Array(n);
  const colAt = new Int32Array(n);
  for (let m = 0; m < n; m++) {
    rowAt[m] = Math.min(h - 1, Math.floor(((m + 0.5) * h) / n)) * w;
    colAt[m] = Math.min(w - 1, Math.floor(((m + 0.5) * w) / n));
  }
  const at = (mx: number, my: number) => rowAt[my] + colAt[mx];
  const keep = new Uint8Array(n * n);
  let area = 0;
  for (let my = 0; my < n; my++)
    for (let mx = 0; mx < n; mx++)
      if (alpha[at(mx, my)] >= 128) {
        keep[my * n + mx] = 255;
        area++;
      }
  return { keep, area, at };
}

/**
 * Finds a leftover slab of background attached to the car's upper half: a large region inside the mask
 * where the model was only half sure (saliency 48..200) and whose colour matches the background just outside
 * the car. Small
 * slabs are cut from the mask ('fixed'); a slab over 5 % of the car is not cut (on real photos a cut can take some of the car with it) and is
 * flagged for the user instead. Works at model resolution on the crop the mask was computed on.
 */
export function findSlab(
  alpha: Uint8Array,
  image: RawImage,
  sal: SaliencyMap,
): { alpha: Uint8Array; slab: CarSegmentation['slab']; share: number } {
  const n = sal.size;
  const { width: w, height: h, channels: c } = image;
  // Model-resolution car keep and the colours the model saw.
  const { keep, area: carArea, at } = onModelGrid(alpha, image, n);
  if (carArea < 100) return { alpha, slab: 'none', share: 0 };
  // The car's vertical extent: slabs are looked for in its upper half only (a wall above a bonnet, sky or
  // a facade above a roof). Below, shadows, tyres and sills look like the road next to them and are car.
  let carTop = n;
  let carBottom = 0;
  for (let i = 0; i < keep.length; i++)
    if (keep[i]) {
      const my = (i / n) | 0;
      if (my < carTop) carTop = my;
      if (my > carBottom) carBottom = my;
    }
  const upperLimit = carTop + (carBottom - carTop) * 0.5;
  const unsure = new Uint8Array(n * n);
  for (let i = 0; i < unsure.length; i++)
    unsure[i] = keep[i] && sal.data[i] >= 48 && sal.data[i] < 200 ? 1 : 0;
  const { labels, sizes } = labelComponents(unsure, n, n);
  const outside = morph(keep, n, n, 4, 'max');
  const colour = (mx: number, my: number) => {
    const i = at(mx, my) * c;
    return [image.data[i], image.data[i + 1], image.data[i + 2]];
  };
  let worst: { label: number; share: number } | null = null;
  for (let l = 1; l < sizes.length; l++) {
    if (sizes[l] < carArea * 0.02) continue;
    // Mean colour of the region, and of the background ring next to it (within 4 px outside the car).
    const inside = [0, 0, 0];
    let ni = 0;
    const ring = [0, 0, 0];
    let nr = 0;
    let boundary = 0;
    let sumY = 0;
    for (let my = 1; my < n - 1; my++)
      for (let mx = 1; mx < n - 1; mx++) {
        const i = my * n + mx;
        if (labels[i] === l) {
          sumY += my;
          const col = colour(mx, my);
          for (let k = 0; k < 3; k++) inside[k] += col[k];
          ni++;
          if (!keep[i - 1] || !keep[i + 1] || !keep[i - n] || !keep[i + n]) boundary++;
        } else if (outside[i] && !keep[i]) {
          // Ring pixels near this region only: within 6 px of one of its pixels (checked coarsely).
          let close = false;
          for (let d = -6; d <= 6 && !close; d += 3)
            for (let e = -6; e <= 6 && !close; e += 3) {
              const y2 = my + d;
              const x2 = mx + e;
              if (y2 >= 0 && y2 < n && x2 >= 0 && x2 < n && labels[y2 * n + x2] === l) close = true;
            }
          if (!close) continue;
          const col = colour(mx, my);
          for (let k = 0; k < 3; k++) ring[k] += col[k];
          nr++;
        }
      }
    // A slab sits on the outline (it is the outline there) and is coloured like what lies beyond it.
    if (!ni || nr < 20 || boundary < Math.sqrt(ni) * 0.5 || sumY / ni > upperLimit) continue;
    const d = Math.hypot(...[0, 1, 2].map((k) => inside[k] / ni - ring[k] / nr));
    if (d > 28) continue;
    const share = sizes[l] / carArea;
    if (!worst || share > worst.share) worst = { label: l, share };
  }
  if (!worst) return { alpha, slab: 'none', share: 0 };
  // Cutting is only safe for a small slab: on real street photos a cut can take some of the car with it
  // (measured on eval-dev), so only slabs up to 5 % of the car are cut; larger ones are flagged.
  if (worst.share > 0.05) return { alpha, slab: 'flagged', share: worst.share };
  const out = Uint8Array.from(alpha);
  const cut = new Uint8Array(n * n);
  for (let i = 0; i < cut.length; i++) if (labels[i] === worst.label) cut[i] = 255;
  const grown = morph(cut, n, n, 1, 'max');
  for (let y = 0; y < h; y++) {
    const my = Math.min(n - 1, Math.floor(((y + 0.5) * n) / h));
    for (let x = 0; x < w; x++) {
      const mx = Math.min(n - 1, Math.floor(((x + 0.5) * n) / w));
      if (grown[my * n + mx]) out[y * w + x] = 0;
    }
  }
  return { alpha: out, slab: 'fixed', share: worst.share };
}

/**
 * Car segmentation in two passes: ISNet on the whole photo finds the car; when the car fills only part of
 * the photo (or the first pass was a small one that only located it), ISNet runs again on the car's crop
 * (the model's pixels spent on the car, not on the street around it; for a small car in a small photo,
 * the car shown at a size the model handles) and the crop's refined mask is used. Then detached fragments
 * are removed, enclosed gaps closed, and a leftover background slab is cut or flagged.
 */
export async function segmentCar(image: RawImage, options: SegmentOptions = {}): Promise<CarSegmentation> {
  const model = options.saliency ?? ((img: RawImage, _pass: string, size: number) => runIsnet(img, size));
  // Every model run's input side, in order: what the segmentation cost (the engine bench times these).
  const runs: number[] = [];
  const saliency = (img: RawImage, pass: 'full' | 'crop', size: number) => {
    runs.push(size);
    return model(img, pass, size);
  };
  const { width, height } = image;
  const minGain = options.minGain ?? 1.25;
  // A first pass smaller than the crop pass only locates the car (see PASS_SIZES). Not on a photo too small
  // for any crop of it to show the crop pass more real pixels than the first pass saw (640x480 against a
  // 512 first pass): it gets the model's own size on the whole photo, as before (at 768 it lost up to
  // 0.006 IoU on eval-dev's ig02 street photos), and 1024 costs the same whatever the photo's size.
  const asked = options.sizes ?? PASS_SIZES;
  const sizes =
    asked.full < asked.crop && width * height < minGain * asked.full ** 2
      ? { full: ISNET_SIZE, crop: ISNET_SIZE }
      : asked;
  const locating = sizes.full < sizes.crop;
  let sal1 = await saliency(image, 'full', sizes.full);
  const keep1 = keepCarFast(sal1);
  const box = keepBox(keep1, sal1.size, width, height);
  // Slab, fragments and gaps are handled on the image the mask was computed on (the crop or the photo),
  // then the glass map from the same saliency, so windows closed here are also seen through there.
  const finish = async (img: RawImage, sal: SaliencyMap, a: Uint8Array) => {
    const s = findSlab(a, img, sal);
    const wide = trimWideTop(s.alpha, img.width, img.height);
    const seam = seamSlab(wide.alpha, img);
    // Before the clean-up: a car's end beyond a post is then no loose fragment.
    const slit = bridgeSlits(seam.alpha, img.width, img.height);
    const first = cleanFragments(seam.alpha, img.width, img.height);
    // The flat-top check runs once on the cleaned mask; only a band that was cut calls for a second look.
    const flatFirst = flatTopSlab(first.alpha, img.width, img.height);
    const band = flatFirst ? cutFlatTopBand(first.alpha, img) : { alpha: first.alpha, share: 0 };
    const cleaned = band.share ? cleanFragments(band.alpha, img.width, img.height) : first;
    restoreTread(cleaned.alpha, img);
    const g = options.glass ? await glassMap(img, sal, cleaned.alpha) : undefined;
    // The model saw no car where the post stood (glass to the glass map): the glass there is what the car
    // has on both sides of the post, as the photo's pixels will be (fillAcross in the pipeline).
    if (g && slit.slits) fillAcross(g, 1, slit.bridged, img.width, img.height);
    const flat = band.share ? flatTopSlab(cleaned.alpha, img.width, img.height) : flatFirst;
    // A slab still there is reported as such, whatever was cut before it.
    const slab =
      flat > 0 || seam.slab === 'flagged'
        ? 'flagged'
        : s.slab === 'none' && (wide.share > 0 || seam.slab === 'fixed' || band.share > 0)
          ? 'fixed'
          : s.slab;
    return {
      ...cleaned,
      slits: slit.slits,
      bridged: slit.slits ? slit.bridged : undefined,
      occluded: hiddenShare(cleaned.alpha, img, sal) >= 0.5,
      glass: g,
      slab,
      slabShare: Math.max(s.share, wide.share, flat, seam.share, band.share),
    };
  };
  if (box) {
    const c = cropAround(box, width, height);
    // Only when it shows the model more of the photo's own pixels on the car: the first pass saw the crop
    // at (n^2 / photo pixels) of its resolution, the second at min(1, n^2 / crop pixels). A 640x480 street
    // photo is already upsampled by the first pass (no gain, no second pass); a 1600-px photo gains 1.6x.
    const gain = Math.min(c.w * c.h, sizes.crop ** 2) / ((c.w * c.h * sizes.full ** 2) / (width * height));
    const share = (c.w * c.h) / (width * height);
    const sharper = gain >= minGain;
    // A car in at most 15 % of the photo (its crop; the car itself about a tenth) is small for ISNet
    // whatever the photo's size: the model was trained on objects that fill its input, and a small car in
    // a street photo comes out fused with what stands behind it (a garage, a door), its glasshouse cut away
    // with that clutter and a jagged top left (issue 12's held-out failure). Shown the crop, upsampled, it
    // sees the car at 2.5x or more. Its full-pass opinion is then the confused one, and is not averaged in.
    // Measured on eval-dev street photos shrunk into a 640x480 frame (none of eval-dev's own is this small):
    // at 30 % (crops 3-6 % of the frame) IoU full pass / mean / crop alone 0.914 / 0.906 / 0.959,
    // 0.941 / 0.934 / 0.938, 0.825 / 0.879 / 0.932; at 50 % (crops 7-15 %) full / crop alone 0.973 / 0.977,
    // 0.975 / 0.974, 0.959 / 0.973, 0.966 / 0.941 (a car against a wall: the crop loses its rear bumper).
    const tiny = share <= (options.smallShare ?? 0.15);
    // After a locating first pass the crop pass runs however much of the photo the car fills (a big car's
    // crop is most of the photo, seen at the crop pass's size), and is used alone: averaged with the
    // coarser locating map its outline blurred (eval-dev carvana, docs/decisions/0002 "Session 18").
    const small = share <= (options.cropShare ?? 0.6) || locating;
    if (small && (sharper || tiny) && c.w >= 32 && c.h >= 32) {
      const part = await cropImage(image, c);
      const mode = options.fuse ?? (sharper && !locating ? 'mean' : 'crop');
      const sal2 = fuse(await saliency(part, 'crop', sizes.crop), sal1, c, width, height, mode);
      const a2 = await refineMask(part, sal2);
      if (!touchesInnerEdge(a2, c, width, height)) {
        const f = await finish(part, sal2, a2);
        return {
          alpha: paste(f.alpha, c, width, height),
          glass: f.glass && paste(f.glass, c, width, height),
          passes: 2,
          runs,
          crop: c,
          fragmentsRemoved: f.removed,
          holesFilled: f.filled,
          slitsBridged: f.slits,
          slits: f.bridged && paste(f.bridged, c, width, height),
          occluded: f.occluded,
          slab: f.slab,
          slabShare: f.slabShare,
        };
      }
    }
  }
  // No crop pass (or its car ran off the crop): the mask comes from a pass on the whole photo, at the crop
  // pass's size when the first one only located the car.
  if (locating) sal1 = await saliency(image, 'full', sizes.crop);
  const keep = locating ? keepCarFast(sal1) : keep1;
  const f = await finish(image, sal1, await refineMask(image, sal1, undefined, keep));
  return {
    alpha: f.alpha,
    glass: f.glass,
    passes: 1,
    runs,
    fragmentsRemoved: f.removed,
    holesFilled: f.filled,
    slitsBridged: f.slits,
    slits: f.bridged,
    occluded: f.occluded,
    slab: f.slab,
    slabShare: f.slabShare,
  };
}
