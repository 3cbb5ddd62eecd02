import { describe, expect, it } from 'vitest';
import type { RawImage } from '../io/image.decode';
import { streetGlass, studioGlass } from './glass.continuity';
import { renderScene } from './scene.render';
import { compositeAtOwnSize } from '../testing/synthetic.fixture';
import { carBox, compositeCar } from './car.composite';
import { lumaAt } from '../io/pixel.box';

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

/** `car`'s window with a dark headrest standing in it (drawn into `image`), composited on `scene` at scale 1. */
async function withHeadrestOn(image: RawImage, mask: Uint8Array, scene: string) {
  const head = (x: number, y: number): boolean => x > 175 && x < 195 && y > 84 && y < 100;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) if (head(x, y)) image.data.fill(40, (y * W + x) * 3, (y * W + x) * 3 + 3);
  return compositeAtOwnSize(image, mask, scene);
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
    const g = studioGlass(image, mask).map;
    expect(share(g, 155, 225, 82, 102)).toBeGreaterThan(0.9);
    expect(share(g, 155, 225, 183, 197)).toBe(0);
  });

  it('are found when a thin line of the booth mirrored in the body joins a pane to a wide reflection', () => {
    // Turntable photos mirror the white booth in the paint as the panes show it: a trim line running from
    // a window down into a long reflection along the door made one region too large for a pane, and no
    // window was found on any of the session-8 review photos.
    const { image, mask } = car(() => [235, 235, 235]);
    const mirror = (x: number, y: number): boolean =>
      (x >= 190 && x <= 191 && y >= 106 && y < 125) || (x > 62 && x < 338 && y >= 125 && y < 140);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) if (mirror(x, y)) image.data.set([146, 165, 165], (y * W + x) * 3);
    const g = studioGlass(image, mask).map;
    expect(share(g, 155, 225, 82, 102)).toBeGreaterThan(0.9);
    expect(share(g, 70, 330, 128, 138)).toBe(0);
  });

  it('are found on a car seen from behind, whose rear window is a tenth of it', () => {
    // Session 9's limit (8 % of the car) left the rear window of a hatchback seen from behind showing the
    // white booth in a dark showroom.
    const data = Buffer.alloc(W * H * 3, 235);
    const mask = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const body = x > 100 && x < 300 && y > 150 && y < 260;
        const cabin = x > 120 && x < 280 && y > 80 && y <= 150;
        if (!body && !cabin) continue;
        const i = y * W + x;
        mask[i] = 255;
        const glass = x > 145 && x < 255 && y > 100 && y < 132;
        data.fill(glass ? 160 : 30, i * 3, i * 3 + 3);
      }
    const g = studioGlass({ data, width: W, height: H, channels: 3 }, mask).map;
    expect(share(g, 150, 250, 104, 128)).toBeGreaterThan(0.9);
  });

  it('are not looked for on a busy or coloured background (a street, a house wall)', () => {
    let seed = 7;
    const noise = (): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 16) % 60;
    };
    const street = car(() => [120 + noise(), 120 + noise(), 110 + noise()]);
    expect(studioGlass(street.image, street.mask).map.some((v) => v > 0)).toBe(false);
    const wall = car(() => [226, 222, 150]);
    expect(studioGlass(wall.image, wall.mask).map.some((v) => v > 0)).toBe(false);
  });

  it('are not looked for on a plain grey wall in the shade', () => {
    // ig02_carsgraz_125: a street photo before a grey house front (132 round the car's top) had its
    // C-pillar and a door top taken for a pane (session 16). A booth is lit brighter (168-232 on eval-dev).
    const shade = car(() => [132, 134, 131]);
    expect(studioGlass(shade.image, shade.mask).map.some((v) => v > 0)).toBe(false);
  });
});

/** `car`'s window (x 150-230, y 78-106) repainted as `glass` (per channel, of the 235 booth), and each
 * pixel for which `extra` gives a colour. */
function darkCarWith(
  glass: [number, number, number],
  extra: (x: number, y: number) => number[] | undefined = () => undefined,
): { image: RawImage; mask: Uint8Array } {
  const { image, mask } = car(() => [235, 235, 235]);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!mask[i]) continue;
      let c = extra(x, y);
      if (!c && x > 150 && x < 230 && y > 78 && y < 106) c = glass.map((k) => Math.round(235 * k));
      if (c) image.data.set(c, i * 3);
    }
  return { image, mask };
}

describe('windows of a dark car in a white booth (session 17)', () => {
  it('are found where the booth shows through as bright as it is, barely tinted', () => {
    // The Range Rover's windscreen showed the booth through the far side window with the booth's own
    // reflection on top, 0.93-0.98 of the booth's level and +0.02 tinted (the limit was 0.92): it stayed
    // white in the dark modern studio ("windscreen shows a bright white room").
    const { image, mask } = darkCarWith([0.92, 0.96, 0.95]);
    expect(share(studioGlass(image, mask).map, 155, 225, 82, 102)).toBeGreaterThan(0.9);
    // White paint as bright is not glass: untinted, it is no pane (the bright reflection low on the door
    // stays out too).
    const white = darkCarWith([0.95, 0.95, 0.95]);
    expect(studioGlass(white.image, white.mask).map.some((v) => v > 0)).toBe(false);
  });

  it('are found when the roof above a window mirrors the booth a shade redder and runs to the outline', () => {
    // The roof mirrored the booth's ceiling and joined the windscreen in one region running out to the
    // car's outline (rejected as paint): glass takes red away, the roof's mirror does not.
    const roof = (x: number, y: number): number[] | undefined =>
      x > 120 && x < 280 && y > 70 && y <= 78 ? [196, 186, 186] : undefined;
    const { image, mask } = darkCarWith([0.7, 0.72, 0.72], roof);
    const g = studioGlass(image, mask).map;
    expect(share(g, 155, 225, 82, 102)).toBeGreaterThan(0.9);
    expect(share(g, 125, 275, 71, 76)).toBe(0);
  });

  it('are relit whole or not at all where only a ragged part of a window is no redder than the booth', () => {
    // An Audi's raked rear window mirrors the booth a shade redder round its rim: the part no redder than the
    // booth, an L along two of its sides here, was relit alone (a pale blotch in the white studio).
    const roof = (x: number, y: number): number[] | undefined =>
      x > 120 && x < 280 && y > 70 && y <= 78 ? [196, 186, 186] : undefined;
    const rim = (x: number, y: number): number[] | undefined =>
      roof(x, y) ?? (x > 168 && x < 230 && y > 78 && y < 99 ? [174, 165, 165] : undefined);
    const { image, mask } = darkCarWith([0.7, 0.72, 0.72], rim);
    const s = share(studioGlass(image, mask).map, 151, 230, 79, 106);
    expect(s < 0.05 || s > 0.9, `share ${s}`).toBe(true);
  });

  it('are not a band of the booth mirrored along the body under the windows', () => {
    // The Range Rover's shoulder under its rear windows (5 % of the car's height thick, eight times as
    // long) was relit as a pane.
    const shoulder = (x: number, y: number): number[] | undefined =>
      x > 64 && x < 336 && y >= 113 && y <= 122 ? [188, 188, 190] : undefined;
    const { image, mask } = darkCarWith([0.62, 0.7, 0.7], shoulder);
    const g = studioGlass(image, mask).map;
    expect(share(g, 155, 225, 82, 102)).toBeGreaterThan(0.9);
    expect(share(g, 70, 330, 114, 122)).toBe(0);
  });
});

/**
 * A silver car in a white booth: its paint mirrors the booth as brightly as its window shows it (0.7 of
 * it), so the paint passes the through-glass test too; only the window's green-blue tint tells it apart.
 * The window (x 150-230, y 78-106) has a dark headrest standing in it (x 175-195, y 84-100).
 */
function silverCar(
  extra?: (x: number, y: number) => number[] | undefined,
  paint: number[] = [168, 166, 168],
): {
  image: RawImage;
  mask: Uint8Array;
} {
  const data = Buffer.alloc(W * H * 3, 235);
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const body = x > 60 && x < 340 && y > 110 && y < 230;
      const cabin = x > 120 && x < 280 && y > 70 && y <= 110;
      if (!body && !cabin) continue;
      const i = y * W + x;
      mask[i] = 255;
      let c = paint;
      if (x > 150 && x < 230 && y > 78 && y < 106) c = [136, 155, 160];
      if (x > 175 && x < 195 && y > 84 && y < 100) c = [40, 40, 42];
      c = extra?.(x, y) ?? c;
      data.set(c, i * 3);
    }
  return { image: { data, width: W, height: H, channels: 3 }, mask };
}

describe('windows of a silver car in a white booth', () => {
  // Session 16: the grey Mustang's hood, roof, windscreen and side windows made one region too large for a
  // pane, and the luxury showroom showed the white booth through all its windows.
  it('are found by their tint, and the silver paint round them is not', () => {
    const { image, mask } = silverCar();
    const g = studioGlass(image, mask).map;
    expect(share(g, 153, 228, 80, 104)).toBeGreaterThan(0.9);
    // The roof beside the window, the hood and the doors stay paint.
    expect(share(g, 125, 148, 75, 108)).toBe(0);
    expect(share(g, 232, 278, 75, 108)).toBe(0);
    expect(share(g, 62, 338, 112, 228)).toBe(0);
  });

  it('take in the part of the pane where the booth weakens the tint, and not the mirror before it', () => {
    // The Mustang's side window kept a rim of booth-grey glass round the relit part (session 16).
    // A mirror's silver housing stands in front of the window's lower corner.
    const { image, mask } = silverCar((x, y) =>
      x > 200 && x < 230 && y > 78 && y < 90
        ? [150, 153, 154]
        : x > 155 && x < 170 && y > 95 && y < 112
          ? [160, 158, 160]
          : undefined,
    );
    const g = studioGlass(image, mask).map;
    expect(share(g, 204, 226, 84, 90)).toBeGreaterThan(0.9);
    expect(share(g, 156, 169, 96, 104)).toBe(0);
    expect(share(g, 62, 338, 112, 228)).toBe(0);
  });

  it('are replaced whole or not at all where the booth’s letters cut a pane into strips', () => {
    // Session 16: the CARVANA letters behind the grey Mustang's windscreen cut its left part into narrow
    // strips, each rejected as a pane, and the relit right part met the booth-grey left part in a hard
    // vertical seam on the luxury showroom. Dark strokes cross the left half of the pane here.
    const glass = [136, 155, 160];
    const stroke = (x: number): boolean => x < 192 && (x - 151) % 7 < 3;
    const { image, mask } = silverCar((x, y) =>
      x > 150 && x < 230 && y > 78 && y < 106 ? (stroke(x) ? [40, 40, 42] : glass) : undefined,
    );
    const g = studioGlass(image, mask).map;
    let backdrop = 0;
    let replaced = 0;
    for (let y = 79; y < 106; y++)
      for (let x = 151; x < 230; x++) {
        if (stroke(x)) continue;
        backdrop++;
        if (g[y * W + x] > 128) replaced++;
      }
    const s = replaced / backdrop;
    expect(s < 0.05 || s > 0.95, `share of the pane’s backdrop replaced: ${s.toFixed(2)}`).toBe(true);
    expect(share(g, 62, 338, 112, 228)).toBe(0);
  });

  it('take in a bite of glare at the edge of a pane', () => {
    // The grey Mustang's side window kept pale bites of booth-lit glass along its edge by the mirror, a
    // jagged line against the relit glass on the luxury showroom (session 16).
    const { image, mask } = silverCar((x, y) =>
      x > 150 && x < 157 && y > 87 && y < 93 ? [205, 205, 205] : undefined,
    );
    const g = studioGlass(image, mask).map;
    expect(share(g, 152, 157, 88, 93)).toBeGreaterThan(0.9);
    expect(share(g, 125, 148, 75, 108)).toBe(0);
    expect(share(g, 62, 338, 112, 228)).toBe(0);
  });

  it('are not a pillar as tinted as glass', () => {
    // A silver-blue car's C-pillar, tall and narrow, was taken for a pane on carvana_c8d52e0ba341_10.
    const { image, mask } = silverCar((x, y) =>
      x > 236 && x < 252 && y > 72 && y < 108 ? [150, 160, 172] : undefined,
    );
    const g = studioGlass(image, mask).map;
    expect(share(g, 238, 250, 74, 106)).toBe(0);
    expect(share(g, 153, 228, 80, 104)).toBeGreaterThan(0.9);
  });

  it('show the new scene, keep the headrest, and leave the silver panel beside them as graded paint', async () => {
    const { image, mask } = silverCar();
    const { r } = await compositeAtOwnSize(image, mask, 'luxury-showroom');
    const at = (x: number, y: number, k = 1): number => {
      const ox = Math.round(x * r.placement.scale + r.placement.dx);
      const oy = Math.round(y * r.placement.scale + r.placement.dy);
      return r.image.data[(oy * W + ox) * 3 + k];
    };
    // The window no longer shows the booth as the paint's grade would (the showroom behind is darker than
    // the white booth), and the headrest stays darker than the glass round it.
    let pane = 0;
    let n = 0;
    for (let y = 86; y < 100; y += 2)
      for (const x of [158, 165, 210, 220]) {
        pane += at(x, y);
        n++;
      }
    expect(pane / n).toBeLessThan(r.grade[1][155] * 0.85);
    let head = 0;
    let m = 0;
    for (let y = 88; y < 98; y += 2)
      for (let x = 179; x < 192; x += 3) {
        head += at(x, y);
        m++;
      }
    expect(head / m).toBeLessThan((pane / n) * 0.6);
    // The silver door and the roof beside the window: the tone curve applied to the photo, nothing else.
    for (const [x, y] of [
      [200, 150],
      [120, 180],
      [138, 90],
      [250, 90],
    ])
      for (let k = 0; k < 3; k++)
        expect(Math.abs(at(x, y, k) - r.grade[k][image.data[(y * W + x) * 3 + k]])).toBeLessThanOrEqual(1);
  });
});

describe('windows of a red car whose glass catches a glare at its rim', () => {
  it('are framed by the paint beyond the glare', () => {
    // Session 16: the red Hyundai's windscreen, broken up by the booth's sign and a glare along its edge,
    // counted the glass a shade off the test round it as its border, was a tenth framed and left out.
    // The same car in red paint; its window (x 150-230, y 78-106) a plain grey within a glare rim.
    const { image, mask } = silverCar(
      (x, y) =>
        x > 150 && x < 230 && y > 78 && y < 106
          ? [160, 160, 160]
          : x > 148 && x < 232 && y > 76 && y < 108
            ? [228, 228, 228]
            : undefined,
      [170, 30, 40],
    );
    const g = studioGlass(image, mask).map;
    expect(share(g, 153, 228, 80, 104)).toBeGreaterThan(0.9);
    expect(share(g, 62, 338, 112, 228)).toBe(0);
  });
});

describe('panes on the new scene', () => {
  it('show an edge of the room behind them as a soft change of tone, not a seam', async () => {
    // Session 16: the wood slats of the luxury showroom began behind the middle of the grey Mustang's
    // windscreen, and the relit glass showed their edge as a hard vertical seam, pale beside brown.
    const { r } = await onWall((i) => (i % W < 190 ? [235, 235, 235] : [110, 75, 45]));
    const { scale, dx, dy } = r.placement;
    const oy = Math.round(92 * scale + dy);
    let step = 0;
    for (let x = 156; x < 224; x++) {
      const a = Math.round(x * scale + dx);
      const d = Math.abs(r.image.data[(oy * W + a + 1) * 3 + 1] - r.image.data[(oy * W + a) * 3 + 1]);
      step = Math.max(step, d);
    }
    expect(step).toBeLessThan(8);
  });

  /**
   * `car` on a white booth composited at its own size on a wall: one colour, or a colour per pixel index.
   */
  async function onWall(wall: [number, number, number] | ((i: number) => [number, number, number])) {
    const { image, mask } = car(() => [235, 235, 235]);
    const bg = Buffer.alloc(W * H * 3);
    for (let i = 0; i < W * H; i++) bg.set(typeof wall === 'function' ? wall(i) : wall, i * 3);
    const box = carBox(mask, W, H)!;
    const r = await compositeCar(image, mask, {
      background: { kind: 'image', image: { data: bg, width: W, height: H, channels: 3 } },
      width: W,
      height: H,
      framing: { carHeight: box.h / H, floorY: (box.y + box.h) / H, maxWidth: 1 },
    });
    const at = (x: number, y: number, k: number): number => {
      const ox = Math.round(x * r.placement.scale + r.placement.dx);
      const oy = Math.round(y * r.placement.scale + r.placement.dy);
      return r.image.data[(oy * W + ox) * 3 + k];
    };
    return { r, at, image };
  }

  it('take the level of a coloured wall behind them and only part of its hue (session 17)', async () => {
    // The luxury showroom's brown wood slats behind the grey Mustang's windscreen and side window turned
    // them a flat tan-brown ("a brown blotch"): each channel was scaled by the wall's over the booth's.
    const { at } = await onWall([110, 75, 45]);
    let red = 0;
    let green = 0;
    let blue = 0;
    let n = 0;
    for (let y = 84; y < 100; y += 3)
      for (let x = 160; x < 222; x += 6) {
        n++;
        red += at(x, y, 0);
        green += at(x, y, 1);
        blue += at(x, y, 2);
      }
    // Before: red - blue was 0.71 of green (0.22 now); the glass is tinted green-blue (red 0.89 of green).
    expect((red - blue) / green).toBeLessThan(0.3);
    // Still darker than the booth seen through it (green 165 in the photo): the wall's level is taken whole.
    expect(green / n).toBeLessThan(165 * 0.45);
  });

  it('fade in from their edge, so a ragged found edge is no line (session 17)', async () => {
    // The found part of the Mustang's windscreen ended short of its rim in a ragged line, relit in full up
    // to it beside the rim's booth-lit strip.
    const { r, at, image } = await onWall([60, 60, 60]);
    const y = 92;
    const drop = (x: number): number => r.grade[1][image.data[(y * W + x) * 3 + 1]] - at(x, y, 1);
    // A pixel and a half inside the window's left edge, against its middle: 1.00 before, 0.74 now.
    expect(drop(152) / drop(190)).toBeLessThan(0.85);
    // The middle is relit (a drop of 35 levels in session 17, 29 since session 19: a 60-grey upload is read
    // as a night, and the night grade already takes the booth-lit pane, above the car's middle tone, part of
    // the way toward the dark room's light).
    expect(drop(190)).toBeGreaterThan(25);
  });

  it('show the new room’s light through the glass and keep the cabin seen through them', async () => {
    // The window of `car` on a white booth, with a dark headrest standing in it.
    const { image, mask } = car(() => [235, 235, 235]);
    const { r, box, framing } = await withHeadrestOn(image, mask, 'studio-dark');
    const bare = await renderScene('studio-dark', W, H, { carHeightPx: box.h, floorY: framing.floorY });
    const at = (img: Buffer, x: number, y: number): number => {
      const ox = Math.round(x * r.placement.scale + r.placement.dx);
      const oy = Math.round(y * r.placement.scale + r.placement.dy);
      return img[(oy * W + ox) * 3 + 1];
    };
    let pane = 0;
    let behind = 0;
    let n = 0;
    for (let y = 86; y < 100; y += 2)
      for (const x of [158, 165, 210, 220]) {
        pane += at(r.image.data, x, y);
        behind += at(bare.data, x, y);
        n++;
      }
    // The dark room seen through glass that keeps 70 % of it: no longer the white booth (about 165 here).
    expect(pane / n).toBeLessThan(Math.max(60, (behind / n) * 1.2));
    // The headrest is still there, darker than the glass around it.
    let headSum = 0;
    let m = 0;
    for (let y = 88; y < 98; y += 2)
      for (let x = 179; x < 192; x += 3) {
        headSum += at(r.image.data, x, y);
        m++;
      }
    expect(headSum / m).toBeLessThan((pane / n) * 0.6);
  });
});

/** A street behind the car: foliage and a pale house front, busy from pixel to pixel. */
function street(): (x: number, y: number) => [number, number, number] {
  return (x, y) => {
    const n = ((x * 7919 + y * 104729) % 41) - 20;
    return Math.floor(x / 37) % 2
      ? [215 + n / 2, 212 + n / 2, 196 + n / 2]
      : [106 + n / 2, 160 + n / 2, 80 + n / 2];
  };
}

describe('windows a street shows through', () => {
  it('are found by the colours of the place round the car, and a plain backdrop is left to the studio rule', () => {
    const { image, mask } = car(street());
    const g = streetGlass(image, mask);
    expect(share(g, 155, 225, 82, 102)).toBeGreaterThan(0.8);
    // Not the roof band beside the window, nor the body.
    expect(share(g, 125, 145, 82, 102)).toBe(0);
    expect(share(g, 70, 330, 120, 170)).toBe(0);
    const plain = car(() => [235, 235, 235]);
    expect(streetGlass(plain.image, plain.mask).some((v) => v > 0)).toBe(false);
  });

  it('are found behind green-tinted glass, which takes more of the red away', () => {
    // The pale house front seen through glass passing 0.6 of the red and 0.8 of green and blue.
    const { image, mask } = car(street());
    for (let y = 79; y < 106; y++)
      for (let x = 151; x < 230; x++) image.data.set([129, 170, 157], (y * W + x) * 3);
    // Before: 0 (only untinted transmissions were tried). After: the window.
    expect(share(streetGlass(image, mask), 155, 225, 82, 102)).toBeGreaterThan(0.8);
  });

  it('take in the bright bits of the view that are not the background’s colours, not the cabin', () => {
    // A white sign seen through the window, at its upper frame, and a dark headrest lower in it.
    const { image, mask } = car(street());
    for (let y = 79; y < 90; y++)
      for (let x = 160; x < 176; x++) image.data.set([240, 240, 240], (y * W + x) * 3);
    for (let y = 92; y < 106; y++)
      for (let x = 200; x < 212; x++) image.data.set([28, 26, 24], (y * W + x) * 3);
    const g = streetGlass(image, mask);
    // Before: 0 (the sign stayed a bright blob of the old street inside the new glass). After: most of it.
    expect(share(g, 164, 172, 83, 88)).toBeGreaterThan(0.8);
    expect(share(g, 202, 210, 94, 104)).toBe(0);
  });

  it('take in a corner of the pane beyond the part found, but not a bright trim along its edge', () => {
    // The window runs on past the part the colour test finds into a corner showing the pale sky (white is
    // none of the street's colours), as a quarter window's corner does; a chrome trim, two pixels thick, runs
    // under the window (past its dark seal) and on past it.
    const { image, mask } = car(street());
    for (let y = 92; y < 106; y++)
      for (let x = 230; x < 246; x++) image.data.set([246, 247, 250], (y * W + x) * 3);
    for (let y = 107; y < 109; y++)
      for (let x = 150; x < 262; x++) image.data.set([236, 236, 238], (y * W + x) * 3);
    const g = streetGlass(image, mask);
    // Before: 0 (growth held to the found part's box left the corner a white patch in the new glass).
    expect(share(g, 232, 244, 94, 104)).toBeGreaterThan(0.8);
    expect(share(g, 150, 262, 107, 109)).toBe(0);
    expect(share(g, 155, 225, 82, 102)).toBeGreaterThan(0.8);
  });

  it('are not paint mirroring the street where it runs out to the car’s outline', () => {
    // The roof's corner beside the window mirrors the pale house front as glass would show it, framed by
    // dark car on three sides; its fourth side is the car's outline (sky above the roof).
    const { image, mask } = car(street());
    for (let y = 71; y < 96; y++)
      for (let x = 240; x < 276; x++) image.data.set([172, 170, 157], (y * W + x) * 3);
    const g = streetGlass(image, mask);
    // Before: 1 (a pane, drawn as dark glass over the roof). After: 0, and the window is still found.
    expect(share(g, 244, 272, 75, 92)).toBe(0);
    expect(share(g, 155, 225, 82, 102)).toBeGreaterThan(0.8);
  });

  it('show the scene behind the car, not the old street blurred, when the segmenter saw no glass', async () => {
    // The window shows the street's stripes (foliage, x 148-184; the pale house front, x 185-221). Composited
    // with no segmenter glass map, the pane took its "scene behind" from the canvas the car was already
    // drawn on: the old window, blurred and darkened, its stripes still there.
    const { image, mask } = car(street());
    const { r, box, framing } = await compositeAtOwnSize(image, mask, 'snowy-drive');
    const bare = await renderScene('snowy-drive', W, H, { carHeightPx: box.h, floorY: framing.floorY });
    const mean = (img: Buffer, xa: number, xb: number): number => {
      let sum = 0;
      let n = 0;
      for (let y = 84; y < 100; y++)
        for (let x = xa; x < xb; x++) {
          const ox = Math.round(x * r.placement.scale + r.placement.dx);
          const oy = Math.round(y * r.placement.scale + r.placement.dy);
          sum += lumaAt(img, oy * W + ox, 3);
          n++;
        }
      return sum / n;
    };
    const stripes = mean(r.image.data, 190, 216) - mean(r.image.data, 158, 180);
    const behind = mean(bare.data, 190, 216) - mean(bare.data, 158, 180);
    // The scene's own change there, through the glass. Before: 14 levels off it (the old stripes); after: 3
    // (the 8 % of the photo the glass keeps).
    expect(Math.abs(stripes - 0.3 * 0.92 * behind)).toBeLessThan(6);
  });

  it('show the new scene behind tinted glass instead of the old street, and keep a headrest', async () => {
    const { image, mask } = car(street());
    const { r, box, framing } = await withHeadrestOn(image, mask, 'urban-night');
    const bare = await renderScene('urban-night', W, H, { carHeightPx: box.h, floorY: framing.floorY });
    const at = (img: Buffer, x: number, y: number): number[] => {
      const ox = Math.round(x * r.placement.scale + r.placement.dx);
      const oy = Math.round(y * r.placement.scale + r.placement.dy);
      const o = (oy * W + ox) * 3;
      return [img[o], img[o + 1], img[o + 2]];
    };
    let green = 0;
    let was = 0;
    let light = 0;
    let behind = 0;
    let n = 0;
    for (let y = 86; y < 100; y += 2)
      for (const x of [158, 162, 166, 200, 210, 220]) {
        const [rr, gg, bb] = at(r.image.data, x, y);
        const [r0, g0, b0] = at(image.data, Math.round(x), y);
        green += gg - (rr + bb) / 2;
        was += g0 - (r0 + b0) / 2;
        light += rr + gg + bb;
        behind += at(bare.data, x, y).reduce((a, b) => a + b, 0);
        n++;
      }
    // A side window seen from outside by day passes little of the scene behind it (two panes, a dark cabin):
    // at 0.55 of it, reviewers read the panes as "a blurred copy of the background". Before: 0.72 of the
    // bare scene's light there; after: 0.48 (with the sky's faint reflection).
    expect(light / behind).toBeLessThan(0.6);
    // Before: the foliage's green stayed in the window (12 levels over red and blue on average).
    expect(was / n).toBeGreaterThan(15);
    expect(Math.abs(green / n)).toBeLessThan(6);
    const [hr, hg, hb] = at(r.image.data, 185, 92);
    expect(hr + hg + hb).toBeLessThan(3 * 45);
  });
});
