import type { RawImage } from '../io/image.decode';
import { componentBoxes, fillHoles, labelComponents, maskBounds, morph } from '../segment/mask.ops';
import { lumaAt } from '../io/pixel.box';

/**
 * Windows through which a plain studio backdrop shows, found by what they show. ISNet counts a window as
 * solid car (it is part of the car's shape), so the segmenter's glass map misses it, and the bright booth
 * the car was shot in then shows through its windows in a dark showroom ("through the windows you can see
 * the bright booth it was actually shot in").
 *
 * Only for plain backdrops: behind a street car the background beside the car is rarely what is behind its
 * windows, and paint mirroring the street matches it as well as glass does (tried on eval-dev: the roof
 * rail of a black estate against a yellow wall, a wing mirroring the pavement). A pane here is a region in
 * the car's upper part
 *  - whose colour is the backdrop's at the same height or just above the roof, seen through glass: darker by
 *    the glass's transmission (0.3-0.92 of it), its chromaticity near the backdrop's, allowing the green-blue
 *    tint of car glass;
 *  - that is framed: most of its border is darker (seals, pillars, the cabin);
 *  - just under the roofline, of a pane's size.
 * Returns the panes, 0..255 per pixel (image size), all zero when the backdrop is not plain, and the
 * backdrop's mean colour round the car's upper half (what the panes show, before the glass's tint).
 */
/** How much greener-bluer than the backdrop (((g + b) / 2 - r) * 3 / (r + g + b), the backdrop's value
 * subtracted) a studio pane's pixel must be to count as tinted glass: 0.05-0.06 on the grey Mustang's
 * windows, -0.02-0.01 on its paint. */
const GLASS_TINT = 0.03;
/** Glass takes red away: a candidate redder than the booth by more than this (the same measure) is paint
 * mirroring it (the Range Rover's roof, -0.01 where its windscreen is +0.02). */
const UNREDDENED = -0.005;
/** The least share of its box a pane found among the candidates no redder than the booth fills (0.48-0.83
 * on eval-dev's Carvana photos; an Audi's rear window found in part, 0.36). */
const CLEAR_FILL = 0.45;

export interface StudioGlass {
  map: Uint8Array;
  backdrop: [number, number, number];
}

export function studioGlass(image: RawImage, alpha: Uint8Array): StudioGlass {
  const { width: w, height: h, channels: C, data } = image;
  const out = new Uint8Array(w * h);
  const none: StudioGlass = { map: out, backdrop: [0, 0, 0] };
  const frame = carFrame(image, alpha);
  if (!frame) return none;
  const { x0, x1, y0, y1, topY, band, bx0, by0, bw, bh } = frame;
  const cw = x1 - x0 + 1;
  const chh = y1 - y0 + 1;
  const lum = (i: number): number => lumaAt(data, i, C);

  // Plain backdrop: the background in a frame around the car's upper half varies little from pixel to
  // pixel (median absolute step under 2.5 levels; a street scene is 6-15).
  const steps: number[] = [];
  let tint = 0;
  const backdrop: [number, number, number] = [0, 0, 0];
  const fx0 = Math.max(1, x0 - Math.round(cw * 0.1));
  const fx1 = Math.min(w - 2, x1 + Math.round(cw * 0.1));
  const fy0 = Math.max(1, y0 - Math.round(chh * 0.2));
  for (let y = fy0; y < band; y += 2)
    for (let x = fx0; x <= fx1; x += 2) {
      const i = y * w + x;
      if (alpha[i] > 8 || alpha[i + 1] > 8) continue;
      steps.push(Math.abs(lum(i) - lum(i + 1)));
      for (let c = 0; c < 3; c++) backdrop[c] += data[i * C + c];
      const s3 = data[i * C] + data[i * C + 1] + data[i * C + 2] + 1;
      tint += Math.abs(data[i * C] / s3 - 1 / 3) + Math.abs(data[i * C + 1] / s3 - 1 / 3);
    }
  if (steps.length < 500) return none;
  for (let c = 0; c < 3; c++) backdrop[c] /= steps.length;
  // The median step (a typed array sorts numbers natively: the comparator sort took ~20 ms per photo).
  const medianStep = new Float64Array(steps).sort()[steps.length >> 1];
  // ... and neutral, as a studio's white or grey is (a plain yellow house wall is not a backdrop), and lit
  // as a booth is: eval-dev's Carvana booths measure 168-232 round the car's upper half; a grey house front
  // in the shade (ig02_carsgraz_125, 132), whose dusky paint passes the through-glass test, had a C-pillar
  // and a door top taken for a pane once panes were framed across glass a shade off the test (session 16).
  const bright = 0.299 * backdrop[0] + 0.587 * backdrop[1] + 0.114 * backdrop[2] >= 150;
  if (medianStep > 2.5 || tint / steps.length > 0.03 || !bright) return none;

  const mean = (xs: number[], ys: number[]): [number, number, number] | null => {
    const acc = [0, 0, 0];
    let n = 0;
    for (let k = 0; k < xs.length; k++) {
      const x = xs[k];
      const y = ys[k];
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const i = y * w + x;
      if (alpha[i] > 20) continue;
      for (let c = 0; c < 3; c++) acc[c] += data[i * C + c];
      n++;
    }
    return n >= xs.length / 3 ? [acc[0] / n, acc[1] / n, acc[2] / n] : null;
  };
  // The backdrop just above the roof in each column and beside the car on each row.
  const reach = Math.max(4, Math.round(chh * 0.12));
  const above: ([number, number, number] | null)[] = new Array(w).fill(null);
  for (let x = x0; x <= x1; x++)
    if (topY[x] >= 0)
      above[x] = mean(
        Array.from({ length: reach }, () => x),
        Array.from({ length: reach }, (_, k) => topY[x] - 3 - k),
      );
  const beside: ([number, number, number] | null)[] = new Array(h).fill(null);
  for (let y = y0; y < band; y++) {
    let l = -1;
    let r = -1;
    for (let x = x0; x <= x1; x++)
      if (alpha[y * w + x] >= 128) {
        if (l < 0) l = x;
        r = x;
      }
    if (l < 0) continue;
    const xs = [
      ...Array.from({ length: reach }, (_, k) => l - 3 - k),
      ...Array.from({ length: reach }, (_, k) => r + 3 + k),
    ];
    beside[y] = mean(
      xs,
      xs.map(() => y),
    );
  }
  /** Does pixel i look like background colour bg seen through tinted glass? */
  const throughGlass = (i: number, bg: [number, number, number] | null, kMax = 0.92): boolean => {
    if (!bg) return false;
    const bl = 0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2];
    if (bl < 40) return false;
    const r = data[i * C];
    const g = data[i * C + 1];
    const b = data[i * C + 2];
    const k = (0.299 * r + 0.587 * g + 0.114 * b) / bl;
    if (k < 0.3 || k > kMax) return false;
    const ps = r + g + b + 1;
    const bs = bg[0] + bg[1] + bg[2] + 1;
    // Car glass is tinted green-blue: it takes red away, so the red share may drop by a few points.
    const dr = r / ps - bg[0] / bs;
    return dr >= -0.06 && dr <= 0.02 && Math.abs(g / ps - bg[1] / bs) <= 0.03;
  };
  // Candidates and their components on the car's upper band only (plus a pixel of margin for borders).
  // A grey or silver car's paint mirrors the booth as its glass shows it, and the hood, roof, windscreen and
  // side windows made one region too large for a pane (session 16: no pane on carvana_1adaeb44f109_03, the
  // grey Mustang reviewers saw the booth through). Its glass is tinted green-blue where the paint is not:
  // the candidates that are also clearly greener-bluer than the backdrop are tried as panes on their own.
  const cand = new Uint8Array(bw * bh);
  const tinted = new Uint8Array(bw * bh);
  // Candidates no redder than the booth (a pass of their own, below), and what may be glare on a pane.
  const unreddened = new Uint8Array(bw * bh);
  const glare = new Uint8Array(bw * bh);
  const tintOf = (r: number, g: number, b: number): number => (((g + b) / 2 - r) * 3) / (r + g + b + 1);
  const tintFloor = tintOf(...backdrop);
  for (let y = y0; y < band; y++)
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x;
      if (alpha[i] < 250) continue;
      const j = (y - by0) * bw + (x - bx0);
      const tint = tintOf(data[i * C], data[i * C + 1], data[i * C + 2]) - tintFloor;
      // The booth seen through a windscreen and the far side window, with the windscreen's own reflection
      // of the white booth on top, is as bright as the booth (0.93-0.98 of it on the Range Rover, whose
      // windscreen showed a white room in a dark studio, session 17): a pixel that bright counts when it
      // is at least half as tinted as glass is. (Against the booth's mean as well, the red Lexus's
      // windscreen joined what lay round it and was lost.)
      if (throughGlass(i, above[x]) || throughGlass(i, beside[y])) cand[j] = 1;
      else if (tint >= GLASS_TINT / 2 && (throughGlass(i, above[x], 1) || throughGlass(i, beside[y], 1)))
        cand[j] = 1;
      if (!cand[j]) {
        // The booth's reflection on a raked windscreen adds to the booth seen through it: up to 1.06 of the
        // booth's level, barely tinted (the Range Rover's windscreen by its right A-pillar).
        if (tint >= UNREDDENED && throughGlass(i, backdrop, 1.1)) glare[j] = 1;
        continue;
      }
      if (tint >= GLASS_TINT) tinted[j] = 1;
      if (tint >= UNREDDENED) unreddened[j] = 1;
    }

  // A pane's frame is darker car (seals, pillars, the cabin) or car of another colour than the booth seen
  // through glass: a red car's pillars and roof are no darker than the grey its windscreen shows (the
  // red Hyundai's windscreen was a tenth framed). A tinted pane is framed by untinted car as well.
  const bs = backdrop[0] + backdrop[1] + backdrop[2] + 1;
  const coloured = (i: number): boolean => {
    const s3 = data[i * C] + data[i * C + 1] + data[i * C + 2] + 1;
    let d = 0;
    for (let c = 0; c < 3; c++) d += Math.abs(data[i * C + c] / s3 - backdrop[c] / bs);
    return d > 0.12;
  };
  panesFrom(frame, cand, out, true, coloured);
  // A dark car's roof mirroring the booth's ceiling passes the colour test against the sign's dark letters
  // above it, and joined the windscreen in one region too poorly framed to be a pane (the Range Rover,
  // session 17: its windscreen showed the white booth in a dark studio). Glass takes red away and that
  // mirror does not (-0.01 against the windscreen's +0.02): the candidates no redder than the booth are
  // tried as panes on their own. A ragged one, filling less than CLEAR_FILL of its box, is part of a pane
  // whose rim mirrors the booth a shade redder (an Audi's raked rear window, 0.36, relit in its middle
  // only: a blotch), and is left as it was; grown into the candidates round it, such a pane took a silver
  // mirror in front of a side window with it.
  const clear = new Uint8Array(w * h);
  panesFrom(frame, unreddened, clear, true, coloured);
  const parts = labelComponents(clear, w, h);
  const b = componentBoxes(parts.labels, parts.sizes.length, w, h);
  for (let i = 0; i < clear.length; i++) {
    const l = parts.labels[i];
    if (l && parts.sizes[l] >= CLEAR_FILL * (b.x1[l] - b.x0[l] + 1) * (b.y1[l] - b.y0[l] + 1)) out[i] = 255;
  }
  panesFrom(
    frame,
    tinted,
    out,
    true,
    (i) => coloured(i) || tintOf(data[i * C], data[i * C + 1], data[i * C + 2]) - tintFloor < GLASS_TINT / 2,
  );
  // The tinted part of a pane may leave its rim out (where the booth's reflection weakens the tint): left
  // as it was, the old booth ringed the relit glass of the Mustang's side window. A pane takes in the
  // through-glass candidates next to it, within its own extent, that are tinted at least half as much (the
  // top of the mirror in front of the window, untinted paint, was relit with it otherwise).
  growWithinOwnBox(
    frame,
    out,
    (i) =>
      cand[(((i / w) | 0) - by0) * bw + (i % w) - bx0] === 1 &&
      tintOf(data[i * C], data[i * C + 1], data[i * C + 2]) - tintFloor >= GLASS_TINT / 2,
  );
  // All or nothing per pane: a partly relit pane is a plain composite tell (the Mustang's windscreen, its
  // left part cut into strips by the CARVANA letters behind it, was booth-grey beside the relit right part).
  // The tinted glass outlines a silver car's panes; the candidates outline the others' (on a grey car they
  // run on into the paint, and tell nothing of where a pane ends).
  wholePanes(frame, tinted, out);
  wholePanes(frame, cand, out);
  // The glare next to a pane, within its own extent, is the same glass (left out, the relit windscreen
  // ended in a staircase against the white of its glare).
  growWithinOwnBox(frame, out, (i) => glare[(((i / w) | 0) - by0) * bw + (i % w) - bx0] === 1);
  // Bites of glare or of a reflection at a pane's edge, neither tinted nor a candidate, were left booth-lit
  // along the relit glass (the Mustang's side window by its mirror: a jagged edge).
  closeEachPane(frame, out);
  return { map: out, backdrop };
}

/**
 * The car's box in the mask, its top row per column, and the band where panes are looked for (the car's
 * upper half, `band` its last row) with a pixel of margin for borders.
 */
interface PaneFrame {
  image: RawImage;
  alpha: Uint8Array;
  topY: Int32Array;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  band: number;
  bx0: number;
  by0: number;
  bw: number;
  bh: number;
}

function carFrame(image: RawImage, alpha: Uint8Array): PaneFrame | null {
  const { width: w, height: h } = image;
  const bounds = maskBounds(alpha, w, h, 128);
  if (!bounds) return null;
  const { x0, y0, x1, y1 } = bounds;
  const topY = new Int32Array(w).fill(-1);
  for (let x = x0; x <= x1; x++)
    for (let y = y0; y <= y1; y++)
      if (alpha[y * w + x] >= 128) {
        topY[x] = y;
        break;
      }
  const band = Math.round(y0 + (y1 - y0 + 1) * 0.5);
  const bx0 = Math.max(0, x0 - 1);
  const by0 = Math.max(0, y0 - 1);
  const bw = Math.min(w - 1, x1 + 1) - bx0 + 1;
  const bh = Math.min(h - 1, band) - by0 + 1;
  return { image, alpha, topY, x0, y0, x1, y1, band, bx0, by0, bw, bh };
}

/**
 * Panes among candidate pixels (band-sized `cand`), written into `out` (image-sized): components split at
 * thin bridges, of a pane's size, framed (most of their border darker car), in the glasshouse and pane-shaped.
 * `fill`: what stands inside a pane (a headrest, a seat's back) belongs to it.
 */
function panesFrom(
  f: PaneFrame,
  cand: Uint8Array,
  out: Uint8Array,
  fill: boolean,
  frames?: (i: number) => boolean,
): void {
  const { image, alpha, topY, x0, y0, x1, y1, bx0, by0, bw, bh } = f;
  const { width: w, height: h, channels: C, data } = image;
  const chh = y1 - y0 + 1;
  const lum = (i: number): number => lumaAt(data, i, C);
  const { labels, sizes } = splitThinBridges(cand, bw, bh, Math.max(2, Math.round(chh * 0.012)));
  let carArea = 0;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (alpha[y * w + x] >= 128) carArea++;
  const minArea = carArea * 0.003;
  // A rear window or a windscreen seen head-on covers up to about an eighth of the car.
  const maxArea = carArea * 0.13;
  const border = new Float64Array(sizes.length);
  const framed = new Float64Array(sizes.length);
  const outside = new Float64Array(sizes.length);
  const sum = new Float64Array(sizes.length);
  const depth = new Float64Array(sizes.length);
  const rows = new Float64Array(sizes.length);
  const minY = new Int32Array(sizes.length).fill(h);
  const maxY = new Int32Array(sizes.length).fill(-1);
  const minX = new Int32Array(sizes.length).fill(w);
  const maxX = new Int32Array(sizes.length).fill(-1);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      const l = labels[by * bw + bx];
      if (!l) continue;
      const x = bx + bx0;
      const y = by + by0;
      sum[l] += lum(y * w + x);
      depth[l] += y - topY[x];
      rows[l] += y - y0;
      if (y < minY[l]) minY[l] = y;
      if (y > maxY[l]) maxY[l] = y;
      if (x < minX[l]) minX[l] = x;
      if (x > maxX[l]) maxX[l] = x;
    }
  // What stands next to a pane, looked for outward (dx, dy) from its edge: its frame (darker car, or car
  // `frames` names), the car's outline, or neither. A studio pane looks up to `reach` pixels on across
  // glass a shade off the colour test (a letter of the booth's sign seen through the windscreen, a
  // reflection): the frame lies beyond it, and a gap that leads back into the pane is no border at all.
  // Counted at the first pixel, the red Hyundai's windscreen, broken up by the sign behind it, was a
  // tenth framed and left out (session 16: booth-white in the review).
  const reach = fill ? Math.max(2, Math.round(chh * 0.02)) : 1;
  const side = (l: number, m: number, bx: number, by: number, dx: number, dy: number): void => {
    for (let k = 0; k < reach; k++) {
      const x = bx + dx * k;
      const y = by + dy * k;
      if (x < 0 || y < 0 || x >= bw || y >= bh) break;
      if (labels[y * bw + x] === l) return;
      const j = (y + by0) * w + x + bx0;
      if (alpha[j] < 250) {
        border[l]++;
        outside[l]++;
        return;
      }
      if (lum(j) < m * 0.75 || frames?.(j)) {
        border[l]++;
        framed[l]++;
        return;
      }
    }
    if (bx >= 0 && by >= 0 && bx < bw && by < bh) border[l]++;
  };
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      const l = labels[by * bw + bx];
      if (!l || sizes[l] < minArea || sizes[l] > maxArea) continue;
      const m = sum[l] / sizes[l];
      if (bx > 0 && labels[by * bw + bx - 1] !== l) side(l, m, bx - 1, by, -1, 0);
      if (bx < bw - 1 && labels[by * bw + bx + 1] !== l) side(l, m, bx + 1, by, 1, 0);
      if (by > 0 && labels[(by - 1) * bw + bx] !== l) side(l, m, bx, by - 1, 0, -1);
      if (by < bh - 1 && labels[(by + 1) * bw + bx] !== l) side(l, m, bx, by + 1, 0, 1);
    }
  // ... nor a band: a body line or a hood's edge mirroring the booth is long and thin (mean thickness, the
  // area over the longest extent, under a sixth of that extent and under 7 % of the car's height: the
  // Range Rover's shoulder under its rear windows, 5 %, and the Audi's hood, 4 %, session 17), where a
  // rear window seen from behind or a side window seen from high up is a tenth of the car's height thick.
  const thinBand = (size: number, long: number): boolean =>
    size / long < long / 6 && size / long < chh * 0.07;
  const keep = new Uint8Array(sizes.length);
  const panes = new Uint8Array(bw * bh);
  for (let l = 1; l < sizes.length; l++)
    if (
      sizes[l] >= minArea &&
      sizes[l] <= maxArea &&
      border[l] > 0 &&
      framed[l] / border[l] >= 0.5 &&
      // Glass sits inside the car, framed by seals and pillars all round: a region running out to the car's
      // outline is paint mirroring the place (a dark roof mirroring the grey road ran on into the upper
      // windscreen of a Toyota and was drawn as a dark smear of the new scene over both).
      outside[l] / border[l] <= 0.15 &&
      depth[l] / sizes[l] <= chh * 0.3 &&
      // In the glasshouse (a headlight mirroring the booth sits lower) and pane-shaped, not a rail or a
      // trim line catching the backdrop.
      rows[l] / sizes[l] <= chh * 0.35 &&
      maxY[l] - minY[l] >= chh * 0.05 &&
      // No pane is taller than 0.4 of the car (a windscreen seen three-quarters on is 0.3): taller is a
      // window run on into the door below it (the black Range Rover's rear doors, session 16).
      maxY[l] - minY[l] <= chh * 0.4 &&
      // ... and not a pillar: no pane is more than twice as tall as it is wide (a silver-blue car's C-pillar,
      // as tinted as glass, was taken for a pane on carvana_c8d52e0ba341_10).
      maxY[l] - minY[l] + 1 <= 2 * (maxX[l] - minX[l] + 1) &&
      sizes[l] >= 0.25 * (maxY[l] - minY[l] + 1) * (maxX[l] - minX[l] + 1) &&
      !thinBand(sizes[l], Math.max(maxY[l] - minY[l] + 1, maxX[l] - minX[l] + 1))
    )
      keep[l] = 1;
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) if (keep[labels[by * bw + bx]]) panes[by * bw + bx] = 255;
  // What stands inside a pane (a headrest, a seat's back) is seen through the same glass and is lit by the
  // same room: it belongs to the pane (when it is relit, not replaced).
  const filled = fill ? fillHoles(panes, bw, bh, maxArea) : panes;
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) if (filled[by * bw + bx]) out[(by + by0) * w + bx + bx0] = 255;
}

/**
 * Components of a candidate map, with regions joined only by bridges thinner than 2 * `e` told apart. On a
 * turntable photo the roof and the window frames mirror the white booth as the panes show it, so every pane
 * joined the roof in one region too large to be a window (session 9: no window was found on any of the
 * five review photos). What survives an erosion by `e` is labelled; the eroded rim goes back to the
 * component it touches, growing `e` steps inside the candidates, so a bridge stays split.
 */
function splitThinBridges(
  cand: Uint8Array,
  w: number,
  h: number,
  e: number,
): { labels: Int32Array; sizes: number[] } {
  const { labels } = labelComponents(morph(cand, w, h, e, 'min'), w, h);
  let front: number[] = [];
  for (let i = 0; i < labels.length; i++) if (labels[i]) front.push(i);
  for (let step = 0; step < e + 1 && front.length; step++) {
    const next: number[] = [];
    for (const p of front) {
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
        if (q < 0 || q >= labels.length || !cand[q] || labels[q]) continue;
        labels[q] = labels[p];
        next.push(q);
      }
    }
    front = next;
  }
  const sizes: number[] = [0];
  for (const l of labels) if (l) sizes[l] = (sizes[l] ?? 0) + 1;
  for (let l = 1; l < sizes.length; l++) sizes[l] ??= 0;
  return { labels, sizes };
}

/**
 * Makes each pane of `out` (image-sized, 0/255) all or nothing within the glass it belongs to. `glass`
 * (band-sized) is closed across strokes up to 4 % of the car's height wide (the booth's letters seen
 * through a windscreen; the frame's look-through in panesFrom reaches as far) and split at thin bridges as
 * panesFrom splits; of each piece of glass holding part of a pane, the share of glass pixels in `out` is
 * taken. Under 95 %, the piece is taken in whole (strokes included: they are the backdrop behind the glass)
 * when it is no larger than a pane and reaches no more than 2 % of the car's height above or below the
 * pane's rows: the strips beside a windscreen's relit part. A piece reaching further is paint mirroring the
 * booth as the glass shows it (a white car's tailgate under its rear window, a blue car's hood, a door top
 * under a windscreen, all taken in when only the size was asked) and is left as it is.
 */
function wholePanes(f: PaneFrame, glass: Uint8Array, out: Uint8Array): void {
  const { image, alpha, x0, y0, x1, y1, bx0, by0, bw, bh } = f;
  const w = image.width;
  const chh = y1 - y0 + 1;
  const gap = Math.max(2, Math.round(chh * 0.02));
  const margin = Math.max(2, Math.round(chh * 0.02));
  const closed = morph(morph(glass, bw, bh, gap, 'max'), bw, bh, gap, 'min');
  for (let j = 0; j < closed.length; j++)
    if (closed[j] && alpha[(((j / bw) | 0) + by0) * w + (j % bw) + bx0] < 250) closed[j] = 0;
  const { labels, sizes } = splitThinBridges(closed, bw, bh, Math.max(2, Math.round(chh * 0.012)));
  let carArea = 0;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (alpha[y * w + x] >= 128) carArea++;
  const nGlass = new Float64Array(sizes.length);
  const nOut = new Float64Array(sizes.length);
  const minY = new Int32Array(sizes.length).fill(bh);
  const maxY = new Int32Array(sizes.length).fill(-1);
  const outMinY = new Int32Array(sizes.length).fill(bh);
  const outMaxY = new Int32Array(sizes.length).fill(-1);
  for (let j = 0; j < labels.length; j++) {
    const l = labels[j];
    if (!l) continue;
    const by = (j / bw) | 0;
    if (by < minY[l]) minY[l] = by;
    if (by > maxY[l]) maxY[l] = by;
    if (!glass[j]) continue;
    nGlass[l]++;
    if (!out[(by + by0) * w + (j % bw) + bx0]) continue;
    nOut[l]++;
    if (by < outMinY[l]) outMinY[l] = by;
    if (by > outMaxY[l]) outMaxY[l] = by;
  }
  const whole = new Uint8Array(sizes.length);
  for (let l = 1; l < sizes.length; l++) {
    if (!nOut[l] || nOut[l] >= nGlass[l] * 0.95) continue;
    if (sizes[l] <= carArea * 0.13 && minY[l] >= outMinY[l] - margin && maxY[l] <= outMaxY[l] + margin)
      whole[l] = 1;
  }
  const local = new Uint8Array(bw * bh);
  let grown = false;
  for (let j = 0; j < labels.length; j++) {
    const i = (((j / bw) | 0) + by0) * w + (j % bw) + bx0;
    if (whole[labels[j]]) {
      out[i] = 255;
      grown = true;
    }
    if (out[i]) local[j] = 255;
  }
  if (!grown) return;
  // What stands inside a grown pane (a headrest) belongs to it, as in panesFrom.
  const filled = fillHoles(local, bw, bh, carArea * 0.13);
  for (let j = 0; j < filled.length; j++)
    if (filled[j]) out[(((j / bw) | 0) + by0) * w + (j % bw) + bx0] = 255;
}

/**
 * Each pane of `out` (image-sized, 0/255) closed on its own (a gap between two panes, a pillar, stays out)
 * across bites up to 4 % of the car's height wide, within the sure car.
 */
function closeEachPane(f: PaneFrame, out: Uint8Array): void {
  const { image, alpha, y0, y1, bx0, by0, bw, bh } = f;
  const w = image.width;
  const r = Math.max(2, Math.round((y1 - y0 + 1) * 0.02));
  const local = new Uint8Array(bw * bh);
  for (let j = 0; j < local.length; j++) if (out[(((j / bw) | 0) + by0) * w + (j % bw) + bx0]) local[j] = 1;
  const { labels, sizes } = labelComponents(local, bw, bh);
  for (let l = 1; l < sizes.length; l++) {
    let minX = bw;
    let minY = bh;
    let maxX = -1;
    let maxY = -1;
    for (let j = 0; j < labels.length; j++)
      if (labels[j] === l) {
        const x = j % bw;
        const y = (j / bw) | 0;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    // The pane's box with room for the closing's dilation, so that it does not stop at the box's edge.
    const ox = minX - r - 1;
    const oy = minY - r - 1;
    const cw = maxX - minX + 2 * r + 3;
    const chh = maxY - minY + 2 * r + 3;
    const one = new Uint8Array(cw * chh);
    for (let y = minY; y <= maxY; y++)
      for (let x = minX; x <= maxX; x++) if (labels[y * bw + x] === l) one[(y - oy) * cw + x - ox] = 1;
    const closed = morph(morph(one, cw, chh, r, 'max'), cw, chh, r, 'min');
    for (let y = 0; y < chh; y++)
      for (let x = 0; x < cw; x++) {
        const bx = x + ox;
        const by = y + oy;
        if (!closed[y * cw + x] || bx < 0 || by < 0 || bx >= bw || by >= bh) continue;
        const i = (by + by0) * w + bx + bx0;
        if (alpha[i] >= 250) out[i] = 255;
      }
  }
}

/**
 * Each pane of `out` (image-sized, 0/255) takes in the pixels next to it that `accept` (image index), a few
 * steps deep (4 % of the car's height) and only within its own extent, inset by 1 % of the car's height.
 * Returns the panes' labels on the frame's band (grown pixels labelled as the pane they joined).
 */
function growWithinOwnBox(f: PaneFrame, out: Uint8Array, accept: (i: number) => boolean): Int32Array {
  const { image, y0, y1, bx0, by0, bw, bh } = f;
  const w = image.width;
  const chh = y1 - y0 + 1;
  const local = new Uint8Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) if (out[(by + by0) * w + bx + bx0]) local[by * bw + bx] = 1;
  const { labels: pane } = labelComponents(local, bw, bh);
  const box: number[][] = [];
  for (let j = 0; j < pane.length; j++) {
    const l = pane[j];
    if (!l) continue;
    const bx = j % bw;
    const by = (j / bw) | 0;
    const b = (box[l] ??= [bx, by, bx, by]);
    b[0] = Math.min(b[0], bx);
    b[1] = Math.min(b[1], by);
    b[2] = Math.max(b[2], bx);
    b[3] = Math.max(b[3], by);
  }
  const inset = Math.max(1, Math.round(chh * 0.01));
  let front: number[] = [];
  for (let j = 0; j < pane.length; j++) if (pane[j]) front.push(j);
  for (let step = 0; step < Math.max(2, Math.round(chh * 0.04)) && front.length; step++) {
    const next: number[] = [];
    for (const p of front) {
      const b = box[pane[p]];
      const px = p % bw;
      for (const q of [px > 0 ? p - 1 : -1, px < bw - 1 ? p + 1 : -1, p - bw, p + bw]) {
        if (q < 0 || q >= pane.length || pane[q]) continue;
        const qx = q % bw;
        const qy = (q / bw) | 0;
        if (qx <= b[0] + inset || qx >= b[2] - inset || qy <= b[1] + inset || qy >= b[3] - inset) continue;
        const i = (qy + by0) * w + qx + bx0;
        if (!accept(i)) continue;
        pane[q] = pane[p];
        out[i] = 255;
        next.push(q);
      }
    }
    front = next;
  }
  return pane;
}

/** The paint's pixels: sure car on the doors (rows 0.55-0.8 of the car, every other pixel); litMedian of
 * them is the paint's colour (the darkest third, tyres, sills and shadow, left out). */
function doorPixels(f: PaneFrame): number[] {
  const { image, alpha, x0, x1, y0, y1 } = f;
  const w = image.width;
  const chh = y1 - y0 + 1;
  const door: number[] = [];
  for (let y = Math.round(y0 + chh * 0.55); y < y0 + chh * 0.8; y += 2)
    for (let x = x0; x <= x1; x += 2) {
      const i = y * w + x;
      if (alpha[i] >= 250) door.push(i);
    }
  return door;
}

/**
 * The per-channel median colour of `pixels` (indices into `data`) with the darkest third by R+G+B left
 * out: what sorting them by R+G+B (a stable sort: equal sums keep their order), dropping the first third
 * and taking each channel's middle value of the rest gives, counted in histograms instead of sorting
 * ~50 000 colour triples (streetGlass's paint; the sorts took ~60 ms per photo).
 */
export function litMedian(data: Uint8Array, C: number, pixels: number[]): [number, number, number] {
  const sum = (i: number): number => data[i * C] + data[i * C + 1] + data[i * C + 2];
  const bySum = new Uint32Array(766);
  for (const i of pixels) bySum[sum(i)]++;
  const drop = Math.floor(pixels.length / 3);
  // The sum at sorted position `drop`: below it all go, at it the first (drop - below) in order go.
  let cut = 0;
  let below = 0;
  while (below + bySum[cut] <= drop) below += bySum[cut++];
  let tiesDropped = drop - below;
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  for (const i of pixels) {
    const s = sum(i);
    if (s < cut) continue;
    if (s === cut && tiesDropped > 0) {
      tiesDropped--;
      continue;
    }
    for (let c = 0; c < 3; c++) hist[c][data[i * C + c]]++;
  }
  const mid = (pixels.length - drop) >> 1;
  return hist.map((hc) => {
    // The smallest value with more than `mid` values at or below it.
    let v = 0;
    let seen = hc[0];
    while (seen <= mid) seen += hc[++v];
    return v;
  }) as [number, number, number];
}

/** Bins per channel of streetGlass's background colour histogram (16 levels each). */
const GLASS_Q = 16;
/** The transmissions a street pane is tried at (clear or tinted glass), and the share of red the
 * green-blue tint keeps (it takes a tenth of the red away, as in studioGlass). */
const GLASS_T = [1, 0.8, 0.65];
const GLASS_RED = [1, 0.9];
/** Each channel value's histogram bin as seen through glass of transmission t, min(Q - 1, min(255, v / t)
 * >> 4), as a table (looked up instead of divided six times per pixel). */
const throughBins = (t: number): Uint8Array =>
  Uint8Array.from({ length: 256 }, (_, v) => Math.min(GLASS_Q - 1, Math.min(255, v / t) >> 4));
const RED_BINS = GLASS_T.flatMap((t) => GLASS_RED.map((red) => throughBins(t * red)));
const GB_BINS = GLASS_T.map(throughBins);

/** Histogram of the background's colours (alpha <= 8) over rows y0..y1-1 and columns x0..x1. */
function backgroundHistogram(
  image: RawImage,
  alpha: Uint8Array,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
): Uint32Array {
  const { width: w, channels: C, data } = image;
  const Q = GLASS_Q;
  const hist = new Uint32Array(Q * Q * Q);
  for (let y = y0; y < y1; y++)
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x;
      if (alpha[i] > 8) continue;
      const o = i * C;
      hist[((data[o] >> 4) * Q + (data[o + 1] >> 4)) * Q + (data[o + 2] >> 4)]++;
    }
  return hist;
}

/** Whether the colour at byte `o`, seen through any of GLASS_T's glasses (clear or tinted), is one the
 * background shows `often`. */
function throughGlass(often: Uint8Array, data: Uint8Array, o: number): boolean {
  const Q = GLASS_Q;
  for (let k = 0; k < GLASS_T.length; k++) {
    const gb = GB_BINS[k][data[o + 1]] * Q + GB_BINS[k][data[o + 2]];
    for (let j = 0; j < GLASS_RED.length; j++)
      if (often[RED_BINS[k * GLASS_RED.length + j][data[o]] * Q * Q + gb]) return true;
  }
  return false;
}

/**
 * A pixel that may be street glass: sure car, at least mid-grey (not darker than a cabin seen through
 * glass) and at least 70 levels (Euclidean RGB) from the paint. The distance is Math.hypot's verdict, read
 * from the exact integer square where that is at least a level away from 70^2 (hypot is slow).
 */
function glassLike(image: RawImage, alpha: Uint8Array, paint: number[], i: number): boolean {
  if (alpha[i] < 250) return false;
  const { channels: C, data } = image;
  if (lumaAt(data, i, C) < 80) return false;
  const dr = data[i * C] - paint[0];
  const dg = data[i * C + 1] - paint[1];
  const db = data[i * C + 2] - paint[2];
  const d2 = dr * dr + dg * dg + db * db;
  if (d2 < 4899) return false;
  if (d2 > 4901) return true;
  return Math.hypot(dr, dg, db) >= 70;
}

/**
 * Windows of a car photographed outdoors that show the place behind it, bright enough to give it away (the
 * reviewers' "glass shows a bright green-yellow view", "windscreen reflects bare trees not in the scene").
 * Behind a street car, what a window shows is not the background's mean beside it (studioGlass's rule), but
 * it is made of the same colours: trees, a house, the sky seen round the car's upper half. A candidate is a
 * pixel of the upper band, at least mid-grey, whose colour (not darker than a cabin seen through glass), at some glass transmission (1, 0.8 or 0.65; clear or tinted green-blue),
 * is one the background round the car shows often, and that is far from the car's paint (measured on the
 * doors). Candidates become panes by the studio rules (pane-sized, framed by darker car, in the glasshouse),
 * without filling what stands inside: headrests and pillars stay the photo's own, and the panes are drawn
 * as tinted glass over the new scene (drawGlass). Returns 0..255 per pixel, image-sized; all zero for a
 * plain backdrop (studioGlass handles it) or when nothing qualifies.
 */
export function streetGlass(image: RawImage, alpha: Uint8Array): Uint8Array {
  const { width: w, height: h, channels: C, data } = image;
  const out = new Uint8Array(w * h);
  const frame = carFrame(image, alpha);
  if (!frame) return out;
  const { x0, x1, y0, y1, band, bx0, by0, bw, bh } = frame;
  const cw = x1 - x0 + 1;
  const chh = y1 - y0 + 1;
  // The background's colours round the car's upper half, as a 16-level histogram per channel.
  const Q = GLASS_Q;
  const fx0 = Math.max(0, x0 - Math.round(cw * 0.25));
  const fx1 = Math.min(w - 1, x1 + Math.round(cw * 0.25));
  const fy0 = Math.max(0, y0 - Math.round(chh * 0.3));
  const hist = backgroundHistogram(image, alpha, fx0, fx1, fy0, band);
  let seen = 0;
  for (const n of hist) seen += n;
  if (seen < 500) return out;
  // Plain backdrops are studioGlass's.
  let top = 0;
  for (const n of hist) top = Math.max(top, n);
  if (top > seen * 0.5) return out;
  // A colour the background shows often: its bin or a neighbour holds at least 1 in 1000 of its pixels.
  const often = new Uint8Array(Q * Q * Q);
  for (let r = 0; r < Q; r++)
    for (let g = 0; g < Q; g++)
      for (let b = 0; b < Q; b++) {
        let n = 0;
        for (let dr = -1; dr <= 1; dr++)
          for (let dg = -1; dg <= 1; dg++)
            for (let db = -1; db <= 1; db++) {
              const rr = r + dr;
              const gg = g + dg;
              const bb = b + db;
              if (rr < 0 || gg < 0 || bb < 0 || rr >= Q || gg >= Q || bb >= Q) continue;
              n += hist[(rr * Q + gg) * Q + bb];
            }
        if (n >= seen * 0.001 * 27 * 0.3) often[(r * Q + g) * Q + b] = 1;
      }
  const door = doorPixels(frame);
  if (door.length < 100) return out;
  const paint = litMedian(data, C, door);

  const cand = new Uint8Array(bw * bh);
  for (let y = y0; y < band; y++)
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x;
      if (glassLike(image, alpha, paint, i) && throughGlass(often, data, i * C))
        cand[(y - by0) * bw + (x - bx0)] = 1;
    }
  panesFrom(frame, cand, out, false);
  // A window shows more than the background's own colours: the pale sky or a white sign through it, a
  // glint. Left as they were, those bits stayed bright blobs of the old street inside the new dark glass
  // ("patchy windows"). A pane takes in the bright, unpainted pixels next to it, a few steps deep and only
  // within its own extent (a glint on the paint beside a window, or a chrome trim along its edge, stays).
  // The dark cabin (headrests, seats) stays the photo's own.
  const pane = growWithinOwnBox(frame, out, (i) => glassLike(image, alpha, paint, i));
  let front: number[];
  // A pane is rarely a rectangle (a quarter window is a triangle, a door's glass slants at its front), and
  // the part of it the colour test found may leave a corner out: growth held to that part's box left the
  // corner's pale sky as a white patch of the old street in the new glass (session 14, ig02_carsgraz_354's
  // rear quarter window). Beyond the box the same bright, unpainted pixels are taken in when they form a
  // patch, not a line, that comes nowhere within two pixels of the car's outline (paint mirroring the place
  // runs out to it; glass is framed by the car) and is framed by darker car.
  const beyond = new Uint8Array(bw * bh);
  const edge = new Uint8Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) if (alpha[(by + by0) * w + bx + bx0] < 250) edge[by * bw + bx] = 255;
  const nearEdge = morph(edge, bw, bh, 2, 'max');
  const lum = (i: number): number => lumaAt(data, i, C);
  const at = (j: number): number => ((j / bw) | 0) * w + by0 * w + (j % bw) + bx0;
  // Only what is as bright as the glass found and at least 180 of 255 (the pale sky, a white wall): the seal
  // round a pane is darker and stops the growth, so it never runs on into paint beyond the seal that
  // mirrors the sky (a light-blue C-pillar).
  front = [];
  let paneLum = 0;
  for (let j = 0; j < pane.length; j++)
    if (pane[j]) {
      front.push(j);
      paneLum += lum(at(j));
    }
  const floor = Math.max(180, paneLum / Math.max(1, front.length));
  for (let step = 0; step < Math.max(3, Math.round(chh * 0.1)) && front.length; step++) {
    const next: number[] = [];
    for (const p of front) {
      const px = p % bw;
      for (const q of [px > 0 ? p - 1 : -1, px < bw - 1 ? p + 1 : -1, p - bw, p + bw]) {
        if (q < 0 || q >= pane.length || pane[q] || beyond[q]) continue;
        if (!glassLike(image, alpha, paint, at(q)) || lum(at(q)) < floor) continue;
        beyond[q] = 255;
        next.push(q);
      }
    }
    front = next;
  }
  // Lines (a chrome trim, a glint's streak along the pane's edge: thinner than 1.2 % of the car's height)
  // are opened away first, so they neither count as glass nor join a corner to the paint under the pane;
  // a patch still much longer than it is thick is a wider trim, and stays too.
  const e = Math.max(1, Math.round(chh * 0.006));
  const thick = morph(morph(beyond, bw, bh, e, 'min'), bw, bh, e, 'max');
  for (let j = 0; j < thick.length; j++) if (!beyond[j]) thick[j] = 0;
  const patches = labelComponents(thick, bw, bh);
  const m = patches.sizes.length;
  const reject = new Uint8Array(m);
  const bright = new Float64Array(m);
  const ext = Array.from({ length: m }, () => [bw, bh, -1, -1]);
  for (let j = 0; j < thick.length; j++) {
    const l = patches.labels[j];
    if (!l) continue;
    if (nearEdge[j]) reject[l] = 1;
    bright[l] += lum(at(j));
    const b = ext[l];
    b[0] = Math.min(b[0], j % bw);
    b[1] = Math.min(b[1], (j / bw) | 0);
    b[2] = Math.max(b[2], j % bw);
    b[3] = Math.max(b[3], (j / bw) | 0);
  }
  for (let l = 1; l < m; l++) {
    const [ex0, ey0, ex1, ey1] = ext[l];
    const long = Math.max(ex1 - ex0, ey1 - ey0) + 1;
    if (long > 4 * (Math.min(ex1 - ex0, ey1 - ey0) + 1)) reject[l] = 1;
  }
  // And framed as the pane is: most of what borders it (the pane left aside) is darker car, a seal or a
  // pillar; paint under a window mirroring the sky is bordered by more of the same paint.
  const rim = new Float64Array(m);
  const dark = new Float64Array(m);
  for (let j = 0; j < thick.length; j++) {
    const l = patches.labels[j];
    if (!l) continue;
    const jx = j % bw;
    for (const q of [jx > 0 ? j - 1 : -1, jx < bw - 1 ? j + 1 : -1, j - bw, j + bw]) {
      if (q < 0 || q >= thick.length || patches.labels[q] === l || pane[q]) continue;
      rim[l]++;
      if (lum(at(q)) < (bright[l] / patches.sizes[l]) * 0.75) dark[l]++;
    }
  }
  for (let j = 0; j < thick.length; j++) {
    const l = patches.labels[j];
    if (l && !reject[l] && dark[l] >= rim[l] * 0.5) out[at(j)] = 255;
  }
  // The opening also takes the cracks of bright pixels left between the pane and what joined it: one with
  // glass on both sides (left and right, or above and below, within 2 px) is glass, where a trim along the
  // pane's edge has the seal on its other side.
  const glass = (bx: number, by: number): boolean =>
    bx >= 0 && by >= 0 && bx < bw && by < bh && out[(by + by0) * w + bx + bx0] > 0;
  const cracks: number[] = [];
  for (let j = 0; j < beyond.length; j++) {
    if (!beyond[j] || out[at(j)]) continue;
    const jx = j % bw;
    const jy = (j / bw) | 0;
    const side = (dx: number, dy: number) => glass(jx + dx, jy + dy) || glass(jx + 2 * dx, jy + 2 * dy);
    if ((side(-1, 0) && side(1, 0)) || (side(0, -1) && side(0, 1))) cracks.push(at(j));
  }
  for (const i of cracks) out[i] = 255;
  return out;
}
