import { describe, expect, it } from 'vitest';
import type { RawImage } from '../io/image.decode';
import { carBox } from './car.composite';
import { photoShadow, toLinear, toSrgb } from './photo.shadow';
import { renderScene } from './scene.render';
import { compositeAtOwnSize } from '../testing/synthetic.fixture';

const W = 400;
const H = 300;

/** A flat car on a plain floor; `floor(x, y)` gives the floor's grey level where the car is not. `nose`: where
 * the body ends on the right (a front overhang reaching well past the wheel, as in a 3/4 view). */
function photo(floor: (x: number, y: number) => number, nose = 0.75): { image: RawImage; mask: Uint8Array } {
  const data = Buffer.alloc(W * H * 3);
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const body = x > W * 0.25 && x < W * nose && y > H * 0.35 && y < H * 0.62;
      const wheel = [0.33, 0.67].some((cx) => (x - W * cx) ** 2 + (y - H * 0.65) ** 2 < (H * 0.1) ** 2);
      if (body || wheel) mask[i] = 255;
      const v = mask[i] ? 40 : floor(x, y);
      data[i * 3] = v;
      data[i * 3 + 1] = v;
      data[i * 3 + 2] = v;
    }
  return { image: { data, width: W, height: H, channels: 3 }, mask };
}

const lin = (v: number): number => (v / 255) ** 2.2;
/** Under the car between the wheels, from the sill down to the ground line. */
const underCar = (x: number, y: number): boolean =>
  x > W * 0.27 && x < W * 0.73 && y >= H * 0.62 && y < H * 0.76;
const shadowed = (x: number, y: number): number => (underCar(x, y) ? 90 : 200);

/** Mean darkness (0..1) of a shadow map along source row `y`, over the columns from `x0` to `x1` (fractions). */
function rowDarkness(
  sh: NonNullable<ReturnType<typeof photoShadow>>,
  y: number,
  x0: number,
  x1: number,
): number {
  const gy = Math.round((y - sh.y0) / (sh.h / sh.gh));
  let sum = 0;
  let n = 0;
  for (let x = Math.round(W * x0); x < W * x1; x++) {
    sum += sh.dark[gy * sh.gw + Math.round((x - sh.x0) / (sh.w / sh.gw))] / 255;
    n++;
  }
  return sum / n;
}

/**
 * A car whose body overhangs the front wheel to 0.85 W and whose underside rises 0.8 px a column over its
 * last 30 px; the photo shows the far side's lit road under the sill and a shadow of grey `shade` below it,
 * past the car's end. Its shadow map, read with the default reach.
 */
function risingBumper(shade: number): { sh: NonNullable<ReturnType<typeof photoShadow>>; mask: Uint8Array } {
  const { image, mask } = photo(
    (x, y) =>
      y >= H * 0.62 && y < H * 0.76 && x > W * 0.2 && x < W * 0.9 ? (y < H * 0.655 ? 170 : shade) : 200,
    0.85,
  );
  for (let x = 310; x < W * 0.85; x++)
    for (let y = Math.round(H * 0.62 - (x - 310) * 0.8); y < H * 0.62; y++)
      if (!((x - W * 0.67) ** 2 + (y - H * 0.65) ** 2 < (H * 0.1) ** 2)) {
        const i = y * W + x;
        mask[i] = 0;
        image.data.fill(y >= H * 0.655 ? shade : 170, i * 3, i * 3 + 3);
      }
  const sh = photoShadow(image, mask, carBox(mask, W, H)!);
  expect(sh).not.toBeNull();
  return { sh: sh!, mask };
}

/**
 * The largest step of `seen(darkness)` between neighbouring columns of the map on the floor under
 * risingBumper's rising underside, clear of the outline (the car's soft edge covers the two pixels next to it).
 */
function worstStep(
  sh: NonNullable<ReturnType<typeof photoShadow>>,
  mask: Uint8Array,
  seen: (d: number) => number,
): number {
  const cell = sh.w / sh.gw;
  let worst = 0;
  for (let y = Math.round(H * 0.56); y < Math.round(H * 0.7); y++) {
    const gy = Math.floor((y - sh.y0) / (sh.h / sh.gh));
    for (let x = 290; x < W * 0.88; x++) {
      const gx = Math.floor((x - sh.x0) / cell);
      let nearCar = false;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 3; dx++) nearCar ||= mask[(y + dy) * W + x + dx] > 0;
      if (nearCar) continue;
      const i = gy * sh.gw + gx;
      worst = Math.max(worst, Math.abs(seen(sh.dark[i + 1] / 255) - seen(sh.dark[i] / 255)));
    }
  }
  return worst;
}

/**
 * The photo composited on `scene` at its own size: the share of the bare scene's light (green, in `linear`
 * light) kept on the floor over a patch given in source fractions of the width and height.
 */
async function floorKept(
  image: RawImage,
  mask: Uint8Array,
  scene: string,
  xs: [number, number],
  ys: [number, number],
  linear = lin,
): Promise<number> {
  const { r, box, framing } = await compositeAtOwnSize(image, mask, scene);
  const bare = await renderScene(scene, W, H, {
    carHeightPx: box.h * r.placement.scale,
    floorY: framing.floorY,
  });
  let got = 0;
  let was = 0;
  for (let y = Math.round(H * ys[0]); y < Math.round(H * ys[1]); y++)
    for (let x = Math.round(W * xs[0]); x < Math.round(W * xs[1]); x++) {
      const ox = Math.round(x * r.placement.scale + r.placement.dx);
      const oy = Math.round(y * r.placement.scale + r.placement.dy);
      if (ox < 0 || oy < 0 || ox >= W || oy >= H) continue;
      const o = (oy * W + ox) * 3 + 1;
      got += linear(r.image.data[o]);
      was += linear(bare.data[o]);
    }
  return got / was;
}

describe('the photo’s own shadow', () => {
  it('is read off a plain floor as the ratio to the shadow-free floor, in linear light', () => {
    const { image, mask } = photo(shadowed);
    const sh = photoShadow(image, mask, carBox(mask, W, H)!)!;
    expect(sh).not.toBeNull();
    expect(sh.trust).toBeGreaterThan(0.6);
    // Darkness at a cell under the middle of the car, well inside the shadow.
    const sx = (W * 0.5 - sh.x0) / (sh.w / sh.gw);
    const sy = (H * 0.7 - sh.y0) / (sh.h / sh.gh);
    const d = sh.dark[Math.round(sy) * sh.gw + Math.round(sx)] / 255;
    expect(d).toBeGreaterThan(1 - lin(90) / lin(200) - 0.08);
    // Plain floor away from the car carries no shadow.
    const fy = Math.round((H * 0.84 - sh.y0) / (sh.h / sh.gh));
    const fx = Math.round((W * 0.1 - sh.x0) / (sh.w / sh.gw));
    expect(sh.dark[fy * sh.gw + fx]).toBeLessThan(8);
  });

  it('carries the near-black floor under a studio car’s sills, not a capped grey', async () => {
    // Real turntable photos (24 Carvana, true masks) show the floor under the sills at 0.30 of the open
    // floor's encoded level a quarter of the way down from the sill, the darkest columns at 0.14: about 1.5 %
    // of its light, the ceiling almost wholly hidden by the body. Here the floor under the car keeps 1.5 %.
    const deep = Math.round(255 * 0.015 ** (1 / 2.2) * (200 / 255));
    const { image, mask } = photo((x, y) => (underCar(x, y) ? deep : 200));
    const kept = await floorKept(image, mask, 'studio-grey', [0.4, 0.6], [0.64, 0.72]);
    expect(kept).toBeLessThan(0.03);
  });

  it('takes a deep shadow off the new floor in the same linear light as it read it off the old one', async () => {
    // Under a booth car's sills the photo keeps some 1 % of the floor's light (17 levels on a floor of 175).
    // The darkness is read as a ratio in sRGB's linear light; laid on the new floor as a 1/2.2 power of the
    // encoded level it left that floor at twice the light (a 187 floor at 26 instead of 19): "a faint shadow
    // under the sill between the wheels" on every studio output of the session-19 review.
    const share = 0.012;
    const deep = Math.round(255 * toSrgb(share * toLinear(200 / 255)));
    const { image, mask } = photo((x, y) => (underCar(x, y) ? deep : 200));
    const kept = await floorKept(image, mask, 'studio-white', [0.45, 0.55], [0.64, 0.7], (v) =>
      toLinear(v / 255),
    );
    // The photo's 0.012 (20 levels on a floor of 200): before 0.018 of the new floor's light, now 0.012.
    expect(kept).toBeLessThan(share * 1.25);
    expect(kept).toBeGreaterThan(share * 0.7);
  });

  it('carries the shadow of a gravel or striped road, not the road’s texture, onto a plain new floor', async () => {
    // The old road's grain runs under the car too, in the shadow: the photo's floor there is the shadow times
    // the grain, and photo / fit holds both. Stones of about 8 px (+-25 %) and diagonal stripes 14 px apart
    // (+-10 %): coarser than the closing that takes out paving joints, as gravel and patched asphalt are.
    const hash = (i: number, j: number): number =>
      ((((i * 73856093) ^ (j * 19349663)) >>> 0) % 101) / 100 - 0.5;
    const stones = (x: number, y: number): number => {
      const [i, j, u, v] = [Math.floor(x / 8), Math.floor(y / 8), (x % 8) / 8, (y % 8) / 8];
      const top = hash(i, j) * (1 - u) + hash(i + 1, j) * u;
      const bottom = hash(i, j + 1) * (1 - u) + hash(i + 1, j + 1) * u;
      return top * (1 - v) + bottom * v;
    };
    const grain = (x: number, y: number): number => 1 + stones(x, y) + ((x + y) % 14 < 7 ? 0.1 : -0.1);
    const shade = (x: number, y: number): number => (underCar(x, y) ? 0.2 : 1);
    const { image, mask } = photo((x, y) =>
      Math.round(255 * ((170 / 255) ** 2.2 * grain(x, y) * shade(x, y)) ** (1 / 2.2)),
    );
    // The floor kept under the car as a share of the bare scene's (linear light), between the wheels from the
    // sill to the ground line. The shadow there is even along each row, so each pixel against its row's mean
    // over 21 px is the old road printed into the new floor.
    const { r, box, framing } = await compositeAtOwnSize(image, mask, 'studio-grey');
    const bare = await renderScene('studio-grey', W, H, {
      carHeightPx: box.h * r.placement.scale,
      floorY: framing.floorY,
    });
    const kept = (x: number, y: number): number => {
      const o = (y * W + x) * 3 + 1;
      return lin(r.image.data[o]) / lin(bare.data[o]);
    };
    const { scale, dx, dy } = r.placement;
    let hp = 0;
    let sum = 0;
    let n = 0;
    for (let y = Math.round(H * 0.64 * scale + dy); y < H * 0.73 * scale + dy; y++)
      for (let x = Math.round(W * 0.46 * scale + dx); x < W * 0.54 * scale + dx; x++) {
        let row = 0;
        for (let d = -10; d <= 10; d++) row += kept(x + d, y) / 21;
        hp += (kept(x, y) - row) ** 2;
        sum += kept(x, y);
        n++;
      }
    const texture = Math.sqrt(hp / n) / (sum / n);
    // The darkness under the car is kept: the photo's floor there keeps 0.2 of its light, the new one 0.32
    // (0.35 before; the fit's allowance for the floor's texture takes the rest).
    expect(sum / n).toBeLessThan(0.4);
    // Before: 0.079 of the kept light from pixel to pixel along a row. Now 0.023.
    expect(texture).toBeLessThan(0.04);
  });

  it('keeps the floor under the sill as dark as the floor nearer the ground line, not the far side’s light', () => {
    // A street photo: right under the sill the far side's sunlit road shows through the gap under the car
    // (a lit strip), the shadow lies below it down to the ground line.
    const { image, mask } = photo((x, y) => (underCar(x, y) ? (y < H * 0.655 ? 170 : 60) : 200));
    const sh = photoShadow(image, mask, carBox(mask, W, H)!)!;
    expect(sh).not.toBeNull();
    const at = (y: number): number => rowDarkness(sh, y, 0.45, 0.55);
    // Before: 0.29 in the strip against 0.92 below it. Now the strip is as dark as the shadow below.
    expect(at(H * 0.64)).toBeGreaterThan(at(H * 0.7) - 0.05);
  });

  it('fades the darkness carried under the sill out where the underside rises to a bumper, without a wall', () => {
    // ig02_carsgraz_244 on city-centre: the lit strip under the sill was darkened only in columns whose gap
    // is at most 1.25 x the sill's, so where the rear bumper's underside rose past that the darkness stopped
    // from one column to the next: "a hard vertical edge at the left of the rear bumper".
    const { sh, mask } = risingBumper(60);
    // Before: 0.63 from one column to the next; now 0.12 (a fade over the rising underside).
    expect(worstStep(sh, mask, (d) => d)).toBeLessThan(0.15);
  });

  it('fades a near-black shadow out under a rising bumper evenly in the floor’s level, not all at its dark end', () => {
    // 244 on city-centre again (session 19): the fade above, even in darkness, took a near-black sun shadow
    // from 0.93 to 0.17 over 22 cells, and the floor's level (the light's 1/2.2 power) did most of its change
    // over the last few: "a hard-edged rectangular dark shadow block behind the bumper".
    const { sh, mask } = risingBumper(12);
    // The largest step of the floor's encoded level (a share of the open floor's) between neighbouring
    // columns. Before: 0.17 (at the fade's dark end); now 0.09, the fade's even step over its few columns.
    expect(worstStep(sh, mask, (d) => (1 - d) ** (1 / 2.2))).toBeLessThan(0.12);
  });

  it('fades the shadow in beside the car’s ends instead of starting it at a ruled line', () => {
    // A sun shadow reaching out beside the car's ends (as on a street photo): the reading starts 0.06 car
    // heights above the lowest tyre there, and the darkness rose to full within 2 cells of that row.
    const { image, mask } = photo((x, y) =>
      y >= H * 0.5 &&
      y < H * 0.76 &&
      x > W * 0.2 &&
      x < W * 0.8 &&
      !(y < H * 0.62 && x > W * 0.25 && x < W * 0.75)
        ? 70
        : 200,
    );
    const sh = photoShadow(image, mask, carBox(mask, W, H)!)!;
    expect(sh).not.toBeNull();
    // The largest step of darkness from one row to the next, in columns just beside the car's ends.
    let worst = 0;
    let deepest = 0;
    for (const x of [W * 0.22, W * 0.23, W * 0.77, W * 0.78]) {
      const gx = Math.floor((x - sh.x0) / (sh.w / sh.gw));
      // Above the shadow's own edge toward the camera (the photo's, at 0.76 H).
      for (let gy = 0; sh.y0 + (gy + 1) * (sh.h / sh.gh) < H * 0.7; gy++) {
        const d = sh.dark[gy * sh.gw + gx] / 255;
        deepest = Math.max(deepest, d);
        worst = Math.max(worst, Math.abs(sh.dark[(gy + 1) * sh.gw + gx] / 255 - d));
      }
    }
    // The shadow is kept there (0.89 of the light gone) ...
    expect(deepest).toBeGreaterThan(0.5);
    // ... with no edge of its own. Before: a step of 0.45 from one row to the next; now 0.13.
    expect(worst).toBeLessThan(0.15);
  });

  it('does not take the dark joints of paving for a shadow', () => {
    // Setts of 6 px with 1-px dark joints, no shadow at all.
    const { image, mask } = photo((x, y) => (x % 6 === 0 || y % 6 === 0 ? 110 : 200));
    const sh = photoShadow(image, mask, carBox(mask, W, H)!);
    expect(sh).not.toBeNull();
    if (!sh) return;
    let sum = 0;
    let n = 0;
    for (let gy = 0; gy < sh.gh; gy++)
      for (let gx = 0; gx < sh.gw; gx++) {
        const x = sh.x0 + (gx + 0.5) * (sh.w / sh.gw);
        const y = sh.y0 + (gy + 0.5) * (sh.h / sh.gh);
        if (y < H * 0.8 && x > W * 0.2 && x < W * 0.8) continue; // next to the car
        sum += sh.dark[gy * sh.gw + gx];
        n++;
      }
    expect(sum / n / 255).toBeLessThan(0.03);
  });

  it('carries a shadow that reaches past the car’s end without a step at its last column', () => {
    // The body overhangs the wheel to 0.82 W; the photo's shadow goes on under the overhang and past it.
    const nose = 0.82;
    const { image, mask } = photo(
      (x, y) => (y >= H * 0.62 && y < H * 0.74 && x > W * 0.27 && x < W * 0.88 ? 90 : 200),
      nose,
    );
    const sh = photoShadow(image, mask, carBox(mask, W, H)!)!;
    expect(sh).not.toBeNull();
    const cell = sh.w / sh.gw;
    const lastGx = Math.floor((W * nose - sh.x0) / cell);
    let worst = 0;
    for (let y = Math.round(H * 0.66); y < Math.round(H * 0.72); y++) {
      const gy = Math.floor((y - sh.y0) / (sh.h / sh.gh));
      for (let gx = lastGx - 3; gx <= lastGx + 3; gx++)
        worst = Math.max(worst, Math.abs(sh.dark[gy * sh.gw + gx + 1] - sh.dark[gy * sh.gw + gx]) / 255);
    }
    // The old rule (full darkness in the car's columns, by distance beside them) stepped by 0.3-0.5 here.
    expect(worst).toBeLessThan(0.1);
  });

  it('keeps the long soft fade of the shadow in front of the car on a textured floor that brightens toward the camera', () => {
    // A turntable floor: brighter toward the camera, with a 4-px speckle of +-8 levels. The car's shadow fades
    // in front of it over 0.35 of its height (as a soft-box studio's does), within the speckle's spread
    // for most of that length, so a fit taking the floor in front for shadow-free light bends into it.
    const carH = H * 0.4;
    const ground = H * 0.75;
    const fade = (y: number): number => Math.max(0, 1 - (y - ground) / (0.35 * carH));
    const speckle = (x: number, y: number): number =>
      (((((x >> 2) * 73856093) ^ ((y >> 2) * 19349663)) >>> 0) % 17) - 8;
    const floorAt = (x: number, y: number): number => 140 + (70 * y) / H + speckle(x, y);
    const { image, mask } = photo((x, y) => {
      const d = x > W * 0.27 && x < W * 0.73 && y >= H * 0.62 ? 0.6 * (y < ground ? 1 : fade(y)) : 0;
      return Math.round(255 * ((floorAt(x, y) / 255) ** 2.2 * (1 - d)) ** (1 / 2.2));
    });
    const sh = photoShadow(image, mask, carBox(mask, W, H)!)!;
    expect(sh).not.toBeNull();
    // Mean darkness across the middle columns, a third and half way through the fade (truth 0.4 and 0.3).
    const at = (y: number): number => rowDarkness(sh, y, 0.4, 0.6);
    // Before: 0 and 0 (the fit took the fade for the floor's own falloff, and darkness was counted from the
    // sill, so it ended 0.45 of the car's height below it whatever the photo showed). After: 0.38 and 0.25.
    expect(at(ground + (0.35 * carH) / 3)).toBeGreaterThan(0.25);
    expect(at(ground + (0.35 * carH) / 2)).toBeGreaterThan(0.15);
  });

  it('keeps the wide soft occlusion in front of the car on a coarse-grained turntable, not just a band at the sill', () => {
    // A turntable of seamed, unevenly worn plates: 3-px grains of +-0.2 in log light (the fit's spread about
    // 0.15, as on the Carvana turntables that read 0.10-0.19). The car hides the studio's big overhead light
    // from the floor in front of it: half the light gone on the ground line, fading to none 0.25 car heights
    // out, as real turntable photos show (0.53 / 0.61 / 0.69 / 0.81 of the open floor's encoded level on the
    // line and 2 / 5 / 10 % in front, 22 Carvana photos).
    const carH = H * 0.4;
    const ground = H * 0.75;
    const grain = (x: number, y: number): number =>
      (0.4 * ((((((x / 3) | 0) * 73856093) ^ (((y / 3) | 0) * 19349663)) >>> 0) % 101)) / 100 - 0.2;
    const occlusion = (y: number): number =>
      y < ground ? 0.9 : 0.5 * Math.max(0, 1 - (y - ground) / (0.25 * carH)) ** 1.5;
    const { image, mask } = photo((x, y) => {
      const d = x > W * 0.27 && x < W * 0.73 && y >= H * 0.62 ? occlusion(y) : 0;
      return Math.round(255 * Math.min(1, (160 / 255) ** 2.2 * Math.exp(grain(x, y)) * (1 - d)) ** (1 / 2.2));
    });
    const sh = photoShadow(image, mask, carBox(mask, W, H)!)!;
    expect(sh).not.toBeNull();
    const at = (y: number): number => rowDarkness(sh, y, 0.4, 0.6);
    const truth = [0.02, 0.05, 0.1].map((f) => occlusion(ground + f * carH));
    const read = [0.02, 0.05, 0.1].map((f) => at(ground + f * carH));
    // Truth 0.44 / 0.36 / 0.23 at 2 / 5 / 10 % in front of the ground line. Before (twice the grain's whole
    // spread taken off every cell, then the low-pass): 0.38 / 0.23 / 0.10. Now 0.44 / 0.30 / 0.19.
    for (let k = 0; k < 3; k++) expect(read[k]).toBeGreaterThan(truth[k] - 0.08);
  });

  it('reads a booth’s wide shadow in front of the car when it darkens the floor beside the car’s ends too', () => {
    // In a booth the body hides the big overhead light from the floor all round it, beside its ends as well
    // as in front: the floor darkens toward the car from every side (real turntable photos: the floor in
    // front of the car at 0.6-0.8 of the floor beside it, 5-10 % of the car's height out, in linear light).
    // Here the darkness falls off from the car's footprint as exp(-distance / 0.15 car heights), 0.6 at its
    // edge, on a plain floor with a little speckle. The fit of the floor's own light is taken beside the car,
    // where that darkness rises toward the car; a bend across the picture took it for the floor's falloff.
    const carH = H * 0.4;
    const ground = H * 0.75;
    const speckle = (x: number, y: number): number =>
      (((((x >> 2) * 73856093) ^ ((y >> 2) * 19349663)) >>> 0) % 9) - 4;
    const occlusion = (x: number, y: number): number => {
      const dx = Math.max(0, W * 0.25 - x, x - W * 0.75);
      const dy = Math.max(0, y - ground);
      const dist = Math.hypot(dx, dy);
      return y >= H * 0.62 && dist === 0 ? 0.9 : 0.6 * Math.exp(-dist / (0.15 * carH));
    };
    const { image, mask } = photo((x, y) =>
      Math.round(255 * (((180 + speckle(x, y)) / 255) ** 2.2 * (1 - occlusion(x, y))) ** (1 / 2.2)),
    );
    const sh = photoShadow(image, mask, carBox(mask, W, H)!)!;
    expect(sh).not.toBeNull();
    const at = (f: number): number => rowDarkness(sh, ground + f * carH, 0.4, 0.6);
    // Truth 0.53 / 0.43 / 0.31 at 2 / 5 / 10 % in front of the ground line. Before (the fit bent down under
    // the car by the darkness beside its ends): 0.35 / 0.15 / 0.00. Now 0.51 / 0.36 / 0.23 (the floor the fit
    // is taken from is itself a little dark).
    for (const f of [0.02, 0.05, 0.1])
      expect(at(f)).toBeGreaterThan(occlusion(W / 2, ground + f * carH) - 0.1);
  });

  it('measures "in front of the car" from the sloped ground line of a 3/4 view, not from its lowest tyre', () => {
    // Rear wheel high on the left, near front wheel low on the right (a car seen from a raised camera). A
    // strip of darker floor (cobbles beside a pavement) lies 0.2-0.37 of the car's height in front of the
    // rear half, yet above the near front tyre's row.
    const data = Buffer.alloc(W * H * 3);
    const mask = new Uint8Array(W * H);
    const hullAt = (x: number): number => 165 + ((x - 120) * 60) / 152;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const body = x > 100 && x < 300 && y > 90 && y < Math.min(hullAt(x), 215) - 14;
        const rear = (x - 120) ** 2 + (y - 151) ** 2 < 14 ** 2;
        const front = (x - 272) ** 2 + (y - 211) ** 2 < 14 ** 2;
        if (body || rear || front) mask[i] = 255;
        const strip = x >= 108 && x < 152 && y >= 205 && y < 215;
        const v = mask[i] ? 40 : strip ? 120 : 200;
        data.fill(v, i * 3, i * 3 + 3);
      }
    const image: RawImage = { data, width: W, height: H, channels: 3 };
    const sh = photoShadow(image, mask, carBox(mask, W, H)!, { full: 0.04, end: 0.14 })!;
    expect(sh).not.toBeNull();
    let worst = 0;
    for (let y = 206; y < 214; y++)
      for (let x = 112; x < 148; x++) {
        const gx = Math.floor((x - sh.x0) / (sh.w / sh.gw));
        const gy = Math.floor((y - sh.y0) / (sh.h / sh.gh));
        worst = Math.max(worst, sh.dark[gy * sh.gw + gx] / 255);
      }
    // Before: 0.67 (everything above the lowest tyre's row counted as under the car). After: 0.
    expect(worst).toBeLessThan(0.1);
  });

  it('darkens the new floor under the car as the car darkened the old one', async () => {
    const { image, mask } = photo(shadowed);
    // Mean over a patch under the sill, between the wheels, as a ratio of the bare scene (linear light).
    const ratio = await floorKept(image, mask, 'studio-white', [0.45, 0.55], [0.66, 0.72]);
    // The photo's floor kept lin(90) / lin(200) = 0.17 of its light there; the new floor keeps about the same.
    expect(ratio).toBeGreaterThan(0.08);
    expect(ratio).toBeLessThan(0.35);
  });

  it('leaves the floor under the sills a street photo’s light under a new sun, not the photo’s near-black sun shadow', async () => {
    // ig02_carsgraz_260 on the coast road: a hard sun shadow under the car, 9-19 levels on a road of 180,
    // carried whole drew "a darker rectangular patch under the car". Street photos keep some 0.3 of the open
    // floor's level there (0.07 of its linear light). The sun shadow ends at the tyres' ground line.
    const { image, mask } = photo((x, y) => (underCar(x, y) && y < H * 0.75 ? 12 : 180));
    const kept = (scene: string): Promise<number> =>
      floorKept(image, mask, scene, [0.45, 0.55], [0.66, 0.72]);
    // Before: 0.011 of the coast road's linear light kept (0.13 of its level). Now 0.068.
    expect(await kept('coast-road')).toBeGreaterThan(0.05);
    // In a soft room the photo's shadow is the room's occlusion: still carried whole.
    expect(await kept('studio-white')).toBeLessThan(0.03);
    // A near-black shadow that fades out in front of the car is the car's own contact and occlusion: kept.
    const soft = photo((x, y) =>
      x > W * 0.27 && x < W * 0.73 && y >= H * 0.62 ? Math.min(180, 12 + Math.max(0, y - H * 0.75) * 6) : 180,
    );
    expect(await floorKept(soft.image, soft.mask, 'coast-road', [0.45, 0.55], [0.66, 0.72])).toBeLessThan(
      0.03,
    );
  });

  it('keeps only the contact under a new sun: the photo’s cast shadow fell where the photo’s sun put it', async () => {
    // A hard shadow cast to the right of the car, reaching well past it (a low sun on the photo's left).
    const cast = (x: number, y: number): boolean =>
      underCar(x, y) || (x >= W * 0.73 && x < W * 0.97 && y >= H * 0.6 && y < H * 0.76);
    const { image, mask } = photo((x, y) => (cast(x, y) ? 90 : 200));
    const darkness = async (scene: string, p = { image, mask }): Promise<number> =>
      1 - (await floorKept(p.image, p.mask, scene, [0.8, 0.84], [0.66, 0.72]));
    // In a soft room the photo's shadow is the room's: carried whole.
    expect(await darkness('studio-white')).toBeGreaterThan(0.12);
    // Under the coast road's sun (from the other side): gone there, the floor as dark as beside the same car
    // with no cast shadow in its photo (the new sky's occlusion, 0.1 there). Before: 0.18 darker, as in the room.
    const own = await darkness('coast-road', photo(shadowed));
    expect(await darkness('coast-road')).toBeLessThan(own + 0.02);
  });

  it('leaves the floor under the car at least as dark as the car’s occlusion of the new room, however faint the photo’s', async () => {
    // A turntable booth lit from all round: the car's own shadow is faint (0.35 of the light under the car,
    // none in front), and carried alone it left the new floor under the bumpers and sills nearly as bright as
    // the open floor ("the bumper floats"). In the new room the body hides most of the ceiling from that floor.
    const { image, mask } = photo((x, y) => (underCar(x, y) ? 165 : 200));
    const faint = 1 - lin(165) / lin(200);
    const kept = await floorKept(image, mask, 'studio-grey', [0.45, 0.55], [0.64, 0.7]);
    // Before: 0.66 (the photo's 1 - 0.35). Now what the sky occlusion leaves there: 0.12.
    expect(1 - faint).toBeGreaterThan(0.6);
    expect(kept).toBeLessThan(0.3);
    // In front of the car, 5-10 % of its height past the ground line, the occlusion's soft fade: 0.70 of the
    // light (before 1.0, no shadow at all; real turntable photos keep about 0.45 there).
    expect(await floorKept(image, mask, 'studio-grey', [0.45, 0.55], [0.77, 0.79])).toBeLessThan(0.85);
  });

  it('keeps the floor under the body out of a night lamp’s light as well as the photo’s shadow', async () => {
    // A soft daylight shadow under the car (0.17 of the light), on the night drive: a lamp 65 degrees up, from
    // the side. The cast shadow stood the car on its ground line like a card and fell beside it; the floor
    // seen under the sills, behind that line, kept the lamp's light: the night drive's floor under the sills
    // at 0.52 of the open floor's level a quarter of the way down (real photos 0.41), "no dark contact at night".
    const { image, mask } = photo(shadowed);
    const kept = await floorKept(image, mask, 'night-drive', [0.45, 0.55], [0.64, 0.7]);
    // Before: 0.18 (the photo's 0.17, the lamp's card shadow beside the car). Now 0.115: the lamp's share of
    // the light (0.42) is gone under the body as well, never below 0.07 (a street photo's floor under its sills).
    expect(kept).toBeLessThan(0.14);
    expect(kept).toBeGreaterThan(0.07);
  });
});
