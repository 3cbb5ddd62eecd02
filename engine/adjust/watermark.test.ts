import { describe, expect, it } from 'vitest';
import type { RawImage } from '../io/image.decode';
import { applyWatermark } from './watermark.apply';

function photo(width: number, height: number): RawImage {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const y = Math.floor(i / width);
    data.fill(90 + Math.round((y / height) * 80), i * 3, i * 3 + 3);
  }
  return { data, width, height, channels: 3 };
}

describe('watermark', () => {
  it('marks the middle of the frame, where the car stands, and leaves the rest of the photo clean', async () => {
    const W = 1200;
    const H = 800;
    const before = photo(W, H);
    const after = photo(W, H);
    await applyWatermark(after);
    const changed = (x0: number, y0: number, x1: number, y1: number): number => {
      let n = 0;
      for (let y = Math.round(y0 * H); y < Math.round(y1 * H); y++)
        for (let x = Math.round(x0 * W); x < Math.round(x1 * W); x++) {
          const i = (y * W + x) * 3;
          if (Math.abs(after.data[i] - before.data[i]) > 6) n++;
        }
      return n;
    };
    // Cropping the mark away means cropping the car: the car's zone (middle of the frame) carries it...
    expect(changed(0.3, 0.45, 0.7, 0.75)).toBeGreaterThan(W * H * 0.01);
    // ...while the sky or ceiling above the car is untouched and the frame as a whole stays a usable
    // preview (a tiled pattern over everything fails both).
    expect(changed(0, 0, 1, 0.35)).toBe(0);
    expect(changed(0, 0, 1, 1) / (W * H)).toBeLessThan(0.08);
  });
});
