import { describe, expect, it } from 'vitest';
import { litMedian } from './glass.continuity';

// The paint colour streetGlass measures on the doors, as it was first written: sort the pixels by R+G+B
// (stable), drop the darkest third, take each channel's middle value of the rest.
function bySorting(data: Uint8Array, C: number, pixels: number[]): number[] {
  const door = pixels.map((i) => [data[i * C], data[i * C + 1], data[i * C + 2]]);
  door.sort((a, b) => a[0] + a[1] + a[2] - (b[0] + b[1] + b[2]));
  const lit = door.slice(Math.floor(door.length / 3));
  return [0, 1, 2].map((c) => lit.map((p) => p[c]).sort((a, b) => a - b)[lit.length >> 1]);
}

describe('litMedian', () => {
  it('gives what sorting gives, ties and narrow ranges included', () => {
    let seed = 12345;
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x80000000;
    };
    for (let t = 0; t < 300; t++) {
      const n = 100 + Math.floor(rand() * 2000);
      const C = t % 2 ? 3 : 4;
      // Narrow ranges make many equal sums, where the stable order decides which pixels are dropped.
      const spread = [2, 12, 256][t % 3];
      const base = Math.floor(rand() * (256 - Math.min(spread, 255)));
      const data = new Uint8Array(n * C);
      for (let i = 0; i < data.length; i++) data[i] = base + Math.floor(rand() * spread);
      const pixels: number[] = [];
      for (let i = 0; i < n; i++) if (rand() < 0.9) pixels.push(i);
      expect(litMedian(data, C, pixels)).toEqual(bySorting(data, C, pixels));
    }
  });
});
