import type { RawImage } from '../io/image.decode';
import { componentBoxes, fillHoles, labelComponents, threshold } from '../segment/mask.ops';
import type { Point, Quad } from './text.ocr';

/** Luminance (0..255) of an image, one byte per pixel. */
export function luminance(image: RawImage): Uint8Array {
  const { width: w, height: h, channels: c, data } = image;
  const out = new Uint8Array(w * h);
  for (let p = 0, i = 0; p < out.length; p++, i += c)
    out[p] = (data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8;
  return out;
}

function sampler(lum: Uint8Array, w: number, h: number) {
  return (x: number, y: number): number => {
    const xi = Math.min(w - 1, Math.max(0, Math.round(x)));
    const yi = Math.min(h - 1, Math.max(0, Math.round(y)));
    return lum[yi * w + xi];
  };
}

/** An oriented rectangle: centre, angle (radians) and half-extents along (u) and across (v) the text. */
export interface PlateFrame {
  cx: number;
  cy: number;
  angle: number;
  /** Extents from the centre: left/right along the text line, top/bottom across it. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Set by fitPlateFrame when the plate's ground was found and followed. */
  fitted?: boolean;
}

export function frameQuad(f: PlateFrame): Quad {
  const ca = Math.cos(f.angle);
  const sa = Math.sin(f.angle);
  const corner = (u: number, v: number): Point => [f.cx + u * ca - v * sa, f.cy + u * sa + v * ca];
  return [
    corner(-f.left, -f.top),
    corner(f.right, -f.top),
    corner(f.right, f.bottom),
    corner(-f.left, f.bottom),
  ];
}

/**
 * Fits the physical plate around a text line: from the text box outwards, rows and columns are followed while
 * they are mostly plate ground (as bright as the ground between the glyphs), so the fit reaches the plate's
 * own edge (its frame or the car behind it) even where the text box missed a character or the plate has a
 * wide margin. Columns of a missed glyph (dark within bright ground) are crossed; a run of non-ground wider
 * than a glyph ends the plate. Extensions are capped (a white car around a white plate stops at the cap).
 * Returns the text frame unchanged when the text box shows no bright ground (light text on a dark plate).
 */
export function fitPlateFrame(lum: Uint8Array, width: number, height: number, text: PlateFrame): PlateFrame {
  const at = sampler(lum, width, height);
  const ca = Math.cos(text.angle);
  const sa = Math.sin(text.angle);
  const pt = (u: number, v: number): number => at(text.cx + u * ca - v * sa, text.cy + u * sa + v * ca);
  const thick = text.top + text.bottom;
  const len = text.left + text.right;
  const step = Math.max(0.5, thick / 24);
  const samples: number[] = [];
  for (let v = -text.top; v <= text.bottom; v += step)
    for (let u = -text.left; u <= text.right; u += Math.max(0.5, len / 80)) samples.push(pt(u, v));
  samples.sort((a, b) => a - b);
  const dark = samples[Math.floor(samples.length * 0.1)];
  const ground = samples[Math.floor(samples.length * 0.85)];
  if (ground - dark < 30 || ground < 90) return text;
  const cut = dark + (ground - dark) * 0.55;
  const isGround = (v: number) => v >= cut && v <= Math.min(255, ground + 30);
  const rowShare = (v: number, u0: number, u1: number): number => {
    let n = 0;
    let k = 0;
    for (let u = u0; u <= u1; u += Math.max(0.5, (u1 - u0) / 60)) {
      n++;
      if (isGround(pt(u, v))) k++;
    }
    return n ? k / n : 0;
  };
  const colShare = (u: number, v0: number, v1: number): number => {
    let n = 0;
    let k = 0;
    for (let v = v0; v <= v1; v += Math.max(0.5, (v1 - v0) / 30)) {
      n++;
      if (isGround(pt(u, v))) k++;
    }
    return n ? k / n : 0;
  };
  // Across the text: rows above and below, while most of the row is ground, crossing a thin line (the rule
  // under a city or state band); cap: 0.9 text heights.
  const grow = (sign: 1 | -1, from: number): number => {
    let last = from;
    for (let d = step; d <= thick * 0.9; d += step) {
      if (rowShare(sign * (from + d), -text.left * 0.9, text.right * 0.9) >= 0.55) last = from + d;
      else if (d - (last - from) > thick * 0.12) break;
    }
    return last;
  };
  const top = grow(-1, text.top);
  const bottom = grow(1, text.bottom);
  // Along the text: where the plate has a margin above or below the glyphs, a column is still plate while
  // that margin is ground (glyphs never reach it; the plate's edge or frame does): this crosses characters
  // the text box missed and stops at the edge. Without a margin (glyphs fill the plate's height), columns
  // must be ground themselves, crossing glyph-wide gaps, with a tighter cap.
  const margin = top - text.top >= 2 || bottom - text.bottom >= 2;
  const colMean = (u: number, v0: number, v1: number): number => {
    let n = 0;
    let sum = 0;
    for (let v = v0; v <= v1; v += Math.max(0.5, (v1 - v0) / 30)) {
      n++;
      sum += pt(u, v);
    }
    return n ? sum / n : 0;
  };
  const hasTop = top - text.top >= 2;
  const hasBottom = bottom - text.bottom >= 2;
  const spanTop: [number, number] = [-top + step, -text.top - step * 0.5];
  const spanBottom: [number, number] = [text.bottom + step * 0.5, bottom - step];
  // The margin's own tone over the text's span: beyond the plate's edge the car's paint differs from it
  // (even a white car around a white plate is a few levels off, and the edge itself is a darker line).
  const refOf = (span: [number, number]) => {
    let sum = 0;
    let n = 0;
    for (let u = -text.left; u <= text.right; u += Math.max(0.5, len / 40)) {
      sum += colMean(u, span[0], span[1]);
      n++;
    }
    return sum / n;
  };
  const refTop = hasTop ? refOf(spanTop) : 0;
  const refBottom = hasBottom ? refOf(spanBottom) : 0;
  const tol = Math.max(10, (ground - dark) * 0.12);
  const inMargin = (u: number): boolean => {
    const okTop =
      hasTop && colShare(u, ...spanTop) >= 0.6 && Math.abs(colMean(u, ...spanTop) - refTop) <= tol;
    const okBottom =
      hasBottom &&
      colShare(u, ...spanBottom) >= 0.6 &&
      Math.abs(colMean(u, ...spanBottom) - refBottom) <= tol;
    return okTop || okBottom;
  };
  const reach = (sign: 1 | -1, from: number): number => {
    let last = from;
    // Ground all the way to the cap means no plate edge was met (a light bumper or body panel goes on
    // beyond the plate): the fit says nothing about that side, and the plate's own margin beside the glyphs
    // (at most about 0.7 text heights with a band, 0.25 without) is taken instead.
    if (margin) {
      for (let d = 0.5; d <= thick * 1.8; d += 0.5) {
        if (!inMargin(sign * (from + d))) return last;
        last = from + d;
      }
      return from + thick * 0.7;
    }
    for (let d = step; d <= thick * 0.8; d += step) {
      if (colShare(sign * (from + d), -top * 0.85, bottom * 0.85) >= 0.6) last = from + d;
      else if (d - (last - from) > thick * 0.5) return last;
    }
    return from + thick * 0.25;
  };
  const left = reach(-1, text.left);
  const right = reach(1, text.right);
  return { ...text, left, right, top, bottom, fitted: true };
}

/** A plate-shaped candidate found without reading its text. */
export interface ShapeCandidate {
  quad: Quad;
  x: number;
  y: number;
  w: number;
  h: number;
  /** 0..1: rectangularity, glyph row, border contrast. */
  score: number;
  /** Glyph-like dark marks inside. */
  glyphs: number;
}

/** Box-downscaled luminance (w x h from W x H, `f` source pixels per target pixel). */
function boxDownscale(lumAll: Uint8Array, W: number, H: number, w: number, h: number, f: number): Uint8Array {
  const lum = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y * f);
    const y1 = Math.max(y0 + 1, Math.min(H, Math.floor((y + 1) * f)));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x * f);
      const x1 = Math.max(x0 + 1, Math.min(W, Math.floor((x + 1) * f)));
      let s = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) s += lumAll[yy * W + xx];
      lum[y * w + x] = Math.round(s / ((y1 - y0) * (x1 - x0)));
    }
  }
  return lum;
}

/**
 * Plates by shape: at several brightness levels, bright blobs (holes filled) that are rectangles of plate
 * proportions (aspect 1.8..6.5) holding a row of at least three glyph-like dark marks of similar height,
 * with darker surroundings (a frame or the car). Finds letters-only vanity plates, odd fonts and plates the
 * text detector split or missed. Coordinates in image pixels; runs on a copy scaled to `side` long side.
 */
export function findPlateShapes(image: RawImage, lumFull?: Uint8Array, side = 800): ShapeCandidate[] {
  const { width: W, height: H } = image;
  const lumAll = lumFull ?? luminance(image);
  const scale = Math.min(1, side / Math.max(W, H));
  const w = Math.max(1, Math.round(W * scale));
  const h = Math.max(1, Math.round(H * scale));
  const lum = scale === 1 ? Uint8Array.from(lumAll) : boxDownscale(lumAll, W, H, w, h, 1 / scale);
  const found: ShapeCandidate[] = [];
  const bin = new Uint8Array(w * h);
  for (let t = 90; t <= 210; t += 20) {
    const { labels, sizes } = labelComponents(threshold(lum, t, 1, bin), w, h);
    // Bounding boxes of components of a plausible size.
    const k = sizes.length;
    const { x0, y0, x1, y1 } = componentBoxes(labels, k, w, h);
    for (let l = 1; l < k; l++) {
      const bw = x1[l] - x0[l] + 1;
      const bh = y1[l] - y0[l] + 1;
      if (bh < 8 || bw < 20 || bw > w * 0.45 || bh > h * 0.25) continue;
      const aspect = bw / bh;
      if (aspect < 1.8 || aspect > 6.5) continue;
      if (sizes[l] < bw * bh * 0.4) continue;
      const c = scoreShape(labels, l, lum, w, h, x0[l], y0[l], bw, bh);
      if (!c) continue;
      const inv = 1 / scale;
      const box = { x: x0[l] * inv, y: y0[l] * inv, w: bw * inv, h: bh * inv };
      found.push({
        ...box,
        quad: [
          [box.x, box.y],
          [box.x + box.w, box.y],
          [box.x + box.w, box.y + box.h],
          [box.x, box.y + box.h],
        ],
        score: c.score,
        glyphs: c.glyphs,
      });
    }
  }
  // One candidate per place: the best-scored of overlapping levels.
  found.sort((a, b) => b.score - a.score);
  const kept: ShapeCandidate[] = [];
  for (const f of found) if (!kept.some((k) => overlap(k, f) > 0.3)) kept.push(f);
  return kept;
}

function overlap(a: { x: number; y: number; w: number; h: number }, b: typeof a): number {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = ix * iy;
  return inter / Math.max(1, a.w * a.h + b.w * b.h - inter);
}

/** Rectangularity, a glyph row inside and darker surroundings, or null when it is not plate-like. */
function scoreShape(
  labels: Int32Array,
  l: number,
  lum: Uint8Array,
  w: number,
  h: number,
  bx: number,
  by: number,
  bw: number,
  bh: number,
): { score: number; glyphs: number } | null {
  const region = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) if (labels[(by + y) * w + bx + x] === l) region[y * bw + x] = 1;
  const filled = fillHoles(region, bw, bh, bw * bh);
  let area = 0;
  for (let i = 0; i < filled.length; i++) if (filled[i]) area++;
  const rect = area / (bw * bh);
  if (rect < 0.8) return null;
  // Glyphs: the holes (inside, not the component), as components.
  const holes = new Uint8Array(bw * bh);
  let holeArea = 0;
  for (let i = 0; i < holes.length; i++)
    if (filled[i] && !region[i]) {
      holes[i] = 1;
      holeArea++;
    }
  const share = holeArea / area;
  if (share < 0.06 || share > 0.55) return null;
  const g = labelComponents(holes, bw, bh);
  const heights: number[] = [];
  const centres: number[] = [];
  const gx0 = new Int32Array(g.sizes.length).fill(bw);
  const gy0 = new Int32Array(g.sizes.length).fill(bh);
  const gx1 = new Int32Array(g.sizes.length).fill(-1);
  const gy1 = new Int32Array(g.sizes.length).fill(-1);
  for (let p = 0; p < g.labels.length; p++) {
    const q = g.labels[p];
    if (!q) continue;
    const x = p % bw;
    const y = (p - x) / bw;
    if (x < gx0[q]) gx0[q] = x;
    if (x > gx1[q]) gx1[q] = x;
    if (y < gy0[q]) gy0[q] = y;
    if (y > gy1[q]) gy1[q] = y;
  }
  for (let q = 1; q < g.sizes.length; q++) {
    const gh = gy1[q] - gy0[q] + 1;
    const gw = gx1[q] - gx0[q] + 1;
    // A glyph: at least 35 % of the plate's height, narrower than tall-ish, not a frame-long bar.
    if (gh < bh * 0.35 || gh > bh * 0.95 || gw > bw * 0.3 || g.sizes[q] < 6) continue;
    heights.push(gh);
    centres.push((gy0[q] + gy1[q]) / 2);
  }
  if (heights.length < 3) return null;
  const med = (v: number[]) => v.slice().sort((a, b) => a - b)[v.length >> 1];
  const mh = med(heights);
  const mc = med(centres);
  // The glyphs that share a row (similar height, same centre line).
  const row = heights.filter((hh, i) => Math.abs(hh - mh) < mh * 0.3 && Math.abs(centres[i] - mc) < mh * 0.3);
  if (row.length < 3 || row.length > 12) return null;
  // Darker surroundings: the 2-px ring around the box against the ground inside.
  let ground = 0;
  let gn = 0;
  for (let i = 0; i < region.length; i++)
    if (region[i]) {
      ground += lum[(by + Math.floor(i / bw)) * w + bx + (i % bw)];
      gn++;
    }
  ground /= Math.max(1, gn);
  let ring = 0;
  let rn = 0;
  for (let y = by - 2; y < by + bh + 2; y++)
    for (let x = bx - 2; x < bx + bw + 2; x++) {
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      if (x >= bx && x < bx + bw && y >= by && y < by + bh) continue;
      ring += lum[y * w + x];
      rn++;
    }
  ring /= Math.max(1, rn);
  const contrast = ground - ring;
  if (contrast < 20) return null;
  const score =
    0.35 * Math.min(1, (rect - 0.8) / 0.15) +
    0.35 * Math.min(1, row.length / 5) +
    0.3 * Math.min(1, contrast / 80);
  return { score, glyphs: row.length };
}

/**
 * Snaps the top and bottom of a plate frame to the plate's own edges: the innermost straight line, beyond
 * the middle of the text row, along which the plate's ground ends (luminance falls outwards: a frame, a
 * holder, the shadow under the plate's edge) on most of the text's span. Glyph edges do not count (going
 * outwards from a glyph the luminance rises, and a row of glyphs is broken by the gaps between them), nor
 * does a smaller text row on the plate (a state or city name: broken too). The text detector's box can reach
 * past a plate (its box is grown from the glyphs' core) and a white bumper below a plate looks like plate
 * ground to `fitPlateFrame`; the edge settles both. A side with no such edge within 1.1 text heights beyond
 * the text keeps the frame's value.
 */
export function snapPlateEdges(
  lum: Uint8Array,
  width: number,
  height: number,
  frame: PlateFrame,
  text: PlateFrame,
): PlateFrame {
  const at = sampler(lum, width, height);
  const ca = Math.cos(text.angle);
  const sa = Math.sin(text.angle);
  const pt = (u: number, v: number): number => at(text.cx + u * ca - v * sa, text.cy + u * sa + v * ca);
  const thick = text.top + text.bottom;
  if (thick < 8) return frame;
  // Contrast scale: the glyphs against their ground inside the text box.
  const inside: number[] = [];
  for (let v = -text.top * 0.6; v <= text.bottom * 0.6; v += Math.max(0.5, thick / 24))
    for (let u = -text.left; u <= text.right; u += Math.max(0.5, (text.left + text.right) / 60))
      inside.push(pt(u, v));
  inside.sort((a, b) => a - b);
  const range = inside[Math.floor(inside.length * 0.9)] - inside[Math.floor(inside.length * 0.1)];
  if (range < 30) return frame;
  const step = Math.max(0.5, thick / 60);
  const delta = Math.max(1, thick * 0.04);
  const threshold = Math.max(12, range * 0.2);
  const us: number[] = [];
  for (let u = -text.left * 0.85; u <= text.right * 0.85; u += Math.max(0.5, (text.left + text.right) / 50))
    us.push(u);
  const edgeShare = (v: number, sign: 1 | -1, dir: 1 | -1 = 1): number => {
    let k = 0;
    for (const u of us) {
      const a = (pt(u, v - sign * delta) + pt(u, v - sign * delta * 0.5)) / 2;
      const b = (pt(u, v + sign * delta) + pt(u, v + sign * delta * 0.5)) / 2;
      if ((a - b) * dir > threshold) k++;
    }
    return k / us.length;
  };
  // The glyph row's own extent: from the text's centre line outwards while a row still crosses glyphs
  // (dark marks on a tenth of the span); its edges (glyph tops and feet) are not the plate's.
  const cut = inside[Math.floor(inside.length * 0.1)] + range * 0.5;
  const darkShare = (v: number): number => {
    let k = 0;
    for (const u of us) if (pt(u, v) < cut) k++;
    return k / us.length;
  };
  const darkRuns = (v: number): number => {
    let runs = 0;
    let was = false;
    for (const u of us) {
      const dark = pt(u, v) < cut;
      if (dark && !was) runs++;
      was = dark;
    }
    return runs;
  };
  const glyphEnd = (sign: 1 | -1, half: number): number => {
    let d = 0;
    while (d < half + thick * 0.3 && darkShare(sign * d) >= 0.08) d += step;
    return d;
  };
  const snap = (sign: 1 | -1, half: number): number | null => {
    let best = -1;
    let bestShare = 0;
    for (let d = glyphEnd(sign, half) + delta; d <= half + thick * 0.6; d += step) {
      const share = Math.max(edgeShare(sign * d, sign, 1), edgeShare(sign * d, sign, -1));
      if (share >= 0.7 && share > bestShare) {
        best = d;
        bestShare = share;
      } else if (best >= 0 && share < bestShare * 0.7) break;
    }
    return best >= 0 ? best + delta : null;
  };
  /**
   * Past a line that ends a band holding a second, smaller text row (the city strip of an old Brazilian
   * plate, a US state name) the plate goes on: the line is the strip's rule, not the plate's edge. Snapped
   * there, the hide left the strip and the top third of the plate showing. The plate then ends at the next
   * straight edge beyond that row, or where the fitted frame ends.
   */
  const beyondStrip = (sign: 1 | -1, d: number, outer: number): number | null => {
    let e = d + delta;
    let marks = 0;
    const limit = d + thick * 0.6;
    for (; e <= limit; e += step) {
      const s = darkShare(sign * e);
      // Mostly dark: not plate ground with a text row but the holder, the recess or the body, so the line
      // was the plate's own edge.
      if (s > 0.6) return null;
      // Letters: many short dark runs along the row; the shading of a recess or a bumper's crease is one or
      // two long ones.
      if (s >= 0.08 && darkRuns(sign * e) >= 3) marks++;
      else if (marks > 0 && s < 0.04) break;
    }
    if (marks * step < thick * 0.12) return null;
    // The strip closes with the plate's edge; without one the line stays the edge.
    for (let f = e; f <= Math.max(outer, e) + thick * 0.3; f += step) {
      const share = Math.max(edgeShare(sign * f, sign, 1), edgeShare(sign * f, sign, -1));
      if (share >= 0.7) return f + delta;
    }
    return null;
  };
  let top = snap(-1, text.top);
  if (top !== null) top = beyondStrip(-1, top, frame.top) ?? top;
  let bottom = snap(1, text.bottom);
  if (bottom !== null) bottom = beyondStrip(1, bottom, frame.bottom) ?? bottom;
  return { ...frame, top: top ?? frame.top, bottom: bottom ?? frame.bottom };
}
