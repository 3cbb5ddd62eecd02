import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';

/**
 * car_clean: a photographic enhancement of the car region only (alpha-weighted): partial grey-world white
 * balance, exposure towards a healthy mid-tone, local contrast (clarity), vibrance, light denoise and
 * edge sharpening. Modifies `image` in place; pixels outside the car are untouched.
 */
export async function cleanCar(image: RawImage, alpha: Uint8Array): Promise<void> {
  const { width: w, height: h, channels: c } = image;
  // Statistics over the car.
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const hist = new Uint32Array(256);
  for (let i = 0; i < w * h; i += 3) {
    if (alpha[i] < 200) continue;
    const o = i * c;
    r += image.data[o];
    g += image.data[o + 1];
    b += image.data[o + 2];
    hist[(image.data[o] * 77 + image.data[o + 1] * 150 + image.data[o + 2] * 29) >> 8]++;
    n++;
  }
  if (!n) return;
  const grey = (r + g + b) / (3 * n);
  // Half-strength grey world: removes casts without repainting a genuinely coloured car.
  const wb = [r / n, g / n, b / n].map((v) => Math.max(0.9, Math.min(1.1, 1 + (grey / v - 1) * 0.5)));
  let acc = 0;
  let median = 128;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= n / 2) {
      median = v;
      break;
    }
  }
  const exposure = Math.max(0.9, Math.min(1.25, Math.pow(118 / Math.max(20, median), 0.35)));
  const base = sharp(image.data, { raw: { width: w, height: h, channels: c } })
    .removeAlpha()
    .linear(
      wb.map((k) => k * exposure),
      [0, 0, 0],
    );
  // Light denoise (a sub-pixel blur) then edge-only sharpening (m1 = 0 leaves flat areas alone).
  const enhanced = await base
    .clone()
    .blur(0.6)
    .sharpen({ sigma: Math.max(0.8, Math.max(w, h) / 2000), m1: 0, m2: 2.2 })
    .raw()
    .toBuffer();
  // Local contrast ("clarity"): difference from a wide blur, added back gently.
  const wide = await base
    .clone()
    .blur(Math.max(4, Math.max(w, h) / 90))
    .raw()
    .toBuffer();
  for (let i = 0; i < w * h; i++) {
    const a = alpha[i];
    if (!a) continue;
    const o = i * c;
    const e = i * 3;
    // Clarity at 30%, then vibrance: lift low-saturation colours more.
    let rr = enhanced[e] + (enhanced[e] - wide[e]) * 0.3;
    let gg = enhanced[e + 1] + (enhanced[e + 1] - wide[e + 1]) * 0.3;
    let bb = enhanced[e + 2] + (enhanced[e + 2] - wide[e + 2]) * 0.3;
    const mx = Math.max(rr, gg, bb);
    const mn = Math.min(rr, gg, bb);
    const sat = mx > 0 ? (mx - mn) / mx : 0;
    const boost = 0.22 * (1 - sat);
    const l = (rr + gg + bb) / 3;
    rr = l + (rr - l) * (1 + boost);
    gg = l + (gg - l) * (1 + boost);
    bb = l + (bb - l) * (1 + boost);
    const k = a / 255;
    image.data[o] = Math.max(0, Math.min(255, Math.round(image.data[o] * (1 - k) + rr * k)));
    image.data[o + 1] = Math.max(0, Math.min(255, Math.round(image.data[o + 1] * (1 - k) + gg * k)));
    image.data[o + 2] = Math.max(0, Math.min(255, Math.round(image.data[o + 2] * (1 - k) + bb * k)));
  }
}
