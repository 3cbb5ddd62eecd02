import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';

/** Brand text used by the watermark. */
export const WATERMARK_TEXT = 'Oto Stüdyo';

/**
 * Visible watermark for plans that cannot remove it: one large, light wordmark across the middle of the
 * frame, where the car stands (cropping it away means cropping away the car), plus a small badge in the
 * bottom-right corner. The rest of the photo stays clean, so the preview remains a usable look at the
 * result (the earlier dense tiled pattern over the whole frame made it unusable). In place.
 */
export async function applyWatermark(image: RawImage, text = WATERMARK_TEXT): Promise<void> {
  const { width: W, height: H } = image;
  // DejaVu Sans Bold is about 0.66 em per character with this spacing: the mark spans ~56 % of the width.
  const size = Math.max(16, Math.round(Math.min((W * 0.56) / (text.length * 0.66), H * 0.16)));
  const cy = Math.round(H * 0.6);
  const badgeSize = Math.max(12, Math.round(Math.min(W, H) * 0.028));
  const badgeW = Math.round(badgeSize * text.length * 0.68 + badgeSize * 1.6);
  const badgeH = Math.round(badgeSize * 2);
  const bx = W - badgeW - Math.round(badgeSize * 1.2);
  const by = H - badgeH - Math.round(badgeSize * 1.2);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
    `<text x="${W / 2}" y="${cy + size * 0.36}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="bold" letter-spacing="${(size * 0.04).toFixed(1)}" fill="#ffffff" fill-opacity="0.34" stroke="#000000" stroke-opacity="0.16" stroke-width="${Math.max(1, size / 40).toFixed(1)}">${text}</text>` +
    `<rect x="${bx}" y="${by}" width="${badgeW}" height="${badgeH}" rx="${badgeH / 2}" fill="#000000" fill-opacity="0.45"/>` +
    `<text x="${bx + badgeW / 2}" y="${by + badgeH * 0.68}" font-family="DejaVu Sans, sans-serif" font-size="${badgeSize}" font-weight="bold" fill="#ffffff" fill-opacity="0.92" text-anchor="middle">${text}</text>` +
    `</svg>`;
  const overlay = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  const c = image.channels;
  for (let i = 0; i < W * H; i++) {
    const a = overlay[i * 4 + 3] / 255;
    if (!a) continue;
    const o = i * c;
    for (let k = 0; k < 3; k++)
      image.data[o + k] = Math.round(image.data[o + k] * (1 - a) + overlay[i * 4 + k] * a);
  }
}
