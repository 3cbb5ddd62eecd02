import sharp from 'sharp';
import type { RawImage } from './image.decode';

export const JPEG_QUALITY = 90;
export const PREVIEW_LONG_SIDE = 480;

/**
 * Encodes the final image: JPEG quality 90 (sRGB, no metadata at all), long side capped, plus a small
 * preview JPEG. Never upscales.
 */
export async function encodeOutputs(
  image: RawImage,
  maxLongSide: number,
): Promise<{ jpeg: Buffer; preview: Buffer; width: number; height: number }> {
  const base = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .removeAlpha()
    .toColourspace('srgb');
  const capped =
    Math.max(image.width, image.height) > maxLongSide
      ? base.clone().resize({ width: maxLongSide, height: maxLongSide, fit: 'inside', kernel: 'lanczos3' })
      : base.clone();
  const { data: jpeg, info } = await capped
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  const preview = await base
    .clone()
    .resize({ width: PREVIEW_LONG_SIDE, height: PREVIEW_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { jpeg, preview, width: info.width, height: info.height };
}
