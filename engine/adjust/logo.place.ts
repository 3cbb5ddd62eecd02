import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';
import { decodeImage } from '../io/image.decode';

/**
 * Places a dealer logo (PNG with alpha; opaque images work too) in the top-left corner, scaled to at most
 * 18% of the width and 11% of the height, with a soft shadow so it reads on any background. In place.
 */
export async function placeLogo(image: RawImage, logo: Buffer): Promise<void> {
  const src = await decodeImage(logo, { keepAlpha: true, maxLongSide: 2048 });
  const { width: W, height: H } = image;
  const maxW = W * 0.18;
  const maxH = H * 0.11;
  const s = Math.min(maxW / src.width, maxH / src.height);
  const lw = Math.max(1, Math.round(src.width * s));
  const lh = Math.max(1, Math.round(src.height * s));
  const margin = Math.round(Math.min(W, H) * 0.035);
  const scaled = await sharp(src.data, { raw: { width: src.width, height: src.height, channels: 4 } })
    .resize(lw, lh, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const shadowAlpha = await sharp(Buffer.from(Array.from({ length: lw * lh }, (_, i) => scaled[i * 4 + 3])), {
    raw: { width: lw, height: lh, channels: 1 },
  })
    .extend({ top: 8, bottom: 8, left: 8, right: 8, background: { r: 0, g: 0, b: 0 } })
    .blur(Math.max(1, lh * 0.04))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const c = image.channels;
  const off = Math.max(1, Math.round(lh * 0.03));
  for (let y = 0; y < lh + 16; y++) {
    for (let x = 0; x < lw + 16; x++) {
      const ox = margin + x - 8 + off;
      const oy = margin + y - 8 + off;
      if (ox < 0 || oy < 0 || ox >= W || oy >= H) continue;
      const a = (shadowAlpha[y * (lw + 16) + x] / 255) * 0.35;
      const i = (oy * W + ox) * c;
      for (let k = 0; k < 3; k++) image.data[i + k] = Math.round(image.data[i + k] * (1 - a));
    }
  }
  for (let y = 0; y < lh; y++) {
    for (let x = 0; x < lw; x++) {
      const ox = margin + x;
      const oy = margin + y;
      if (ox >= W || oy >= H) continue;
      const j = (y * lw + x) * 4;
      const a = scaled[j + 3] / 255;
      if (!a) continue;
      const i = (oy * W + ox) * c;
      for (let k = 0; k < 3; k++)
        image.data[i + k] = Math.round(image.data[i + k] * (1 - a) + scaled[j + k] * a);
    }
  }
}
