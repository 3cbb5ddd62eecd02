import { describe, expect, it } from 'vitest';
import type { RawImage } from '../io/image.decode';
import { sceneMeta } from './scene.library';
import { renderScene } from './scene.render';
import { compositeAtOwnSize } from '../testing/synthetic.fixture';

const W = 400;
const H = 300;

/** A box-shaped car standing on its lower edge (row 209), painted in vertical stripes 8 px wide. */
function stripedCar(): { image: RawImage; mask: Uint8Array } {
  const data = Buffer.alloc(W * H * 3, 120);
  const mask = new Uint8Array(W * H);
  for (let y = 90; y < 210; y++)
    for (let x = 80; x < 320; x++) {
      mask[y * W + x] = 255;
      data.fill(Math.floor(x / 8) % 2 ? 230 : 20, (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  return { image: { data, width: W, height: H, channels: 3 }, mask };
}

describe('the floor reflection', () => {
  it('is sharp where the car meets a satin floor and blurs with distance below it', async () => {
    const scene = 'studio-white';
    expect(sceneMeta(scene).floor.gloss).toBeGreaterThan(0.1);
    const { image, mask } = stripedCar();
    const { r, box, framing } = await compositeAtOwnSize(image, mask, scene);
    const bare = await renderScene(scene, W, H, { carHeightPx: box.h, floorY: framing.floorY });
    // Stripe amplitude of what the reflection adds: mean |difference| between neighbouring stripes' columns.
    const stripes = (y: number): number => {
      let sum = 0;
      let n = 0;
      for (let x = 120; x < 280; x += 16) {
        const at = (xx: number): number => {
          const o = (y * W + xx) * 3 + 1;
          return r.image.data[o] - bare.data[o];
        };
        sum += Math.abs(at(x + 4) - at(x + 12));
        n++;
      }
      return sum / n;
    };
    const near = (stripes(212) + stripes(213)) / 2;
    const far = (stripes(250) + stripes(251)) / 2;
    // Before: 8.7 near and 5.0 far (one blur for the whole reflection). After: 16 and 2 on the floor of
    // gloss 0.19; the session-13 studio white is more matt (0.15): about 9 near, the blur's fall-off the same.
    expect(near).toBeGreaterThan(6);
    expect(far).toBeLessThan(near / 3);
  });
});

/** A box car of one colour standing on row 209 (its roof at `top`) composited into a scene, and the bare scene. */
async function redCarOn(scene: string, rgb: number[], top: number) {
  const data = Buffer.alloc(W * H * 3, 120);
  const mask = new Uint8Array(W * H);
  for (let y = top; y < 210; y++)
    for (let x = 80; x < 320; x++) {
      mask[y * W + x] = 255;
      data.set(rgb, (y * W + x) * 3);
    }
  const { r, box, framing } = await compositeAtOwnSize(
    { data, width: W, height: H, channels: 3 },
    mask,
    scene,
  );
  const bare = await renderScene(scene, W, H, { carHeightPx: box.h, floorY: framing.floorY });
  return { r, box, bare };
}

describe('a wet road', () => {
  it("mirrors the car's colour as strongly as its gloss says, just below the car", async () => {
    const scene = 'foggy-morning';
    const floor = sceneMeta(scene).floor;
    expect(floor.kind).toBe('wet-asphalt');
    const { r, box } = await redCarOn(scene, [200, 30, 30], 90);
    // The same box in grey: the same shadows under it, and a reflection that adds no red. Against the bare
    // scene the drawn contact shadow took the floor's own warm tint away in these rows, which read as less
    // reflection (0.12 at the reflection's weight of 0.21).
    const grey = (await redCarOn(scene, [115, 115, 115], 90)).r;
    // How far toward the car's red, as graded into the foggy light (its redness in the composite, about 105
    // of the photo's 170), the floor moved in the rows just under the car, as a share of the way.
    const redness = (img: Buffer, i: number): number => img[i * 3] - img[i * 3 + 1];
    const mid = (box.y + box.h / 2) * W + box.x + box.w / 2;
    const red = redness(r.image.data, Math.round(mid)) - redness(grey.image.data, Math.round(mid));
    let moved = 0;
    let room = 0;
    for (let y = box.y + box.h + 2; y < box.y + box.h + 8; y++)
      for (let x = box.x + 20; x < box.x + box.w - 20; x++) {
        const i = y * W + x;
        moved += redness(r.image.data, i) - redness(grey.image.data, i);
        room += red;
      }
    const share = moved / room;
    // Water at a car photo's grazing angle: the share should follow gloss x (1 - roughness)^2 (0.22 here).
    // Session 13: 0.11 (a faint smear: 0.6 x and a steeper fall-off than a dry floor's), then 0.29 (the
    // film's breakup was read off the floor after the shadows, and the lit floor just past the contact
    // shadow's edge, brighter than its blurred surroundings, counted as film at the 1.6 cap). Now 0.16.
    const g = floor.gloss * (1 - floor.roughness) ** 2;
    expect(share).toBeGreaterThan(0.6 * g);
    expect(share).toBeLessThan(1.1 * g);
  });
});

describe('a rough wet road', () => {
  it('streaks the reflection toward the camera instead of mirroring blotches of colour', async () => {
    // Water on asphalt mirrors in streaks drawn toward the viewer: the reflection varies across the road far
    // more than along it. On the foggy morning's wet road the red car's reflection was "a pink blob": the
    // film's breakup followed the rendered floor's round puddles, as blotchy down the picture as across it.
    const scene = 'foggy-morning';
    const { r, box } = await redCarOn(scene, [200, 30, 30], 90);
    // Against the same box in grey (the same shadows, which fade down the picture too, and the same scene's
    // mirror image taken out), so only the red the reflection adds is measured.
    const grey = (await redCarOn(scene, [115, 115, 115], 90)).r;
    const added = (x: number, y: number): number => {
      const i = (y * W + x) * 3;
      return r.image.data[i] - r.image.data[i + 1] - (grey.image.data[i] - grey.image.data[i + 1]);
    };
    // Mean squared change of the added red over 4 px across and 4 px down, in the rows a quarter to three
    // quarters of the car's height below it.
    let across = 0;
    let down = 0;
    const y1 = Math.min(H - 5, box.y + box.h + 0.75 * box.h);
    for (let y = box.y + box.h + Math.round(0.25 * box.h); y < y1; y++)
      for (let x = box.x + 30; x < box.x + box.w - 30; x++) {
        across += (added(x + 4, y) - added(x, y)) ** 2;
        down += (added(x, y + 4) - added(x, y)) ** 2;
      }
    // Session 16: 0.3 before (2.4 across, 8.1 down: the breakup's patches were wide and flat), 7 after, both
    // against the bare scene, which counted the shadows' fade down the picture as well (with the occlusion
    // eased out along its own contours since session 19, 3.2). Against the grey box: 3.0 with session 18's
    // code, 2.7 now (the scene's mirror image taken out leaves a darker floor, on which sRGB shows the same
    // red a little more where the film is thin).
    expect(across / down).toBeGreaterThan(2);
  });
});

describe('the reflection down the car', () => {
  it('keeps the strength Fresnel gives it at the scene’s camera, down to the mirrored upper body', async () => {
    // The mirrored body, glass and lamps lie a half to a whole car height below it, where the reflection
    // faded as (1 - d)^1.2 to nothing: on the spotlight-night yard "a wet floor with no reflection of the car".
    const scene = 'spotlight-night';
    expect(sceneMeta(scene).floor.kind).toBe('wet-asphalt');
    const { r, box, bare } = await redCarOn(scene, [230, 40, 40], 150);
    // How far toward the car's red the floor moved, as a share of the way, in rows d car heights below it.
    const share = (d0: number, d1: number): number => {
      let moved = 0;
      let room = 0;
      for (let y = box.y + box.h + Math.round(d0 * box.h); y < box.y + box.h + Math.round(d1 * box.h); y++)
        for (let x = box.x + 20; x < box.x + box.w - 20; x++) {
          const i = (y * W + x) * 3;
          moved += r.image.data[i] - r.image.data[i + 1] - (bare.data[i] - bare.data[i + 1]);
          room += 190 - (bare.data[i] - bare.data[i + 1]);
        }
      return moved / room;
    };
    const near = share(0.1, 0.3);
    const far = share(0.6, 0.8);
    expect(near).toBeGreaterThan(0.05);
    // Fresnel for water at the scene's camera keeps about half the near rows' share here (0.49, the floor's
    // breakup and the blurs included); (1 - d)^1.2 kept 0.22.
    expect(far / near).toBeGreaterThan(0.45);
  });
});

describe('a wet glossy floor', () => {
  it("mirrors the car's shape and lamps, streaked but readable", async () => {
    // Spotlight night's yard (wet asphalt, gloss 0.35, roughness 0.2): reviewers saw "a wet floor with no
    // reflection of the car" where the streak blur and the floor's breakup left a dark smear.
    const scene = 'spotlight-night';
    const floor = sceneMeta(scene).floor;
    expect(floor.kind).toBe('wet-asphalt');
    expect(floor.gloss).toBeGreaterThan(0.3);
    // A dark car front (rows 110-209) with two bright lamps, a lit plate between them and a pale windscreen
    // band: the parts a night reflection is read by. Lamps and plate are glints (above 90 %), which the night
    // grade keeps bright; a daylight photo's 225-235 sinks with its mid-tones since session 17 (the lamps'
    // image then stood 24 levels over the body's, 0.82 correlated: the car shown was darker, not its mirror).
    // With 250 and 245: 0.865 and 38.2 levels on the session-16 grade, 0.849 and 39.0 on session 17's.
    const data = Buffer.alloc(W * H * 3, 120);
    const mask = new Uint8Array(W * H);
    const lum = (x: number, y: number): number => {
      if (y >= 160 && y < 178 && ((x >= 100 && x < 150) || (x >= 250 && x < 300))) return 250; // lamps
      if (y >= 185 && y < 197 && x >= 175 && x < 225) return 245; // plate
      if (y >= 120 && y < 145 && x >= 120 && x < 280) return 150; // windscreen
      return 35;
    };
    for (let y = 110; y < 210; y++)
      for (let x = 80; x < 320; x++) {
        mask[y * W + x] = 255;
        data.fill(lum(x, y), (y * W + x) * 3, (y * W + x) * 3 + 3);
      }
    const { r, box, framing } = await compositeAtOwnSize(
      { data, width: W, height: H, channels: 3 },
      mask,
      scene,
    );
    const bare = await renderScene(scene, W, H, { carHeightPx: box.h, floorY: framing.floorY });
    // What the floor gained below the car, against the car as drawn (graded) mirrored about its contact row,
    // each row's mean taken out (the shadow and the fall-off down the reflection are smooth and say nothing
    // of its shape). Against the photo's levels until session 19, whose night grade lowers the windscreen's
    // daylight band (what the paint mirrors) more than the body: 0.81 against the photo, 0.855 and 39.5 levels
    // against the car drawn (0.849 and 39.0 on session 17's grade).
    const shown = (v: number): number =>
      0.299 * r.grade[0][v] + 0.587 * r.grade[1][v] + 0.114 * r.grade[2][v];
    const ground = box.y + box.h;
    const got: number[] = [];
    const want: number[] = [];
    // And how much brighter the floor got under the mirrored lamps and plate than under the dark body.
    const gain = { lamp: 0, lamps: 0, body: 0, bodies: 0 };
    for (let d = 1; d < Math.round(box.h * 0.9); d++) {
      const g: number[] = [];
      const m: number[] = [];
      for (let x = box.x + 5; x < box.x + box.w - 5; x++) {
        const i = ((ground + d) * W + x) * 3;
        const L = (img: Buffer): number => 0.299 * img[i] + 0.587 * img[i + 1] + 0.114 * img[i + 2];
        g.push(L(r.image.data) - L(bare.data));
        m.push(shown(lum(x, ground - d)));
        if (lum(x, ground - d) > 200) {
          gain.lamp += g[g.length - 1];
          gain.lamps++;
        } else if (lum(x, ground - d) < 50) {
          gain.body += g[g.length - 1];
          gain.bodies++;
        }
      }
      const mg = g.reduce((a, b) => a + b, 0) / g.length;
      const mm = m.reduce((a, b) => a + b, 0) / m.length;
      for (let k = 0; k < g.length; k++) {
        got.push(g[k] - mg);
        want.push(m[k] - mm);
      }
    }
    let sgw = 0;
    let sgg = 0;
    let sww = 0;
    for (let k = 0; k < got.length; k++) {
      sgw += got[k] * want[k];
      sgg += got[k] ** 2;
      sww += want[k] ** 2;
    }
    const corr = sgw / Math.sqrt(sgg * sww);
    const lampOverBody = gain.lamp / gain.lamps - gain.body / gain.bodies;
    // Before (session 15: sRGB streaks and mix, the floor's speckle cutting the image): 0.77 and 24 levels;
    // after: 0.89 and 31.
    expect(corr).toBeGreaterThan(0.84);
    expect(lampOverBody).toBeGreaterThan(28);
  });
});
