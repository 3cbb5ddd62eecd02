import sharp from 'sharp';
import { EngineError } from '../engine.error';

// libvips' operation cache would keep recent multi-megabyte results alive between photos; every image is
// decoded once and processed once, so the cache only raises peak memory.
sharp.cache(false);

/** Largest input accepted, in pixels (a 30000x30000 "bomb" is refused before any pixel is decoded). */
export const MAX_INPUT_PIXELS = 50_000_000;

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** An 8-bit sRGB image in memory, `channels` interleaved values per pixel, row-major. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

export interface ProbeResult {
  format: ImageFormat;
  /** Size after EXIF orientation is applied. */
  width: number;
  height: number;
  hasAlpha: boolean;
}

/** The format by its first bytes ('other-image': GIF, TIFF, BMP, HEIF, ...); the declared type is never trusted. */
export function sniff(input: Buffer): ImageFormat | 'other-image' | null {
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  if (input.length >= 8 && input.readUInt32BE(0) === 0x89504e47 && input.readUInt32BE(4) === 0x0d0a1a0a)
    return 'png';
  if (
    input.length >= 12 &&
    input.toString('latin1', 0, 4) === 'RIFF' &&
    input.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  const head = input.toString('latin1', 0, 16);
  if (/^GIF8|^II\*\0|^MM\0\*|^BM/.test(head) || head.slice(4, 12).startsWith('ftyp')) return 'other-image';
  return null;
}

function mapSharpError(err: unknown): EngineError {
  const text = err instanceof Error ? err.message : String(err);
  if (/pixel limit|too large|exceeds/i.test(text)) return new EngineError('TOO_MANY_PIXELS', text);
  if (
    /premature|truncat|end of (input|file)|corrupt|incomplete|read error|Invalid|EOF|not enough/i.test(text)
  )
    return new EngineError('TRUNCATED', text);
  if (/unsupported|bad image|not a known/i.test(text)) return new EngineError('NOT_AN_IMAGE', text);
  return new EngineError('TRUNCATED', text);
}

/** Validates an upload from its header only: format, oriented size and the pixel limit. Throws EngineError. */
export async function probeImage(input: Buffer): Promise<ProbeResult> {
  if (input.length === 0) throw new EngineError('EMPTY_FILE');
  const kind = sniff(input);
  if (kind === null) throw new EngineError('NOT_AN_IMAGE');
  if (kind === 'other-image') throw new EngineError('UNSUPPORTED_FORMAT');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw mapSharpError(err);
  }
  if (!meta.width || !meta.height) throw new EngineError('TRUNCATED', 'no dimensions');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new EngineError('TOO_MANY_PIXELS');
  const swap = (meta.orientation ?? 1) >= 5;
  return {
    format: kind,
    width: swap ? meta.height : meta.width,
    height: swap ? meta.width : meta.height,
    hasAlpha: meta.hasAlpha ?? false,
  };
}

export interface DecodeOptions {
  /** Downscale so the long side is at most this (never upscales). Default: keep full size. */
  maxLongSide?: number;
  /** Keep the alpha channel (logos); photos are flattened onto white. */
  keepAlpha?: boolean;
}

/**
 * Decodes once: auto-orients, converts to 8-bit sRGB (CMYK, 16-bit, ICC profiles), drops all metadata,
 * optionally downscales. Refuses empty, non-image, truncated and oversized inputs with an EngineError.
 */
export async function decodeImage(input: Buffer, options: DecodeOptions = {}): Promise<RawImage> {
  const probe = await probeImage(input);
  try {
    let pipeline = sharp(input, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const cap = options.maxLongSide;
    if (cap && Math.max(probe.width, probe.height) > cap) {
      pipeline = pipeline.resize({ width: cap, height: cap, fit: 'inside', kernel: 'lanczos3' });
    }
    pipeline = pipeline.toColourspace('srgb');
    if (options.keepAlpha) pipeline = pipeline.ensureAlpha();
    else pipeline = pipeline.flatten({ background: '#ffffff' }).removeAlpha();
    const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    const channels = info.channels === 4 ? 4 : 3;
    if (info.channels !== channels) throw new EngineError('UNSUPPORTED_FORMAT', `channels=${info.channels}`);
    return { data, width: info.width, height: info.height, channels };
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw mapSharpError(err);
  }
}

/**
 * Upload sanitiser: fully decodes (so truncated files are caught on arrival) and re-encodes without any
 * metadata, oriented and sRGB. Returns JPEG, or PNG when the image has transparency. The header is checked
 * first (pixel limit before any decoding), and libvips streams the pixels from decoder to encoder, so a
 * 49-megapixel upload never sits in memory as one raw buffer.
 */
export async function sanitizeImage(
  input: Buffer,
): Promise<{ data: Buffer; format: 'jpeg' | 'png'; width: number; height: number }> {
  const probe = await probeImage(input);
  try {
    const image = sharp(input, {
      failOn: 'truncated',
      limitInputPixels: MAX_INPUT_PIXELS,
      sequentialRead: true,
    })
      .rotate()
      .toColourspace('srgb');
    const { data, info } = probe.hasAlpha
      ? await image.ensureAlpha().png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true })
      : await image
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 92, mozjpeg: false })
          .toBuffer({ resolveWithObject: true });
    return { data, format: probe.hasAlpha ? 'png' : 'jpeg', width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw mapSharpError(err);
  }
}
