import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';
import { stretchToModel, type SaliencyMap } from './isnet.infer';
import {
  fillHoles,
  guidedFilter,
  GuidedScratch,
  labelComponents,
  lowestRows,
  markWhere,
  morph,
  rowRange,
  threshold,
} from './mask.ops';

/** Tunables of the refinement, exposed for the eval script. */
export interface RefineOptions {
  /** Opening radius (model pixels) that separates thin attached clutter (wall letters) from the body. */
  openRadius: number;
  /** Attached thin parts smaller than this share of the car are kept (antennas, mirror tips). */
  keepThinShare: number;
  /** Detached components at least this share of the car and close to it are kept (a cut-off wheel). */
  keepDetachedShare: number;
  /** Saliency (0..255) that counts as sure, and how far (model px) the kept mask may reach beyond it. */
  coreLevel: number;
  coreReach: number;
  /** Everything salient within this many model pixels of the body is body outline. */
  ringRadius: number;
  /** Shifts the final edge outwards (0..1 alpha units) before thresholding the ramp. */
  edgeBias: number;
  guidedRadius: number;
  guidedEps: number;
}

export const defaultRefineOptions: RefineOptions = {
  openRadius: 14,
  keepThinShare: 0.004,
  keepDetachedShare: 0.02,
  coreLevel: 220,
  coreReach: 4,
  ringRadius: 2,
  edgeBias: 0,
  guidedRadius: 2,
  guidedEps: 1e-3,
};

/**
 * Keeps the car in a model-resolution saliency map: the largest salient body, small thin parts attached
 * to it, nearby large parts; drops detached clutter and large thin attachments (wall letters), fills holes.
 * Returns a 0/255 keep mask at model resolution.
 */
export function keepCar(sal: SaliencyMap, opts: RefineOptions = defaultRefineOptions): Uint8Array {
  const n = sal.size;
  const bin = threshold(sal.data, 128, 255);
  // Confidence gate: a real outline goes from sure to unsure within a few pixels, while salient clutter
  // (a wall/floor seam, reflections) forms wide half-confident plateaus. Keep only what lies near a
  // high-confidence core.
  if (opts.coreLevel < 255) {
    const core = threshold(sal.data, opts.coreLevel, 255);
    const nearCore = morph(core, n, n, opts.coreReach, 'max');
    for (let i = 0; i < bin.length; i++) if (!nearCore[i]) bin[i] = 0;
  }
  // Opening: thin strokes vanish, the body stays. The radius follows the car's size (small distant cars).
  let rawLargest = 0;
  for (let i = 0; i < bin.length; i++) if (bin[i]) rawLargest++;
  const radius = Math.max(3, Math.min(opts.openRadius, Math.round(Math.sqrt(rawLargest) * 0.025)));
  const opened = morph(morph(bin, n, n, radius, 'min'), n, n, radius, 'max');
  const { labels, sizes } = labelComponents(opened, n, n);
  let main = 0;
  for (let l = 1; l < sizes.length; l++) if (!main || sizes[l] > sizes[main]) main = l;
  if (!main) return fillHoles(bin, n, n, n * n);
  const carArea = sizes[main];
  // Other opened components: keep large ones close to the main body (wheel separated by a dark gap).
  const bodyMask = new Uint8Array(n * n);
  for (let i = 0; i < bin.length; i++) if (labels[i] === main) bodyMask[i] = 255;
  // "Close" follows the car's size: a pole or a sign post in front of a car filling the frame (a second
  // pass on the car's crop) is many model pixels wide and must not cut the bumper beyond it off.
  const near = morph(
    bodyMask,
    n,
    n,
    Math.max(Math.round(n * 0.02), Math.round(Math.sqrt(carArea) * 0.05)),
    'max',
  );
  const keepLabel = new Uint8Array(sizes.length);
  keepLabel[main] = 1;
  const nearCount = new Int32Array(sizes.length);
  for (let i = 0; i < bin.length; i++) if (labels[i] && near[i]) nearCount[labels[i]]++;
  for (let l = 1; l < sizes.length; l++) {
    if (l !== main && sizes[l] >= carArea * opts.keepDetachedShare && nearCount[l] > 0) keepLabel[l] = 1;
  }
  const body = new Uint8Array(n * n);
  for (let i = 0; i < bin.length; i++) if (keepLabel[labels[i]]) body[i] = 255;
  // Reconstruct the detail the opening removed near the body; decide per removed piece.
  const grown = morph(body, n, n, radius + 1, 'max');
  const rest = new Uint8Array(n * n);
  for (let i = 0; i < bin.length; i++) rest[i] = bin[i] && !body[i] ? 255 : 0;
  const pieces = labelComponents(rest, n, n);
  const touches = new Uint8Array(pieces.sizes.length);
  for (let i = 0; i < bin.length; i++) if (pieces.labels[i] && grown[i]) touches[pieces.labels[i]] = 1;
  const out = body;
  for (let i = 0; i < bin.length; i++) {
    const l = pieces.labels[i];
    if (l && touches[l] && pieces.sizes[l] <= carArea * opts.keepThinShare) out[i] = 255;
  }
  keepGlasshouse(out, pieces, touches, carArea, carArea * opts.keepThinShare, n);
  keepLowerTrim(out, pieces, touches, grown, carArea, carArea * opts.keepThinShare, n);
  // Edge fringe the opening shaved off the body is itself a "piece" touching it; large fringes are the
  // body's own outline, so also keep everything within the opening radius of the body.
  const ring = morph(body, n, n, opts.ringRadius, 'max');
  for (let i = 0; i < bin.length; i++) if (bin[i] && ring[i]) out[i] = 255;
  trimRoofBumps(out, n);
  return fillHoles(out, n, n, Math.round(carArea * 0.25));
}

/** The kept body's bounds in an n x n mask (x1 < 0 when empty) and each column's top row (n where empty). */
function bodyBounds(
  out: Uint8Array,
  n: number,
): { x0: number; x1: number; y0: number; y1: number; colTop: Int32Array } {
  let x0 = n;
  let x1 = -1;
  let y0 = n;
  let y1 = -1;
  const colTop = new Int32Array(n).fill(n);
  for (let i = 0; i < out.length; i++)
    if (out[i]) {
      const x = i % n;
      const y = (i / n) | 0;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
      if (colTop[x] === n) colTop[x] = y;
    }
  return { x0, x1, y0, y1, colTop };
}

/**
 * Keeps a glasshouse the opening cut off. On a small car seen against a busy street, the model often sees
 * the street through the windows, so the roof and the pillars are thin strokes around see-through holes:
 * the opening removes them and, being far larger than an antenna, the thin-part rule drops them with wall
 * letters, leaving the car without its top. What tells a glasshouse from clutter is that it closes the
 * car's outline over the windows: with the body it encloses background (the windows), more than its own
 * area (a letter standing on the roof encloses at most a small counter with it), and it is no wider than
 * the body (a car is never wider at its glasshouse than at its sills). Such a piece is kept and the windows
 * it encloses are closed into the car (the glass map later decides what shows through them).
 */
function keepGlasshouse(
  out: Uint8Array,
  pieces: { labels: Int32Array; sizes: number[] },
  touches: Uint8Array,
  carArea: number,
  /** Pieces up to this size were kept as thin parts already. */
  thin: number,
  n: number,
): void {
  const { x0: bx0, x1: bx1, colTop } = bodyBounds(out, n);
  if (bx1 < 0) return;
  const margin = Math.max(2, Math.round((bx1 - bx0) * 0.03));
  const { labels, sizes } = pieces;
  const px0 = new Int32Array(sizes.length).fill(n);
  const px1 = new Int32Array(sizes.length).fill(-1);
  const py0 = new Int32Array(sizes.length).fill(n);
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i];
    if (!l) continue;
    const x = i % n;
    if (x < px0[l]) px0[l] = x;
    if (x > px1[l]) px1[l] = x;
    if (py0[l] === n) py0[l] = (i / n) | 0;
  }
  const holeLimit = carArea;
  // Enclosed background that borders the body: windows sit on the body's beltline, while a letter's own
  // counter (inside an A or an R) does not touch the car.
  const holesOf = (m: Uint8Array) => {
    const f = fillHoles(m, n, n, holeLimit);
    const hole = new Uint8Array(f.length);
    for (let i = 0; i < f.length; i++) if (f[i] && !m[i]) hole[i] = 1;
    const h = labelComponents(hole, n, n);
    const onBody = new Uint8Array(h.sizes.length);
    for (let i = n; i < f.length - n; i++)
      if (hole[i] && (out[i - n] || out[i + n] || out[i - 1] || out[i + 1])) onBody[h.labels[i]] = 1;
    let a = 0;
    const g = Uint8Array.from(m);
    for (let i = 0; i < f.length; i++)
      if (hole[i] && onBody[h.labels[i]]) {
        g[i] = 255;
        a++;
      }
    return { f: g, a };
  };
  let base = -1;
  for (let l = 1; l < sizes.length; l++) {
    // Candidates: pieces the thin-part rule dropped, within the body's width, rising above the body there.
    if (!touches[l] || sizes[l] <= thin || sizes[l] > carArea * 0.6) continue;
    if (px0[l] < bx0 - margin || px1[l] > bx1 + margin) continue;
    let bodyTop = n;
    for (let x = px0[l]; x <= px1[l]; x++) bodyTop = Math.min(bodyTop, colTop[x]);
    if (py0[l] >= bodyTop) continue;
    // A glasshouse spans much of the car's length (a roof is about half of it in a side view, more from
    // the front); a wall letter or two standing on a bonnet do not.
    if (px1[l] - px0[l] < (bx1 - bx0) * 0.35) continue;
    if (base < 0) base = holesOf(out).a;
    const trial = Uint8Array.from(out);
    for (let i = 0; i < labels.length; i++) if (labels[i] === l) trial[i] = 255;
    const { f, a } = holesOf(trial);
    if (a - base < sizes[l]) continue;
    out.set(f);
    base = holesOf(out).a;
  }
}

/**
 * Keeps thin parts along the car's lower body that the opening cut off: a pickup's running board, a sill
 * or a bumper lip, often seen with a dark gap between them and the body. They are thin but long, so the
 * thin-part rule (sized for antennas) drops them, and at a few per cent of the car they are too small for
 * the detached-part rule. What tells them from clutter is that they run along the body: horizontal (at
 * least twice as wide as tall), within the body's reach (`near`: the opening radius) over at least 60 % of
 * their width, in the lower half of the car and within its width, and small (at most 5 % of it). A wall
 * letter or a pole touches the car with a foot only, a kerb runs on beyond the car.
 */
function keepLowerTrim(
  out: Uint8Array,
  pieces: { labels: Int32Array; sizes: number[] },
  touches: Uint8Array,
  near: Uint8Array,
  carArea: number,
  /** Pieces up to this size were kept as thin parts already. */
  thin: number,
  n: number,
): void {
  const { x0: bx0, x1: bx1, y0: by0, y1: by1 } = bodyBounds(out, n);
  if (bx1 < 0) return;
  const { labels, sizes } = pieces;
  const m = sizes.length;
  const px0 = new Int32Array(m).fill(n);
  const px1 = new Int32Array(m).fill(-1);
  const py0 = new Int32Array(m).fill(n);
  const py1 = new Int32Array(m).fill(-1);
  const sumY = new Float64Array(m);
  // Columns where the piece comes within reach of the body (one mark per column and piece).
  const seen = new Int32Array(n).fill(0);
  const contact = new Int32Array(m);
  const candidate = (l: number) => l > 0 && touches[l] && sizes[l] > thin && sizes[l] <= carArea * 0.05;
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i];
    if (!candidate(l)) continue;
    const x = i % n;
    const y = (i / n) | 0;
    if (x < px0[l]) px0[l] = x;
    if (x > px1[l]) px1[l] = x;
    if (y < py0[l]) py0[l] = y;
    py1[l] = y;
    sumY[l] += y;
  }
  for (let x = 0; x < n; x++)
    for (let y = 0; y < n; y++) {
      const i = y * n + x;
      const l = labels[i];
      if (candidate(l) && near[i] && seen[x] !== l) {
        seen[x] = l;
        contact[l]++;
      }
    }
  const keep = new Uint8Array(m);
  const mid = (by0 + by1) / 2;
  const margin = Math.max(2, Math.round((bx1 - bx0) * 0.03));
  for (let l = 1; l < m; l++) {
    if (px1[l] < 0 || sumY[l] / sizes[l] < mid) continue;
    if (px0[l] < bx0 - margin || px1[l] > bx1 + margin) continue;
    const pw = px1[l] - px0[l] + 1;
    const ph = py1[l] - py0[l] + 1;
    if (pw >= 2 * ph && contact[l] >= pw * 0.6) keep[l] = 1;
  }
  const topOf = new Int32Array(n);
  for (let l = 1; l < m; l++) {
    if (!keep[l]) continue;
    topOf.fill(-1);
    for (let i = 0; i < labels.length; i++) {
      if (labels[i] !== l) continue;
      out[i] = 255;
      const x = i % n;
      if (topOf[x] < 0) topOf[x] = (i / n) | 0;
    }
    // The dark gap under the sill is shadow between parts bolted together: bridge it up to the body (within
    // reach), so the later clean-up sees one car, not a body and a loose strip.
    for (let x = px0[l]; x <= px1[l]; x++) {
      let y = topOf[x] - 1;
      while (y >= 0 && !out[y * n + x] && near[y * n + x]) y--;
      if (y >= 0 && out[y * n + x]) for (let k = y + 1; k < topOf[x]; k++) out[k * n + x] = 255;
    }
  }
}

/**
 * keepCar at half resolution (4x cheaper), then the decision is carried back to full model resolution:
 * the half-resolution body (holes filled) plus the full-resolution salient pixels within 2 px of it.
 */
export function keepCarFast(sal: SaliencyMap, opts: RefineOptions = defaultRefineOptions): Uint8Array {
  const n = sal.size;
  if (n % 2) {
    const whole = keepCar(sal, opts);
    keepLostWheel(whole, sal.data, n, sal.rgb);
    return whole;
  }
  const h = n / 2;
  const small = new Uint8Array(h * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < h; x++) {
      const i = 2 * y * n + 2 * x;
      small[y * h + x] = (sal.data[i] + sal.data[i + 1] + sal.data[i + n] + sal.data[i + n + 1] + 2) >> 2;
    }
  }
  const halfOpts: RefineOptions = {
    ...opts,
    openRadius: Math.max(2, Math.round(opts.openRadius / 2)),
    coreReach: Math.max(1, Math.round(opts.coreReach / 2)),
    ringRadius: Math.max(1, Math.round(opts.ringRadius / 2)),
  };
  const keepHalf = keepCar({ data: small, size: h }, halfOpts);
  const up = new Uint8Array(n * n);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) up[y * n + x] = keepHalf[(y >> 1) * h + (x >> 1)];
  const reach = morph(up, n, n, 2, 'max');
  const out = new Uint8Array(n * n);
  for (let i = 0; i < out.length; i++) {
    const inner = up[i] && (sal.data[i] >= 128 || isInterior(up, i, n));
    out[i] = inner || (reach[i] && sal.data[i] >= 128) ? 255 : 0;
  }
  keepLostWheel(out, sal.data, n, sal.rgb);
  return out;
}

/**
 * Gives back a wheel the model half lost. Where a car stands in its own (sun) shadow, ISNet is sure of the
 * lit tyre and only half sure of the other, dark one against the dark floor: a plateau of 50-200 of 255
 * (oalpr_br_NTD9247's right tyre 80-200, JRK5336's 60-90 once the two passes are averaged) with no sure
 * core, which keepCar's confidence gate (coreLevel) drops with the floor's plateaus, and the car is shown on
 * one wheel. A car's wheels come in mirrored pairs: both stand on the ground line, under the body, at about
 * the same distance from its middle and of about the same width. So, for a kept wheel (a foot: a run of
 * columns reaching the mask's lowest rows, at most 40 % of the car's width) whose mirror image across the
 * body's middle has no foot, the columns there (within half a wheel's width of the mirror image) whose
 * half-sure pixels (saliency >= 48, findSlab's 'unsure') below the body reach the ground line become car
 * from the body's lower outline down to the ground: the lost tyre, its part in the arch's deep shadow too.
 * A floor shadow is dark and half sure as well, but it is no wheel: a run of such columns 0.5-1.6 times the
 * kept wheel's width is taken, a shadow running on under the car or out beside it is wider and is left, as
 * is a speck. Given the image as the model saw it (`rgb`), only the tyre of those columns is taken, not a
 * floor mark beside it (keepTyreOnly, session 19). Works at model resolution on a 0/255 keep mask; returns
 * the pixels added (session 18).
 */
export function keepLostWheel(keep: Uint8Array, sal: Uint8Array, n: number, rgb?: Buffer): number {
  const { top, bottom } = rowRange(keep, n, n);
  if (top < 0 || bottom - top < 20) return 0;
  const low = lowestRows(keep, n, n);
  let x0 = n;
  let x1 = -1;
  for (let x = 0; x < n; x++)
    if (low[x] >= 0) {
      if (x < x0) x0 = x;
      x1 = x;
    }
  const carH = bottom - top + 1;
  const carW = x1 - x0 + 1;
  // The ground line's tolerance: two wheels of a car seen a little from the side do not end on one row.
  const g = Math.max(2, Math.round(carH * 0.04));
  const foot = (x: number) => low[x] >= bottom - g;
  const feet: [number, number][] = [];
  for (let x = x0; x <= x1; x++)
    if (foot(x)) {
      let b = x;
      while (b + 1 <= x1 && foot(b + 1)) b++;
      feet.push([x, b]);
      x = b;
    }
  // Per column: the deepest half-sure pixel below the body, when enough of them (not a speck) reach the
  // ground line; -1 otherwise.
  const deep = new Int32Array(n).fill(-1);
  for (let x = x0; x <= x1; x++) {
    if (low[x] < 0 || foot(x)) continue;
    let count = 0;
    let last = -1;
    for (let y = low[x] + 1; y <= Math.min(n - 1, bottom + g); y++)
      if (sal[y * n + x] >= 48) {
        count++;
        last = y;
      }
    if (last >= bottom - g && count >= g) deep[x] = last;
  }
  let added = 0;
  for (const [a, b] of feet) {
    const w = b - a + 1;
    if (w < 3 || w > carW * 0.4) continue;
    const margin = Math.round(w * 0.5);
    const wa = Math.max(x0, x0 + x1 - b - margin);
    const wb = Math.min(x1, x0 + x1 - a + margin);
    let kept = 0;
    for (let x = wa; x <= wb; x++) if (foot(x)) kept++;
    if (kept >= w * 0.5) continue;
    // The run of ground-reaching half-sure columns with the most of it in the window, followed past the
    // window's sides (a shadow's run does not stop there).
    let best: [number, number] | null = null;
    let bestIn = 0;
    for (let x = x0; x <= x1; x++) {
      if (deep[x] < 0) continue;
      let e = x;
      while (e + 1 <= x1 && deep[e + 1] >= 0) e++;
      const inside = Math.min(e, wb) - Math.max(x, wa) + 1;
      if (inside > bestIn) {
        bestIn = inside;
        best = [x, e];
      }
      x = e;
    }
    if (!best) continue;
    const run = best[1] - best[0] + 1;
    if (run < w * 0.5 || run > w * 1.6) continue;
    const fill = new Uint8Array(n * n);
    for (let x = best[0]; x <= best[1]; x++)
      for (let y = low[x] + 1; y <= deep[x]; y++) if (!keep[y * n + x]) fill[y * n + x] = 1;
    if (rgb) keepTyreOnly(fill, keep, sal, rgb, n, best, bottom - g, Math.max(1, Math.round(w / 25)));
    for (let i = 0; i < fill.length; i++)
      if (fill[i]) {
        keep[i] = 255;
        added++;
      }
  }
  return added;
}

/** keepTyreOnly: how much brighter (luma, 0-255) or more coloured (chroma) than the tyre a mark is. */
const LUMA_STEP = 32;
const CHROMA_STEP = 18;

/**
 * Narrows a lost wheel's fill (keepLostWheel's columns, from the body's lower outline to the ground line)
 * to the tyre. The columns are about a wheel wide, but a floor mark beside the tyre can fall inside them: a
 * parking bay's yellow line in the car's shadow was as half sure as the tyre (oalpr_br_JRK5336 with a 768
 * crop pass: tyre 150-210, the line 90-130) and came along as a yellow patch beside it (session 19). Rubber
 * is dark and grey; paint is brighter or more coloured. Each pixel is judged by its neighbourhood's mean
 * colour (within `r`, so a tread's light ridges count with their dark grooves) against the fill's median
 * half-sure pixel, the tyre's: clearly brighter (LUMA_STEP) or more coloured (CHROMA_STEP) is a mark,
 * unless ISNet is at least as sure of it as of the tyre-coloured part (its median): a tyre's sunlit side is
 * brighter and browner than its shadowed tread (oalpr_br_NZJ6581: luma 70-76, chroma 35-42 against 38/8)
 * but 220-233 sure, where a mark is below the tyre's plateau. What is taken are the 4-connected tyre-like
 * pieces that hang from the body and reach the ground line (`ground`), as a tyre does; a dark piece cut
 * off from the ground by a mark is left. Dark floor beside the tyre stays, as before.
 */
function keepTyreOnly(
  fill: Uint8Array,
  keep: Uint8Array,
  sal: Uint8Array,
  rgb: Buffer,
  n: number,
  [x0, x1]: [number, number],
  ground: number,
  r: number,
): void {
  let y0 = n;
  let y1 = -1;
  for (let y = 0; y < n; y++)
    for (let x = x0; x <= x1; x++)
      if (fill[y * n + x]) {
        y0 = Math.min(y0, y);
        y1 = y;
      }
  if (y1 < 0) return;
  // Work in the fill's box: b = (y - y0) * bw + (x - x0).
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const at = (b: number) => (y0 + ((b / bw) | 0)) * n + x0 + (b % bw);
  const luma = new Float32Array(bw * bh);
  const chroma = new Float32Array(bw * bh); // max - min of the mean's channels
  const half: number[] = [];
  for (let b = 0; b < bw * bh; b++) {
    const i = at(b);
    if (!fill[i]) continue;
    const x = i % n;
    const y = (i / n) | 0;
    const sum = [0, 0, 0];
    let k = 0;
    for (let v = Math.max(0, y - r); v <= Math.min(n - 1, y + r); v++)
      for (let u = Math.max(0, x - r); u <= Math.min(n - 1, x + r); u++, k++)
        for (let c = 0; c < 3; c++) sum[c] += rgb[(v * n + u) * 3 + c];
    luma[b] = (0.299 * sum[0] + 0.587 * sum[1] + 0.114 * sum[2]) / k;
    chroma[b] = (Math.max(...sum) - Math.min(...sum)) / k;
    if (sal[i] >= 48) half.push(b);
  }
  if (!half.length) return;
  const median = (a: number[]) => a.sort((p, q) => p - q)[a.length >> 1];
  const refL = median(half.map((b) => luma[b]));
  const refC = median(half.map((b) => chroma[b]));
  const tyreColour = (b: number) => luma[b] <= refL + LUMA_STEP && chroma[b] <= refC + CHROMA_STEP;
  const plateau = half.filter(tyreColour).map((b) => sal[at(b)]);
  const sure = plateau.length ? median(plateau) : 256;
  const tyreLike = (b: number) => fill[at(b)] && (tyreColour(b) || sal[at(b)] >= sure);
  const seen = new Uint8Array(bw * bh);
  const took = new Uint8Array(bw * bh);
  for (let start = 0; start < bw * bh; start++) {
    if (seen[start] || !tyreLike(start)) continue;
    seen[start] = 1;
    const piece = [start];
    let hangs = false;
    let stands = false;
    for (let k = 0; k < piece.length; k++) {
      const b = piece[k];
      const i = at(b);
      const x = i % n;
      const y = (i / n) | 0;
      if (keep[i - n] || (x > 0 && keep[i - 1]) || (x < n - 1 && keep[i + 1])) hangs = true;
      if (y >= ground) stands = true;
      const next = [x > x0 ? b - 1 : -1, x < x1 ? b + 1 : -1, y > y0 ? b - bw : -1, y < y1 ? b + bw : -1];
      for (const c of next)
        if (c >= 0 && !seen[c] && tyreLike(c)) {
          seen[c] = 1;
          piece.push(c);
        }
    }
    if (hangs && stands) for (const b of piece) took[b] = 1;
  }
  for (let b = 0; b < bw * bh; b++) if (!took[b]) fill[at(b)] = 0;
}

// A pixel whose 4 neighbours are all kept is interior (a filled hole, a window): keep it whatever the
// saliency says; on the outline the full-resolution saliency decides.
function isInterior(mask: Uint8Array, i: number, n: number): boolean {
  return !!(mask[i - 1] && mask[i + 1] && mask[i - n] && mask[i + n]);
}

/** 1-D grey closing (max then min over a window) of a profile where larger y is lower in the image. */
function closeProfile(t: Float64Array, w: number): Float64Array {
  const pass = (src: Float64Array, pick: (a: number, b: number) => number): Float64Array => {
    const out = new Float64Array(src.length);
    for (let x = 0; x < src.length; x++) {
      let v = src[x];
      for (let k = Math.max(0, x - w); k <= Math.min(src.length - 1, x + w); k++) v = pick(v, src[k]);
      out[x] = v;
    }
    return out;
  };
  return pass(pass(t, Math.max), Math.min);
}

/**
 * Removes bumps on the car's top outline that are wider than an antenna but narrower than roof furniture:
 * the feet of wall letters or signs that the saliency model merged with the roof. Bumps must be bounded
 * by lower outline on both sides, so mirrors and the car's ends are never touched.
 */
function trimRoofBumps(mask: Uint8Array, n: number): void {
  const top = new Float64Array(n).fill(n);
  let x0 = n;
  let x1 = -1;
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      if (mask[y * n + x]) {
        top[x] = y;
        if (x < x0) x0 = x;
        x1 = x;
        break;
      }
    }
  }
  if (x1 - x0 < 40) return;
  let roofTop = n;
  for (let x = x0; x <= x1; x++) roofTop = Math.min(roofTop, top[x]);
  let bottom = 0;
  for (let i = mask.length - 1; i >= 0; i--)
    if (mask[i]) {
      bottom = Math.floor(i / n);
      break;
    }
  const width = x1 - x0;
  const big = Math.max(8, Math.round(width * 0.1));
  const small = Math.max(2, Math.round(n / 256));
  const closedBig = closeProfile(top, big);
  const closedSmall = closeProfile(top, small);
  for (let x = x0 + big; x <= x1 - big; x++) {
    // Only where the column's outline is defined on both sides within the window.
    if (top[x - big] >= n || top[x + big] >= n) continue;
    const target = closedBig[x];
    const step = Math.max(2, n / 256);
    if (target - closedSmall[x] < step) continue;
    // A letter's foot stands on the roof: the outline it rises from lies in the car's upper quarter. A door
    // mirror (a front or rear view) rises from the bonnet or the door, far below the roof: not a foot.
    if (target > roofTop + (bottom - roofTop) * 0.25) continue;
    for (let y = Math.round(top[x]); y < target - 1 && y < n; y++) mask[y * n + x] = 0;
  }
}

/**
 * Trims the feet of dropped clutter from the car's top rim. Wall letters standing just above a roof are
 * salient too; keepCar drops their strokes but the last few pixels where a stroke meets the roof stay with
 * the car as flat slabs. Where dropped clutter sits right above the rim, pixels are cut from the top down
 * while their colour is nearer the clutter just above than the roof rim elsewhere (the car's own colour).
 * Returns the cut pixels (so the soft edge does not bring them back).
 */
function trimClutterFeet(keep: Uint8Array, sal: Uint8Array, rgb: Buffer, n: number): Uint8Array {
  const cut = new Uint8Array(n * n);
  const top = new Int32Array(n).fill(-1);
  for (let x = 0; x < n; x++)
    for (let y = 0; y < n; y++)
      if (keep[y * n + x]) {
        top[x] = y;
        break;
      }
  const dropped = (x: number, y: number) => y >= 0 && !keep[y * n + x] && sal[y * n + x] >= 128;
  const colourAt = (x: number, y: number) => [...rgb.subarray((y * n + x) * 3, (y * n + x) * 3 + 3)];
  const mean = (cs: number[][]) => [0, 1, 2].map((c) => cs.reduce((a, v) => a + v[c], 0) / cs.length);
  const dist2 = (a: number[], b: number[]) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
  const under = new Uint8Array(n); // columns with dropped clutter touching the rim
  for (let x = 0; x < n; x++)
    if (top[x] > 2 && (dropped(x, top[x] - 1) || dropped(x, top[x] - 2))) under[x] = 1;
  // The rim's own colour: the top 3 px of the columns with nothing dropped above.
  const rimPixels: number[][] = [];
  for (let x = 0; x < n; x++) {
    if (top[x] < 0 || under[x]) continue;
    for (let y = top[x]; y < Math.min(n, top[x] + 3); y++) rimPixels.push(colourAt(x, y));
  }
  if (rimPixels.length < 30) return cut;
  const rim = mean(rimPixels);
  const maxDepth = Math.max(3, Math.round(n / 80));
  for (let x = 0; x < n; x++) {
    if (!under[x]) continue;
    // Clutter colour: the dropped pixels just above the rim in this column.
    const stroke: number[][] = [];
    for (let y = top[x] - 1; y >= Math.max(0, top[x] - 6) && dropped(x, y); y--) stroke.push(colourAt(x, y));
    if (stroke.length === 0) continue;
    const clutter = mean(stroke);
    // Only when clutter and car really differ in colour (a grey car under grey letters is left alone).
    if (dist2(clutter, rim) < 40 * 40) continue;
    let trimmed = false;
    for (let y = top[x]; y < Math.min(n, top[x] + maxDepth); y++) {
      const i = y * n + x;
      const here = colourAt(x, y);
      if (!keep[i] || dist2(here, clutter) >= dist2(here, rim)) break;
      keep[i] = 0;
      cut[i] = 1;
      trimmed = true;
    }
    // The stroke just above stays out too (the soft edge would otherwise bring it back as a faint slab).
    if (trimmed) for (let y = Math.max(0, top[x] - 2); y < top[x]; y++) cut[y * n + x] = 1;
  }
  return cut;
}

/**
 * Cuts the old floor out of pockets in the car's lower part that the model was only half sure of: the
 * gravel between a tyre and a mud flap, the road seen between a sill and a low bumper. ISNet gives such a
 * slot's walls 130-170 of 255 (kept as car from 128) and its middle 40-120 (inside the soft ramp), and the
 * whole slot came out near full alpha in the composite as a bracket of the old scene behind the wheel
 * (session 14, ig02_carsgraz_354). In the lower 40 % of the car, pixels in and beside a notch of the outline
 * (what a closing fills) that are not sure (saliency under 200) go when their colour is the background's:
 * along F - B (the sure car and the old background next to them; the matting projection) less than 0.35
 * of the way to the car, and near the background's colour across that axis too. Nothing is judged where
 * car and background are within 48 levels (a dark tyre on dark asphalt: the colours cannot tell).
 * Edits `keep`; returns the cut pixels (so the soft edge does not bring them back).
 */
function trimFloorPockets(keep: Uint8Array, sal: Uint8Array, rgb: Buffer, n: number): Uint8Array {
  const cut = new Uint8Array(n * n);
  const { top: y0, bottom: y1 } = rowRange(keep, n, n);
  if (y0 < 0 || y1 - y0 < 20) return cut;
  const from = Math.round(y1 - (y1 - y0) * 0.4);
  const m = n * n;
  // A pocket is a notch of the outline narrower than a few per cent of the model's side (what a closing
  // of the keep with that radius fills). Judged: its own pixels (not kept, but inside the soft ramp the
  // refinement keeps at the model's saliency) and the unsure kept pixels of its walls, within 2 px of it.
  // An outline without a notch (a sill, a bumper over the road, a tyre's round bottom) is never judged:
  // its mixed edge pixels are the edge's business (and the ground truth's ring), not a pocket. The
  // morphology runs on the rows from a little above the band down (the rest of the map is not needed).
  const reach = Math.max(4, Math.round(n / 80));
  const ys = Math.max(0, from - 2 * reach - 4);
  const hh = n - ys;
  const sub = keep.subarray(ys * n);
  const closed = morph(morph(sub, n, hh, reach, 'max'), n, hh, reach, 'min');
  const notch = new Uint8Array(n * hh);
  for (let j = (from - ys) * n; j < n * hh; j++) if (closed[j] && !sub[j]) notch[j] = 255;
  const nearNotch = morph(notch, n, hh, 2, 'max');
  const ramp = morph(sub, n, hh, 2, 'max');
  // Local colours of the sure car (saliency >= 220, kept) and of the background (under 64, not kept), as
  // means over a box of 1/64 of the model's side round each judged pixel (a slot's own floor is often not
  // sure background: it is read beside the car too).
  const r = Math.max(3, Math.round(n / 64));
  const judge = (i: number): boolean => {
    const x = i % n;
    const y = (i / n) | 0;
    const f = [0, 0, 0];
    const b = [0, 0, 0];
    let nf = 0;
    let nb = 0;
    for (let v = Math.max(from, y - r); v <= Math.min(n - 1, y + r); v++)
      for (let u = Math.max(0, x - r); u <= Math.min(n - 1, x + r); u++) {
        const j = v * n + u;
        if (keep[j] && sal[j] >= 220) {
          for (let k = 0; k < 3; k++) f[k] += rgb[j * 3 + k];
          nf++;
        } else if (!keep[j] && sal[j] < 64) {
          for (let k = 0; k < 3; k++) b[k] += rgb[j * 3 + k];
          nb++;
        }
      }
    const box = (2 * r + 1) * (2 * r + 1);
    if (nf < box * 0.05 || nb < box * 0.05) return false;
    let fb2 = 0;
    let ib = 0;
    let ii = 0;
    for (let k = 0; k < 3; k++) {
      const fk = f[k] / nf;
      const bk = b[k] / nb;
      fb2 += (fk - bk) * (fk - bk);
      ib += (rgb[i * 3 + k] - bk) * (fk - bk);
      ii += (rgb[i * 3 + k] - bk) * (rgb[i * 3 + k] - bk);
    }
    // Mostly background along F - B, and near the background's colour across it too (a dark trim on
    // a sill is neither car paint nor road, and stays).
    return fb2 >= 48 * 48 && ib / fb2 < 0.35 && ii < fb2 * 0.35 * 0.35;
  };
  for (let j = (from - ys) * n; j < n * hh; j++) {
    const i = j + ys * n;
    if (!nearNotch[j] || sal[i] >= 200 || !ramp[j] || (!keep[i] && sal[i] < 16)) continue;
    if (judge(i)) cut[i] = 1;
  }
  for (let i = 0; i < m; i++) if (cut[i]) keep[i] = 0;
  return cut;
}

function resizeGrey(data: Uint8Array, w: number, h: number, tw: number, th: number): Promise<Buffer> {
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.length), {
    raw: { width: w, height: h, channels: 1 },
  })
    .resize(tw, th, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * Full refinement: car selection at model resolution, then the soft alpha upsampled to the image size and
 * snapped to image edges with a guided filter inside a narrow band around the outline. Returns 0..255 alpha
 * (width x height) where 255 is car.
 */
export async function refineMask(
  image: RawImage,
  sal: SaliencyMap,
  opts: RefineOptions = defaultRefineOptions,
  /** keepCarFast(sal, opts) when the caller already has it (computed once, not twice). */
  precomputedKeep?: Uint8Array,
): Promise<Uint8Array> {
  const n = sal.size;
  // trimClutterFeet edits the keep mask: work on a copy of a caller's.
  const keep = precomputedKeep ? Uint8Array.from(precomputedKeep) : keepCarFast(sal, opts);
  const { width: w, height: h } = image;
  const rgb = sal.rgb ?? (await stretchToModel(image, n));
  const cut = trimClutterFeet(keep, sal.data, rgb, n);
  const pockets = trimFloorPockets(keep, sal.data, rgb, n);
  markWhere(cut, pockets);
  // Soft alpha restricted to the kept region (a 2-px grown keep mask lets the soft edge survive).
  const keepGrown = morph(keep, n, n, 2, 'max');
  const soft = new Uint8Array(n * n);
  for (let i = 0; i < soft.length; i++) soft[i] = keep[i] ? 255 : keepGrown[i] && !cut[i] ? sal.data[i] : 0;
  const up = await resizeGrey(soft, n, n, w, h);
  const scale = Math.max(w, h) / n;
  if (scale < 0.75 || opts.guidedRadius <= 0) {
    const out = new Uint8Array(up.length);
    const shift = opts.edgeBias * 255;
    for (let i = 0; i < out.length; i++) {
      const v = up[i];
      out[i] = v === 0 || v === 255 ? v : Math.max(0, Math.min(255, Math.round(v + shift)));
    }
    return out;
  }
  const grey = await sharp(image.data, { raw: { width: w, height: h, channels: image.channels } })
    .removeAlpha()
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer();
  return snapEdges(
    up,
    grey,
    w,
    h,
    Math.max(2, Math.round(opts.guidedRadius * scale)),
    opts.guidedEps,
    opts.edgeBias,
  );
}

/**
 * Fills the valleys the guided filter leaves inside the car. Its local linear model reads alpha from the
 * grey level, so a dark trim just inside the outline (a roof's rubber seal, a window's black frame in front
 * of a dark wall letter) comes out part-transparent while the light rim beyond it stays solid: a dotted
 * line of lowered alpha one or two pixels inside the edge, which the composite shows as dashes of the trim
 * with the new backdrop between them, and which the edge decontamination deepens (it judges any pixel
 * under full alpha by its colour, and the dark trim has the letter's). An opaque body's alpha falls
 * monotonically across its outline; a pixel with more car on both sides of it (within `reach`, along the
 * row or the column) is inside the body, and is raised to the lower of the two sides (a 1-D closing). A
 * monotone ramp, the outline itself, is left as it is. Only `candidates` are looked at: the pixels the
 * model called car (>= 128) that the filter lowered.
 */
function fillAlphaValleys(out: Uint8Array, w: number, h: number, candidates: number[], reach: number): void {
  const side = (i: number, step: number, n: number): number => {
    let m = 0;
    for (let k = 1; k <= n; k++) m = Math.max(m, out[i + step * k]);
    return m;
  };
  const raised = new Uint8Array(candidates.length);
  for (let c = 0; c < candidates.length; c++) {
    const i = candidates[c];
    const x = i % w;
    const y = (i - x) / w;
    const across = Math.min(side(i, -1, Math.min(reach, x)), side(i, 1, Math.min(reach, w - 1 - x)));
    const down = Math.min(side(i, -w, Math.min(reach, y)), side(i, w, Math.min(reach, h - 1 - y)));
    raised[c] = Math.max(out[i], across, down);
  }
  for (let c = 0; c < candidates.length; c++) out[candidates[c]] = raised[c];
}

/** Guided-filter edge snapping on tiles that contain the uncertain band only (cheap at 12 MP). */
function snapEdges(
  alpha: Buffer,
  grey: Buffer,
  w: number,
  h: number,
  r: number,
  eps: number,
  bias: number,
): Uint8Array {
  const out = new Uint8Array(alpha.buffer, alpha.byteOffset, alpha.length).slice();
  const tile = 128;
  const scratch = new GuidedScratch((tile + 4 * r) * (tile + 4 * r));
  const g = new Float32Array(scratch.size);
  const p = new Float32Array(scratch.size);
  // Pixels the model called car that the filter made part-transparent.
  const lowered: number[] = [];
  for (let ty = 0; ty < h; ty += tile) {
    for (let tx = 0; tx < w; tx += tile) {
      const x1 = Math.min(w, tx + tile);
      const y1 = Math.min(h, ty + tile);
      let mixed = false;
      let lo = false;
      let hi = false;
      for (let y = ty; y < y1 && !mixed; y += 2) {
        for (let x = tx; x < x1; x += 2) {
          const v = alpha[y * w + x];
          if (v < 128) lo = true;
          else hi = true;
          if ((v > 8 && v < 247) || (lo && hi)) {
            mixed = true;
            break;
          }
        }
      }
      if (!mixed) continue;
      // Filter a padded window, write back the tile.
      const px0 = Math.max(0, tx - 2 * r);
      const py0 = Math.max(0, ty - 2 * r);
      const px1 = Math.min(w, x1 + 2 * r);
      const py1 = Math.min(h, y1 + 2 * r);
      const pw = px1 - px0;
      const ph = py1 - py0;
      for (let y = 0; y < ph; y++) {
        for (let x = 0; x < pw; x++) {
          const src = (py0 + y) * w + px0 + x;
          g[y * pw + x] = grey[src] / 255;
          p[y * pw + x] = alpha[src] / 255;
        }
      }
      const q = guidedFilter(g, p, pw, ph, r, eps, scratch);
      for (let y = ty; y < y1; y++) {
        for (let x = tx; x < x1; x++) {
          const v = q[(y - py0) * pw + (x - px0)];
          // Sharpen the filtered ramp to a ~2 px antialiased edge.
          const s = (v - 0.5 + bias) * 3 + 0.5;
          const i = y * w + x;
          out[i] = s <= 0 ? 0 : s >= 1 ? 255 : Math.round(s * 255);
          if (out[i] < 255 && alpha[i] >= 128) lowered.push(i);
        }
      }
    }
  }
  fillAlphaValleys(out, w, h, lowered, Math.max(1, Math.round(r / 2)));
  return out;
}

/**
 * See-through glass: pixels inside the car's closed outline (alpha 255, holes filled) where ISNet itself saw
 * background, in the upper part of the car (above the wheels' band). These are windows through which the
 * old background shows; the compositor replaces what they show with the new scene behind tinted glass.
 * Returns 0..255 (image size); 0 everywhere when the car has no such region.
 */
export async function glassMap(image: RawImage, sal: SaliencyMap, alpha: Uint8Array): Promise<Uint8Array> {
  const { width: w, height: h } = image;
  const up = await resizeGrey(sal.data, sal.size, sal.size, w, h);
  let y0 = h;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x += 4)
      if (alpha[y * w + x] >= 128) {
        if (y < y0) y0 = y;
        y1 = y;
        break;
      }
  const out = new Uint8Array(w * h);
  if (y1 < 0) return out;
  // Windows sit in the upper 60 % of the car's height; below are doors, wheels and shadows.
  const limit = y0 + (y1 - y0) * 0.6;
  let n = 0;
  for (let y = y0; y < limit; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (alpha[i] < 255) continue;
      const s = up[i];
      // Strong "background" verdict only, ramped so the glass edge is soft.
      const g = s < 40 ? 255 : s < 110 ? Math.round(((110 - s) / 70) * 255) : 0;
      if (g) {
        out[i] = g;
        n++;
      }
    }
  // A few stray pixels are noise, not a window.
  if (n < w * h * 0.0005) out.fill(0);
  return out;
}
