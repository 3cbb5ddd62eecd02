import { describe, expect, it } from 'vitest';
import { floorProfiles } from './floor.profile';

const W = 600;
const H = 420;
// A side view: body 150..450 across, 150..270 down (the sill at 270), wheels at 200 and 400 standing on
// row 330; the car is 180 px tall.
const SILL = 270;
const GROUND = 330;
const CAR_H = GROUND - 150;

/** The car on a floor of level 150, darkened in front of the ground line by `front(d)` (d in car heights). */
function scene(front: (d: number) => number): { rgb: Buffer; alpha: Uint8Array } {
  const rgb = Buffer.alloc(W * H * 3);
  const alpha = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const body = x >= 150 && x < 450 && y >= 150 && y < SILL;
      const wheel = [200, 400].some((cx) => (x - cx) ** 2 + (y - (GROUND - 40)) ** 2 < 40 ** 2);
      if (body || wheel) alpha[i] = 255;
      const between = x >= 150 && x < 450;
      const dark = !between ? 0 : y < GROUND ? 0.9 : front((y - GROUND) / CAR_H);
      const v = alpha[i] ? 30 : Math.round(150 * (1 - dark) ** (1 / 2.2));
      rgb.fill(v, i * 3, i * 3 + 3);
    }
  return { rgb, alpha };
}

describe('floor profiles', () => {
  it('tell a wide occlusion in front of the car from a thin band at the sill (the apron)', () => {
    // Real turntable photos: the car hides a big overhead light from the floor out to about 0.2-0.25 car
    // heights in front. A composite with the same darkness under the car but lit floor 4 % out is what the
    // reviewers saw as "a thin dark band under the sill, then bright floor".
    const wide = scene((d) => 0.5 * Math.max(0, 1 - d / 0.25) ** 1.5);
    const thin = scene((d) => 0.5 * Math.max(0, 1 - d / 0.04));
    const a = floorProfiles(wide.rgb, 3, wide.alpha, W, H);
    const b = floorProfiles(thin.rgb, 3, thin.alpha, W, H);
    // The sill profile (each point against the floor 0.12 car heights further down, itself in the wide
    // occlusion) scores the thin band as dark as the wide one under the sill, and darker 3/4 of the way
    // down and on the ground line (0.37 / 0.35 against 0.45 / 0.39).
    for (let k = 0; k < 3; k++) expect(b.sill![k]).toBeLessThan(a.sill![k] + 0.02);
    // The apron (against open floor 0.3 car heights out) sees the difference: 0.81 / 0.88 of the open floor
    // 5 / 10 % in front for the wide occlusion, 1.0 for the thin band.
    const at5 = 3;
    const at10 = 4;
    expect(b.apron![at5] - a.apron![at5]).toBeGreaterThan(0.1);
    expect(b.apron![at10] - a.apron![at10]).toBeGreaterThan(0.05);
    expect(b.apron![at5]).toBeGreaterThan(0.98);
  });
});
