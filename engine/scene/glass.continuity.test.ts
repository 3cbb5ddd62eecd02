import { describe, expect, it } from 'vitest';
import type { RawImage } from '../io/image.decode';
import { studioGlass } from './glass.continuity';

const W = 400;
const H = 300;

/**
 * A dark car with one window (the backdrop seen through tinted glass, framed by dark seals) and a bright
 * reflection low on its door, on a backdrop given per pixel.
 */
function car(backdrop: (x: number, y: number) => [number, number, number]): {
  image: RawImage;
  mask: Uint8Array;
} {
  const data = Buffer.alloc(W * H * 3);
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const body = x > 60 && x < 340 && y > 110 && y < 230;
      const cabin = x > 120 && x < 280 && y > 70 && y <= 110;
      let c = backdrop(x, y);
      if (body || cabin) {
        mask[i] = 255;
        c = [30, 30, 34];
        // The window: the backdrop through glass that keeps 70 % of it, a little green-blue.
        if (x > 150 && x < 230 && y > 78 && y < 106) {
          const b = backdrop(x, 40);
          c = [b[0] * 0.62, b[1] * 0.7, b[2] * 0.7];
        }
        // A reflection of the bright floor low on the door.
        if (x > 150 && x < 230 && y > 180 && y < 200) c = [200, 200, 200];
      }
      data[i * 3] = c[0];
      data[i * 3 + 1] = c[1];
      data[i * 3 + 2] = c[2];
    }
  return { image: { data, width: W, height: H, channels: 3 }, mask };
}

const share = (g: Uint8Array, x0: number, x1: number, y0: number, y1: number): number => {
  let n = 0;
  let on = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      n++;
      if (g[y * W + x] > 128) on++;
    }
  return on / n;
};

describe('windows a studio backdrop shows through', () => {
  it('are found on a plain backdrop, and a bright reflection low on the body is not', () => {
    const { image, mask } = car(() => [235, 235, 235]);
    const g = studioGlass(image, mask);
    expect(share(g, 155, 225, 82, 102)).toBeGreaterThan(0.9);
    expect(share(g, 155, 225, 183, 197)).toBe(0);
  });

  it('are not looked for on a busy or coloured background (a street, a house wall)', () => {
    let seed = 7;
    const noise = (): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 16) % 60;
    };
    const street = car(() => [120 + noise(), 120 + noise(), 110 + noise()]);
    expect(studioGlass(street.image, street.mask).some((v) => v > 0)).toBe(false);
    const wall = car(() => [226, 222, 150]);
    expect(studioGlass(wall.image, wall.mask).some((v) => v > 0)).toBe(false);
  });
});
