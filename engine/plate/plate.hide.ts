import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';
import type { Point, Quad } from './text.ocr';
import { boxMean, greyRank, maskBounds } from '../segment/mask.ops';

/**
 * How a plate is hidden: a frosted blur or a coarse pixelation of the plate and its frame, or a clean blank
 * plate (the plate's own ground colour under the photo's light, its frame blurred). A user-drawn region is
 * not plate-shaped, so 'blank' hides it with the blur.
 */
export type HideStyle = 'blur' | 'pixelate' | 'blank';

/** Levels by which every fully hidden pixel differs from the original at least (in some channel, > this). */
const MIN_CHANGE = 2;

/** Grows a quad about its centre by `ratio` of its size plus `pixels`, so the hide covers the plate frame. */
export function growQuad(quad: Quad, ratio: number, pixels: number): Quad {
  const cx = quad.reduce((s, p) => s + p[0], 0) / 4;
  const cy = quad.reduce((s, p) => s + p[1], 0) / 4;
  return quad.map(([x, y]) => {
    const dx = x - cx;
    const dy = y - cy;
    const d = Math.hypot(dx, dy) || 1;
    const k = 1 + ratio + pixels / d;
    return [cx + dx * k, cy + dy * k] as Point;
  }) as Quad;
}

/**
 * Grows a quad along its own axes: the top/bottom edges by `wRatio` of the width, the sides by `hRatio`
 * of the height, plus `pixels` everywhere (plates' frames extend more above/below the text than sideways).
 */
export function growQuadAxes(quad: Quad, wRatio: number, hRatio: number, pixels: number): Quad {
  const [p0, p1, p2, p3] = quad;
  const ux = (p1[0] - p0[0] + p2[0] - p3[0]) / 2;
  const uy = (p1[1] - p0[1] + p2[1] - p3[1]) / 2;
  const vx = (p3[0] - p0[0] + p2[0] - p1[0]) / 2;
  const vy = (p3[1] - p0[1] + p2[1] - p1[1]) / 2;
  const lu = Math.hypot(ux, uy) || 1;
  const lv = Math.hypot(vx, vy) || 1;
  const du = (lu * wRatio) / 2 + pixels;
  const dv = (lv * hRatio) / 2 + pixels;
  const ex = (ux / lu) * du;
  const ey = (uy / lu) * du;
  const fx = (vx / lv) * dv;
  const fy = (vy / lv) * dv;
  return [
    [p0[0] - ex - fx, p0[1] - ey - fy],
    [p1[0] + ex - fx, p1[1] + ey - fy],
    [p2[0] + ex + fx, p2[1] + ey + fy],
    [p3[0] - ex + fx, p3[1] - ey + fy],
  ];
}

/**
 * Rasterises a convex quad into a 0..255 coverage mask over `w` x `h` (max with what `target` holds).
 * Coverage is analytic: the signed distance to the nearest edge, so edges are antialiased over 1 px.
 */
export function rasterQuad(quad: Quad, w: number, h: number, target?: Uint8Array): Uint8Array {
  const out = target ?? new Uint8Array(w * h);
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(w - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(...ys)));
  // Edge lines as a*x + b*y + c >= 0 inside, normalised so the value is a distance in pixels.
  let area = 0;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = quad[i];
    const [bx, by] = quad[(i + 1) % 4];
    area += ax * by - bx * ay;
  }
  const sign = area >= 0 ? 1 : -1;
  const ea = new Float64Array(4);
  const eb = new Float64Array(4);
  const ec = new Float64Array(4);
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = quad[i];
    const [bx, by] = quad[(i + 1) % 4];
    const len = Math.hypot(bx - ax, by - ay) || 1;
    ea[i] = (-(by - ay) / len) * sign;
    eb[i] = ((bx - ax) / len) * sign;
    ec[i] = -(ea[i] * ax + eb[i] * ay);
  }
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      let d = Infinity;
      for (let i = 0; i < 4; i++) {
        const v = ea[i] * px + eb[i] * py + ec[i];
        if (v < d) d = v;
      }
      // Sign convention differs with the quad's winding; both windings are handled by `sign` above.
      const cover = d + 0.5;
      if (cover <= 0) continue;
      const v = cover >= 1 ? 255 : Math.round(cover * 255);
      const j = y * w + x;
      if (v > out[j]) out[j] = v;
    }
  }
  return out;
}

/**
 * Hides everything under `mask` (0..255, image size) in place: a frosted heavy blur (default) or coarse
 * pixelation. Every covered pixel changes. `strength` below 1 blurs and frosts less (the frame round a
 * blank plate, where a leftover edge of a character is to be smudged, not the bumper turned into a box).
 */
export async function hideMasked(
  image: RawImage,
  mask: Uint8Array,
  style: HideStyle = 'blur',
  strength = 1,
): Promise<void> {
  const { width: w, height: h, channels: c } = image;
  const bounds = maskBounds(mask, w, h);
  if (!bounds) return;
  const { x0, y0, x1, y1 } = bounds;
  const rw = x1 - x0 + 1;
  const rh = y1 - y0 + 1;
  const size = Math.max(4, Math.min(rw, rh));
  const region = sharp(image.data, { raw: { width: w, height: h, channels: c } })
    .removeAlpha()
    .extract({
      left: x0,
      top: y0,
      width: rw,
      height: rh,
    });
  // Mean colour of the masked pixels (the frosting tint).
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let sn = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (mask[y * w + x] < 128) continue;
      const i = (y * w + x) * c;
      sr += image.data[i];
      sg += image.data[i + 1];
      sb += image.data[i + 2];
      sn++;
    }
  }
  const mean = sn ? [sr / sn, sg / sn, sb / sn] : [128, 128, 128];
  let cover: Buffer;
  if (style === 'pixelate') {
    const cells = Math.max(2, Math.round(rw / Math.max(6, size / 2)));
    const cellsY = Math.max(1, Math.round((rh / rw) * cells));
    cover = await region
      .clone()
      .resize(cells, cellsY, { fit: 'fill', kernel: 'cubic' })
      .resize(rw, rh, { fit: 'fill', kernel: 'nearest' })
      .raw()
      .toBuffer();
  } else {
    // Heavy blur done small (downscale, blur, upscale): same look, a fraction of the cost of a huge kernel.
    const f = Math.max(1, Math.floor(size / 12));
    const sw = Math.max(2, Math.round(rw / f));
    const sh = Math.max(2, Math.round(rh / f));
    cover = await sharp(
      await region
        .clone()
        .resize(sw, sh, { fit: 'fill', kernel: 'linear' })
        .blur(Math.max(1, (size * 0.45 * strength) / f))
        .raw()
        .toBuffer(),
      { raw: { width: sw, height: sh, channels: 3 } },
    )
      .resize(rw, rh, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer();
  }
  const frost = 0.35 * strength;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const m = mask[y * w + x];
      if (!m) continue;
      const a = m / 255;
      const i = (y * w + x) * c;
      const j = ((y - y0) * rw + (x - x0)) * c;
      let moved = 0;
      const r0 = image.data[i];
      const g0 = image.data[i + 1];
      const b0 = image.data[i + 2];
      for (let k = 0; k < 3; k++) {
        // Frosting pulls towards a slightly darkened mean, so even flat plate areas visibly change.
        const target = cover[j + k] * (1 - frost) + mean[k] * 0.8 * frost;
        const before = image.data[i + k];
        image.data[i + k] = Math.round(before * (1 - a) + target * a);
        moved = Math.max(moved, Math.abs(image.data[i + k] - before));
      }
      // A fully covered pixel whose blurred value happens to equal its own (a few in every plate: the
      // blur passes through the original somewhere between glyph and ground) is still changed, a little
      // darker (lighter when dark): the hidden region is exactly the masked one, with no original pixels left.
      if (m === 255 && moved <= MIN_CHANGE)
        [r0, g0, b0].forEach((v, k) => {
          image.data[i + k] = v >= 128 ? v - MIN_CHANGE - 2 : v + MIN_CHANGE + 2;
        });
    }
  }
}

/**
 * Hides plates in place: each quad grown by a margin (12% of the width, 35% of the height, + 3 px), feathered
 * edge, then `hideMasked`; with 'blank', a blank plate is then laid on each plate (see `paintBlankPlate`).
 */
export async function hidePlates(image: RawImage, quads: Quad[], style: HideStyle = 'blur'): Promise<void> {
  if (!quads.length) return;
  // Read before the blur: the plate's ground colour and light come from the untouched plate.
  const blanks = style === 'blank' ? quads.map((q) => blankPlateOf(image, q)) : [];
  const mask = new Uint8Array(image.width * image.height);
  for (const q of quads) rasterQuad(growQuadAxes(q, 0.12, 0.35, 3), image.width, image.height, mask);
  await hideMasked(image, mask, style === 'blank' ? 'blur' : style, style === 'blank' ? 0.3 : 1);
  for (const b of blanks) paintBlankPlate(image, b);
}

interface BlankPlate {
  /** The plate's own outline (the detected quad grown a little, over the frame's inner edge). */
  quad: Quad;
  /** Bounds of `quad` in the image, inclusive. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The plate's ground colour (its brighter pixels: the characters are the darker ones). */
  ground: [number, number, number];
  /** The light on the plate over the bounds, relative to the ground's mean (1 = as bright as the mean). */
  light: Float32Array;
}

/**
 * What a blank plate in `quad` looks like in this photo. The ground is the mean colour of the plate's
 * brightest 40 % (white, yellow or whatever the plate is, under the photo's white balance). The light is
 * the plate's upper envelope of luminance: a grey dilation as wide as a character's stroke run (a third of
 * the plate's height) removes the characters and keeps the gradient of the light across the plate, then a
 * box blur of the same size smooths it.
 */
function blankPlateOf(image: RawImage, plate: Quad): BlankPlate {
  const { width: w, height: h, channels: c, data } = image;
  const quad = growQuadAxes(plate, 0.04, 0.1, 1);
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const x1 = Math.min(w - 1, Math.ceil(Math.max(...xs)));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(...ys)));
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const inside = rasterQuad(plate, w, h);
  const lum = new Float32Array(bw * bh);
  const samples: number[] = [];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const i = (y * w + x) * c;
      const l = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      lum[(y - y0) * bw + (x - x0)] = l;
      if (inside[y * w + x] >= 128) samples.push(l);
    }
  samples.sort((a, b) => a - b);
  const cut = samples.length ? samples[Math.floor(samples.length * 0.6)] : 0;
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      if (inside[y * w + x] < 128 || lum[(y - y0) * bw + (x - x0)] < cut) continue;
      const i = (y * w + x) * c;
      for (let k = 0; k < 3; k++) sum[k] += data[i + k];
      n++;
    }
  const ground = (n ? sum.map((v) => v / n) : [200, 200, 200]) as [number, number, number];
  const groundLum = Math.max(1, 0.2126 * ground[0] + 0.7152 * ground[1] + 0.0722 * ground[2]);
  const plateH = Math.hypot(plate[3][0] - plate[0][0], plate[3][1] - plate[0][1]);
  const r = Math.max(1, Math.round(plateH / 3));
  const envelope = boxMean(greyRank(lum, bw, bh, r, true), bw, bh, r);
  const light = new Float32Array(bw * bh);
  for (let i = 0; i < light.length; i++) light[i] = Math.min(1.25, Math.max(0.6, envelope[i] / groundLum));
  return { quad, x0, y0, x1, y1, ground, light };
}

/**
 * Lays the blank plate over the (already blurred) plate: the ground colour under the plate's light, edged
 * over its last pixel by the quad's analytic coverage, and a rim a little darker along its outline where a
 * pressed plate's edge catches less light, so it reads as a plate and not as a pasted rectangle.
 */
function paintBlankPlate(image: RawImage, b: BlankPlate): void {
  const { width: w, height: h, channels: c, data } = image;
  const cover = rasterQuad(b.quad, w, h);
  const core = rasterQuad(growQuadAxes(b.quad, -0.03, -0.12, -1), w, h);
  const bw = b.x1 - b.x0 + 1;
  for (let y = b.y0; y <= b.y1; y++)
    for (let x = b.x0; x <= b.x1; x++) {
      const a = cover[y * w + x] / 255;
      if (!a) continue;
      const rim = core[y * w + x] >= 128 ? 1 : 0.86;
      const l = b.light[(y - b.y0) * bw + (x - b.x0)] * rim;
      const i = (y * w + x) * c;
      for (let k = 0; k < 3; k++)
        data[i + k] = Math.round(data[i + k] * (1 - a) + Math.min(255, b.ground[k] * l) * a);
    }
}

/** Reads a user-drawn mask PNG (white or opaque = hide) as 0..255 coverage resized to the image. */
export async function readUserMask(png: Buffer, width: number, height: number): Promise<Uint8Array> {
  const { data, info } = await sharp(png)
    .ensureAlpha()
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(width * height);
  // Opaque strokes on a transparent canvas, or white on black: both mean "hide here".
  let transparent = 0;
  for (let i = 0; i < width * height; i++) if (data[i * 4 + 3] < 128) transparent++;
  const useAlpha = transparent > width * height * 0.05;
  for (let i = 0; i < width * height; i++) {
    const o = i * info.channels;
    const lum = (data[o] + data[o + 1] + data[o + 2]) / 3;
    out[i] = useAlpha ? (data[o + 3] >= 128 ? 255 : 0) : lum >= 128 ? 255 : 0;
  }
  return out;
}
