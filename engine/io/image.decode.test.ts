import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../engine.error';
import { bombPng, syntheticCarPhoto } from '../testing/synthetic.fixture';
import { decodeImage, probeImage, sanitizeImage } from './image.decode';
import { encodeOutputs } from './image.encode';

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).message).toMatch(/[a-zçğıöşü]/i);
    return (err as EngineError).code;
  }
}

describe('decodeImage: garbage in gives a typed error or a correct result', () => {
  it('refuses 0 bytes', async () => {
    expect(await codeOf(decodeImage(Buffer.alloc(0)))).toBe('EMPTY_FILE');
  });

  it('refuses a text file renamed .jpg', async () => {
    expect(await codeOf(decodeImage(Buffer.from('hello, this is not a photo\n'.repeat(20))))).toBe(
      'NOT_AN_IMAGE',
    );
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await syntheticCarPhoto(640, 480);
    expect(await codeOf(decodeImage(jpeg.subarray(0, Math.floor(jpeg.length / 2))))).toBe('TRUNCATED');
  });

  it('refuses a 30000x30000 PNG from its header, quickly', async () => {
    const start = performance.now();
    expect(await codeOf(decodeImage(bombPng()))).toBe('TOO_MANY_PIXELS');
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('refuses GIF/TIFF as unsupported formats', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    expect(await codeOf(decodeImage(gif))).toBe('UNSUPPORTED_FORMAT');
  });

  it('decodes a CMYK JPEG to sRGB', async () => {
    const cmyk = await sharp({ create: { width: 32, height: 16, channels: 3, background: '#2060c0' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const img = await decodeImage(cmyk);
    expect(img.channels).toBe(3);
    const [r, g, b] = img.data.subarray(0, 3);
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
  });

  it('decodes a 16-bit PNG to 8-bit', async () => {
    const png16 = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#808080' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(png16).metadata()).depth).toBe('ushort');
    const img = await decodeImage(png16);
    expect(img.data.length).toBe(20 * 10 * 3);
    expect(Math.abs(img.data[0] - 128)).toBeLessThan(3);
  });

  it('applies EXIF rotation and strips metadata from outputs', async () => {
    const rotated = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'gps-secret' } } })
      .toBuffer();
    const probe = await probeImage(rotated);
    expect([probe.width, probe.height]).toEqual([20, 40]);
    const img = await decodeImage(rotated);
    expect([img.width, img.height]).toEqual([20, 40]);
    const { jpeg, preview } = await encodeOutputs(img, 1600);
    for (const out of [jpeg, preview]) {
      const meta = await sharp(out).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(out.includes(Buffer.from('gps-secret'))).toBe(false);
    }
    const clean = await sanitizeImage(rotated);
    expect((await sharp(clean.data).metadata()).exif).toBeUndefined();
  });

  it('caps the long side without upscaling', async () => {
    const jpeg = await syntheticCarPhoto(900, 600);
    const img = await decodeImage(jpeg, { maxLongSide: 450 });
    expect([img.width, img.height]).toEqual([450, 300]);
    const same = await decodeImage(jpeg, { maxLongSide: 4000 });
    expect([same.width, same.height]).toEqual([900, 600]);
  });
});
