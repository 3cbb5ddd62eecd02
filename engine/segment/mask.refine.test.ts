import { describe, expect, it } from 'vitest';
import type { RawImage } from '../io/image.decode';
import { keepCar, keepCarFast, refineMask } from './mask.refine';

/**
 * A blue car body with a grey wall letter standing on its roof: the letter's stroke reaches 6 px into the
 * roof line in the saliency map (what ISNet does with Carvana's wall letters).
 */
function scene(strokeColour: [number, number, number]) {
  const n = 256;
  const sal = new Uint8Array(n * n);
  const data = Buffer.alloc(n * n * 3);
  const roof = 120;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      const body = x >= 30 && x < 226 && y >= roof && y < 200;
      const stroke = x >= 120 && x < 128 && y >= 40 && y < roof;
      const foot = x >= 116 && x < 132 && y >= roof - 6 && y < roof; // the stroke's base merged with the roof
      if (body || stroke || foot) sal[i] = 255;
      const c: [number, number, number] = body
        ? [30, 40, 120]
        : stroke || foot
          ? strokeColour
          : [235, 235, 235];
      data.set(c, i * 3);
    }
  const image: RawImage = { data, width: n, height: n, channels: 3 };
  return { image, sal: { data: sal, size: n }, n, roof };
}

const alphaAt = (a: Uint8Array, n: number, x: number, y: number) => a[y * n + x];

describe('mask refinement', () => {
  it("drops a wall letter and trims its foot from the roof, keeping the car's own rim", async () => {
    const { image, sal, n, roof } = scene([90, 90, 95]);
    const alpha = await refineMask(image, sal);
    expect(alphaAt(alpha, n, 124, 60)).toBe(0); // the letter's stroke
    expect(alphaAt(alpha, n, 124, roof - 3)).toBeLessThan(64); // its foot on the roof
    expect(alphaAt(alpha, n, 60, roof + 2)).toBeGreaterThan(200); // the roof elsewhere
    expect(alphaAt(alpha, n, 124, roof + 3)).toBeGreaterThan(200); // and under the letter
  });

  it('leaves the rim alone when the letter has the car’s colour (no colour evidence)', async () => {
    const { image, sal, n, roof } = scene([30, 40, 120]);
    const alpha = await refineMask(image, sal);
    expect(alphaAt(alpha, n, 124, roof + 3)).toBeGreaterThan(200);
  });
});

describe('door mirrors', () => {
  /**
   * A car seen from the front at model resolution: a wide lower body (bonnet at y = 220), a narrower
   * glasshouse on it, and a door mirror standing on the bonnet left of the glasshouse, a strip of street
   * between them (as ISNet sees it: the stalk is thin and dark). With bonnet on both sides, the mirror is a
   * narrow "bump" in the top outline, as a wall letter's foot on the roof is, but it rises from the bonnet,
   * far below the roof.
   */
  function frontView() {
    const n = 512;
    const data = new Uint8Array(n * n);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const body = x >= 100 && x < 420 && y >= 220 && y < 420;
        const glass = x >= 160 && x < 360 && y >= 90 && y < 220;
        const mirror = x >= 120 && x < 150 && y >= 176 && y < 220;
        if (body || glass || mirror) data[y * n + x] = 255;
      }
    return { sal: { data, size: n }, n };
  }

  it("keeps a door mirror that rises from the bonnet (not a letter's foot on the roof)", () => {
    const { sal, n } = frontView();
    const keep = keepCar(sal);
    expect(keep[190 * n + 140]).toBe(255); // the mirror
    expect(keep[100 * n + 250]).toBe(255); // the roof
    expect(keep[150 * n + 130]).toBe(0); // the street above the mirror
  });
});

describe('the glasshouse of a small car', () => {
  /**
   * A small car at model resolution whose windows the model saw through (saliency 0 behind the glass):
   * a lower body, and a roof held by thin pillars (8 px, thinner than the opening that drops wall letters).
   * Roof and pillars together are far larger than an antenna, so the thin-part rule alone drops them.
   */
  function smallCar() {
    const n = 512;
    const data = new Uint8Array(n * n);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const body = x >= 200 && x < 520 - 8 && y >= 300 && y < 360;
        const roof = x >= 250 && x < 460 && y >= 250 && y < 258;
        const pillar =
          y >= 250 && y < 300 && ((x >= 250 && x < 258) || (x >= 352 && x < 358) || (x >= 452 && x < 460));
        if (body || roof || pillar) data[y * n + x] = 255;
      }
    return { sal: { data, size: n }, n };
  }

  it('keeps roof and pillars that close the outline over the windows, and the windows with them', () => {
    const { sal, n } = smallCar();
    const keep = keepCar(sal);
    expect(keep[254 * n + 300]).toBe(255); // the roof
    expect(keep[280 * n + 254]).toBe(255); // a pillar
    expect(keep[280 * n + 300]).toBe(255); // a window (closed into the car)
    expect(keep[240 * n + 300]).toBe(0); // the street above the roof
  });

  it('drops a gate frame around the car: it encloses the street with the body but is wider than the car', () => {
    const { sal, n } = smallCar();
    for (let y = 230; y < 300; y++)
      for (let x = 150; x < 512; x++) {
        const beam = y < 238;
        const post = x < 158 || (x >= 504 && x < 512);
        if ((beam || post) && !(y >= 250 && x >= 250 && x < 460)) sal.data[y * n + x] = 255;
      }
    const keep = keepCar(sal);
    expect(keep[234 * n + 300]).toBe(0); // the gate's beam
    expect(keep[245 * n + 300]).toBe(0); // the street between beam and roof
    expect(keep[254 * n + 300]).toBe(255); // the roof is still the car's
  });
});

describe("a pickup's running board", () => {
  function pickup() {
    const n = 512;
    const data = new Uint8Array(n * n);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const body = x >= 100 && x < 420 && y >= 200 && y < 300;
        // 5 px thin, 200 px long, under the doors along its whole length, a 3-px dark gap above it.
        const board = x >= 160 && x < 360 && y >= 303 && y < 308;
        if (body || board) data[y * n + x] = 255;
      }
    return { sal: { data, size: n }, n };
  }

  it('keeps a thin part that runs along the lower body', () => {
    const { sal, n } = pickup();
    const keep = keepCar(sal);
    expect(keep[305 * n + 260]).toBe(255);
    expect(keep[305 * n + 140]).toBe(0);
  });
});

describe('a pocket of old floor between a tyre and a mud flap', () => {
  /**
   * A car on light gravel at model resolution (image = model size): a blue body, a dark tyre under it and a
   * dark mud flap behind the tyre. The gravel seen in the slot between them is what ISNet half-believes:
   * 50 in the slot's middle, 150 on its walls next to the tyre and the flap (ig02_carsgraz_354's bracket).
   */
  function slot() {
    const n = 256;
    const sal = new Uint8Array(n * n);
    const data = Buffer.alloc(n * n * 3);
    const tyre = (x: number, y: number) => (x - 90) ** 2 + (y - 190) ** 2 < 30 * 30;
    const flap = (x: number, y: number) => x >= 126 && x < 150 && y >= 180 && y < 214;
    const body = (x: number, y: number) => x >= 30 && x < 226 && y >= 100 && y < 192;
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const i = y * n + x;
        const car = body(x, y) || tyre(x, y) || flap(x, y);
        data.set(body(x, y) ? [40, 60, 120] : car ? [35, 35, 38] : [205, 203, 196], i * 3);
        if (car) sal[i] = 255;
        else if (x >= 100 && x < 126 && y >= 192 && y < 214) {
          let wall = false;
          for (let d = 1; d <= 2; d++) if (tyre(x - d, y) || flap(x + d, y)) wall = true;
          sal[i] = wall ? 150 : 50;
        }
      }
    const image: RawImage = { data, width: n, height: n, channels: 3 };
    return { image, sal: { data: sal, size: n }, n, tyre, flap };
  }

  it('cuts the gravel in the slot, walls included, and keeps tyre and flap', async () => {
    const { image, sal, n, tyre, flap } = slot();
    const alpha = await refineMask(image, sal);
    // Every gravel pixel of the slot at least one pixel from tyre and flap (the edge's own mixed pixel).
    let worst = 0;
    for (let y = 196; y < 212; y++)
      for (let x = 100; x < 126; x++)
        if (!tyre(x - 1, y) && !tyre(x, y) && !flap(x + 1, y) && sal.data[y * n + x])
          worst = Math.max(worst, alpha[y * n + x]);
    expect(worst).toBeLessThan(128);
    expect(alphaAt(alpha, n, 90, 210)).toBe(255); // the tyre
    expect(alphaAt(alpha, n, 130, 200)).toBe(255); // the flap
    expect(alphaAt(alpha, n, 150, 150)).toBe(255); // the body
  });
});

describe('edge snapping', () => {
  /**
   * A light roof against a darker wall letter: a light rim two pixels high, then a dark rubber seal one
   * pixel high, darker than the letter behind, then the roof (the rear edge of a sedan's roof in front of
   * Carvana's lettering, carvana_0cdf5b5d0ce1_06: grey 123 / 169-186 / 103 / 200). The saliency knows the
   * whole roof is car; the guided filter (a local linear model of alpha on the grey level) read the seal's
   * darkness as background and left it at alpha 200 between a solid rim and a solid roof, which the
   * composite then showed as dashes of the seal with the new backdrop between them.
   */
  function roofEdge() {
    const n = 256;
    const w = 400;
    const top = 150;
    const sal = new Uint8Array(n * n);
    for (let my = 0; my < n; my++)
      for (let mx = 0; mx < n; mx++) if (((my + 0.5) * w) / n >= top) sal[my * n + mx] = 255;
    const data = Buffer.alloc(w * w * 3);
    for (let y = 0; y < w; y++)
      for (let x = 0; x < w; x++) {
        const c =
          y < top
            ? [122, 120, 126]
            : y <= top + 1
              ? [180, 182, 186]
              : y === top + 2
                ? [100, 98, 104]
                : [200, 204, 208];
        data.set(c, (y * w + x) * 3);
      }
    return {
      image: { data, width: w, height: w, channels: 3 } as RawImage,
      sal: { data: sal, size: n },
      w,
      top,
    };
  }

  it('leaves no part-transparent line inside the car where a dark trim matches the background', async () => {
    const { image, sal, w, top } = roofEdge();
    const alpha = await refineMask(image, sal);
    for (const x of [100, 200, 300]) {
      // The rim, the seal and the roof below it: solid car.
      for (let y = top + 1; y <= top + 12; y++) expect(alphaAt(alpha, w, x, y)).toBe(255);
      // The outline is still where the edge is: above it, the wall.
      expect(alphaAt(alpha, w, x, top - 4)).toBe(0);
    }
  });
});

describe("a tyre in the car's own shadow", () => {
  /**
   * A car seen from behind at model resolution (512): the body down to its bumper (y = 380), the left tyre
   * under it sure (as ISNet sees a lit tyre) and the right one, mirrored, a half-confident plateau (the dark
   * tyre in the car's own shadow: oalpr_br_NTD9247's right tyre is 80-200 in the raw map, its left 255).
   * Both stand on the ground line at y = 440. `floor` adds a half-sure patch of floor shadow.
   */
  function rearView(rightTyre: number, floor?: { x0: number; x1: number; y0: number; level: number }) {
    const n = 512;
    const data = new Uint8Array(n * n);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const body = x >= 100 && x < 420 && y >= 180 && y < 380;
        const left = x >= 120 && x < 175 && y >= 380 && y < 440;
        const right = x >= 345 && x < 400 && y >= 380 && y < 440;
        let v = body || left ? 255 : right ? rightTyre : 0;
        if (floor && !body && !left && x >= floor.x0 && x < floor.x1 && y >= floor.y0 && y < 440)
          v = Math.max(v, floor.level);
        data[y * n + x] = v;
      }
    return { sal: { data, size: n }, n };
  }

  it('keeps a tyre in a half-confident plateau under a wheel arch, mirroring the sure one', () => {
    const { sal, n } = rearView(150);
    const keep = keepCarFast(sal);
    expect(keep[410 * n + 147]).toBe(255); // the sure tyre
    expect(keep[410 * n + 372]).toBe(255); // the half-confident one
    expect(keep[436 * n + 372]).toBe(255); // down to the ground line
    expect(keep[410 * n + 320]).toBe(0); // the floor between the tyres
    expect(keep[446 * n + 372]).toBe(0); // the floor below
  });

  it('keeps a tyre in a plateau ISNet barely believed (the fused passes under 128)', () => {
    const { sal, n } = rearView(80);
    expect(keepCarFast(sal)[420 * n + 372]).toBe(255);
  });

  it('keeps it through the edge snapping too: a black tyre on the black shadow under the car', async () => {
    const { sal, n } = rearView(90);
    // Grey paint, black tyres, the car's shadow on a mid-grey road: the tyre's edge is barely an edge.
    const data = Buffer.alloc(n * n * 3);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const tyre = y >= 380 && y < 440 && ((x >= 120 && x < 175) || (x >= 345 && x < 400));
        const body = x >= 100 && x < 420 && y >= 180 && y < 380;
        const shadow = x >= 90 && x < 440 && y >= 380 && y < 446;
        data.fill(tyre ? 22 : body ? 150 : shadow ? 35 : 110, (y * n + x) * 3, (y * n + x) * 3 + 3);
      }
    const alpha = await refineMask({ data, width: n, height: n, channels: 3 }, sal);
    expect(alpha[410 * n + 372]).toBe(255);
    expect(alpha[410 * n + 320]).toBe(0);
  });

  it('does not keep a half-sure floor shadow, wider than a wheel, where a tyre would stand', () => {
    const { sal, n } = rearView(0, { x0: 250, x1: 500, y0: 400, level: 150 });
    const keep = keepCarFast(sal);
    for (const x of [300, 372, 410, 470]) expect(keep[420 * n + x]).toBe(0);
    expect(keep[410 * n + 147]).toBe(255);
  });

  // A parking bay's line runs beside the lost tyre, in the car's shadow and as half sure as the tyre
  // (oalpr_br_JRK5336 with a 768 crop pass): the tyre comes back, the line does not.
  it.each([
    ['yellow', [105, 85, 52]],
    ['white', [98, 98, 102]],
  ])('keeps the tyre but not a %s floor line beside it in the same half-sure plateau', (_, line) => {
    const { sal, n } = rearView(150);
    const rgb = Buffer.alloc(n * n * 3);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const tyre = y >= 380 && y < 440 && ((x >= 120 && x < 175) || (x >= 345 && x < 400));
        const body = x >= 100 && x < 420 && y >= 180 && y < 380;
        const mark = x >= 405 && x < 418 && y >= 380;
        const c = body ? [150, 150, 150] : tyre ? [40, 36, 30] : mark ? line : [28, 28, 28];
        rgb.set(c, (y * n + x) * 3);
        // The shadowed floor between the tyre and the line is half sure too.
        if (x >= 400 && x < 418 && y >= 380 && y < 440) sal.data[y * n + x] = 110;
      }
    const keep = keepCarFast({ ...sal, rgb });
    expect(keep[410 * n + 372]).toBe(255); // the tyre
    expect(keep[436 * n + 372]).toBe(255); // down to the ground line
    for (const y of [390, 420, 436]) expect(keep[y * n + 412]).toBe(0); // the line
  });

  it('does not keep a half-sure speck of floor where a tyre would stand', () => {
    const { sal, n } = rearView(0, { x0: 365, x1: 378, y0: 425, level: 150 });
    expect(keepCarFast(sal)[432 * n + 372]).toBe(0);
  });
});
