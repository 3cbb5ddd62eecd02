import sharp from 'sharp';
import type { PlateColor, PlateTextColor } from '../../contract/plate';
import type { RawImage } from '../io/image.decode';
import type { Quad } from './text.ocr';
import { growQuad } from './plate.hide';

/** Turkish plate formats: 52x11 cm rectangular and 32x15 cm square (two lines). */
export type PlateFormat = 'rect' | 'square';

export const PLATE_SIZES_CM: Record<PlateFormat, [number, number]> = { rect: [52, 11], square: [32, 15] };

const plateFill: Record<PlateColor, string> = {
  white: '#f7f7f4',
  yellow: '#f6cf1c',
  blue: '#1d4fa8',
  green: '#1f7a3a',
  red: '#c4202b',
  black: '#151515',
};
const textFill: Record<PlateTextColor, string> = {
  black: '#111111',
  white: '#fafafa',
  red: '#c4161c',
  blue: '#163f9a',
};

export interface PlateStyle {
  color?: PlateColor;
  textColor?: PlateTextColor;
  format?: PlateFormat;
}

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Formats user text the way Turkish plates print it: "34ABC123" -> "34 ABC 123"; other text kept. */
export function formatPlateText(text: string): string {
  const t = text.trim().toLocaleUpperCase('tr-TR');
  const m = /^(\d{2})\s*([A-ZÇĞİÖŞÜ]{1,3})\s*(\d{2,4})$/.exec(t);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : t.replace(/\s+/g, ' ');
}

/** SVG of a Turkish plate at `widthPx`, real proportions, blue TR band on the left, the given text. */
export function plateSvg(
  text: string,
  style: PlateStyle,
  widthPx: number,
  heightPx?: number,
): { svg: string; width: number; height: number } {
  const format = style.format ?? 'rect';
  const [cmW, cmH] = PLATE_SIZES_CM[format];
  const w = Math.round(widthPx);
  // A taller ground than the format's (a bracket shaped for another country's plate) keeps the text's
  // size and line, centred: the plate is never stretched.
  const h = Math.round(Math.max((widthPx * cmH) / cmW, heightPx ?? 0));
  const u = w / cmW; // pixels per cm
  const fill = plateFill[style.color ?? 'white'];
  const ink = textFill[style.textColor ?? 'black'];
  const band = 4 * u;
  const border = 0.35 * u;
  const radius = 0.9 * u;
  const shown = formatPlateText(text);
  const font = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold"`;
  let lines: string[];
  if (format === 'square') {
    const parts = shown.split(' ');
    lines =
      parts.length >= 3
        ? [parts[0], parts.slice(1).join(' ')]
        : shown.length > 7
          ? [shown.slice(0, Math.ceil(shown.length / 2)), shown.slice(Math.ceil(shown.length / 2))]
          : [shown];
  } else {
    lines = [shown];
  }
  const areaX = band + 0.8 * u;
  const areaW = w - areaX - 0.9 * u;
  const lineH = format === 'square' ? (h - 2 * u) / lines.length : 7.6 * u;
  let textSvg = '';
  lines.forEach((line, i) => {
    const size = lineH * 0.9;
    // Plate fonts are condensed: the text is always set to an explicit length (about 0.56 em per
    // character, never wider than the area), which also keeps the result font-independent.
    const length = Math.min(areaW * 0.97, line.length * size * 0.56);
    const fit = ` textLength="${length.toFixed(1)}" lengthAdjust="spacingAndGlyphs"`;
    const cy = format === 'square' ? u + lineH * (i + 0.5) : h / 2;
    textSvg += `<text x="${(areaX + areaW / 2).toFixed(1)}" y="${(cy + size * 0.36).toFixed(1)}" ${font} font-size="${size.toFixed(1)}" fill="${ink}" text-anchor="middle" ${fit}>${escapeXml(line)}</text>`;
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    `<defs><clipPath id="c"><rect width="${w}" height="${h}" rx="${radius}"/></clipPath>` +
    `<linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.08"/></linearGradient></defs>` +
    `<g clip-path="url(#c)"><rect width="${w}" height="${h}" fill="${fill}"/>` +
    `<rect width="${band.toFixed(1)}" height="${h}" fill="#1f3f9b"/>` +
    `<text x="${(band / 2).toFixed(1)}" y="${(h - 1.3 * u).toFixed(1)}" ${font} font-size="${(2.6 * u).toFixed(1)}" fill="#ffffff" text-anchor="middle">TR</text>` +
    textSvg +
    `<rect width="${w}" height="${h}" fill="url(#sheen)"/></g>` +
    `<rect x="${border / 2}" y="${border / 2}" width="${w - border}" height="${h - border}" rx="${radius}" fill="none" stroke="#111111" stroke-width="${border.toFixed(1)}"/>` +
    `</svg>`;
  return { svg, width: w, height: h };
}

/** Renders the plate as RGBA pixels. */
export async function renderPlate(
  text: string,
  style: PlateStyle,
  widthPx: number,
  heightPx?: number,
): Promise<RawImage> {
  const { svg } = plateSvg(text, style, widthPx, heightPx);
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 4 };
}

/** Homography mapping the unit square corners (0,0),(1,0),(1,1),(0,1) to the quad. */
function squareToQuad(q: Quad): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den;
  const hh = (dx1 * sy - sx * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + hh * x3, x0, y1 - y0 + g * y1, y3 - y0 + hh * y3, y0, g, hh, 1];
}

function invert3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

const quadAspect = (quad: Quad): number =>
  Math.hypot(quad[1][0] - quad[0][0], quad[1][1] - quad[0][1]) /
  Math.max(1, Math.hypot(quad[3][0] - quad[0][0], quad[3][1] - quad[0][1]));

/**
 * Picks the plate format from the detected shape: square-ish quads (US and square plates, about 2:1) get
 * the two-line 32x15, everything wider the one-line 52x11. A plate found whole is often less wide than a
 * Turkish one (a Brazilian 40x13 with its city strip is 3.1:1): it still gets one line, on a taller ground.
 */
export function formatForQuad(quad: Quad): PlateFormat {
  return quadAspect(quad) < 2.6 ? 'square' : 'rect';
}

/**
 * Replaces the plate under `quad` in place with a rendered Turkish plate, perspective-warped onto the quad
 * (grown a little to cover the old frame) and lit like the original: the old plate's low-frequency shading
 * and white level modulate the new one.
 */
export async function customizePlate(
  image: RawImage,
  quad: Quad,
  text: string,
  style: PlateStyle,
): Promise<void> {
  const target = growQuad(quad, 0.05, 1);
  const format = style.format ?? formatForQuad(quad);
  const topLen = Math.hypot(target[1][0] - target[0][0], target[1][1] - target[0][1]);
  // Render at 3x the on-image size for clean downsampling.
  const plateW = Math.max(120, Math.min(1600, topLen * 3));
  const plate = await renderPlate(text, { ...style, format }, plateW, plateW / quadAspect(target));
  const H = invert3(squareToQuad(target));
  const xs = target.map((p) => p[0]);
  const ys = target.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(image.width - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(image.height - 1, Math.ceil(Math.max(...ys)));
  const c = image.channels;
  // Scene light at the plate: the bright (plate ground) level and a smooth shading field.
  const lum: number[] = [];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const i = (y * image.width + x) * c;
      lum.push(0.3 * image.data[i] + 0.59 * image.data[i + 1] + 0.11 * image.data[i + 2]);
    }
  lum.sort((a, b) => a - b);
  const white = Math.max(60, lum[Math.floor(lum.length * 0.9)] ?? 200);
  const gain = Math.min(1.05, white / 235);
  const pw = plate.width;
  const ph = plate.height;
  const ss = 3; // supersampling per axis
  // The new plate is drawn on a layer first (straight alpha: sharp premultiplies around its blur),
  // softened to the photo's own sharpness at the plate (a crisp plate on a soft 640-px photo is the first
  // thing that looks pasted), then laid over the old one.
  const sigma = photoBlurAt(image, x0, y0, x1, y1);
  const lw = x1 - x0 + 1;
  const lh = y1 - y0 + 1;
  const layer = Buffer.alloc(lw * lh * 4);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const px = x + (sx + 0.5) / ss;
          const py = y + (sy + 0.5) / ss;
          const w = H[6] * px + H[7] * py + H[8];
          const u = (H[0] * px + H[1] * py + H[2]) / w;
          const v = (H[3] * px + H[4] * py + H[5]) / w;
          if (u < 0 || u >= 1 || v < 0 || v >= 1) continue;
          const j = (Math.floor(v * ph) * pw + Math.floor(u * pw)) * 4;
          const pa = plate.data[j + 3] / 255;
          r += plate.data[j] * pa;
          g += plate.data[j + 1] * pa;
          b += plate.data[j + 2] * pa;
          a += pa;
        }
      }
      if (a <= 0) continue;
      const n = ss * ss;
      const o = ((y - y0) * lw + (x - x0)) * 4;
      layer[o] = Math.min(255, Math.round((r / a) * gain));
      layer[o + 1] = Math.min(255, Math.round((g / a) * gain));
      layer[o + 2] = Math.min(255, Math.round((b / a) * gain));
      layer[o + 3] = Math.round((a / n) * 255);
    }
  }
  const soft =
    sigma > 0.35
      ? await sharp(layer, { raw: { width: lw, height: lh, channels: 4 } })
          .blur(sigma)
          .raw()
          .toBuffer()
      : layer;
  for (let y = 0; y < lh; y++)
    for (let x = 0; x < lw; x++) {
      const o = (y * lw + x) * 4;
      const cover = soft[o + 3] / 255;
      if (!cover) continue;
      const i = ((y + y0) * image.width + x + x0) * c;
      for (let k = 0; k < 3; k++)
        image.data[i + k] = Math.round(image.data[i + k] * (1 - cover) + soft[o + k] * cover);
    }
}

/**
 * The photo's blur at the plate, as a Gaussian sigma in pixels: the old plate's characters are the sharpest
 * edges a photo of a car has, and for a step edge of contrast C blurred by sigma the steepest gradient is
 * C / (sigma * sqrt(2 pi)). Measured before the plate is replaced; 0 for a sharp photo.
 */
export function photoBlurAt(image: RawImage, x0: number, y0: number, x1: number, y1: number): number {
  const c = image.channels;
  const W = image.width;
  const lum = (x: number, y: number): number => {
    const i = (y * W + x) * c;
    return 0.3 * image.data[i] + 0.59 * image.data[i + 1] + 0.11 * image.data[i + 2];
  };
  const vals: number[] = [];
  const grads: number[] = [];
  for (let y = Math.max(1, y0); y < Math.min(image.height - 1, y1); y++)
    for (let x = Math.max(1, x0); x < Math.min(W - 1, x1); x++) {
      vals.push(lum(x, y));
      const gx = (lum(x + 1, y) - lum(x - 1, y)) / 2;
      const gy = (lum(x, y + 1) - lum(x, y - 1)) / 2;
      grads.push(Math.hypot(gx, gy));
    }
  if (vals.length < 50) return 0;
  vals.sort((a, b) => a - b);
  grads.sort((a, b) => a - b);
  const contrast = vals[Math.floor(vals.length * 0.95)] - vals[Math.floor(vals.length * 0.05)];
  const steepest = grads[Math.floor(grads.length * 0.995)];
  if (contrast < 30 || steepest <= 0) return 0;
  // A sharp edge already spans about a pixel (sigma ~0.6 from the camera and our supersampling).
  const sigma = contrast / (steepest * Math.sqrt(2 * Math.PI));
  return Math.max(0, Math.min(3, Math.sqrt(Math.max(0, sigma * sigma - 0.6 * 0.6))));
}
