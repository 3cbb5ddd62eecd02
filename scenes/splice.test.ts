import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { spliceRows } from './splice';

/** A 64 x 200 render: a vertical gradient (a wall's falloff) with a fixed-seed grain, as PNG. */
async function frame(file: string, edit: (x: number, y: number, v: number) => number): Promise<string> {
  const [W, H] = [64, 200];
  const px = Buffer.alloc(W * H * 3);
  let s = 7;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const v = edit(x, y, 60 + y * 0.8 + (s % 5));
      px.fill(Math.max(0, Math.min(255, Math.round(v))), (y * W + x) * 3, (y * W + x + 1) * 3);
    }
  await sharp(px, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toFile(file);
  return file;
}

describe('spliceRows (scenes:render --rows)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'splice-'));
  it('takes the band from the new render and keeps every row outside it', async () => {
    const old = await frame(path.join(dir, 'old.png'), (_x, _y, v) => v);
    // the re-render: black outside rows 50..150 (as Blender leaves a border render), a dark tray at rows 95..99
    const band = await frame(path.join(dir, 'band.png'), (_x, y, v) =>
      y < 50 || y >= 150 ? 0 : y >= 95 && y < 100 ? 20 : v,
    );
    const r = await spliceRows(old, band, [0.25, 0.75], { margin: 4, feather: 8 });
    const o = await sharp(old).raw().toBuffer();
    const at = (buf: Buffer, x: number, y: number) => buf[(y * 64 + x) * 3];
    for (const y of [0, 49, 53, 147, 150, 199]) expect(at(r.image, 10, y)).toBe(at(o, 10, y));
    for (let y = 95; y < 100; y++) expect(at(r.image, 10, y)).toBe(20);
    expect(r.seamDiff).toBe(0);
  });
  it('refuses a band that does not match the render at its seams', async () => {
    const old = await frame(path.join(dir, 'old2.png'), (_x, _y, v) => v);
    const other = await frame(path.join(dir, 'other.png'), (_x, y, v) => (y < 50 || y >= 150 ? 0 : v + 12));
    await expect(spliceRows(old, other, [0.25, 0.75], { margin: 4, feather: 8 })).rejects.toThrow(
      /not the same scene/,
    );
  });
});
