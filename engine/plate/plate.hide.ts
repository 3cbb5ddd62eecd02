import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';
import type { Point, Quad } from './text.ocr';
import { maskBounds } from '../segment/mask.ops';

export type HideStyle = 'blur' | 'pixelate' | 'solid';

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
 * Hides everything under `mask` (0..255, image size) in place: a frosted heavy blur (default), coarse
 * pixelation, or a solid fill of the region's own mean colour. Every covered pixel changes.
 */
export async function hideMasked(
  image: RawImage,
  mask: Uint8Array,
  style: HideStyle = 'blur',
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
  // Mean colour of the masked pixels (the solid fill and the frosting tint).
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
  if (style === 'solid') {
    cover = Buffer.alloc(rw * rh * c);
    const tone = mean.map((v) => v * 0.55 + 40);
    for (let i = 0; i < rw * rh; i++) for (let k = 0; k < 3; k++) cover[i * c + k] = tone[k];
  } else if (style === 'pixelate') {
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
        .blur(Math.max(1, (size * 0.45) / f))
        .raw()
        .toBuffer(),
      { raw: { width: sw, height: sh, channels: 3 } },
    )
      .resize(rw, rh, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer();
  }
  const frost = style === 'solid' ? 0 : 0.35;
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

/** Hides plates in place: each quad grown by a margin (12% of the width, 35% of the height, + 3 px), feathered edge, then `hideMasked`. */
export async function hidePlates(image: RawImage, quads: Quad[], style: HideStyle = 'blur'): Promise<void> {
  if (!quads.length) return;
  const mask = new Uint8Array(image.width * image.height);
  for (const q of quads) rasterQuad(growQuadAxes(q, 0.12, 0.35, 3), image.width, image.height, mask);
  await hideMasked(image, mask, style);
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
