import type { RawImage } from '../io/image.decode';
import type { CarBox } from './car.composite';
import { groundLines } from './ground.line';
import { greyRank } from '../segment/mask.ops';

/**
 * The photo's own shadow under the car, lifted off its old floor so it can be laid onto the new one.
 *
 * A drawn contact shadow never matches what the car really does to the light around it (the dark strip
 * under the sills, the pools at the tyres, the cast of the room's or the sky's light): reviewers saw
 * "a detached dark blob under each tyre, nothing under the body". The photo already holds that shadow.
 * Where the old floor is plain enough to model, its shadow-free brightness is fitted from the floor
 * beside and in front of the car (a smooth quadratic, fitted to the floor's upper envelope so the shadow
 * itself does not pull it down), and the shadow is the ratio of what the photo shows to that fit, in linear
 * light. The ratio is a global photometric fact of the photo, not a repaint: laid on the new floor it
 * darkens it as the car darkened the old one.
 */
export interface PhotoShadow {
  /** Darkness 0..255 (255 = no light left) per cell, cell grid over the source rectangle below. */
  dark: Uint8Array;
  /** Grid size in cells. */
  gw: number;
  gh: number;
  /** Source rectangle the grid covers, in source pixels. */
  x0: number;
  y0: number;
  w: number;
  h: number;
  /** 0..1: how far the fitted floor could be trusted (plain floor on both sides, little texture). */
  trust: number;
}

/** An sRGB level (0..1) in linear light. */
export const toLinear = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** A linear-light level (0..1) in sRGB (0..1). */
export const toSrgb = (l: number): number => (l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055);

/** `toLinear` of each 8-bit level. */
export const LIN = new Float32Array(256);
for (let i = 0; i < 256; i++) LIN[i] = toLinear(i / 255);

/** Solves the normal equations A x = b (n x n, row-major) by Gaussian elimination; null if singular. */
function solve(A: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const m = Float64Array.from(A);
  const v = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r * n + c]) > Math.abs(m[p * n + c])) p = r;
    if (Math.abs(m[p * n + c]) < 1e-12) return null;
    if (p !== c) {
      for (let k = 0; k < n; k++) [m[c * n + k], m[p * n + k]] = [m[p * n + k], m[c * n + k]];
      [v[c], v[p]] = [v[p], v[c]];
    }
    for (let r = c + 1; r < n; r++) {
      const f = m[r * n + c] / m[c * n + c];
      for (let k = c; k < n; k++) m[r * n + k] -= f * m[c * n + k];
      v[r] -= f * v[c];
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = v[r];
    for (let k = r + 1; k < n; k++) s -= m[r * n + k] * x[k];
    x[r] = s / m[r * n + r];
  }
  return x;
}

/**
 * The fit's terms 1, u, v, uv, v^2, u^2 of cell (gx, gy), u and v in -0.5..0.5 across the grid, into t: the
 * first 3 a plane, the first 5 a surface bent only down the picture, all 6 a quadratic.
 */
function surfaceTerms(t: Float64Array, gx: number, gy: number, gw: number, gh: number): Float64Array {
  const u = gx / gw - 0.5;
  const v = gy / gh - 0.5;
  t[0] = 1;
  t[1] = u;
  t[2] = v;
  t[3] = u * v;
  t[4] = v * v;
  t[5] = u * u;
  return t;
}
/** The index of the u^2 term in surfaceTerms: the bend across the picture. */
const ACROSS = 5;

/**
 * The least-squares normal equations A c = b of the first `n` surface terms over the cells ref[k] for k in
 * `keep`, against logL[k]. A function of its own: inline in photoShadow's long body it ran unoptimised.
 */
function normalEquations(
  ref: number[],
  keep: number[],
  logL: Float64Array,
  gw: number,
  gh: number,
  n: number,
): { A: Float64Array; b: Float64Array } {
  const A = new Float64Array(n * n);
  const b = new Float64Array(n);
  const t = new Float64Array(6);
  for (const k of keep) {
    const i = ref[k];
    const tt = surfaceTerms(t, i % gw, Math.floor(i / gw), gw, gh);
    for (let r = 0; r < n; r++) {
      b[r] += tt[r] * logL[k];
      for (let c = 0; c < n; c++) A[r * n + c] += tt[r] * tt[c];
    }
  }
  return { A, b };
}

const greyMax = (v: Float32Array, w: number, h: number, r: number): Float32Array =>
  greyRank(v, w, h, r, true);
const greyMin = (v: Float32Array, w: number, h: number, r: number): Float32Array =>
  greyRank(v, w, h, r, false);

/**
 * Mean linear luminance and car share per cell of s x s pixels (cells gw x gh from x0, y0). A function of
 * its own: as the first loop of photoShadow's long body it ran mostly unoptimised (a million pixels).
 */
function cellMeans(
  data: Buffer,
  C: number,
  W: number,
  mask: Uint8Array,
  grid: { x0: number; y0: number; gw: number; gh: number; s: number },
): { lum: Float32Array; car: Float32Array } {
  const { x0, y0, gw, gh, s } = grid;
  const lum = new Float32Array(gw * gh);
  const car = new Float32Array(gw * gh);
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      let l = 0;
      let a = 0;
      for (let yy = 0; yy < s; yy++) {
        const row = (y0 + gy * s + yy) * W + x0 + gx * s;
        for (let xx = 0; xx < s; xx++) {
          const i = row + xx;
          const o = i * C;
          l += 0.2126 * LIN[data[o]] + 0.7152 * LIN[data[o + 1]] + 0.0722 * LIN[data[o + 2]];
          a += mask[i];
        }
      }
      lum[gy * gw + gx] = l / (s * s);
      car[gy * gw + gx] = a / (s * s * 255);
    }
  return { lum, car };
}

/**
 * The darkness map's low-pass on a textured floor, in car heights: across (along the car) and down (away from
 * it); in full from a floor texture (log-light spread) of plain + rough, none up to plain.
 */
const SHADOW_BLUR = { across: 0.05, down: 0.012, plain: 0.03, rough: 0.07 };

/** Separable Gaussian blur of a gw x gh map (sigmas in cells), edges clamped. */
function gaussian(v: Float32Array, gw: number, gh: number, sx: number, sy: number): Float32Array {
  const kernel = (sigma: number): Float32Array => {
    const r = Math.ceil(2.5 * sigma);
    const k = new Float32Array(2 * r + 1);
    let sum = 0;
    for (let d = -r; d <= r; d++) sum += k[d + r] = Math.exp(-(d * d) / (2 * sigma * sigma));
    return k.map((x) => x / sum);
  };
  const kx = kernel(sx);
  const ky = kernel(sy);
  const rx = kx.length >> 1;
  const ry = ky.length >> 1;
  const tmp = new Float32Array(v.length);
  const out = new Float32Array(v.length);
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      let acc = 0;
      for (let d = -rx; d <= rx; d++) acc += kx[d + rx] * v[gy * gw + Math.min(gw - 1, Math.max(0, gx + d))];
      tmp[gy * gw + gx] = acc;
    }
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      let acc = 0;
      for (let d = -ry; d <= ry; d++)
        acc += ky[d + ry] * tmp[Math.min(gh - 1, Math.max(0, gy + d)) * gw + gx];
      out[gy * gw + gx] = acc;
    }
  return out;
}

/**
 * `reach`: how far from the car (in car heights) the shadow is kept at full strength and where it is gone,
 * and `least`, the least share of the floor's linear light it leaves anywhere (0: none kept).
 * The default keeps a soft room's or sky's shadow whole; under a sun in the new scene only the contact and
 * occlusion near the car are the photo's, the cast shadow is the scene's (the photo's sun stood elsewhere).
 */
export function photoShadow(
  src: RawImage,
  mask: Uint8Array,
  box: CarBox,
  reach: { full: number; end: number; least?: number } = { full: 0.15, end: 0.45 },
): PhotoShadow | null {
  if (box.cutBottom) return null;
  const { width: W, height: H, channels: C, data } = src;
  // Cells of about 1/150 of the car's height: the shadow is smooth, the floor's texture is not (the tyre's
  // own contact, finer than a cell, is drawn by the compositor).
  const s = Math.max(1, Math.round(box.h / 150));
  const x0 = Math.max(0, Math.round(box.x - 0.3 * box.w));
  const x1 = Math.min(W, Math.round(box.x + 1.3 * box.w));
  const y0 = Math.max(0, Math.round(box.y + 0.45 * box.h));
  const y1 = Math.min(H, Math.round(box.y + box.h + 0.3 * box.h));
  const gw = Math.floor((x1 - x0) / s);
  const gh = Math.floor((y1 - y0) / s);
  if (gw < 20 || gh < 10) return null;
  const { lum, car } = cellMeans(data, C, W, mask, { x0, y0, gw, gh, s });

  // Paving and cobbles: the dark joints between stones are no shadow. A grey closing (the brightest, then
  // the darkest, of a 5-cell neighbourhood) fills gaps narrower than the window and keeps wider shadows;
  // the car's cells count as black so its own paint does not spill onto the floor.
  {
    const floorOnly = lum.map((v, i) => (car[i] < 0.02 ? v : 0));
    const closed = greyMin(greyMax(floorOnly, gw, gh, 2), gw, gh, 2);
    // Not right beside the car: the wedge of shadow where a tyre meets the floor is as narrow as a joint,
    // and closed away it left a light pocket beside every tyre.
    const nearCar = greyMax(car, gw, gh, 3);
    for (let i = 0; i < lum.length; i++) if (car[i] < 0.02 && nearCar[i] < 0.02) lum[i] = closed[i];
  }

  // Per column of cells: the lowest car cell; the floor seen under the car lies below it. Beside the car,
  // the floor starts a little above the nearest wheel's contact row.
  const lowest = new Int32Array(gw).fill(-1);
  for (let gx = 0; gx < gw; gx++)
    for (let gy = gh - 1; gy >= 0; gy--)
      if (car[gy * gw + gx] >= 0.5) {
        lowest[gx] = gy;
        break;
      }
  let first = -1;
  let last = -1;
  for (let gx = 0; gx < gw; gx++)
    if (lowest[gx] >= 0) {
      if (first < 0) first = gx;
      last = gx;
    }
  if (first < 0) return null;
  const lift = Math.round((0.06 * box.h) / s);
  const floorTop = new Int32Array(gw);
  for (let gx = 0; gx < gw; gx++) {
    if (gx < first) floorTop[gx] = Math.max(0, lowest[first] - lift);
    else if (gx > last) floorTop[gx] = Math.max(0, lowest[last] - lift);
    else floorTop[gx] = lowest[gx] + 1;
  }

  // Distance (cells) from the car's lower outline: the fit uses only floor well away from the car, and the
  // shadow is kept near the car (below). Counted along diagonals too (steps of 1 and the root of 2): counted
  // in rows plus columns, a distance's contours are diamonds, and the shadow's fade drew straight 45-degree
  // edges off the car's corners.
  const far = Math.round((0.14 * box.h) / s);
  const dist = new Float32Array(gw * gh).fill(1e9);
  for (let i = 0; i < gw * gh; i++) if (car[i] >= 0.02) dist[i] = 0;
  const diag = Math.SQRT2;
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const i = gy * gw + gx;
      if (gx > 0) dist[i] = Math.min(dist[i], dist[i - 1] + 1);
      if (gy > 0) {
        dist[i] = Math.min(dist[i], dist[i - gw] + 1);
        if (gx > 0) dist[i] = Math.min(dist[i], dist[i - gw - 1] + diag);
        if (gx < gw - 1) dist[i] = Math.min(dist[i], dist[i - gw + 1] + diag);
      }
    }
  for (let gy = gh - 1; gy >= 0; gy--)
    for (let gx = gw - 1; gx >= 0; gx--) {
      const i = gy * gw + gx;
      if (gx < gw - 1) dist[i] = Math.min(dist[i], dist[i + 1] + 1);
      if (gy < gh - 1) {
        dist[i] = Math.min(dist[i], dist[i + gw] + 1);
        if (gx < gw - 1) dist[i] = Math.min(dist[i], dist[i + gw + 1] + diag);
        if (gx > 0) dist[i] = Math.min(dist[i], dist[i + gw - 1] + diag);
      }
    }

  let all: number[] = [];
  let leftN = 0;
  let rightN = 0;
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const i = gy * gw + gx;
      if (gy < floorTop[gx] || dist[i] < far || lum[i] <= 0) continue;
      all.push(i);
      if (gx < first) leftN++;
      if (gx > last) rightN++;
    }
  // Both sides seen: a quadratic surface (light falls off across a studio floor); one side only: a plane,
  // which extrapolates under the car without bending away.
  const both = leftN > all.length * 0.1 && rightN > all.length * 0.1;
  // With both sides seen, the floor in front of the car (its columns, widened by the same margin) stays
  // out of the fit: the car's shadow fades there over a good part of its height, and a fit that took
  // it for the floor's own falloff cut the shadow to a short dark band along the sills.
  if (both) {
    const sides = all.filter((i) => {
      const gx = i % gw;
      return gx < first - far || gx > last + far;
    });
    if (sides.length >= 60) all = sides;
  }
  if (all.length < 60) return null;
  let n = both ? 6 : 3;
  const t = new Float64Array(6);
  const fitAt = (c: Float64Array, gx: number, gy: number): number => {
    const tt = surfaceTerms(t, gx, gy, gw, gh);
    let f = 0;
    for (let r = 0; r < n; r++) f += c[r] * tt[r];
    return f;
  };
  // A smooth surface needs a few thousand samples, not every cell: an even stride over the floor cells.
  const stride = Math.max(1, Math.floor(all.length / 5000));
  const ref = all.filter((_, k) => k % stride === 0);
  const logL = Float64Array.from(ref, (i) => Math.log(lum[i]));
  let coef: Float64Array | null = null;
  let keep = ref.map((_, k) => k);
  let spread = 0;
  const res = new Float64Array(ref.length);
  for (let iter = 0; iter < 4; iter++) {
    const { A, b } = normalEquations(ref, keep, logL, gw, gh, n);
    coef = solve(A, b, n);
    if (!coef) return null;
    for (let k = 0; k < ref.length; k++) res[k] = logL[k] - fitAt(coef, ref[k] % gw, Math.floor(ref[k] / gw));
    const sorted = Float64Array.from(res, Math.abs).sort();
    spread = Math.max(0.01, sorted[sorted.length >> 1] * 1.4826);
    // The upper envelope: darker outliers (other shadows, kerbs, stains) leave the fit, brighter ones stay
    // unless far out (a road marking, a glint).
    keep = [];
    for (let k = 0; k < ref.length; k++) if (res[k] > -2 * spread && res[k] < 3 * spread) keep.push(k);
    if (keep.length < 40) return null;
    // The bend across may only make the floor between the two sides brighter than the line through them (a
    // light over the car's middle), never darker: the car's own wide occlusion darkens the floor beside its
    // ends too, more toward the car, and a quadratic fitted there bent down under the car and took the car's
    // shadow for the floor's own falloff (a booth photo of the session-19 review: the fit under the car 0.35,
    // the floor beside it 0.45-0.47, and no shadow read from 0.1 car heights in front, where the photo's floor
    // stands at 0.77 of the floor beside the car): "a thin line of shadow under the sill". Where the bend came
    // out darker, the surface is fitted again without it.
    if (iter === 3 && n === 6 && coef[ACROSS] > 0) {
      n = 5;
      iter = -1;
      keep = ref.map((_, k) => k);
    }
  }
  // Texture of the floor in log light: a plain studio floor ~0.03, asphalt ~0.15; past 0.25 no trust.
  const trust =
    Math.max(0, Math.min(1, (0.25 - spread) / 0.15)) * Math.min(1, all.length / 400) * (both ? 1 : 0.8);
  if (trust <= 0.05) return null;

  // The floor's log-light ratio to its fit, signed (grain averages out in the low-pass below; see there).
  const raw = new Float32Array(gw * gh);
  const wgt = new Float32Array(gw * gh);
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const i = gy * gw + gx;
      if (gy < floorTop[gx]) continue;
      // Brighter than the fit by more than the grain (a glint, a painted line) is not negative shadow.
      const lr = Math.min(2 * spread, Math.log(Math.max(1e-5, lum[i])) - fitAt(coef!, gx, gy));
      // Cells at the car's outline mix the car's own edge (a chrome strip, a lit sill) into the floor:
      // they are filled from the floor beside them.
      const w = dist[i] < 2 ? 0 : 1 - car[i];
      raw[i] = lr * w;
      wgt[i] = w;
    }
  // A normalised low-pass: cells half covered by the car are filled from the floor beside them, and the old
  // floor's own texture goes. The ratio photo / fit holds the floor's grain as well as the shadow (gravel,
  // asphalt, a wet road's sheen: 0.02-0.06 of darkness from cell to cell on the street photos at their 1-px
  // cells); laid on a new floor it printed the old road into it ("a band of the original pavement under the
  // car"). A car's shadow changes slowly along the car and fast only away from it (the contact fade under a
  // sill spans some 5 % of the car's height), so on a textured floor the blur is long across (5 % of the
  // car's height) and short down (1.2 %). On a plain floor (a turntable's, spread 0.02-0.04) there is no
  // texture to remove and the blur stays at a cell: the shadow's detail by the tyres is real there, and a
  // long blur took 0.04 of darkness off the floor beside and below each tyre's foot.
  const textured = Math.max(0, Math.min(1, (spread - SHADOW_BLUR.plain) / SHADOW_BLUR.rough));
  const sx = Math.max(1, (textured * SHADOW_BLUR.across * box.h) / s);
  const sy = Math.max(1, (textured * SHADOW_BLUR.down * box.h) / s);
  const rb = gaussian(raw, gw, gh, sx, sy);
  const wb = gaussian(wgt, gw, gh, sx, sy);
  // Darkness where the low-passed floor is below its fit, less what is left of the grain after the low-pass
  // (twice its spread over the root of the cells the Gaussian averages), so grain is no shadow; at least 0.05
  // (as plain turntables had before): below it the faint darkness kept beside the car's outline raised the
  // eval's halo ring by 0.1-0.2 levels (1.58 -> 1.78 on studio grey), with no gain under the car. Until session
  // 17 twice the whole cell-level spread came off each cell before the low-pass: on a textured turntable
  // (spread 0.16, a floor of seamed plates) that took 0.32 of log light off every cell, and most of the wide
  // soft occlusion a studio's ceiling light leaves in front of a car went (a Hyundai on such a turntable: 0.78
  // and 0.87 of the open floor 2 and 10 % of its height in front of the ground line, carried as 0.87 and
  // 0.98): "a thin dark band under the sill, then bright floor" (docs/decisions/0010, session 17).
  const noise = Math.min(2 * spread, Math.max(0.05, (2 * spread) / Math.sqrt(2 * Math.PI * sx * sy)));
  const dark = new Uint8Array(gw * gh);
  const fadeX = Math.max(2, Math.round(gw * 0.14));
  const nearFull = (reach.full * box.h) / s;
  const nearEnd = (reach.end * box.h) / s;
  // The row the tyres stand on, per column: the lower hull of the car's cells (in a 3/4 view it slopes, the
  // far wheels higher). Measured from the lowest tyre instead, the floor beside a 3/4 car's rear half all
  // counted as "under the car", and a darker strip of old floor there (cobbles beside a pavement) was laid
  // on the new floor at full strength as a long dark band.
  const cells = new Uint8Array(gw * gh);
  for (let i = 0; i < cells.length; i++) if (car[i] >= 0.5) cells[i] = 255;
  const tyres = groundLines(cells, gw, gh).floor;
  const groundAt = (gx: number): number => tyres[Math.min(last, Math.max(first, gx))];
  const fadeY = Math.max(2, Math.round(gh * 0.12));
  const fadeTop = Math.round((0.04 * box.h) / s);
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const i = gy * gw + gx;
      if (wb[i] < 0.05) continue;
      // Fades toward the rectangle's sides and bottom, and above the floor's first row, so the shadow has
      // no edge of its own.
      const edge = Math.min(1, gx / fadeX, (gw - 1 - gx) / fadeX, (gh - 1 - gy) / fadeY);
      // Beside the car the floor's first row is only where the reading starts, a line across the road: the
      // darkness fades in below it over 4 % of the car's height (a 2-cell fade drew the band's top beside the
      // wheels as a ruled edge). Under the car the first row is the car's own outline and covered by it.
      const side = gx < first || gx > last ? fadeTop : 0;
      const above = Math.max(0, Math.min(1, 1 - (floorTop[gx] + side - gy) / (2 + side)));
      // A car's shadow stays near the car; darkness far from it is the old floor's own pattern (the rim of
      // a turntable, a kerb, a stain) that the smooth fit could not follow: full up to 0.15 of the car's
      // height away, gone at 0.45.
      // Under the car (between its outline and the row its tyres stand on) is always near, fading past the
      // car's first and last columns as far away does (a hard step there drew the shadow's end as a wall).
      // In front of the tyres' row, between the wheels, the distance counts from that row, not from the
      // sill high above it: measured from the sill, the soft fade in front of a car was cut off at once.
      const beside = gx < first ? first - gx : gx > last ? gx - last : 0;
      const ahead = Math.max(0, gy - groundAt(gx));
      const under =
        Math.max(0, 1 - beside / (nearEnd - nearFull)) *
        Math.max(0, Math.min(1, (nearEnd - ahead) / (nearEnd - nearFull)));
      const near = Math.max(under, Math.min(1, (nearEnd - dist[i]) / (nearEnd - nearFull)));
      const v = (1 - Math.exp(Math.min(0, rb[i] / wb[i] + noise))) * Math.max(0, edge) * above * near;
      // Up to 0.99: under a studio car's sills real photos keep 1-2 % of the open floor's light (the body hides
      // almost all of the ceiling); the earlier cap of 0.95 left those floors at 0.26 of the floor's encoded
      // level instead of 0.14, a grey under the car where the photo had black ("the car floats").
      dark[i] = Math.round(Math.min(0.99, v) * 255);
    }
  // Between the ground line and the sill, the floor gets no lighter going in under the car. A street photo
  // shows a lit strip right under the sill (0.41 of the open floor a quarter of the way down, against 0.28
  // half way, on 25 street photos): the far side's sunlit road seen through the gap under the car. It is the
  // old place's light, not this car's shadow, and on a new floor it read as "a strip of the original road
  // left under the car"; the new floor under the sill is as dark as the floor nearer the ground line.
  // Only where the car's underside is as low as its sill (at most 1.25 x the median gap over the middle half
  // of its columns): at the car's ends the outline rises round the bumper's corner, and carried up to it the
  // darkness laid a dark wedge on the open floor beside the corners (the eval's halo ring, 1.5 -> 2.2 levels).
  // Past such columns the carried darkness fades out over as many columns as the sill's gap is high, or by
  // the car's end, and reaches no higher than the sill: stopped from one column to the next where a bumper's
  // underside rose past the limit, it drew a wall of old shadow under the bumper (244 on city-centre, "a hard
  // vertical edge at the left of the rear bumper with a dark rectangle of the original ground"). The faded
  // part is laid on the floor only after the darkness is continued up into the car below: continued up a
  // bumper's face it drew a dark line beside the bumper's end (a 3/4 turntable car's halo ring 0.76 -> 1.82).
  const gaps: number[] = [];
  for (let gx = first + ((last - first) >> 2); gx <= last - ((last - first) >> 2); gx++)
    if (lowest[gx] >= 0) gaps.push(groundAt(gx) - lowest[gx]);
  gaps.sort((a, b) => a - b);
  const sillGap = gaps.length ? gaps[gaps.length >> 1] * 1.25 + 1 : 0;
  const low = (gx: number): boolean => lowest[gx] >= 0 && groundAt(gx) - lowest[gx] <= sillGap;
  const fadeCols = Math.max(2, sillGap);
  const take = new Float32Array(gw);
  for (let gx = first, seen = -Infinity; gx <= last; gx++) {
    if (low(gx)) seen = gx;
    take[gx] = Math.max(0, 1 - (gx - seen) / Math.min(fadeCols, last + 1 - seen));
  }
  for (let gx = last, seen = Infinity; gx >= first; gx--) {
    if (low(gx)) seen = gx;
    take[gx] = Math.max(take[gx], 1 - (seen - gx) / Math.min(fadeCols, seen + 1 - first));
  }
  // The fade is even in the floor's encoded level, not in darkness: a deep shadow's light is nearly all in its
  // last few hundredths of darkness, so a fade even in darkness (0.17 to 0.93 over 22 cells on 244's rear
  // bumper) kept the floor near its open level most of the way and dropped it 90 -> 11 levels over its last
  // five canvas pixels, "a hard-edged rectangular dark shadow block behind the bumper" (session 19).
  const fadedDark = (d: number, t: number): number =>
    t >= 1 ? d : Math.round(255 * (1 - (1 - t * (1 - (1 - d / 255) ** (1 / 2.2))) ** 2.2));
  const carryUnderSill = (faded: boolean): void => {
    for (let gx = first; gx <= last; gx++) {
      if (lowest[gx] < 0 || take[gx] <= 0 || faded !== take[gx] < 1) continue;
      const ground = Math.min(gh - 1, groundAt(gx));
      const top = Math.max(lowest[gx], Math.floor(ground - sillGap));
      let run = dark[ground * gw + gx];
      for (let gy = ground - 1; gy > top; gy--) {
        const i = gy * gw + gx;
        if (car[i] >= 0.5) continue;
        run = Math.max(run, dark[i]);
        dark[i] = Math.max(dark[i], Math.round(fadedDark(run, take[gx])));
      }
      // Where the carry reached the underside, the two rows of car above it take it too (the upscaled map
      // would otherwise draw a light line along the underside), and no further up.
      if (faded && top === lowest[gx])
        for (let gy = top; gy > Math.max(-1, top - 2); gy--)
          dark[gy * gw + gx] = Math.max(dark[gy * gw + gx], Math.round(fadedDark(run, take[gx])));
    }
  };
  carryUnderSill(false);
  // Under the car's outline the floor is hidden: its darkness continues upward from the floor just below,
  // so an upscaled map does not fade toward zero at the outline (a light line along every sill and tyre).
  // Only from below into the car: past the car's top in a column (above a bonnet or a boot) the floor's
  // darkness stops, or it would draw a dark line along the car's upper outline.
  for (let gx = 0; gx < gw; gx++) {
    let below = -1;
    let inCar = false;
    for (let gy = gh - 1; gy >= 0; gy--) {
      const i = gy * gw + gx;
      if (car[i] >= 0.02) inCar = true;
      else if (inCar) below = -1;
      if (dist[i] < 2) {
        if (below >= 0) dark[i] = Math.max(dark[i], below);
      } else below = dark[i];
    }
  }
  carryUnderSill(true);
  // Under a new sun the floor under the sills keeps what contact and occlusion leave it, not the photo's
  // old sun shadow (the cap is laid on the whole map: away from the sills the sunny reach above already
  // keeps only the contact band, and the tyres' footprints are drawn after the map by the compositor): a street photo's hard shadow there is near black (ig02_carsgraz_260: 9-19 levels on a
  // road of 180, 0.99 of darkness), and carried whole it drew "a darker rectangular patch under the car" at
  // 0.11 of the open floor's level on the coast road, where street photos show some 0.3 (session 17).
  // Only a hard shadow, one that ends at the ground line (under the middle half of the car, the floor 3 % of
  // the car's height in front keeps less than half the darkness 2 % under the sill): contact and occlusion
  // fade out in front over some 5-10 % of the car's height, and a near-black soft shadow is the car's own.
  const hard = (): boolean => {
    const into = Math.round((0.02 * box.h) / s);
    const ahead = Math.round((0.03 * box.h) / s);
    let under = 0;
    let front = 0;
    for (let gx = first + ((last - first) >> 2); gx <= last - ((last - first) >> 2); gx++) {
      const g = Math.min(gh - 1, groundAt(gx));
      under += dark[Math.max(0, lowest[gx] + 1, g - into) * gw + gx];
      front += dark[Math.min(gh - 1, g + ahead) * gw + gx];
    }
    return front < 0.5 * under;
  };
  if (reach.least && hard()) {
    const most = Math.round((1 - reach.least) * 255);
    for (let i = 0; i < dark.length; i++) dark[i] = Math.min(dark[i], most);
  }
  return { dark, gw, gh, x0, y0, w: gw * s, h: gh * s, trust };
}
