import { describe, expect, it } from 'vitest';
import { editorPresets, landingGallery, studioPresets } from '../../contract/presets';
import type { RawImage } from '../io/image.decode';
import {
  carBox,
  compositeCar,
  carToneCurve,
  keyCast,
  limitSoftBand,
  PHOTO_SHADE_RATIO,
  photoLight,
  planFraming,
  sharedLight,
  SUN_CAST,
} from './car.composite';
import { groundLines } from './ground.line';
import { hasScene, renderScene } from './scene.render';
import { sceneCatalogue, sceneMeta, type SceneMeta } from './scene.library';
import { sceneFromPrompt } from './scene.prompt';
import { toLinear, toSrgb } from './photo.shadow';

/** The night drive's probes under the session-14 blue-hour sky alone (a grey sphere printed dark blue), kept
 * as a fixed case of a strongly coloured night light since session 16 relit the lay-by with its own lamp. */
function blueHourDusk(): SceneMeta {
  return {
    ...sceneMeta('night-drive'),
    probe: {
      grey: { mean: [12.8, 19.5, 44.0], lit: 25.8, shade: 13.5 },
      white: { mean: [44.2, 61.5, 110.8], lit: 76.4, shade: 46.2 },
    },
  };
}

function syntheticCar(width: number, height: number): { image: RawImage; mask: Uint8Array } {
  const data = Buffer.alloc(width * height * 3);
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const inBody = x > width * 0.2 && x < width * 0.8 && y > height * 0.35 && y < height * 0.7;
      const wheel = [0.3, 0.7].some(
        (cx) => (x - width * cx) ** 2 + (y - height * 0.7) ** 2 < (height * 0.1) ** 2,
      );
      if (inBody || wheel) mask[i] = 255;
      // A textured car (so any resampling or grading would show) on a flat wall.
      data[i * 3] = mask[i] ? (x * 7 + y * 3) % 256 : 200;
      data[i * 3 + 1] = mask[i] ? (x * 5 + y * 11) % 256 : 200;
      data[i * 3 + 2] = mask[i] ? (x * 13 + y) % 256 : 190;
    }
  }
  return { image: { data, width, height, channels: 3 }, mask };
}

/** A 400 x 300 photo of plain grey (200) with the car's silhouette given per pixel. */
function grey400x300(car: (x: number, y: number) => boolean) {
  const width = 400;
  const height = 300;
  const data = Buffer.alloc(width * height * 3, 200);
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (car(x, y)) mask[y * width + x] = 255;
  return { data, mask, width, height };
}

/** The silhouette `car` (grey400x300) composited on `scene` at 600 x 400. */
async function compositeOn(car: (x: number, y: number) => boolean, scene: string) {
  const { data, mask, width, height } = grey400x300(car);
  const framing = planFraming([carBox(mask, width, height)!], 600, 400);
  const r = await compositeCar({ data, width, height, channels: 3 }, mask, {
    width: 600,
    height: 400,
    framing,
    background: { kind: 'scene', id: scene },
  });
  return { r, framing };
}

/**
 * A side view on studio grey (a soft overhead light, as in the Carvana turntable photos of eval-dev): the
 * body from row 105 to `sill`, wheels of radius 30 standing on row 240 (the car 135 px tall). The photo's
 * plain floor holds no shadow to carry, so the drawn one is used.
 */
const sideViewOnStudioGrey = (sill: number) =>
  compositeOn(
    (x, y) =>
      (x >= 40 && x < 360 && y >= 105 && y < sill) ||
      [110, 290].some((cx) => (x - cx) ** 2 + (y - 210) ** 2 < 30 ** 2),
    'studio-grey',
  );

describe('preset catalogue', () => {
  it('has about 31 editor presets and 7 studio presets, all renderable, with Turkish texts and safe prompts', () => {
    expect(editorPresets.length).toBeGreaterThanOrEqual(30);
    expect(studioPresets.length).toBe(7);
    for (const p of [...editorPresets, ...studioPresets]) expect(hasScene(p.id)).toBe(true);
    for (const p of editorPresets) {
      expect(p.name.length).toBeGreaterThan(2);
      expect(p.description.length).toBeGreaterThan(5);
      expect(p.prompt).toMatch(/unchanged/i);
      expect(p.prompt).toMatch(/photorealistic/i);
    }
    for (const g of landingGallery) expect(hasScene(g.sceneId)).toBe(true);
  });

  it('renders every scene at exactly the requested size, with content', async () => {
    for (const p of [...editorPresets, ...studioPresets]) {
      const img = await renderScene(p.id, 150, 100);
      expect([img.width, img.height, img.channels]).toEqual([150, 100, 3]);
      let min = 255;
      let max = 0;
      for (const v of img.data) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
      expect(max - min).toBeGreaterThan(20);
    }
  });

  it('chooses scenes from Turkish and English prompts', () => {
    expect(sceneFromPrompt('karlı bir dağ yolunda').sceneId).toBe('snowy-drive');
    expect(sceneFromPrompt('gece şehir ışıkları').sceneId).toBe('urban-night');
    expect(sceneFromPrompt('on a beach with palm trees').sceneId).toBe('beach');
    expect(sceneFromPrompt('Kırmızı halı gala gecesi').sceneId).toBe('red-carpet');
    expect(sceneFromPrompt('yağmurlu bir akşam').sceneId).toBe('rainy-drive');
    expect(sceneFromPrompt('warm golden sunset').tint?.r).toBeGreaterThan(1);
    expect(sceneFromPrompt('').sceneId).toBe('luxury-showroom');
  });
});

describe('compositing', () => {
  it('changes the car only by a global per-channel tone curve, except at the cut edge (scale 1)', async () => {
    const { image, mask } = syntheticCar(400, 300);
    const box = carBox(mask, 400, 300)!;
    const framing = { carHeight: box.h / 300, floorY: (box.y + box.h) / 300, maxWidth: 1 };
    const src = Buffer.from(image.data);
    const r = await compositeCar(image, mask, {
      background: { kind: 'scene', id: 'night-drive' },
      width: 400,
      height: 300,
      framing,
    });
    expect(r.placement.scale).toBe(1);
    // A night scene darkens the car (it is lit by the scene, not by the day it was shot in) ...
    expect(r.grade[1][200]).toBeLessThan(180);
    // ... with a monotone curve per channel (reversible: no two levels cross).
    for (const lut of r.grade)
      for (let v = 1; v < 256; v++) expect(lut[v]).toBeGreaterThanOrEqual(lut[v - 1]);
    let compared = 0;
    for (let y = 3; y < 297; y++) {
      for (let x = 3; x < 397; x++) {
        // Interior only: 3 px away from the outline.
        let inside = true;
        for (const [dx, dy] of [
          [-3, 0],
          [3, 0],
          [0, -3],
          [0, 3],
        ])
          if (mask[(y + dy) * 400 + x + dx] !== 255) inside = false;
        if (!inside) continue;
        const ox = x + r.placement.dx;
        const oy = y + r.placement.dy;
        if (ox < 0 || oy < 0 || ox >= 400 || oy >= 300) continue;
        const s = (y * 400 + x) * 3;
        const o = (oy * 400 + ox) * 3;
        expect([r.image.data[o], r.image.data[o + 1], r.image.data[o + 2]]).toEqual([
          r.grade[0][src[s]],
          r.grade[1][src[s + 1]],
          r.grade[2][src[s + 2]],
        ]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10000);
  });

  it('frames every photo of a run with the same car height and floor line', async () => {
    const a = syntheticCar(400, 300);
    const b = syntheticCar(640, 360);
    const boxes = [carBox(a.mask, 400, 300)!, carBox(b.mask, 640, 360)!];
    const framing = planFraming(boxes, 600, 400);
    const outs = [];
    for (const c of [a, b])
      outs.push(
        await compositeCar(c.image, c.mask, {
          background: { kind: 'scene', id: 'studio-white' },
          width: 600,
          height: 400,
          framing,
        }),
      );
    const placed = outs.map((o) => carBox(o.alpha, 600, 400)!);
    expect(Math.abs(placed[0].h - placed[1].h)).toBeLessThanOrEqual(2);
    expect(Math.abs(placed[0].y + placed[0].h - (placed[1].y + placed[1].h))).toBeLessThanOrEqual(2);
    // Contact shadow: the floor right under the car is darker than the bare scene's floor at the same spot
    // (not than the floor far to the side: the studio's own light falls off toward the frame's edges).
    const img = outs[0].image;
    const bare = await renderScene('studio-white', 600, 400, {
      carHeightPx: framing.carHeight * 400,
      floorY: framing.floorY,
    });
    const at = ((placed[0].y + placed[0].h + 2) * 600 + Math.round(placed[0].x + placed[0].w / 2)) * 3;
    expect(img.data[at]).toBeLessThan(bare.data[at] - 30);
  });

  /** How much the car darkens the floor beside its lower body on the side the scene's shadow vector points
   * to and on the other (green, 0-255), against the same scene without the car. */
  async function sideDarkening(scene: SceneMeta): Promise<{ toward: number; away: number }> {
    const { image, mask } = syntheticCar(400, 300);
    const framing = planFraming([carBox(mask, 400, 300)!], 600, 400);
    const withCar = await compositeCar(image, mask, {
      width: 600,
      height: 400,
      framing,
      background: { kind: 'scene', id: scene.id },
    });
    // The same scene without the car: the shadow is what the car took away from the floor.
    const bare = await renderScene(scene.id, 600, 400, {
      carHeightPx: framing.carHeight * 400,
      floorY: framing.floorY,
    });
    const placed = carBox(withCar.alpha, 600, 400)!;
    const darkening = (x0: number, x1: number): number => {
      let sum = 0;
      let n = 0;
      for (let y = Math.round(placed.y + placed.h * 0.6); y < Math.min(400, placed.y + placed.h + 30); y++)
        for (let x = Math.max(0, x0); x < Math.min(600, x1); x++) {
          if (withCar.alpha[y * 600 + x] > 0) continue;
          const i = (y * 600 + x) * 3 + 1;
          sum += bare.data[i] - withCar.image.data[i];
          n++;
        }
      return n ? sum / n : 0;
    };
    const w = Math.round(placed.w * 0.25);
    const right = darkening(placed.x + placed.w, placed.x + placed.w + w);
    const left = darkening(placed.x - w, placed.x);
    return Math.sign(scene.shadowVector![0]) > 0
      ? { toward: right, away: left }
      : { toward: left, away: right };
  }
  // Scenes whose sun comes from one side. A sun a few degrees above the horizon (sunset) throws the shadow
  // far out of frame, so it says nothing about direction here.
  const sideSun = (m: SceneMeta): boolean =>
    m.keyLight.softness < 0.3 &&
    m.keyLight.floorLight &&
    m.keyLight.elevationDeg >= 15 &&
    Math.abs(m.shadowVector?.[0] ?? 0) >= 0.1;

  it("casts the car's shadow away from the scene's key light where the render shows its sun", async () => {
    const sunny = Object.values(sceneCatalogue()).filter(
      (m) => sideSun(m) && keyCast(m.keyLight) >= SUN_CAST,
    );
    expect(sunny.length).toBeGreaterThan(0);
    for (const scene of sunny) {
      const { toward, away } = await sideDarkening(scene);
      expect(toward, scene.id).toBeGreaterThan(away + 1);
    }
  });

  it('casts no directional shadow beyond the contact where the render shows no cast shadows (issue 11)', async () => {
    // Scenes whose metadata has a side sun that the render's own poles, kerbs, trees and cars do not show
    // (castSeen 0): "an odd cut-off shadow spreading left while nothing else casts one" (mall car park).
    const shadowless = Object.values(sceneCatalogue()).filter(
      (m) => sideSun(m) && m.keyLight.castSeen !== undefined && m.keyLight.castSeen < 0.1,
    );
    expect(shadowless.length).toBeGreaterThan(2);
    for (const scene of shadowless) {
      const { toward, away } = await sideDarkening(scene);
      // The contact and occlusion shadow lies on both sides alike.
      expect(Math.abs(toward - away), scene.id).toBeLessThan(1);
    }
  });

  it('reflects the edited car (a custom plate included) in a glossy floor', async () => {
    const glossy = Object.values(sceneCatalogue()).sort((a, b) => b.floor.gloss - a.floor.gloss)[0];
    expect(glossy.floor.gloss).toBeGreaterThan(0.2);
    const compose = async (plate: boolean) => {
      const { image, mask } = syntheticCar(400, 300);
      // A bright green "plate" low on the body, as a custom plate would be after the plate stage.
      if (plate)
        for (let y = 190; y < 205; y++)
          for (let x = 180; x < 220; x++) image.data.set([20, 230, 40], (y * 400 + x) * 3);
      const framing = planFraming([carBox(mask, 400, 300)!], 600, 600);
      return compositeCar(image, mask, {
        background: { kind: 'scene', id: glossy.id },
        width: 600,
        height: 600,
        framing,
      });
    };
    const withPlate = await compose(true);
    const without = await compose(false);
    const placed = carBox(withPlate.alpha, 600, 600)!;
    const s = withPlate.placement.scale;
    const contact = placed.y + placed.h;
    // Mirrored about the ground line: the plate's reflection lies as far below it as the plate is above.
    const y0 = Math.round(contact + (contact - (205 * s + withPlate.placement.dy)));
    const y1 = Math.round(contact + (contact - (190 * s + withPlate.placement.dy)));
    expect(y1).toBeLessThan(600);
    const x0 = Math.round(180 * s + withPlate.placement.dx);
    const x1 = Math.round(220 * s + withPlate.placement.dx);
    const excess = (img: Buffer, x: number, y: number): number => {
      const i = (y * 600 + x) * 3;
      return img[i + 1] - (img[i] + img[i + 2]) / 2;
    };
    let diff = 0;
    let n = 0;
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x < x1; x++) {
        diff += excess(withPlate.image.data, x, y) - excess(without.image.data, x, y);
        n++;
      }
    expect(diff / n).toBeGreaterThan(2);
  });

  it('gives back only a faint smear of the car on a wet road by day, never a mirror copy of its wheels', async () => {
    // A white car with black wheels: the most contrast a reflection could copy.
    const { image, mask } = syntheticCar(400, 300);
    for (let i = 0; i < mask.length; i++) {
      const y = Math.floor(i / 400);
      const x = i % 400;
      const wheel = [0.3, 0.7].some((cx) => (x - 400 * cx) ** 2 + (y - 300 * 0.7) ** 2 < (300 * 0.1) ** 2);
      if (mask[i]) image.data.fill(wheel ? 15 : 235, i * 3, i * 3 + 3);
    }
    const wet = sceneMeta('snowy-drive');
    expect(wet.floor.kind).toBe('wet-asphalt');
    expect(wet.night).toBe(false);
    const framing = planFraming([carBox(mask, 400, 300)!], 600, 600);
    const r = await compositeCar(image, mask, {
      background: { kind: 'scene', id: 'snowy-drive' },
      width: 600,
      height: 600,
      framing,
    });
    const placed = carBox(r.alpha, 600, 600)!;
    const s = r.placement.scale;
    const contact = placed.y + placed.h;
    // Rows mirroring the wheels' upper halves; columns of a wheel's centre and of the body between them.
    const at = (x: number, y: number): number =>
      r.image.data[(y * 600 + Math.round(x * s + r.placement.dx)) * 3 + 1];
    let wheels = 0;
    let between = 0;
    let n = 0;
    for (let d = Math.round(0.08 * placed.h); d < Math.round(0.2 * placed.h); d++) {
      const y = contact + d;
      for (const dx of [-6, 0, 6]) {
        wheels += at(120 + dx, y) + at(280 + dx, y);
        between += 2 * at(200 + dx, y);
        n += 2;
      }
    }
    // By day a wet road's film gives the black wheels of a white car back as a smear about 10 levels darker
    // (the session-8 mirror copy: 18; with no reflection at all: under 1).
    expect((between - wheels) / n).toBeLessThan(12);
  });

  it('shows the new scene through windows that showed the old background', async () => {
    const W0 = 400;
    const H0 = 300;
    const { image, mask } = syntheticCar(W0, H0);
    // A side window through which the old wall (200, 200, 190) is seen.
    const glass = new Uint8Array(W0 * H0);
    for (let y = 114; y < 144; y++)
      for (let x = 130; x < 270; x++) {
        glass[y * W0 + x] = 255;
        image.data.set([200, 200, 190], (y * W0 + x) * 3);
      }
    const framing = planFraming([carBox(mask, W0, H0)!], 600, 400);
    const opts = {
      width: 600,
      height: 400,
      framing,
      background: { kind: 'scene' as const, id: 'luxury-showroom' },
    };
    const withGlass = await compositeCar(image, mask, { ...opts, glass });
    const without = await compositeCar(image, mask, opts);
    const s = withGlass.placement.scale;
    const bare = await renderScene('luxury-showroom', 600, 400, {
      carHeightPx: framing.carHeight * 400,
      floorY: framing.floorY,
    });
    let oldDiff = 0;
    let sceneDiff = 0;
    let n = 0;
    for (let y = 120; y < 138; y++)
      for (let x = 140; x < 260; x++) {
        const ox = Math.round(x * s + withGlass.placement.dx);
        const oy = Math.round(y * s + withGlass.placement.dy);
        const i = (oy * 600 + ox) * 3 + 1;
        oldDiff += Math.abs(withGlass.image.data[i] - without.image.data[i]);
        sceneDiff += Math.abs(withGlass.image.data[i] - bare.data[i] * 0.55);
        n++;
      }
    // Without glass handling the window keeps the old wall; with it, the window follows the new scene.
    expect(oldDiff / n).toBeGreaterThan(40);
    expect(sceneDiff / n).toBeLessThan(25);
  });

  it('shades the floor under an overhang from the floor line up to the bumper, darkest under the car', async () => {
    // Long overhangs: the body runs well past both wheels, its underside 30 px above the floor. The floor seen
    // just under a bumper lies further under the car than the floor line and sees less of the room: real
    // turntable photos (23 Carvana, true masks) show it at 0.85 of the open floor, the floor line at 0.92.
    // The drawn band had it the other way round (22 levels darker under the bumper, 33 on the floor line).
    const { data, mask, width, height } = grey400x300(
      (x, y) =>
        (x >= 40 && x < 360 && y >= 105 && y < 210) ||
        [130, 270].some((cx) => (x - cx) ** 2 + (y - 210) ** 2 < 30 ** 2),
    );
    const framing = planFraming([carBox(mask, width, height)!], 600, 400);
    const opts = { width: 600, height: 400, framing };
    const withCar = await compositeCar({ data, width, height, channels: 3 }, mask, {
      ...opts,
      background: { kind: 'scene', id: 'studio-white' },
    });
    const bare = await renderScene('studio-white', 600, 400, {
      carHeightPx: framing.carHeight * 400,
      floorY: framing.floorY,
    });
    const { placement } = withCar;
    const at = (sx: number, sy: number): number => {
      const x = Math.round(placement.dx + sx * placement.scale);
      const y = Math.round(placement.dy + sy * placement.scale);
      const i = (y * 600 + x) * 3 + 1;
      return bare.data[i] - withCar.image.data[i];
    };
    // Under the rear overhang (source column 340): just under the bumper, just above the floor line, and a
    // little in front of it.
    const underBumper = at(340, 212);
    const onFloor = at(340, 237);
    const inFront = at(340, 250);
    expect(
      withCar.alpha[
        Math.round(placement.dy + 212 * placement.scale) * 600 +
          Math.round(placement.dx + 340 * placement.scale)
      ],
    ).toBe(0);
    expect(underBumper).toBeGreaterThan(onFloor);
    expect(onFloor).toBeGreaterThan(inFront);
    expect(inFront).toBeGreaterThan(3);
  });

  it('centres a tyre’s contact where the sloping ground line touches it, not at its lowest pixel', async () => {
    // A 3/4 view: the rear tyre stands higher in the picture, so the line through both contacts slopes and
    // touches the rear tyre 11 px right of its lowest pixel (the common tangent of the two wheels).
    const { data, mask, width, height } = grey400x300(
      (x, y) =>
        (x >= 40 && x < 380 && y >= 100 && y < 200) ||
        (x - 100) ** 2 + (y - 230) ** 2 < 45 ** 2 ||
        (x - 320) ** 2 + (y - 175) ** 2 < 45 ** 2,
    );
    const framing = planFraming([carBox(mask, width, height)!], 600, 400);
    const opts = { width: 600, height: 400, framing };
    const r = await compositeCar({ data, width, height, channels: 3 }, mask, {
      ...opts,
      background: { kind: 'scene', id: 'coast-road' },
    });
    const bare = await renderScene('coast-road', 600, 400, {
      carHeightPx: framing.carHeight * 400,
      floorY: framing.floorY,
    });
    // Darkness of the floor a few rows in front of the rear contact, 7-13 px either side of it: a pool
    // centred on the contact darkens both sides alike.
    const s = r.placement.scale;
    const side = (from: number, to: number): number => {
      let sum = 0;
      for (let sx = from; sx <= to; sx++)
        for (let k = 2; k <= 4; k++) {
          const x = Math.round(r.placement.dx + sx * s);
          const y = Math.round(r.placement.dy + (218.7 - (sx - 330.9) * 0.25) * s) + k;
          sum += bare.data[(y * 600 + x) * 3 + 1] - r.image.data[(y * 600 + x) * 3 + 1];
        }
      return sum;
    };
    // Before: the pool sat on the lowest pixel, 11 px left: 0.45 as dark on the right as on the left.
    expect(side(338, 344) / side(318, 324)).toBeGreaterThan(0.65);
  });

  /**
   * A 3/4-view silhouette on coast road (a matt road: on a glossy floor the reflection, mirrored about the
   * near wheels' line, lies on top): how dark the floor is in the first row under a far tyre's foot (row
   * `foot`, columns `cx` +-6, source pixels), as a share of the bare floor.
   */
  async function farFootDarkness(car: (x: number, y: number) => boolean, cx: number, foot: number) {
    const { r, framing } = await compositeOn(car, 'coast-road');
    const bare = await renderScene('coast-road', 600, 400, {
      carHeightPx: framing.carHeight * 400,
      floorY: framing.floorY,
    });
    let got = 0;
    let was = 0;
    for (let sx = cx - 6; sx <= cx + 6; sx++) {
      const x = Math.round(r.placement.dx + sx * r.placement.scale);
      const y = Math.round(r.placement.dy + (foot + 0.5) * r.placement.scale);
      got += r.image.data[(y * 600 + x) * 3 + 1];
      was += bare.data[(y * 600 + x) * 3 + 1];
    }
    return 1 - got / was;
  }

  it('stands a far tyre of a 3/4 view on the floor with its own dark contact', async () => {
    // Near wheels on the contact line (bottom 240), the far front wheel higher in the picture (bottom 215).
    const dark = await farFootDarkness(
      (x, y) =>
        (x >= 20 && x < 380 && y >= 105 && y < 200) ||
        [120, 300].some((cx) => (x - cx) ** 2 + (y - 210) ** 2 < 30 ** 2) ||
        (x - 70) ** 2 + (y - 190) ** 2 < 25 ** 2,
      70,
      215,
    );
    // Before: 0.26 (the contact line's occlusion only; no pool at the far tyre's own foot). After: 0.57.
    expect(dark).toBeGreaterThan(0.4);
  });

  it('stands a far tyre well above the contact line on the floor too (a close rear 3/4 view)', async () => {
    // Seen from close behind at 3/4, the far front wheel stands high in the picture: its foot (row 201) is
    // 0.29 of the car's height above the near wheels' contact line (240), and it is the silhouette's end.
    const dark = await farFootDarkness(
      (x, y) =>
        (x >= 50 && x < 380 && y >= 105 && y < 190) ||
        [150, 310].some((cx) => (x - cx) ** 2 + (y - 210) ** 2 < 30 ** 2) ||
        (x - 40) ** 2 + (y - 177) ** 2 < 24 ** 2,
      40,
      201,
    );
    // Before: far tyres were looked for only up to a quarter of the car's height above the contact line,
    // so this one stood on bare road ("the front wheel floating", night drive, session 13): 0.11. After: 0.57.
    expect(dark).toBeGreaterThan(0.4);
  });

  it('darkens the floor in front of a tyre’s foot as real turntable photos do: dark at the foot, lit soon', async () => {
    // The sill 40 px above the floor line.
    const { r, framing } = await sideViewOnStudioGrey(200);
    const bare = await renderScene('studio-grey', 600, 400, {
      carHeightPx: framing.carHeight * 400,
      floorY: framing.floorY,
    });
    const { dx, dy, scale } = r.placement;
    // Light left on the floor straight below the front tyre's foot, `f` car heights down (output rows),
    // over the foot's columns, as a share of the bare floor's.
    const light = (f: number): number => {
      const y = Math.round(dy + 240 * scale + Math.max(1, f * 135 * scale));
      let got = 0;
      let was = 0;
      for (let x = Math.round(dx + 105 * scale); x <= Math.round(dx + 115 * scale); x++) {
        got += r.image.data[(y * 600 + x) * 3 + 1];
        was += bare.data[(y * 600 + x) * 3 + 1];
      }
      return got / was;
    };
    const far = light(0.12);
    const at = (f: number): number => light(f) / far;
    // Real turntable photos (24 Carvana photos, the floor below a tyre's foot against the floor 0.12 car
    // heights away): 0.15 at 0.2 %, 0.48 at 1 %, 0.68 at 2 %, 0.85 at 5 % of the car's height.
    // Here before: 0.13 at the foot, 0.22 at 1 %, 0.32 at 2 %, 0.76 at 5 % ("a soft grey smear instead of a
    // contact patch", session-14 review). After: 0.15, 0.68, 0.83, 0.93 (this car is 160 px tall: 1 % is 2 rows).
    expect(at(0.002)).toBeLessThan(0.35);
    expect(at(0.01)).toBeGreaterThan(0.3);
    expect(at(0.02)).toBeGreaterThan(0.5);
    expect(at(0.05)).toBeGreaterThan(0.75);
    // A tyre's length away from the car (source column 20, well in front of the bumper) the floor is lit.
    const y = Math.round(dy + 243 * scale);
    let got = 0;
    let was = 0;
    for (let x = Math.round(dx + 10 * scale); x <= Math.round(dx + 16 * scale); x++) {
      got += r.image.data[(y * 600 + x) * 3 + 1];
      was += bare.data[(y * 600 + x) * 3 + 1];
    }
    expect(1 - got / was).toBeLessThan(0.08);
  });

  it('darkens the floor under the sill between the wheels as real turntable photos do', async () => {
    // The sill 25 px above the floor line.
    const { r } = await sideViewOnStudioGrey(215);
    const { dx, dy, scale } = r.placement;
    // The floor's level at source row `sy` over the middle columns between the wheels, as a share of the
    // floor 0.12 car heights below the floor line (what bench/floor.profile.ts measures on real photos).
    const level = (sy: number): number => {
      const y = Math.round(dy + sy * scale);
      let sum = 0;
      for (let x = Math.round(dx + 170 * scale); x <= Math.round(dx + 230 * scale); x++)
        sum += r.image.data[(y * 600 + x) * 3 + 1];
      return sum;
    };
    const open = level(240 + 0.12 * 135);
    // Real photos (22 Carvana, true masks): 0.30 a quarter of the way down from the sill, 0.43 three
    // quarters down, 0.61 on the floor line. The drawn band before: 0.84, 0.64, 0.69 on those photos ("the
    // car floats"), 0.72, 0.66, 0.70 here; the sky occlusion: 0.24, 0.41, 0.64 here.
    expect(level(221) / open).toBeLessThan(0.42);
    expect(level(234) / open).toBeLessThan(0.55);
    expect(level(240) / open).toBeLessThan(0.72);
  });

  it('keeps a night lamp off the floor under the body, not only off the floor beside it', async () => {
    // A side view with no shadow in its photo (the drawn one is used) on the night drive, its lamp 65 degrees
    // up from the side. The cast shadow stood the car on its ground line like a card: it fell beside the car
    // and the floor seen under the sills, behind that line, kept the lamp's light.
    const car = (x: number, y: number): boolean =>
      (x >= 40 && x < 360 && y >= 105 && y < 215) ||
      [110, 290].some((cx) => (x - cx) ** 2 + (y - 210) ** 2 < 30 ** 2);
    const { r, framing } = await compositeOn(car, 'night-drive');
    const bare = await renderScene('night-drive', 600, 400, {
      carHeightPx: framing.carHeight * 400,
      floorY: framing.floorY,
    });
    const { dx, dy, scale } = r.placement;
    // Linear light kept under the sill, a quarter and half of the way down from it, between the wheels.
    let got = 0;
    let was = 0;
    for (let sy = 221; sy <= 228; sy++)
      for (let x = Math.round(dx + 170 * scale); x <= Math.round(dx + 230 * scale); x++) {
        const i = (Math.round(dy + sy * scale) * 600 + x) * 3 + 1;
        got += toLinear(r.image.data[i] / 255);
        was += toLinear(bare.data[i] / 255);
      }
    // Before: 0.47 of the lamp-lit floor's light. Now 0.02: the lamp's share (0.42) is gone with the body's
    // shadow, the sky's with its occlusion (real daylight street photos keep 0.07 there, 0.3 of the level).
    expect(got / was).toBeLessThan(0.2);
  });

  /**
   * A short side view (a 3/4 view's length, so the canvas shows the floor well beyond its ends) on the night
   * drive, body rows 105-215 over wheels standing on row 240, and `loss(x, y0, y1)`: the floor's mean loss
   * against the bare scene (levels, green) in canvas column x over photo rows y0..y1.
   */
  async function shortCarAtNight() {
    const car = (x: number, y: number): boolean =>
      (x >= 130 && x < 330 && y >= 105 && y < 215) ||
      [175, 285].some((cx) => (x - cx) ** 2 + (y - 210) ** 2 < 30 ** 2);
    const { r, framing } = await compositeOn(car, 'night-drive');
    const bare = await renderScene('night-drive', 600, 400, {
      carHeightPx: framing.carHeight * 400,
      floorY: framing.floorY,
    });
    const { dx, dy, scale } = r.placement;
    const loss = (x: number, y0: number, y1: number): number => {
      let sum = 0;
      let n = 0;
      for (let y = Math.round(dy + y0 * scale); y <= Math.round(dy + y1 * scale); y++) {
        const i = (y * 600 + x) * 3 + 1;
        sum += bare.data[i] - r.image.data[i];
        n++;
      }
      return sum / n;
    };
    return { carH: 135 * scale, end: Math.round(dx + 130 * scale), loss };
  }

  it('changes a night road only where the car shades it: the change fades to nothing with no edge', async () => {
    // Blinded review (sessions 18-19): "a darker rectangle of road framing the car" on the night drive, coast
    // road and city centre. Two causes: every shadow map lost a whole level on each pixel it touched at all
    // (bytes scaled by m < 1 were truncated, not rounded: 2 % on a night road's 50 levels, out to the map's
    // rectangle), and the sky occlusion's map was cut at its top row and faded along its sides.
    const { carH, end, loss } = await shortCarAtNight();
    // Per column from 0.15 car heights beyond the car's left end (past the contact's steep fall; the lamp's
    // shadow falls to the right) outward, over the rows from 0.3 car heights above its ground line (floor
    // further back) to 0.1 below.
    const along: number[] = [];
    for (let x = Math.round(end - 0.15 * carH); x >= 0; x--)
      along.push(loss(x, 240 - 0.3 * 135, 240 + 0.1 * 135));
    let step = 0;
    for (let k = 1; k < along.length; k++) step = Math.max(step, Math.abs(along[k] - along[k - 1]));
    const far = along.slice(Math.round(0.4 * carH));
    // Before: a plateau of one level lost out to where the maps ended, then a step of 0.48 (0.91 -> 0.43).
    // After: the loss fades from 4 levels to none in steps of at most 0.2.
    expect(step).toBeLessThan(0.4);
    expect(Math.max(...far.map(Math.abs))).toBeLessThan(0.2);
  });

  it('fades the shadow under a night car’s body out past its end, with no wall at its last column', async () => {
    // The drawn shadow fills the floor under the body column by column, from the body's lowest pixel to the
    // ground line; blurred with the lamp's crisp edge, its end at the car's first column stood as the side
    // of a dark rectangle under a rear view on the night drive (the gallery's JRK5336, session 19).
    const { carH, end, loss } = await shortCarAtNight();
    // Per column across the car's left end, in the rows under the overhanging body (between its underside
    // and the ground line).
    const across: number[] = [];
    for (let x = Math.round(end - 0.2 * carH); x <= end; x++) across.push(loss(x, 220, 236));
    let step = 0;
    for (let k = 1; k < across.length; k++) step = Math.max(step, across[k] - across[k - 1]);
    // Before: 3.4 levels from one column to the next where the loss reaches 33 at the end (the last 0.05 car
    // heights rose from 9 to 33). After: 1.6 of 29.
    expect(step).toBeLessThan(0.08 * across[across.length - 1]);
  });

  it('finds the sloped ground line of a 3/4 view (far wheel higher)', () => {
    const w = 100;
    const h = 60;
    const a = new Uint8Array(w * h);
    for (let y = 10; y < 40; y++) for (let x = 10; x < 90; x++) a[y * w + x] = 255;
    for (let y = 40; y < 50; y++) for (let x = 15; x < 25; x++) a[y * w + x] = 255; // near wheel, lower
    for (let y = 40; y < 45; y++) for (let x = 75; x < 85; x++) a[y * w + x] = 255; // far wheel, higher
    const line = groundLines(a, w, h).hull;
    expect(line[20]).toBe(49);
    expect(line[80]).toBeLessThan(46);
  });

  it('holds the floor at the near wheel’s row beyond it in a 3/4 view, not down the wheel line’s slope', () => {
    // Rear wheel high, near front wheel low, then the front face and the far front wheel, higher again.
    const w = 100;
    const h = 70;
    const a = new Uint8Array(w * h);
    for (let y = 10; y < 40; y++) for (let x = 10; x < 92; x++) a[y * w + x] = 255;
    for (let y = 40; y < 46; y++) for (let x = 15; x < 25; x++) a[y * w + x] = 255; // rear wheel
    for (let y = 40; y < 55; y++) for (let x = 62; x < 70; x++) a[y * w + x] = 255; // near front wheel
    for (let y = 40; y < 47; y++) for (let x = 82; x < 88; x++) a[y * w + x] = 255; // far front wheel
    const { hull, floor } = groundLines(a, w, h);
    expect(floor[40]).toBeGreaterThan(hull[40] - 1);
    // Before: 56 and lower (the rear-to-front line continued down its slope under the front face). After: 54.
    for (const x of [75, 85, 90]) expect(floor[x]).toBe(54);
  });
});

describe('scene light', () => {
  /** A solid car body of `paint` on a wall and floor of `ambient` (what grey things look like in this light). */
  function photo(paint: [number, number, number], ambient: [number, number, number]): RawImage {
    const width = 300;
    const height = 200;
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const car = x > 60 && x < 240 && y > 70 && y < 150;
        const shade = y > 150 ? 0.7 : 1; // a darker floor
        const c = car ? paint : ambient.map((v) => Math.round(v * shade));
        data.set(c, (y * width + x) * 3);
      }
    return { data, width, height, channels: 3 };
  }

  it("reads the light from grey surfaces, not from the car's paint", () => {
    const red = photoLight(photo([190, 30, 40], [180, 180, 180]));
    const blue = photoLight(photo([20, 50, 170], [180, 180, 180]));
    for (const cast of [red, blue]) for (const v of cast) expect(v).toBeCloseTo(1, 2);
    const warm = photoLight(photo([30, 30, 30], [200, 180, 150]));
    expect(warm[0]).toBeGreaterThan(1.05);
    expect(warm[2]).toBeLessThan(0.95);
  });

  it('grades the car gently toward the scene and gives a whole studio run one grade', async () => {
    const warm = carToneCurve([1.3, 1, 0.7], sceneMeta('studio-white'));
    // White balance at most 8 % per channel on a day scene: the paint stays the paint.
    for (const lut of warm) expect(Math.abs(lut[200] - 200)).toBeLessThanOrEqual(200 * 0.09);
    expect(warm[2][200]).toBeGreaterThan(warm[0][200]);
    // Two photos of one run rendered with the shared light get byte-identical backgrounds.
    const a = syntheticCar(300, 200);
    const b = syntheticCar(300, 200);
    b.image.data.fill(120, 0, 300 * 3 * 20); // other surroundings, same framing
    const light = sharedLight([photoLight(a.image), photoLight(b.image)]);
    const framing = planFraming([carBox(a.mask, 300, 200)!], 300, 200);
    const opts = {
      background: { kind: 'scene' as const, id: 'studio-white' },
      width: 300,
      height: 200,
      framing,
      light,
    };
    const ra = await compositeCar(a.image, a.mask, opts);
    const rb = await compositeCar(b.image, b.mask, opts);
    expect(ra.grade).toEqual(rb.grade);
    expect(
      Buffer.compare(ra.image.data.subarray(0, 300 * 3 * 10), rb.image.data.subarray(0, 300 * 3 * 10)),
    ).toBe(0);
  });
});

/** A 400 x 300 photo of a car seen from the side (its box 60-340 by 110-240, tyres at its lower corners),
 * each pixel coloured by `colour` (inside the car, on a tyre, its row), with a faint even grain. */
function sideCar(colour: (car: boolean, tyre: boolean, y: number) => number[]): {
  image: RawImage;
  mask: Uint8Array;
} {
  const W = 400;
  const H = 300;
  const data = Buffer.alloc(W * H * 3);
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const car = x > 60 && x < 340 && y > 110 && y < 240;
      mask[i] = car ? 255 : 0;
      const c = colour(car, car && y > 220 && (x < 120 || x > 280), y);
      const grain = ((x * 7 + y * 13) % 9) - 4;
      for (let k = 0; k < 3; k++) data[i * 3 + k] = c[k] + grain;
    }
  return { image: { data, width: W, height: H, channels: 3 }, mask };
}

describe('night grade', () => {
  it('takes a hazy photo’s lifted blacks down to the night’s black and leaves deep blacks as they were', async () => {
    // A Honda shot in haze (darkest 1 % at 49 of 255) stayed a grey, washed car on the night drive.
    const withTyres = () => {
      const car = syntheticCar(400, 300);
      for (let y = 180; y < 240; y++)
        for (let x = 0; x < 400; x++)
          if ([0.3, 0.7].some((cx) => (x - 400 * cx) ** 2 + (y - 210) ** 2 < 30 ** 2))
            car.image.data.fill(5, (y * 400 + x) * 3, (y * 400 + x) * 3 + 3);
      return car;
    };
    const deep = withTyres();
    const hazy = withTyres();
    for (let i = 0; i < 400 * 300; i++)
      if (hazy.mask[i])
        for (let k = 0; k < 3; k++) hazy.image.data[i * 3 + k] = 50 + hazy.image.data[i * 3 + k] * 0.8;
    const box = carBox(hazy.mask, 400, 300)!;
    const opts = {
      background: { kind: 'scene' as const, id: 'night-drive' },
      width: 400,
      height: 300,
      framing: { carHeight: box.h / 300, floorY: (box.y + box.h) / 300, maxWidth: 1 },
      light: [1, 1, 1] as [number, number, number],
    };
    const h = await compositeCar(hazy.image, hazy.mask, opts);
    // The photo's darkest level (its tyres at 54) now prints near black; before it was 13.
    expect(h.grade[1][54]).toBeLessThanOrEqual(4);
    // Light tones are graded as before: the toe has faded out.
    const night = sceneMeta('night-drive');
    const plain = carToneCurve([1, 1, 1], night);
    expect(carToneCurve([1, 1, 1], night, 54 / 255)[1][200]).toBe(plain[1][200]);
    for (const lut of h.grade)
      for (let v = 1; v < 256; v++) expect(lut[v]).toBeGreaterThanOrEqual(lut[v - 1]);
    // A car whose blacks are already black gets the plain night curve (with what its paint mirrors).
    const d = await compositeCar(deep.image, deep.mask, opts);
    expect(d.grade).toEqual(carToneCurve([1, 1, 1], night, 0, d.mirror));
  });

  it('grades what a daylight car’s paint mirrors by the light of the place round it, not by the lamp on the car', async () => {
    // ig02_carsgraz_236 in the spotlight yard: the floods light the car's place as brightly as day (grey probe
    // mean 105), so its bonnet, graded like its paint, kept the salmon house front it mirrored in the photo:
    // "an orange glow on the bonnet that the lamp doesn't explain". The yard's walls and sky are black.
    // A dark green car on a salmon wall; its upper half mirrors the wall (a bonnet and windscreen in sun),
    // black tyres (so the night's toe leaves it as it is).
    const paint = [20, 55, 45];
    const mirrored = [150, 110, 100];
    const { image, mask } = sideCar((car, tyre, y) =>
      !car ? [225, 165, 145] : tyre ? [6, 6, 6] : y < 170 ? mirrored : paint,
    );
    const { width: W, height: H } = image;
    const opts = (id: string) => ({
      background: { kind: 'scene' as const, id },
      width: W,
      height: H,
      framing: planFraming([carBox(mask, W, H)!], W, H),
      light: [1, 1, 1] as [number, number, number],
    });
    const lin = (c: ReturnType<typeof carToneCurve>, rgb: number[]): number[] =>
      rgb.map((v, k) => toLinear(c[k][v] / 255));
    const lum = (l: number[]): number => 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    const yard = sceneMeta('spotlight-night');
    const r = await compositeCar(image, mask, opts('spotlight-night'));
    const paintLit = carToneCurve([1, 1, 1], yard, 0);
    // The reflection rises over the paint by a quarter of what the paint's light gives it or less (the yard
    // round the car is some 15 times darker than the photo's house front; the rise keeps 0.15 of itself so
    // the car's shape still reads) ...
    const rise = (c: ReturnType<typeof carToneCurve>) => lum(lin(c, mirrored)) - lum(lin(c, paint));
    expect(rise(r.grade)).toBeLessThan(0.25 * rise(paintLit));
    expect(rise(r.grade)).toBeGreaterThan(0.1 * rise(paintLit));
    // ... and its orange (red over blue, linear) is that much smaller; the paint, the car's middle tone, stays
    // lit by the lamp (its green, above the middle, loses a little).
    const orange = (c: ReturnType<typeof carToneCurve>) => lin(c, mirrored)[0] - lin(c, mirrored)[2];
    expect(orange(r.grade)).toBeLessThan(0.35 * orange(paintLit));
    expect(lum(lin(r.grade, paint))).toBeGreaterThan(0.75 * lum(lin(paintLit, paint)));
    // Glints stay (a lamp's glint on chrome is as bright as the lamp): 250 prints over 205.
    expect(0.299 * r.grade[0][250] + 0.587 * r.grade[1][250] + 0.114 * r.grade[2][250]).toBeGreaterThan(205);
    for (const lut of r.grade)
      for (let v = 1; v < 256; v++) expect(lut[v]).toBeGreaterThanOrEqual(lut[v - 1]);
    // By day the car mirrors a sky as bright as the photo's: the grade is the probes' alone.
    const day = await compositeCar(image, mask, opts('coast-road'));
    expect(day.mirror).toBeUndefined();
    expect(day.grade).toEqual(carToneCurve([1, 1, 1], sceneMeta('coast-road'), 0));
  });

  it('never raises what the paint mirrors, and tints it with the surroundings’ light', () => {
    const yard = sceneMeta('spotlight-night');
    const plain = carToneCurve([1, 1, 1], yard);
    // Surroundings as bright as the paint's light or brighter: the plain night curve.
    expect(carToneCurve([1, 1, 1], yard, 0, { knee: 0.04, gain: [5, 5, 5] })).toEqual(plain);
    // Bluer surroundings (a dusk sky over a lamp-lit car): the mirrored tones keep more of their blue rise.
    const blue = carToneCurve([1, 1, 1], yard, 0, { knee: 0.04, gain: [0.1, 0.15, 0.4] });
    const share = (k: number) =>
      (toLinear(blue[k][150] / 255) - toLinear(blue[k][56] / 255)) /
      (toLinear(plain[k][150] / 255) - toLinear(plain[k][56] / 255));
    expect(share(2)).toBeGreaterThan(1.5 * share(0));
    expect(share(0)).toBeGreaterThanOrEqual(0.15 - 0.02);
    expect(share(2)).toBeLessThanOrEqual(1);
    for (const lut of blue) for (let v = 1; v < 256; v++) expect(lut[v]).toBeGreaterThanOrEqual(lut[v - 1]);
  });

  it('rises into the glints no steeper than 3.2 levels a level, however low the night’s mid-tones lie', () => {
    // Graded to the probes' means (session 17), the night drive's 224 printed 131 and 255 white: a white van's
    // bonnet (ig02_carsgraz_169, 230-250) came out in lavender blotches, its grain and the blue light against
    // the glints' white stretched 5 times. Urban night's and Tokyo street's shoulders were as steep before
    // (68.6 and 46 levels over 8). Largest rise of a neutral level's luminance over 8 levels: 50.9 night
    // drive, 76.8 urban night at the first session-17 curve; 22.1-23.3 now.
    const nights = Object.keys(sceneCatalogue()).filter((id) => sceneMeta(id).night === true);
    expect(nights.length).toBeGreaterThanOrEqual(4);
    for (const id of nights) {
      const c = carToneCurve([1, 1, 1], sceneMeta(id));
      const lum = (v: number): number => 0.299 * c[0][v] + 0.587 * c[1][v] + 0.114 * c[2][v];
      for (let v = 8; v < 256; v++) expect(lum(v) - lum(v - 8), `${id} ${v}`).toBeLessThan(26);
      // The glints stay: 250 prints as bright as before (228-246).
      expect(lum(250), id).toBeGreaterThan(225);
    }
  });

  it('keeps white highlights bright and neutral or warm while the mid-tones go down and take the night’s colour', () => {
    // The landing's night image (night-drive): its plate printed cyan (255 -> 135, 230, 255) and the glint on
    // the boot lid above it green-cyan, the blue hour's colour applied to the lamps' glints.
    for (const id of ['night-drive', 'spotlight-night', 'urban-night']) {
      const c = carToneCurve([1, 1, 1], sceneMeta(id));
      for (const v of [250, 255]) {
        // Never cool: blue and green no higher than red (a lamp's light is white or warm); the glint's rim
        // below takes on the body's colour.
        expect(c[2][v] - c[0][v], `${id} ${v}`).toBeLessThanOrEqual(10);
        expect(c[1][v] - c[0][v], `${id} ${v}`).toBeLessThanOrEqual(3);
      }
      expect(0.299 * c[0][250] + 0.587 * c[1][250] + 0.114 * c[2][250], id).toBeGreaterThan(205);
    }
    // Under the blue hour's sky the highlights are white (before: 125, 211, 240 at 250) ...
    const blue = carToneCurve([1, 1, 1], blueHourDusk());
    expect(Math.abs(blue[0][250] - blue[2][250])).toBeLessThanOrEqual(12);
    // ... while a mid-grey body goes dark and blue, as the probe there prints one.
    expect(0.299 * blue[0][128] + 0.587 * blue[1][128] + 0.114 * blue[2][128]).toBeLessThan(45);
    expect(blue[2][128]).toBeGreaterThan(2 * blue[0][128]);
    for (const lut of blue) for (let v = 1; v < 256; v++) expect(lut[v]).toBeGreaterThanOrEqual(lut[v - 1]);
  });
});

describe("grade from the probes at the car's place", () => {
  // Luminance of a neutral photo level after the grade, and the level a photo's grey card (18 % linear,
  // facing its key), its shaded side (`PHOTO_SHADE_RATIO` times less light) and a white body (80 %) have in sRGB.
  const lum = (c: ReturnType<typeof carToneCurve>, v: number): number =>
    0.299 * c[0][v] + 0.587 * c[1][v] + 0.114 * c[2][v];
  const srgb = (l: number): number =>
    Array.from({ length: 256 }, (_, v) => v).find((v) => toLinear(v / 255) >= l)!;
  const GREY = srgb(0.18);
  const SHADE = srgb(0.18 / PHOTO_SHADE_RATIO);
  const WHITE = srgb(0.8);

  it('prints a grey card and a white body as the scene’s matte probes print there, by day and by night', () => {
    // spotlight-night: the floods light the car's place as brightly as day (grey probe 143 on its lit side);
    // the level rule printed the card at 44 and reviewers saw a car the yard's light did not reach. The snowy
    // drive's flat light puts a white body at 197, where the day rule left the photo's 231 ("too bright").
    for (const id of ['snowy-drive', 'coast-road', 'mall-car-park']) {
      const meta = sceneMeta(id);
      const c = carToneCurve([1, 1, 1], meta);
      expect(Math.abs(lum(c, GREY) - meta.probe!.grey.lit), id).toBeLessThan(8);
      expect(Math.abs(lum(c, WHITE) - meta.probe!.white.lit), id).toBeLessThan(10);
      for (const lut of c) for (let v = 1; v < 256; v++) expect(lut[v]).toBeGreaterThanOrEqual(lut[v - 1]);
    }
    // At night (session 17) on the probes' means: one lamp lights a daylight car's faces as it does the probe's,
    // on average its mean, not its lamp-facing side. Mapped to the lit side, ig02_carsgraz_001's dark green
    // Honda on the night drive kept a median of 67 and its bonnet's daylight sky at 154 (90th percentile);
    // reviewers saw "a car lit and reflecting like daylight" and, in the spotlight yard, "an evenly lit car
    // under one lamp" (grey card 143 there, 128 on the night drive; means 105 and 67).
    const linLum = (m: number[]): number =>
      0.2126 * toLinear(m[0] / 255) + 0.7152 * toLinear(m[1] / 255) + 0.0722 * toLinear(m[2] / 255);
    const srgbOf = (l: number): number => 255 * toSrgb(l);
    for (const id of ['spotlight-night', 'night-drive']) {
      const meta = sceneMeta(id);
      const c = carToneCurve([1, 1, 1], meta);
      expect(Math.abs(lum(c, GREY) - srgbOf(linLum(meta.probe!.grey.mean))), id).toBeLessThan(8);
      expect(lum(c, GREY), id).toBeLessThan(meta.probe!.grey.lit - 20);
      // A white body (80 %, 231) is where the mean's curve meets the glint shoulder, which starts lower where
      // the mid-tones lie far below the glints (night drive: from 0.77): between the white probe's mean and
      // its lit side.
      expect(lum(c, WHITE), id).toBeGreaterThan(srgbOf(linLum(meta.probe!.white.mean)) - 10);
      expect(lum(c, WHITE), id).toBeLessThan(meta.probe!.white.lit + 10);
      // Below the card, the lamp's contrast: a face turned away from it (the card's shade) is darker than
      // the probe's mean by the probe's own lit/shade ratio or more (the slope is limited at 1.4).
      expect(lum(c, SHADE), id).toBeLessThan(srgbOf(linLum(meta.probe!.grey.mean) / 2.5));
      for (const lut of c) for (let v = 1; v < 256; v++) expect(lut[v]).toBeGreaterThanOrEqual(lut[v - 1]);
    }
    // The shaded side follows the scene's lighting contrast where it is within the limits (mall car park:
    // 7.9 to 1, the photo's assumed 5 to 1; the identity day curve left it at 53).
    const mall = sceneMeta('mall-car-park');
    expect(Math.abs(lum(carToneCurve([1, 1, 1], mall), SHADE) - mall.probe!.grey.shade)).toBeLessThan(6);
  });

  it('takes on the colour a grey body takes in the scene’s light, in full at night', () => {
    // night-drive at blue hour: under its dusk sky a grey sphere printed blue (13, 20, 44); the lamps' colour
    // at 45 % left the car's greys almost neutral (blue over red 1.35 in linear light), "a daylight-lit car in
    // a night scene".
    const meta = blueHourDusk();
    const c = carToneCurve([1, 1, 1], meta);
    const m = meta.probe!.grey.mean;
    const ratio = (a: number, b: number): number => toLinear(a / 255) / toLinear(b / 255);
    expect(ratio(c[2][GREY], c[0][GREY])).toBeGreaterThan(0.8 * ratio(m[2], m[0]));
    expect(ratio(c[2][GREY], c[0][GREY])).toBeLessThan(1.25 * ratio(m[2], m[0]));
    // A photo with a cast of its own has it taken out, as far as a near-grey estimate is trusted (8 %).
    const warm = carToneCurve([1.2, 1, 0.8], meta);
    expect(warm[0][GREY]).toBeLessThan(c[0][GREY]);
    expect(warm[2][GREY]).toBeGreaterThan(c[2][GREY]);
  });
});

describe('day grade', () => {
  it('keeps the car’s colour against the place round it, as its photo had it', async () => {
    // Reviewers: "no cold light on the car" on the snowy drive. The day grade's colour was the matte grey
    // probe's (B/G 1.03 on the snowy drive) while the snow round the car, lit by the sky, is much bluer, so a
    // car drawn there stood warmer against its place than any car stands against its own street (eval-dev's
    // 27 street photos: the car's greys ln blue +0.14 over their surroundings', the snowy drive's composites
    // +0.06). A silver car on a neutral street, and the same car on a warm (sandy) one.
    const silver = [150, 150, 150];
    const photo = (street: number[]) =>
      sideCar((car, tyre) => (!car ? street : tyre ? [20, 20, 20] : silver));
    // ln(B/G) and ln(R/G) of the linear mean of the near-grey pixels outside the car round it in the output.
    const around = (img: RawImage, alpha: Uint8Array): [number, number] => {
      const b = carBox(alpha, img.width, img.height)!;
      const m = b.h * 0.3;
      const s = [0, 0, 0];
      for (let y = Math.max(0, Math.round(b.y - m)); y < Math.min(img.height, b.y + b.h * 1.15); y++)
        for (let x = Math.max(0, Math.round(b.x - m)); x < Math.min(img.width, b.x + b.w + m); x++) {
          const i = y * img.width + x;
          const c = [0, 1, 2].map((k) => img.data[i * 3 + k]);
          const hi = Math.max(...c);
          if (alpha[i] !== 0 || hi < 12 || hi > 245 || hi - Math.min(...c) > 0.28 * hi + 6) continue;
          for (let k = 0; k < 3; k++) s[k] += toLinear(c[k] / 255);
        }
      return [Math.log(s[2] / s[1]), Math.log(s[0] / s[1])];
    };
    for (const [street, blue] of [
      [[120, 120, 120], 0],
      [[130, 125, 115], -Math.log(toLinear(115 / 255) / toLinear(125 / 255))],
    ] as [number[], number][]) {
      const { image, mask } = photo(street);
      const { width: W, height: H } = image;
      const r = await compositeCar(image, mask, {
        background: { kind: 'scene', id: 'snowy-drive' },
        width: W,
        height: H,
        framing: planFraming([carBox(mask, W, H)!], W, H),
        light: [1, 1, 1],
      });
      const car = [0, 1, 2].map((k) => toLinear(r.grade[k][silver[k]] / 255));
      const [placeBlue, placeRed] = around(r.image, r.alpha);
      // The car's blue against the place's is its photo's (0 on the grey street, +0.18 on the sandy one) ...
      expect(Math.log(car[2] / car[1]) - placeBlue, `${street}`).toBeCloseTo(blue, 1);
      // ... and so is its red (the sandy street is redder than the silver car by 0.09 in ln).
      const red = -Math.log(toLinear(130 / 255) / toLinear(125 / 255));
      expect(Math.log(car[0] / car[1]) - placeRed, `${street}`).toBeCloseTo(street[0] === 120 ? 0 : red, 1);
    }
  });
});

describe('fog', () => {
  it('veils the car by what the scene’s fog lays over things at its distance, and only in fog', () => {
    // The red estate on the foggy morning kept tyres at 20 of 255 in front of a rail the fog had greyed.
    const fog = sceneMeta('foggy-morning');
    // Session 13's lighter fog lays 0.05 of its light over the car's 14.5 m (session 12's: 0.076).
    expect(fog.haze).toBeGreaterThan(0.03);
    const veiled = carToneCurve([1, 1, 1], fog);
    const clear = carToneCurve([1, 1, 1], sceneMeta('coast-road'));
    for (let k = 0; k < 3; k++) {
      // Black takes the fog's light: haze x the sky's linear level, back in sRGB (about 39 of 255 here;
      // without the veil it stays 0).
      expect(veiled[k][0]).toBeGreaterThan(30);
      expect(clear[k][0]).toBe(0);
      // The curve stays monotone (white above the fog's own light) ...
      expect(veiled[k][255]).toBeGreaterThan(fog.sky[k]);
      for (let v = 1; v < 256; v++) expect(veiled[k][v]).toBeGreaterThanOrEqual(veiled[k][v - 1]);
    }
    // ... and a white body prints where the white probe does in the fog (174; the day rule left it near the
    // photo's 231): the probes rendered in the fog hold its veil, which the curve takes out of them before
    // laying it once.
    const lum = 0.299 * veiled[0][231] + 0.587 * veiled[1][231] + 0.114 * veiled[2][231];
    expect(Math.abs(lum - fog.probe!.white.lit)).toBeLessThan(10);
  });
});

describe('soft edge of the cut', () => {
  it('drops faint alpha far from the car (a veil of old background) but keeps the edge and thin parts', () => {
    const w = 60;
    const h = 40;
    const a = new Uint8Array(w * h);
    for (let y = 10; y < 30; y++) for (let x = 10; x < 30; x++) a[y * w + x] = 255; // the body
    for (let y = 2; y < 10; y++) a[y * w + 20] = 200; // an antenna: one column, solid enough
    for (let x = 30; x < 33; x++) a[20 * w + x] = 90; // the soft edge right of the body
    for (let y = 12; y < 28; y++) for (let x = 40; x < 56; x++) a[y * w + x] = 60; // a faint veil 10+ px away
    limitSoftBand(a, w, h, 3);
    expect(a[20 * w + 20]).toBe(255);
    expect(a[4 * w + 20]).toBe(200);
    expect(a[20 * w + 30]).toBe(90);
    let veil = 0;
    for (let y = 12; y < 28; y++) for (let x = 40; x < 56; x++) veil += a[y * w + x];
    expect(veil).toBe(0);
  });
});

describe('custom background uploads', () => {
  it("grade the car toward the upload's own light, as a scene does: a dark street at night darkens it", async () => {
    const { image, mask } = syntheticCar(400, 300);
    const box = carBox(mask, 400, 300)!;
    const framing = { carHeight: box.h / 300, floorY: (box.y + box.h) / 300, maxWidth: 1 };
    const upload = (rgb: [number, number, number]): RawImage => {
      const data = Buffer.alloc(400 * 300 * 3);
      for (let i = 0; i < 400 * 300; i++) data.set(rgb, i * 3);
      return { data, width: 400, height: 300, channels: 3 };
    };
    const run = (bg: RawImage) =>
      compositeCar(image, mask, {
        background: { kind: 'image', image: bg },
        width: 400,
        height: 300,
        framing,
        light: [1, 1, 1],
      });
    const night = await run(upload([30, 28, 40]));
    expect(night.grade[1][200]).toBeLessThan(170);
    for (const lut of night.grade)
      for (let v = 1; v < 256; v++) expect(lut[v]).toBeGreaterThanOrEqual(lut[v - 1]);
    const day = await run(upload([180, 180, 180]));
    expect(Math.abs(day.grade[1][128] - 128)).toBeLessThanOrEqual(12);
  });
});
