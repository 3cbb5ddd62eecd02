import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';

/**
 * car_clean: a photographic enhancement of the car region only (alpha-weighted): partial grey-world white
 * balance, exposure towards a healthy mid-tone, local contrast (CLAHE), vibrance, light denoise and
 * sharpening. Modifies `image` in place; pixels outside the car are untouched.
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
  const enhanced = await sharp(image.data, { raw: { width: w, height: h, channels: c } })
    .removeAlpha()
    .linear(
      wb.map((k) => k * exposure),
      [0, 0, 0],
    )
    .median(3)
    .clahe({ width: Math.max(8, Math.round(w / 12)), height: Math.max(8, Math.round(h / 12)), maxSlope: 2 })
    .sharpen({ sigma: Math.max(0.6, Math.max(w, h) / 2500), m1: 0.6, m2: 1.6 })
    .raw()
    .toBuffer();
  for (let i = 0; i < w * h; i++) {
    const a = alpha[i];
    if (!a) continue;
    const o = i * c;
    const e = i * 3;
    // Blend CLAHE at 60% (natural look), then vibrance: lift low-saturation colours more.
    let rr = image.data[o] * wb[0] * exposure * 0.4 + enhanced[e] * 0.6;
    let gg = image.data[o + 1] * wb[1] * exposure * 0.4 + enhanced[e + 1] * 0.6;
    let bb = image.data[o + 2] * wb[2] * exposure * 0.4 + enhanced[e + 2] * 0.6;
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
