import type { RawImage } from '../io/image.decode';
import { grownBox } from '../io/pixel.box';
import { detectText, recognizeTexts, type Point, type Quad, type TextBox } from './text.ocr';
import {
  findPlateShapes,
  fitPlateFrame,
  frameQuad,
  luminance,
  snapPlateEdges,
  type ShapeCandidate,
} from './plate.shape';

/** A licence plate found in the image, in input pixels. `quad` is clockwise from top-left. */
export interface PlateDetection {
  x: number;
  y: number;
  w: number;
  h: number;
  quad: Quad;
  score: number;
  text: string;
}

export interface FindPlatesOptions {
  /** Car alpha (0..255, same size as the image) used for the position prior. */
  carMask?: Uint8Array;
  /** Minimum plate score to report. */
  threshold?: number;
  /** Long side the text detector runs at (default 800). */
  detectSide?: number;
}

const TURKISH = /^(0[1-9]|[1-7]\d|8[01])[A-Z]{1,3}\d{2,4}$/;
const EU = /^(?=.*\d)(?=.*[A-Z])[A-Z0-9]{5,8}$/;

/** Normalises recogniser output to plate characters (A-Z, 0-9), Turkish letters folded to ASCII. */
export function normalizePlateText(raw: string): string {
  return raw
    .toLocaleUpperCase('tr-TR')
    .replace(/İ/g, 'I')
    .replace(/[ÖÓ]/g, 'O')
    .replace(/[ÜÚ]/g, 'U')
    .replace(/Ç/g, 'C')
    .replace(/Ş/g, 'S')
    .replace(/Ğ/g, 'G')
    .replace(/[^A-Z0-9]/g, '');
}

const toDigit: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  G: '6',
  B: '8',
  T: '7',
};
const toLetter: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '5': 'S',
  '6': 'G',
  '8': 'B',
  '7': 'T',
  '4': 'A',
};

// Plate layouts (L letter, N digit): Turkish first, then common EU ones (SK, CZ, PL, DE-like).
const layouts = [
  ...['NNLNN', 'NNLNNN', 'NNLNNNN', 'NNLLNN', 'NNLLNNN', 'NNLLNNNN', 'NNLLLNN', 'NNLLLNNN'],
  ...['LLNNNLL', 'NLNNNNN', 'NLLNNNN', 'LLNNNNN', 'LLLNNNN', 'LLLNNNL', 'LLNNNNL'],
];

/**
 * Resolves look-alike characters (O/0, I/1, B/8, S/5...) by the plate layout the string fits with the
 * fewest swaps; strings that fit no layout are returned unchanged.
 */
export function fixPlateCharacters(text: string): string {
  let best = text;
  let bestSwaps = Infinity;
  for (const layout of layouts) {
    if (layout.length !== text.length) continue;
    let swaps = 0;
    let out = '';
    for (let i = 0; i < text.length && swaps < Infinity; i++) {
      const ch = text[i];
      const isDigit = ch >= '0' && ch <= '9';
      if (layout[i] === 'N') {
        if (isDigit) out += ch;
        else if (toDigit[ch]) {
          out += toDigit[ch];
          swaps++;
        } else swaps = Infinity;
      } else if (!isDigit) out += ch;
      else if (toLetter[ch]) {
        out += toLetter[ch];
        swaps++;
      } else swaps = Infinity;
    }
    if (swaps < bestSwaps) {
      bestSwaps = swaps;
      best = out;
    }
  }
  return bestSwaps <= 2 ? best : text;
}

/** 0..1: how much a string looks like a plate (Turkish NN L{1,3} N{2,4} best, then EU alphanumerics). */
export function plateTextScore(text: string): number {
  if (TURKISH.test(text)) return 1;
  if (EU.test(text)) return 0.85;
  // Every Turkish and EU plate mixes letters and digits (prices and phone numbers do not).
  if (/^[A-Z0-9]{4,9}$/.test(text) && /\d/.test(text) && /[A-Z]/.test(text)) return 0.5;
  return 0;
}

function aspectScore(aspect: number): number {
  if (aspect < 1.5 || aspect > 14) return 0;
  if (aspect >= 2.5 && aspect <= 9) return 1;
  return aspect < 2.5 ? aspect - 1.5 : (14 - aspect) / 5;
}

/** Joins text pieces of one plate line (split at a badge, a hyphen or a wide gap). */
function mergeLine(boxes: TextBox[]): TextBox[] {
  const used = new Set<number>();
  const out: TextBox[] = [];
  const sorted = boxes.slice().sort((a, b) => a.quad[0][0] - b.quad[0][0]);
  for (let i = 0; i < sorted.length; i++) {
    if (used.has(i)) continue;
    let cur = sorted[i];
    for (let j = i + 1; j < sorted.length; j++) {
      if (used.has(j)) continue;
      const b = sorted[j];
      const t = Math.max(cur.thickness, b.thickness);
      const sameLine =
        Math.abs(cur.thickness - b.thickness) < 0.35 * t &&
        Math.abs(centerY(cur) - centerY(b)) < 0.3 * t &&
        Math.abs(cur.angle - b.angle) < 0.15;
      const gap = Math.min(...b.quad.map((p) => p[0])) - Math.max(...cur.quad.map((p) => p[0]));
      if (sameLine && gap < 1.2 * t && gap > -0.5 * t) {
        cur = unionBox(cur, b);
        used.add(j);
      }
    }
    out.push(cur);
  }
  return out;
}

function centerY(b: TextBox): number {
  return b.quad.reduce((s, p) => s + p[1], 0) / 4;
}

function unionBox(a: TextBox, b: TextBox): TextBox {
  const pts = [...a.quad, ...b.quad];
  const angle = (a.angle * a.length + b.angle * b.length) / (a.length + b.length);
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const us = pts.map((p) => p[0] * ca + p[1] * sa);
  const vs = pts.map((p) => -p[0] * sa + p[1] * ca);
  const u0 = Math.min(...us);
  const u1 = Math.max(...us);
  const v0 = Math.min(...vs);
  const v1 = Math.max(...vs);
  const corner = (u: number, v: number): Point => [u * ca - v * sa, u * sa + v * ca];
  return {
    quad: [corner(u0, v0), corner(u1, v0), corner(u1, v1), corner(u0, v1)],
    score: Math.min(a.score, b.score),
    aspect: (u1 - u0) / Math.max(1, v1 - v0),
    angle,
    length: u1 - u0,
    thickness: v1 - v0,
  };
}

/** Grows a text-line box to the plate's border (EU band on the left, frame above and below). */
export function plateQuadFromText(box: TextBox): Quad {
  const ca = Math.cos(box.angle);
  const sa = Math.sin(box.angle);
  const cx = box.quad.reduce((s, p) => s + p[0], 0) / 4;
  const cy = box.quad.reduce((s, p) => s + p[1], 0) / 4;
  const left = box.length * 0.5 + box.thickness * 0.55;
  const right = box.length * 0.5 + box.thickness * 0.25;
  const half = box.thickness * 0.62;
  const corner = (u: number, v: number): Point => [cx + u * ca - v * sa, cy + u * sa + v * ca];
  return [corner(-left, -half), corner(right, -half), corner(right, half), corner(-left, half)];
}

function boundsOf(quad: Quad, width: number, height: number): { x: number; y: number; w: number; h: number } {
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const x = Math.max(0, Math.floor(Math.min(...xs)));
  const y = Math.max(0, Math.floor(Math.min(...ys)));
  const x1 = Math.min(width, Math.ceil(Math.max(...xs)));
  const y1 = Math.min(height, Math.ceil(Math.max(...ys)));
  return { x, y, w: Math.max(0, x1 - x), h: Math.max(0, y1 - y) };
}

/** 0..1 from the car mask: plates sit on the car, in its lower part. 0.5 when no mask is given. */
function positionScore(quad: Quad, image: RawImage, mask?: Uint8Array): number {
  if (!mask) return 0.5;
  const cx = Math.round(quad.reduce((s, p) => s + p[0], 0) / 4);
  const cy = Math.round(quad.reduce((s, p) => s + p[1], 0) / 4);
  if (cx < 0 || cy < 0 || cx >= image.width || cy >= image.height) return 0;
  return mask[cy * image.width + cx] >= 128 ? 1 : 0.2;
}

/**
 * 1 when the text line is dark glyphs on a light ground (every real Turkish/EU plate), lower for light
 * text on dark (model badges, dark signs): the ground is the majority of the box, so the median sits
 * near the ground's end of the luminance range.
 */
function polarityScore(image: RawImage, quad: Quad): number {
  const b = boundsOf(quad, image.width, image.height);
  if (b.w < 2 || b.h < 2) return 0;
  const hist = new Uint32Array(256);
  let n = 0;
  const c = image.channels;
  for (let y = b.y; y < b.y + b.h; y++) {
    for (let x = b.x; x < b.x + b.w; x++) {
      const i = (y * image.width + x) * c;
      hist[(image.data[i] * 77 + image.data[i + 1] * 150 + image.data[i + 2] * 29) >> 8]++;
      n++;
    }
  }
  const pct = (q: number): number => {
    let acc = 0;
    for (let v = 0; v < 256; v++) {
      acc += hist[v];
      if (acc >= q * n) return v;
    }
    return 255;
  };
  const lo = pct(0.1);
  const mid = pct(0.5);
  const hi = pct(0.9);
  if (hi - lo < 20) return 0.3;
  return mid - lo > hi - mid ? 1 : 0.2;
}

const MAX_CANDIDATES = 10;

/**
 * The shape finder runs at this multiple of the text detector's side (capped at the photo's own size): a
 * distant plate 10 px tall at 800 px has its glyph holes merged, at 1280 px they are separate.
 */
export const SHAPE_SIDE = 1.6;

/**
 * Finds licence plates: text detection -> plate-shaped text lines -> recognition -> score from aspect,
 * character pattern, confidence and position on the car. Returns plates sorted by score, best first.
 */
export async function findPlates(
  image: RawImage,
  options: FindPlatesOptions = {},
): Promise<PlateDetection[]> {
  const threshold = options.threshold ?? 0.6;
  const longSide = Math.max(image.width, image.height);
  // Detection always runs with an 800-px long side: small photos are upscaled (small plate glyphs), big
  // ones scaled down (a plate in a 12-MP car photo is still 10+ px tall there).
  const side = options.detectSide ?? 800;
  const raw = await detectText(image, side);
  const minThick = Math.max(5, longSide * 0.006);
  const pieces = raw.filter((b) => b.thickness >= minThick * 0.6);
  // Both the joined lines and the single pieces compete: a join can also swallow a nearby badge.
  const merged = mergeLine(pieces).filter((m) => !pieces.includes(m));
  const candidates = [...merged, ...pieces]
    .filter((b) => b.thickness >= minThick && aspectScore(b.aspect) > 0 && Math.abs(b.angle) < 0.5)
    .map((b) => ({ box: b, pre: aspectScore(b.aspect) * b.score }))
    .sort((a, b) => b.pre - a.pre)
    .slice(0, MAX_CANDIDATES);
  const found: (PlateDetection & { shaped: boolean })[] = [];
  const readings = await recognizeTexts(
    image,
    candidates.map((c) => c.box),
  );
  const lum = luminance(image);
  // Plates by shape (bright rectangles holding a glyph row), independent of what the text reads.
  const shapes = findPlateShapes(image, lum, Math.round(side * SHAPE_SIDE)).filter(
    (s) => positionScore(s.quad, image, options.carMask) > 0.5 || !options.carMask,
  );
  const inShape = (b: TextBox): ShapeCandidate | undefined => {
    const cx = b.quad.reduce((s, p) => s + p[0], 0) / 4;
    const cy = b.quad.reduce((s, p) => s + p[1], 0) / 4;
    return shapes.find((s) => cx >= s.x && cx <= s.x + s.w && cy >= s.y && cy <= s.y + s.h);
  };
  for (let k = 0; k < candidates.length; k++) {
    const { box } = candidates[k];
    const { text: rawText, confidence } = readings[k];
    const text = fixPlateCharacters(normalizePlateText(rawText));
    let pattern = plateTextScore(text);
    // Letters only (vanity plates), a partial read or an odd font: a plate when its shape says so.
    if (pattern === 0 && /^[A-Z0-9]{2,9}$/.test(text) && inShape(box)) pattern = 0.6;
    if (pattern === 0) continue;
    // Captions and timestamps burnt into the frame sit on its top or bottom edge; a plate on a car does not.
    const ys = box.quad.map((p) => p[1]);
    if (Math.min(...ys) <= 1 || Math.max(...ys) >= image.height - 2) continue;
    const { quad, shaped } = wholePlateQuad(lum, image, box, inShape(box));
    const pos = positionScore(quad, image, options.carMask);
    const polarity = polarityScore(image, box.quad);
    const score =
      0.4 * pattern +
      0.15 * aspectScore(box.aspect) +
      0.15 * confidence +
      0.1 * box.score +
      0.1 * polarity +
      0.1 * pos * 2 -
      0.1 +
      (shaped ? SHAPE_BONUS : 0);
    if (score < threshold) continue;
    found.push({
      ...boundsOf(quad, image.width, image.height),
      quad,
      score: Math.min(1, score),
      text,
      shaped,
    });
  }
  found.sort((a, b) => b.score - a.score);
  // One plate per location: drop lower-scored overlaps. A text line inside a better plate (a state name,
  // a dealer line on the plate) is part of that plate. Beyond the best, a plate needs its plate-shaped
  // ground too: text alone elsewhere (a timestamp overlay, a dealer sticker, a frame) is not a plate.
  const kept: PlateDetection[] = [];
  for (const { shaped, ...p } of found) {
    if (kept.some((k) => boxIou(k, p) > 0.2 || contains(k, p))) continue;
    if (kept.length && !shaped) continue;
    if (kept.some((k) => stackedPlate(k, p))) continue;
    kept.push(p);
  }
  // Shapes where no text was read as a plate: found by shape alone when they are clearly plate-like.
  for (const sh of shapes) {
    if (
      sh.score < SHAPE_ONLY_SCORE ||
      kept.some((k) => boxIou(k, sh) > 0.1 || contains(k, sh) || stackedPlate(k, sh))
    )
      continue;
    const band = blueBand(image, sh.x, sh.y, sh.y + sh.h, sh.w);
    const quad: Quad = [[sh.x - band, sh.y], sh.quad[1], sh.quad[2], [sh.x - band, sh.y + sh.h]];
    kept.push({
      ...boundsOf(quad, image.width, image.height),
      quad,
      score: sh.score * 0.8,
      text: '',
    });
  }
  return kept;
}

/** A text line on a plate-shaped ground (a bright rectangle with a glyph row) scores this much more. */
const SHAPE_BONUS = 0.1;

/** A shape found with no plate text is reported from this shape score (rectangle, glyph row, contrast). */
const SHAPE_ONLY_SCORE = 0.8;

/**
 * A car carries one plate per end: a second "plate" right above or below a plate, over the same columns
 * (a bumper sticker, a dealer frame's line, a "CAUTION" label), is not another plate. Plates of other cars
 * sit beside it or far away.
 */
export function stackedPlate(a: { x: number; y: number; w: number; h: number }, b: typeof a): boolean {
  const ix = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  if (ix < Math.min(a.w, b.w) * 0.5) return false;
  const gap = Math.max(a.y, b.y) - Math.min(a.y + a.h, b.y + b.h);
  return gap < Math.max(a.h, b.h) * 2;
}

function contains(a: { x: number; y: number; w: number; h: number }, b: typeof a): boolean {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  return cx >= a.x && cx <= a.x + a.w && cy >= a.y && cy <= a.y + a.h;
}

/**
 * The whole physical plate around a text line: the text frame grown to the plate's own edges (fitted on
 * the plate ground), never smaller than the text-based estimate (EU band, frame).
 */
function wholePlateQuad(
  lum: Uint8Array,
  image: RawImage,
  box: TextBox,
  shape?: ShapeCandidate,
): { quad: Quad; shaped: boolean } {
  const cx = box.quad.reduce((s, p) => s + p[0], 0) / 4;
  const cy = box.quad.reduce((s, p) => s + p[1], 0) / 4;
  const text = {
    cx,
    cy,
    angle: box.angle,
    left: box.length / 2,
    right: box.length / 2,
    top: box.thickness / 2,
    bottom: box.thickness / 2,
  };
  if (shape) {
    // The plate's own outline was found: the shape's rectangle, widened to the text if it reaches beyond.
    const xs = [...box.quad.map((p) => p[0]), shape.x, shape.x + shape.w];
    const ys = [...box.quad.map((p) => p[1]), shape.y, shape.y + shape.h];
    const y0 = Math.min(...ys);
    const y1 = Math.max(...ys);
    const x0 = Math.min(...xs) - blueBand(image, Math.min(...xs), y0, y1, shape.w);
    const x1 = Math.max(...xs);
    const quad: Quad = [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ];
    return { quad, shaped: true };
  }
  const fit = fitPlateFrame(lum, image.width, image.height, text);
  if (fit.fitted)
    return { quad: frameQuad(snapPlateEdges(lum, image.width, image.height, fit, text)), shaped: false };
  // No plate ground to follow: the text-based estimate (see plateQuadFromText).
  const quad = frameQuad(
    snapPlateEdges(
      lum,
      image.width,
      image.height,
      {
        ...text,
        left: Math.max(fit.left, box.length * 0.5 + box.thickness * 0.55),
        right: Math.max(fit.right, box.length * 0.5 + box.thickness * 0.25),
        top: Math.max(fit.top, box.thickness * 0.62),
        bottom: Math.max(fit.bottom, box.thickness * 0.62),
      },
      text,
    ),
  );
  return { quad, shaped: false };
}

/**
 * Width of a blue band (the EU or TR country band) just left of a plate's bright ground, in pixels: the
 * shape finder follows the bright ground only, so the band (about a tenth of the plate's width) would stay
 * out of the hidden region. Blue is judged against the plate's own ground (a dusk or sodium tint shifts
 * both): a band column is darker than the ground and bluer (B - R) than it. Up to 15 % of the plate's width.
 */
function blueBand(image: RawImage, x: number, y0: number, y1: number, plateW: number): number {
  const { width, height, channels: c, data } = image;
  const top = Math.max(0, Math.round(y0 + (y1 - y0) * 0.15));
  const bottom = Math.min(height - 1, Math.round(y1 - (y1 - y0) * 0.15));
  if (bottom <= top) return 0;
  // The ground: the brighter half of the plate's first tenth (its margin and first glyph).
  const ground: number[][] = [];
  for (let y = top; y <= bottom; y++)
    for (let cx = Math.round(x); cx < Math.min(width, Math.round(x + plateW * 0.1)); cx++) {
      const i = (y * width + cx) * c;
      ground.push([data[i], data[i + 1], data[i + 2]]);
    }
  if (!ground.length) return 0;
  const lum = (p: number[]) => 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
  ground.sort((a, b) => lum(b) - lum(a));
  const bright = ground.slice(0, Math.max(1, ground.length >> 1));
  const gLum = bright.reduce((s, p) => s + lum(p), 0) / bright.length;
  const gBlue = bright.reduce((s, p) => s + p[2] - p[0], 0) / bright.length;
  let band = 0;
  for (let d = 1; d <= Math.round(plateW * 0.15); d++) {
    const cx = Math.round(x) - d;
    if (cx < 0) break;
    let blue = 0;
    for (let y = top; y <= bottom; y++) {
      const i = (y * width + cx) * c;
      const p = [data[i], data[i + 1], data[i + 2]];
      if (p[2] - p[0] - gBlue > 12 && lum(p) < gLum - 20) blue++;
    }
    if (blue < (bottom - top + 1) * 0.6) break;
    band = d;
  }
  // A band ends at the plate's edge: add the frame's few pixels beyond it.
  return band ? band + 2 : 0;
}

/** Intersection over union of two axis-aligned boxes. */
export function boxIou(
  a: { x: number; y: number; w: number; h: number },
  b: { x: number; y: number; w: number; h: number },
): number {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = ix * iy;
  const union = a.w * a.h + b.w * b.h - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * Reads the text of an already cropped plate image: the best plate-like text line inside it, or the whole
 * crop when no line is found.
 */
export async function readPlateText(image: RawImage): Promise<string> {
  const side = Math.max(320, Math.min(960, Math.round((Math.max(image.width, image.height) * 2) / 32) * 32));
  const lines = await detectText(image, side);
  const pieces = lines.filter((b) => b.thickness >= image.height * 0.25);
  const candidates = [...mergeLine(pieces), ...pieces];
  let best = '';
  let bestScore = -1;
  const readings = await recognizeTexts(image, candidates);
  for (let k = 0; k < candidates.length; k++) {
    const box = candidates[k];
    const { text: raw, confidence } = readings[k];
    const text = fixPlateCharacters(normalizePlateText(raw));
    const score = plateTextScore(text) + confidence * 0.1 + Math.min(1, box.length / image.width) * 0.2;
    if (score > bestScore) {
      best = text;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Plates on the car only: detection runs on the car's bounding box (plus a margin) at the scale a full-image
 * run would use, so it costs a fraction of it; results come back in image pixels. Used when the background
 * is replaced anyway (plates of other cars disappear with it).
 */
export async function findPlatesOnCar(
  image: RawImage,
  carMask: Uint8Array,
  box: { x: number; y: number; w: number; h: number },
): Promise<PlateDetection[]> {
  const mx = Math.round(box.w * 0.05);
  const my = Math.round(box.h * 0.05);
  const { x0, y0, x1, y1 } = grownBox(box, mx, my, image.width, image.height);
  const w = x1 - x0;
  const h = y1 - y0;
  const c = image.channels;
  const data = Buffer.alloc(w * h * c);
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const src = ((y0 + y) * image.width + x0) * c;
    image.data.copy(data, y * w * c, src, src + w * c);
    mask.set(carMask.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x1), y * w);
  }
  const fullSide = 800;
  const side = Math.max(
    320,
    Math.round((fullSide * Math.max(w, h)) / Math.max(image.width, image.height) / 32) * 32,
  );
  const found = await findPlates(
    { data, width: w, height: h, channels: c },
    { carMask: mask, detectSide: side },
  );
  return found.map((p) => {
    const quad = p.quad.map(([x, y]) => [x + x0, y + y0]) as Quad;
    return { ...p, x: p.x + x0, y: p.y + y0, quad };
  });
}
