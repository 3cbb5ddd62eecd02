import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';

/** Brand text used by the watermark. */
export const WATERMARK_TEXT = 'Oto Stüdyo';

/**
 * Visible watermark for plans that cannot remove it: a faint diagonal pattern tiled over the whole frame
 * (so no crop escapes it) plus a small, clean badge in the bottom-right corner. In place.
 */
export async function applyWatermark(image: RawImage, text = WATERMARK_TEXT): Promise<void> {
  const { width: W, height: H } = image;
  const size = Math.max(14, Math.round(Math.min(W, H) * 0.035));
  const stepX = size * 11;
  const stepY = size * 5;
  let tiles = '';
  for (let y = -H; y < H * 2; y += stepY) {
    for (let x = -W + ((y / stepY) % 2) * (stepX / 2); x < W * 2; x += stepX) {
      tiles += `<text x="${x.toFixed(0)}" y="${y.toFixed(0)}">${text}</text>`;
    }
  }
  const badgeSize = Math.max(12, Math.round(Math.min(W, H) * 0.028));
  const badgeW = Math.round(badgeSize * text.length * 0.68 + badgeSize * 1.6);
  const badgeH = Math.round(badgeSize * 2);
  const bx = W - badgeW - Math.round(badgeSize * 1.2);
  const by = H - badgeH - Math.round(badgeSize * 1.2);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
    `<g transform="rotate(-24 ${W / 2} ${H / 2})" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="bold" fill="#ffffff" fill-opacity="0.16" stroke="#000000" stroke-opacity="0.10" stroke-width="${Math.max(1, size / 18).toFixed(1)}" letter-spacing="${(size * 0.08).toFixed(1)}">${tiles}</g>` +
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
