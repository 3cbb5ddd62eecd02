// Small, allocation-light binary and grey mask operations used by the refinement (all row-major).

let stackScratch = new Int32Array(0);

/**
 * `on` where `src` >= `level`, 0 elsewhere (into `out`). A function of its own: as a loop inside a long
 * function called once per photo it ran unoptimised (interpreted) for the first photos of a process.
 */
export function threshold(
  src: ArrayLike<number>,
  level: number,
  on = 1,
  out: Uint8Array = new Uint8Array(src.length),
): Uint8Array {
  for (let i = 0; i < out.length; i++) out[i] = src[i] >= level ? on : 0;
  return out;
}

/**
 * The bounds (inclusive) of the pixels >= `level`, null when there is none. Each row is searched from both
 * ends for its first and last such pixel only (not every pixel compared with the bounds so far).
 */
export function maskBounds(
  mask: Uint8Array,
  width: number,
  height: number,
  level = 1,
): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = width;
  let y0 = -1;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let a = 0;
    while (a < width && mask[row + a] < level) a++;
    if (a === width) continue;
    let b = width - 1;
    while (mask[row + b] < level) b--;
    if (y0 < 0) y0 = y;
    y1 = y;
    if (a < x0) x0 = a;
    if (b > x1) x1 = b;
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/** The first and last rows holding a pixel >= `level` (-1 and -1 when none), stopping at the first found. */
export function rowRange(
  mask: Uint8Array | Buffer,
  width: number,
  height: number,
  level = 1,
): { top: number; bottom: number } {
  let first = -1;
  for (let i = 0; i < width * height; i++)
    if (mask[i] >= level) {
      first = i;
      break;
    }
  if (first < 0) return { top: -1, bottom: -1 };
  let last = first;
  for (let i = width * height - 1; i > first; i--)
    if (mask[i] >= level) {
      last = i;
      break;
    }
  return { top: (first / width) | 0, bottom: (last / width) | 0 };
}

/** Sets `dst` to 1 where `src` is set (an in-place union of two masks of the same size). */
export function markWhere(dst: Uint8Array, src: Uint8Array): void {
  for (let i = 0; i < dst.length; i++) if (src[i]) dst[i] = 1;
}

/** Labels 4-connected components of `mask > 0`; returns labels (0 = background) and each component's size. */
export function labelComponents(
  mask: Uint8Array,
  width: number,
  height: number,
): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(width * height);
  const sizes: number[] = [0];
  // The fill stack never holds more than the image's pixels; one buffer serves every call.
  if (stackScratch.length < width * height) stackScratch = new Int32Array(width * height);
  const stack = stackScratch;
  let next = 1;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    let top = 0;
    stack[top++] = start;
    labels[start] = next;
    let size = 0;
    while (top > 0) {
      const p = stack[--top];
      size++;
      const x = p % width;
      if (x > 0 && mask[p - 1] && !labels[p - 1]) {
        labels[p - 1] = next;
        stack[top++] = p - 1;
      }
      if (x < width - 1 && mask[p + 1] && !labels[p + 1]) {
        labels[p + 1] = next;
        stack[top++] = p + 1;
      }
      if (p >= width && mask[p - width] && !labels[p - width]) {
        labels[p - width] = next;
        stack[top++] = p - width;
      }
      if (p < mask.length - width && mask[p + width] && !labels[p + width]) {
        labels[p + width] = next;
        stack[top++] = p + width;
      }
    }
    sizes.push(size);
    next++;
  }
  return { labels, sizes };
}

/** Bounding boxes of the `k` - 1 labelled components (x1 < 0 for a label that has no pixel). */
export function componentBoxes(labels: Int32Array, k: number, w: number, h: number) {
  const x0 = new Int32Array(k).fill(w);
  const y0 = new Int32Array(k).fill(h);
  const x1 = new Int32Array(k).fill(-1);
  const y1 = new Int32Array(k).fill(-1);
  for (let y = 0, p = 0; y < h; y++)
    for (let x = 0; x < w; x++, p++) {
      const l = labels[p];
      if (!l) continue;
      if (x < x0[l]) x0[l] = x;
      if (x > x1[l]) x1[l] = x;
      if (y < y0[l]) y0[l] = y;
      if (y > y1[l]) y1[l] = y;
    }
  return { x0, y0, x1, y1 };
}

/** Fills background holes not connected to the image border and smaller than `maxHole` pixels. */
export function fillHoles(mask: Uint8Array, width: number, height: number, maxHole: number): Uint8Array {
  const out = Uint8Array.from(mask);
  const bounds = maskBounds(mask, width, height);
  if (!bounds) return out;
  // A hole lies inside the mask's bounds; beyond them everything is background joined to the image's
  // border. Labelled on the bounds grown by a pixel (clamped), a component touches the window's edge
  // exactly when it reaches the border in the whole image: the background round a car is not labelled.
  const x0 = Math.max(0, bounds.x0 - 1);
  const y0 = Math.max(0, bounds.y0 - 1);
  const cw = Math.min(width - 1, bounds.x1 + 1) - x0 + 1;
  const ch = Math.min(height - 1, bounds.y1 + 1) - y0 + 1;
  const inverted = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    const row = (y0 + y) * width + x0;
    for (let x = 0; x < cw; x++) inverted[y * cw + x] = mask[row + x] ? 0 : 1;
  }
  const { labels, sizes } = labelComponents(inverted, cw, ch);
  const touchesBorder = new Uint8Array(sizes.length);
  for (let x = 0; x < cw; x++) {
    touchesBorder[labels[x]] = 1;
    touchesBorder[labels[(ch - 1) * cw + x]] = 1;
  }
  for (let y = 0; y < ch; y++) {
    touchesBorder[labels[y * cw]] = 1;
    touchesBorder[labels[y * cw + cw - 1]] = 1;
  }
  for (let y = 0; y < ch; y++) {
    const row = (y0 + y) * width + x0;
    for (let x = 0; x < cw; x++) {
      const l = labels[y * cw + x];
      if (l && !touchesBorder[l] && sizes[l] <= maxHole) out[row + x] = 255;
    }
  }
  return out;
}

/**
 * Binary square dilation ('max') or erosion ('min') with the given radius on a mask (any non-zero value
 * is set; the result is 0/255), separable: rows by runs of set pixels, then columns by a sliding count.
 */
export function morph(
  src: Uint8Array,
  width: number,
  height: number,
  radius: number,
  op: 'max' | 'min',
): Uint8Array {
  if (radius <= 0) return Uint8Array.from(src);
  // The horizontal pass as 0/1, which the vertical pass adds up as it is.
  const tmp = new Uint8Array(src.length);
  const out = new Uint8Array(src.length);
  const want = op === 'max' ? 1 : 2 * radius + 1;
  // Outside the image counts as background for dilation and as foreground for erosion (no border bite).
  const outside = op === 'max' ? 0 : 1;
  for (let y = 0; y < height; y++) morphRow(src, tmp, y * width, width, radius, op === 'max');
  // Vertical pass: one sliding count per column, advanced a whole row at a time (row-major memory order;
  // walking down each column instead strides a row per step and misses the cache on every pixel).
  const count = new Int32Array(width);
  for (let y = -radius; y <= radius; y++) {
    if (y < 0 || y >= height) {
      if (outside) for (let x = 0; x < width; x++) count[x]++;
      continue;
    }
    const row = y * width;
    for (let x = 0; x < width; x++) count[x] += tmp[row + x];
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    // The row entering the window and the row leaving it (-1: beyond the image, counted as `outside`).
    const ar = y + radius + 1 < height ? (y + radius + 1) * width : -1;
    const sr = y - radius >= 0 ? (y - radius) * width : -1;
    if (ar >= 0 && sr >= 0)
      for (let x = 0; x < width; x++) {
        const c = count[x];
        out[row + x] = c >= want ? 255 : 0;
        count[x] = c + tmp[ar + x] - tmp[sr + x];
      }
    else
      for (let x = 0; x < width; x++) {
        const c = count[x];
        out[row + x] = c >= want ? 255 : 0;
        count[x] = c + (ar >= 0 ? tmp[ar + x] : outside) - (sr >= 0 ? tmp[sr + x] : outside);
      }
  }
  return out;
}

/**
 * One row of morph's horizontal pass (0/1 into `tmp`), by runs of set pixels filled natively: dilation
 * sets every pixel within `radius` of a run; erosion the pixels at least `radius` inside one, a run that
 * reaches an end of the row going on past it (outside counts as set). The same as a sliding count over
 * the (2 radius + 1)-wide window, about twice as fast on a car's mask.
 */
function morphRow(
  src: Uint8Array,
  tmp: Uint8Array,
  row: number,
  width: number,
  radius: number,
  dilate: boolean,
): void {
  let x = 0;
  while (x < width) {
    while (x < width && !src[row + x]) x++;
    if (x === width) break;
    const start = x;
    while (x < width && src[row + x]) x++;
    const a = dilate ? start - radius : start === 0 ? 0 : start + radius;
    const b = dilate ? x + radius : x === width ? width : x - radius;
    if (b > a) tmp.fill(1, row + Math.max(0, a), row + Math.min(width, b));
  }
}

/** Separable grey max (or min) of a float plane over a (2r+1)-square window, edges clamped. */
export function greyRank(v: Float32Array, w: number, h: number, r: number, max: boolean): Float32Array {
  const tmp = new Float32Array(v.length);
  const out = new Float32Array(v.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = v[y * w + x];
      for (let d = Math.max(0, x - r); d <= Math.min(w - 1, x + r); d++) {
        const q = v[y * w + d];
        if (max ? q > m : q < m) m = q;
      }
      tmp[y * w + x] = m;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = tmp[y * w + x];
      for (let d = Math.max(0, y - r); d <= Math.min(h - 1, y + r); d++) {
        const q = tmp[d * w + x];
        if (max ? q > m : q < m) m = q;
      }
      out[y * w + x] = m;
    }
  return out;
}
/** Box mean of a float plane with radius r (O(1) per pixel via running sums), edges clamped. */
export function boxMean(
  src: Float32Array,
  width: number,
  height: number,
  r: number,
  out: Float32Array = new Float32Array(src.length),
  tmp: Float32Array = new Float32Array(src.length),
): Float32Array {
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = -r; x <= r; x++) sum += src[row + Math.min(width - 1, Math.max(0, x))];
    for (let x = 0; x < width; x++) {
      tmp[row + x] = sum;
      sum += src[row + Math.min(width - 1, x + r + 1)] - src[row + Math.max(0, x - r)];
    }
  }
  const norm = 1 / ((2 * r + 1) * (2 * r + 1));
  // Vertical pass row by row (memory order), one running double-precision sum per column: the same
  // additions in the same order as walking each column, so the same values.
  const sum = new Float64Array(width);
  for (let y = -r; y <= r; y++) {
    const row = Math.min(height - 1, Math.max(0, y)) * width;
    for (let x = 0; x < width; x++) sum[x] += tmp[row + x];
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const add = Math.min(height - 1, y + r + 1) * width;
    const sub = Math.max(0, y - r) * width;
    for (let x = 0; x < width; x++) {
      out[row + x] = sum[x] * norm;
      sum[x] += tmp[add + x] - tmp[sub + x];
    }
  }
  return out;
}

/** Reusable buffers for guidedFilter on windows of at most `size` pixels (no per-tile allocation). */
export class GuidedScratch {
  readonly bufs: Float32Array[];
  constructor(readonly size: number) {
    this.bufs = Array.from({ length: 8 }, () => new Float32Array(size));
  }
}

/**
 * Guided filter (He et al.): smooths `p` while following edges of the grey `guide`; both 0..1 planes.
 * Used to snap the upsampled low-resolution alpha to the real car edge at full resolution.
 */
export function guidedFilter(
  guide: Float32Array,
  p: Float32Array,
  width: number,
  height: number,
  r: number,
  eps: number,
  scratch = new GuidedScratch(width * height),
): Float32Array {
  const n = width * height;
  const [ip, ii, mI, mP, mIP, mII, tmp, out] = scratch.bufs.map((b) => b.subarray(0, n));
  for (let i = 0; i < n; i++) {
    ip[i] = guide[i] * p[i];
    ii[i] = guide[i] * guide[i];
  }
  boxMean(guide, width, height, r, mI, tmp);
  boxMean(p, width, height, r, mP, tmp);
  boxMean(ip, width, height, r, mIP, tmp);
  boxMean(ii, width, height, r, mII, tmp);
  // a -> ip, b -> ii (their inputs are no longer needed).
  for (let i = 0; i < n; i++) {
    const cov = mIP[i] - mI[i] * mP[i];
    const v = mII[i] - mI[i] * mI[i];
    ip[i] = cov / (v + eps);
    ii[i] = mP[i] - ip[i] * mI[i];
  }
  boxMean(ip, width, height, r, mIP, tmp);
  boxMean(ii, width, height, r, mII, tmp);
  for (let i = 0; i < n; i++) out[i] = mIP[i] * guide[i] + mII[i];
  return out;
}

/** Each column's lowest car row (alpha >= `level`; -1 where none), row by row (no division per pixel). */
export function lowestRows(alpha: Uint8Array | Buffer, w: number, h: number, level = 128): Int32Array {
  const low = new Int32Array(w).fill(-1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) if (alpha[row + x] >= level) low[x] = y;
  }
  return low;
}

/**
 * The first row of a car's feet in an alpha mask (row-major, `w` x `h`): the band below its sills where only
 * the lower arcs of the wheels stand, from the median of the columns' lowest car rows (the sill between the
 * wheels, in a side view) or the lowest fifth of the car, whichever starts higher. -1 when there is no car.
 */
export function feetRow(alpha: Uint8Array | Buffer, w: number, h: number): number {
  const { top } = rowRange(alpha, w, h, 128);
  if (top < 0) return -1;
  const low = lowestRows(alpha, w, h);
  const lows = [...low].filter((v) => v >= 0).sort((a, b) => a - b);
  const bottom = lows[lows.length - 1];
  return Math.min(lows[lows.length >> 1], Math.round(bottom - (bottom - top + 1) * 0.2)) + 1;
}
