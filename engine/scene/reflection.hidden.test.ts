import { describe, expect, it } from 'vitest';
import { drawReflection, fresnelFall, type FloorLight } from './car.composite';
import { CAR_HEIGHT_M } from './scene.library';

// A synthetic glossy scene: a dark wall with a bright band across it (a row of lights, a window) standing on
// a floor that mirrors it, and a dark box car in front whose contact line is row 180.
const W = 300;
const H = 260;
const CONTACT = 180;
const BAND = [140, 150];
const floor: FloorLight = {
  reflection: 0.35,
  wet: false,
  roughness: 0.15,
  softness: 0.5,
  shadow: null,
  cast: 0,
};
const car = { left: 100, top: 120, cw: 100, ch: 60 };

/** The scene without the car: the floor mirrors the wall about the contact line with the model's own reflectance. */
function glossyScene(): Buffer {
  const out = Buffer.alloc(W * H * 3);
  const wall = (y: number): number => (y >= BAND[0] && y < BAND[1] ? 240 : 60);
  const fall = fresnelFall(floor, (d) => (d / car.ch) * CAR_HEIGHT_M);
  const r = floor.reflection * (1 - floor.roughness) ** 2;
  for (let y = 0; y < H; y++) {
    const d = y - CONTACT;
    const v = d < 0 ? wall(y) : 90 + 0.9 * r * fall(d) * wall(CONTACT - 1 - d);
    out.fill(Math.round(v), y * W * 3, (y + 1) * W * 3);
  }
  return out;
}

/** Mean green level of rows y0..y1 (exclusive) over columns x0..x1 (exclusive). */
function mean(img: Buffer, x0: number, x1: number, y0: number, y1: number): number {
  let s = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) s += img[(y * W + x) * 3 + 1];
  return s / ((x1 - x0) * (y1 - y0));
}

describe('the floor reflection on a glossy scene floor', () => {
  it("keeps the scene's own mirror image beside the car but not under it", async () => {
    const bare = glossyScene();
    const out = Buffer.from(bare);
    await drawReflection(
      { out, W, H },
      {
        carA: Buffer.alloc(car.cw * car.ch, 255),
        cw: car.cw,
        ch: car.ch,
        left: car.left,
        top: car.top,
        groundY: new Array<number>(car.cw).fill(car.ch),
        carH: car.ch,
      },
      Buffer.alloc(car.cw * car.ch * 3, 40),
      floor,
      Buffer.from(bare),
    );
    // The band's mirror image lies 31..40 rows below the contact line; the plain wall's 20..25 rows below it.
    const band = [CONTACT + 33, CONTACT + 37] as const;
    const plain = [CONTACT + 20, CONTACT + 26] as const;
    const contrast = (img: Buffer, x0: number, x1: number): number =>
      mean(img, x0, x1, ...band) - mean(img, x0, x1, ...plain);
    const scene = contrast(bare, 120, 180);
    expect(scene).toBeGreaterThan(10);
    // Beside the car the floor still mirrors the band as rendered.
    expect(Math.abs(contrast(out, 10, 60) - scene)).toBeLessThan(0.5);
    // Under the car it mirrors the car's uniform body instead: the band's image is gone (before session 18
    // the floor was only faded by the reflection's weight, and 0.92 of the band’s contrast stayed).
    expect(Math.abs(contrast(out, 120, 180))).toBeLessThan(0.2 * scene);
  });
});
