import { describe, expect, it } from 'vitest';
import { carBox, compositeCar } from './car.composite';
import { renderScene } from './scene.render';

const W = 400;
const H = 300;

/** The photo composited at scale 1 (framed as it stands) onto an upload of one flat grey level. */
async function onPlainBackground(data: Buffer, mask: Uint8Array, level: number) {
  const bg = { data: Buffer.alloc(W * H * 3, level), width: W, height: H, channels: 3 as const };
  const box = carBox(mask, W, H)!;
  const r = await compositeCar({ data, width: W, height: H, channels: 3 }, mask, {
    background: { kind: 'image', image: bg },
    width: W,
    height: H,
    framing: { carHeight: box.h / H, floorY: (box.y + box.h) / H, maxWidth: 1 },
  });
  expect(r.placement.scale).toBe(1);
  return r;
}

describe('the cut’s outline', () => {
  it('does not carry a line of the old bright floor along a dark car', async () => {
    // A dark car on a bright floor, with a mask one pixel too wide: its outermost ring is floor at full alpha
    // (what a segmenter gives along a sill or a tyre).
    const data = Buffer.alloc(W * H * 3);
    const car = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const body = x > W * 0.25 && x < W * 0.75 && y > H * 0.35 && y < H * 0.62;
        const wheel = [0.33, 0.67].some((cx) => (x - W * cx) ** 2 + (y - H * 0.65) ** 2 < (H * 0.1) ** 2);
        car[i] = body || wheel ? 1 : 0;
        data.fill(car[i] ? 35 : 215, i * 3, i * 3 + 3);
      }
    const mask = new Uint8Array(W * H);
    const ring: number[] = [];
    for (let y = 1; y < H - 1; y++)
      for (let x = 1; x < W - 1; x++) {
        const i = y * W + x;
        const grown = car[i] || car[i - 1] || car[i + 1] || car[i - W] || car[i + W];
        mask[i] = grown ? 255 : 0;
        if (grown && !car[i]) ring.push(i);
      }
    const r = await onPlainBackground(data, mask, 90);
    // The ring's pixels in the output: none may stand out brighter than both the car and the new background.
    let bright = 0;
    for (const i of ring) {
      const x = (i % W) + r.placement.dx;
      const y = Math.floor(i / W) + r.placement.dy;
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      if (r.image.data[(y * W + x) * 3 + 1] > 130) bright++;
    }
    expect(bright / ring.length).toBeLessThan(0.05);
  });

  it('keeps a dark roof moulding just inside the outline whole when the old wall behind it is dark too', async () => {
    // A light roof with a dark rubber moulding two to three pixels below its top edge, shot in front of a
    // dark letter of the old wall (a Carvana booth): the moulding is car and must stay one dark line, not be
    // lightened as "background" (the session-8 review's "ragged dark trim fragments" along a roof).
    const data = Buffer.alloc(W * H * 3);
    const mask = new Uint8Array(W * H);
    const top = Math.round(H * 0.35);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const inCar = x > W * 0.2 && x < W * 0.8 && y >= top && y < H * 0.7;
        mask[i] = inCar ? 255 : 0;
        const moulding = inCar && y >= top + 2 && y <= top + 3;
        const letter = !inCar && y < top && y >= top - 20;
        data.fill(moulding ? 100 : inCar ? 200 : letter ? 105 : 225, i * 3, i * 3 + 3);
      }
    const r = await onPlainBackground(data, mask, 225);
    // Along the moulding's upper row (away from the roof's corners), in the output.
    const oy = top + 2 + r.placement.dy;
    let light = 0;
    let n = 0;
    for (let x = Math.round(W * 0.3); x < W * 0.7; x++) {
      const v = r.image.data[(oy * W + x + r.placement.dx) * 3 + 1];
      // The grade may shift levels a little; a lightened pixel moves far toward the roof's 200.
      if (v > 140) light++;
      n++;
    }
    expect(light / n).toBeLessThan(0.02);
  });
  it('takes off a band of the old wall two pixels deep that the mask holds at full alpha above a light roof', async () => {
    // The mirror case of the moulding above: here the outermost two rows are the wall's dark letter (the
    // mask two pixels too high), the roof's light rim starts below them. Both rows are background.
    const data = Buffer.alloc(W * H * 3);
    const mask = new Uint8Array(W * H);
    const top = Math.round(H * 0.35);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const inCar = x > W * 0.2 && x < W * 0.8 && y >= top && y < H * 0.7;
        mask[i] = inCar ? 255 : 0;
        const letter = y < top + 2 && y >= top - 20;
        data.fill(inCar && !letter ? 200 : letter ? 100 : 225, i * 3, i * 3 + 3);
      }
    const r = await onPlainBackground(data, mask, 225);
    // Along the two rows, in the output: the new background (225) should show, neither the letter's dark
    // nor the roof's grey carried up over them.
    let dark = 0;
    let n = 0;
    for (const y of [top, top + 1])
      for (let x = Math.round(W * 0.3); x < W * 0.7; x++) {
        const v = r.image.data[((y + r.placement.dy) * W + x + r.placement.dx) * 3 + 1];
        if (v < 212) dark++;
        n++;
      }
    // The scan-order judging before session 13 took both rows (its only merit); the first ring-by-ring version
    // of session 13 kept the second row (half of these pixels) in the roof's grey: it asked the row in front
    // to be lowered under 64, which a full-alpha pixel judged as background (to 77) never is. After: none.
    expect(dark / n).toBeLessThan(0.02);
  });

  it('keeps a dark seal along a light roof whole when the soft edge above it is wide', async () => {
    // A light roof whose outermost two rows are a dark rubber seal, against a white wall, with the segmenter's
    // soft ramp three pixels wide above it (alpha 100, 60, 30, then 0): the seal is car. The old background
    // lies beyond the narrow blur's reach of the seal's top row, where the estimate of the background used
    // to fall back on the pixel's own dark colour and call it background.
    const data = Buffer.alloc(W * H * 3);
    const mask = new Uint8Array(W * H);
    const top = Math.round(H * 0.35);
    const ramp = [100, 60, 30];
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const across = x > W * 0.2 && x < W * 0.8;
        const a = !across
          ? 0
          : y >= top && y < H * 0.7
            ? 255
            : y < top && y >= top - 3
              ? ramp[top - 1 - y]
              : 0;
        mask[i] = a;
        const seal = across && (y === top || y === top + 1);
        const v = a === 255 ? (seal ? 70 : 200) : Math.round(230 * (1 - a / 255) + 70 * (a / 255));
        data.fill(v, i * 3, i * 3 + 3);
      }
    const r = await onPlainBackground(data, mask, 225);
    let light = 0;
    let n = 0;
    for (const y of [top, top + 1])
      for (let x = Math.round(W * 0.3); x < W * 0.7; x++) {
        if (r.image.data[((y + r.placement.dy) * W + x + r.placement.dx) * 3 + 1] > 120) light++;
        n++;
      }
    // Before (session 13): all of the seal was lightened (its top row judged against its own colour, the row
    // under it then peeled in scan order); after: none of it.
    expect(light / n).toBeLessThan(0.02);
  });

  it('leaves no light fringe where the segmenter’s soft edge reaches past the car into a bright old floor', async () => {
    // A dark car whose edge in the photo is a 1-px soft step, while the segmenter's ramp lies 1.5 px further out
    // (its alpha says "mostly car" on pixels that are mostly old floor): the usual case along a tyre or a sill.
    const data = Buffer.alloc(W * H * 3);
    const mask = new Uint8Array(W * H);
    const cx = W / 2;
    const cy = H * 0.5;
    const R = H * 0.3;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const d = R - Math.hypot(x - cx, y - cy); // > 0 inside
        const cover = Math.max(0, Math.min(1, d + 0.5));
        data.fill(Math.round(35 * cover + 215 * (1 - cover)), i * 3, i * 3 + 3);
        mask[i] = Math.round(255 * Math.max(0, Math.min(1, (d + 1.5 + 1) / 2)));
      }
    const r = await onPlainBackground(data, mask, 90);
    // Output pixels of the edge band (within 3 px of the true outline) lighter than both the car and the new
    // floor show the old floor. Before (session 13): 2.3 % of them did (the ring behind the outermost one
    // stood at full alpha and was never judged, and the soft pixels were only half cleaned); after: none.
    let bright = 0;
    let n = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const d = R - Math.hypot(x - cx, y - cy);
        if (Math.abs(d) > 3) continue;
        const ox = x + r.placement.dx;
        const oy = y + r.placement.dy;
        if (ox < 0 || oy < 0 || ox >= W || oy >= H) continue;
        n++;
        if (r.image.data[(oy * W + ox) * 3 + 1] > 105) bright++;
      }
    expect(bright / n).toBeLessThan(0.01);
  });

  it('draws a straight roof as a smooth line, not a dotted or notched one', async () => {
    // A straight roof edge whose mask has single-pixel specks just above it and single-pixel notches in its
    // top row (the segmenter's outline at the pixel level), car and old wall the same grey so colour decides
    // nothing. The output's roof height per column (the coverage summed down the column) should be as even
    // as the roof is.
    const data = Buffer.alloc(W * H * 3, 60);
    const mask = new Uint8Array(W * H);
    const top = Math.round(H * 0.3);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        if (x > W * 0.1 && x < W * 0.9 && y >= top && y < H * 0.7) mask[y * W + x] = 255;
    for (let x = Math.round(W * 0.2); x < W * 0.8; x++) {
      if (x % 7 === 0)
        mask[(top - 1) * W + x] = 255; // a speck above the roof
      else if (x % 9 === 3) mask[top * W + x] = 0; // a notch in its top row
    }
    const bg = 220;
    const r = await onPlainBackground(data, mask, bg);
    const cover: number[] = [];
    for (let x = Math.round(W * 0.2); x < W * 0.8; x++) {
      let c = 0;
      for (let y = top - 6; y < top + 6; y++) {
        const v = r.image.data[((y + r.placement.dy) * W + x + r.placement.dx) * 3 + 1];
        c += (bg - v) / (bg - 60);
      }
      cover.push(c);
    }
    const m = cover.reduce((s, v) => s + v, 0) / cover.length;
    const rough = Math.sqrt(cover.reduce((s, v) => s + (v - m) ** 2, 0) / cover.length);
    // Before (session 13): 0.49 px of roof height from column to column (each speck and notch a whole
    // pixel); after: 0.00.
    expect(rough).toBeLessThan(0.2);
  });

  it('keeps a one-pixel antenna and a thin diagonal wiper while smoothing the outline', async () => {
    // Thin parts are car: the outline's smoothing must not erase them (a speck is one pixel, so is an antenna).
    const data = Buffer.alloc(W * H * 3, 225);
    const mask = new Uint8Array(W * H);
    const top = Math.round(H * 0.4);
    const ant: number[] = [];
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const body = x > W * 0.2 && x < W * 0.8 && y >= top && y < H * 0.7;
        const antenna = x === Math.round(W * 0.4) && y >= top - 25 && y < top;
        const wiper = y < top && y >= top - 20 && x - Math.round(W * 0.6) === top - y;
        if (body || antenna || wiper) {
          mask[i] = 255;
          data.fill(40, i * 3, i * 3 + 3);
          if ((antenna || wiper) && y < top - 4) ant.push(i);
        }
      }
    const r = await onPlainBackground(data, mask, 225);
    // Each thin pixel keeps most of its darkness: at least 60 % of the way from the background to the car.
    let kept = 0;
    for (const i of ant) {
      const v = r.image.data[((Math.floor(i / W) + r.placement.dy) * W + (i % W) + r.placement.dx) * 3 + 1];
      if (v < 225 - 0.6 * (225 - 40)) kept++;
    }
    expect(kept / ant.length).toBeGreaterThan(0.95);
  });

  it('keeps a one-pixel gap between two one-pixel rows open (no dark block three pixels high)', async () => {
    // Two 1-px rows of dark floor shadow that a mask took as car beside the car (restoreTread's lone rows
    // before session 19), one background pixel apart: thin parts, drawn as the cut gives them. The
    // outline's median filled the gap between them with the old shadow and drew one dark block.
    const data = Buffer.alloc(W * H * 3, 215);
    const mask = new Uint8Array(W * H);
    const gap: number[] = [];
    const rows: number[] = [];
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const body = x > W * 0.3 && x < W * 0.8 && y >= H * 0.3 && y < H * 0.7;
        const row = (y === 180 || y === 182) && x > W * 0.3 - 20 && x <= W * 0.3;
        if (body) data.fill(170, i * 3, i * 3 + 3);
        // The old floor's shadow there, between and round the rows, as dark as they are.
        const shade = y >= 175 && y < 190 && x > W * 0.3 - 30 && x <= W * 0.3;
        if (row || shade) data.fill(60, i * 3, i * 3 + 3);
        if (body || row) mask[i] = 255;
        if (x > W * 0.3 - 16 && x <= W * 0.3 - 4 && (y === 181 || y === 182))
          (y === 181 ? gap : rows).push(i);
      }
    const r = await onPlainBackground(data, mask, 150);
    const at = (i: number): number =>
      r.image.data[((Math.floor(i / W) + r.placement.dy) * W + (i % W) + r.placement.dx) * 3 + 1];
    // The gap shows the new background (150), the rows keep their dark (60), and nothing is darker than both.
    for (const i of gap) expect(at(i)).toBeGreaterThan(130);
    for (const i of rows) expect(at(i)).toBeLessThan(100);
    for (const i of [...gap, ...rows]) expect(at(i)).toBeGreaterThanOrEqual(55);
  });
});

describe('the tyres on the floor', () => {
  it('darkens the wedge of floor where each tyre curves down to the ground (no light gap under a tyre)', async () => {
    // A car with round wheels on a plain floor without any shadow of its own: the drawn contact is all there is.
    const data = Buffer.alloc(W * H * 3, 200);
    const mask = new Uint8Array(W * H);
    const r0 = H * 0.1;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const body = x > W * 0.22 && x < W * 0.78 && y > H * 0.35 && y < H * 0.62;
        const wheel = [0.33, 0.67].some((cx) => (x - W * cx) ** 2 + (y - H * 0.65) ** 2 < r0 ** 2);
        if (body || wheel) {
          mask[y * W + x] = 255;
          data.fill(60, (y * W + x) * 3, (y * W + x) * 3 + 3);
        }
      }
    const box = carBox(mask, W, H)!;
    const framing = { carHeight: box.h / H, floorY: (box.y + box.h) / H, maxWidth: 1 };
    const r = await compositeCar({ data, width: W, height: H, channels: 3 }, mask, {
      background: { kind: 'scene', id: 'studio-grey' },
      width: W,
      height: H,
      framing,
    });
    const bare = await renderScene('studio-grey', W, H, { carHeightPx: box.h, floorY: framing.floorY });
    // Floor pixels between a wheel's arc and the ground line, a little to the side of the contact point.
    let got = 0;
    let was = 0;
    for (const cx of [0.33, 0.67])
      for (const side of [-1, 1]) {
        const x = Math.round(W * cx + side * r0 * 0.35);
        const arc = H * 0.65 + Math.sqrt(r0 ** 2 - (x - W * cx) ** 2);
        const ox = Math.round(x * r.placement.scale + r.placement.dx);
        const oy = Math.round((arc + 1.5) * r.placement.scale + r.placement.dy);
        got += r.image.data[(oy * W + ox) * 3 + 1];
        was += bare.data[(oy * W + ox) * 3 + 1];
      }
    expect(got / was).toBeLessThan(0.6);
  });

  it('keeps the dark tread of a light, dusty tyre over the dark shadow it stood in', async () => {
    // A dark car whose wheel has a light sidewall ring and a dark tread ring (4 px) at its outline, standing
    // in the dark shadow under it: the tread is as dark as the old floor beside it. On a mid-grey floor the
    // tread must stay a dark edge, not be taken for old floor and leave the sidewall as a light halo
    // (ig02_carsgraz_260, session 14).
    const data = Buffer.alloc(W * H * 3);
    const mask = new Uint8Array(W * H);
    const R = H * 0.2;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const r = Math.hypot(x - W / 2, y - H * 0.62);
        const body = x > W * 0.2 && x < W * 0.8 && y > H * 0.3 && y < H * 0.6;
        let c = 22; // the shadow
        if (body) c = 30;
        if (r < R) c = r >= R - 4 ? 22 : r >= R - 14 ? 150 : 190;
        data.fill(c, i * 3, i * 3 + 3);
        if (body || r < R) mask[i] = 255;
      }
    const r = await onPlainBackground(data, mask, 110);
    // The tread's pixels on the wheel's lower half, away from the contact point (where the drawn contact
    // shadow darkens anyway): before, 0.16 of them came out lighter than 60; after, none.
    let light = 0;
    let n = 0;
    for (let a = 0.25; a <= 0.75; a += 0.02)
      for (const side of [-1, 1]) {
        const x = Math.round(W / 2 + side * (R - 2) * Math.cos(a));
        const y = Math.round(H * 0.62 + (R - 2) * Math.sin(a));
        const ox = Math.round(x + r.placement.dx);
        const oy = Math.round(y + r.placement.dy);
        n++;
        if (r.image.data[(oy * W + ox) * 3 + 1] > 60) light++;
      }
    expect(light / n).toBeLessThan(0.05);
  });
});
