import sharp from 'sharp';
import { getRecognitionKeys, getSession, ort } from '../models/model.loader';
import type { RawImage } from '../io/image.decode';
import { labelComponents } from '../segment/mask.ops';

export type Point = [number, number];
/** Four corners, clockwise from top-left, in image pixels. */
export type Quad = [Point, Point, Point, Point];

export interface TextBox {
  quad: Quad;
  /** Mean text probability inside the detected region. */
  score: number;
  /** Long-side / short-side of the oriented box. */
  aspect: number;
  angle: number;
  length: number;
  thickness: number;
}

const DET_MEAN = [0.485, 0.456, 0.406];
const DET_STD = [0.229, 0.224, 0.225];

/**
 * PaddleOCR v4 DB text detection. The image is scaled so its long side is `side` (multiple of 32) and
 * text regions come back as oriented boxes in image pixels, already grown ("unclipped") to the glyph extent.
 */
export async function detectText(image: RawImage, side = 960): Promise<TextBox[]> {
  const session = await getSession('textDetection');
  const scale = side / Math.max(image.width, image.height);
  const w = Math.max(32, Math.round((image.width * scale) / 32) * 32);
  const h = Math.max(32, Math.round((image.height * scale) / 32) * 32);
  const { data } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .removeAlpha()
    .resize(w, h, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const plane = w * h;
  const input = new Float32Array(3 * plane);
  // PaddleOCR is trained on BGR input.
  for (let p = 0, i = 0; p < plane; p++, i += 3) {
    for (let c = 0; c < 3; c++) input[c * plane + p] = (data[i + 2 - c] / 255 - DET_MEAN[c]) / DET_STD[c];
  }
  const out = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, h, w]) });
  // Copy out and release the native tensor now (not whenever the GC finalises it).
  const prob = Float32Array.from(out[session.outputNames[0]].data as Float32Array);
  for (const t of Object.values(out)) t.dispose?.();
  const bin = new Uint8Array(plane);
  for (let p = 0; p < plane; p++) bin[p] = prob[p] > 0.3 ? 1 : 0;
  const { labels, sizes } = labelComponents(bin, w, h);
  const sx = image.width / w;
  const sy = image.height / h;
  // Per-component moments for an oriented box (PCA) and the mean probability.
  const k = sizes.length;
  const sum = new Float64Array(k * 6);
  for (let p = 0; p < plane; p++) {
    const l = labels[p];
    if (!l) continue;
    const x = (p % w) * sx;
    const y = Math.floor(p / w) * sy;
    const o = l * 6;
    sum[o] += x;
    sum[o + 1] += y;
    sum[o + 2] += x * x;
    sum[o + 3] += y * y;
    sum[o + 4] += x * y;
    sum[o + 5] += prob[p];
  }
  const boxes: TextBox[] = [];
  for (let l = 1; l < k; l++) {
    const cnt = sizes[l];
    if (cnt < 6) continue;
    const o = l * 6;
    const score = sum[o + 5] / cnt;
    if (score < 0.5) continue;
    const mx = sum[o] / cnt;
    const my = sum[o + 1] / cnt;
    const cxx = sum[o + 2] / cnt - mx * mx;
    const cyy = sum[o + 3] / cnt - my * my;
    const cxy = sum[o + 4] / cnt - mx * my;
    const angle = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
    const ca = Math.cos(angle);
    const sa = Math.sin(angle);
    // Rectangle from the variance along each axis (a uniform bar of length L has variance L^2 / 12).
    const varU = cxx * ca * ca + 2 * cxy * ca * sa + cyy * sa * sa;
    const varV = cxx * sa * sa - 2 * cxy * ca * sa + cyy * ca * ca;
    let len = Math.sqrt(12 * Math.max(varU, 0)) + sx;
    let thick = Math.sqrt(12 * Math.max(varV, 0)) + sy;
    // DB shrinks text regions during training; grow back by area * 1.5 / perimeter.
    const d = (len * thick * 1.5) / (2 * (len + thick));
    len += 2 * d;
    thick += 2 * d;
    const hu: Point = [(ca * len) / 2, (sa * len) / 2];
    const hv: Point = [(-sa * thick) / 2, (ca * thick) / 2];
    const quad: Quad = [
      [mx - hu[0] - hv[0], my - hu[1] - hv[1]],
      [mx + hu[0] - hv[0], my + hu[1] - hv[1]],
      [mx + hu[0] + hv[0], my + hu[1] + hv[1]],
      [mx - hu[0] + hv[0], my - hu[1] + hv[1]],
    ];
    boxes.push({ quad, score, aspect: len / Math.max(thick, 1), angle, length: len, thickness: thick });
  }
  return boxes;
}

const REC_HEIGHT = 48;

/**
 * PaddleOCR v4 recognition of one text box (cropped and straightened first when tilted). Returns the
 * CTC-greedy text and its mean character confidence.
 */
export async function recognizeText(
  image: RawImage,
  box: TextBox,
): Promise<{ text: string; confidence: number }> {
  return (await recognizeTexts(image, [box]))[0];
}

/** Batched recognition: all boxes in one model call (each crop padded on the right to the widest). */
export async function recognizeTexts(
  image: RawImage,
  boxes: TextBox[],
): Promise<{ text: string; confidence: number }[]> {
  if (!boxes.length) return [];
  const session = await getSession('textRecognition');
  const keys = await getRecognitionKeys();
  const crops: { data: Buffer; w: number }[] = [];
  for (const box of boxes) {
    const crop = await straightCrop(image, box);
    const w = Math.max(16, Math.min(480, Math.ceil((REC_HEIGHT * (crop.width / crop.height)) / 8) * 8));
    const data = await sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 3 } })
      .resize(w, REC_HEIGHT, { fit: 'fill' })
      .raw()
      .toBuffer();
    crops.push({ data, w });
  }
  const maxW = Math.max(...crops.map((c) => c.w));
  const plane = maxW * REC_HEIGHT;
  const input = new Float32Array(boxes.length * 3 * plane);
  crops.forEach((crop, n) => {
    const base = n * 3 * plane;
    for (let y = 0; y < REC_HEIGHT; y++) {
      for (let x = 0; x < crop.w; x++) {
        const i = (y * crop.w + x) * 3;
        const p = y * maxW + x;
        for (let c = 0; c < 3; c++) input[base + c * plane + p] = (crop.data[i + 2 - c] / 255 - 0.5) / 0.5;
      }
    }
  });
  const out = await session.run({
    [session.inputNames[0]]: new ort.Tensor('float32', input, [boxes.length, 3, REC_HEIGHT, maxW]),
  });
  const t = out[session.outputNames[0]];
  const [, steps, classes] = t.dims as number[];
  const probs = Float32Array.from(t.data as Float32Array);
  for (const o of Object.values(out)) o.dispose?.();
  const results: { text: string; confidence: number }[] = [];
  for (let n = 0; n < boxes.length; n++) {
    // Steps past a crop's own width only see padding; CTC blanks them out.
    let text = '';
    let confSum = 0;
    let confN = 0;
    let prev = -1;
    const off = n * steps * classes;
    for (let s = 0; s < steps; s++) {
      let best = 0;
      let bestP = -Infinity;
      for (let c = 0; c < classes; c++) {
        const v = probs[off + s * classes + c];
        if (v > bestP) {
          bestP = v;
          best = c;
        }
      }
      if (best !== 0 && best !== prev) {
        text += keys[best] ?? '';
        confSum += bestP;
        confN++;
      }
      prev = best;
    }
    results.push({ text, confidence: confN ? confSum / confN : 0 });
  }
  return results;
}

/** Crops the box's bounding rectangle, rotated so the text line is horizontal, as RGB. */
async function straightCrop(image: RawImage, box: TextBox): Promise<RawImage> {
  const xs = box.quad.map((p) => p[0]);
  const ys = box.quad.map((p) => p[1]);
  const left = Math.max(0, Math.floor(Math.min(...xs)));
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const right = Math.min(image.width, Math.ceil(Math.max(...xs)));
  const bottom = Math.min(image.height, Math.ceil(Math.max(...ys)));
  const width = Math.max(1, right - left);
  const height = Math.max(1, bottom - top);
  let pipe = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .removeAlpha()
    .extract({ left, top, width, height });
  const deg = (box.angle * 180) / Math.PI;
  if (Math.abs(deg) > 3) {
    pipe = sharp(await pipe.png().toBuffer()).rotate(-deg, { background: '#808080' });
    const rotated = await pipe.png().toBuffer({ resolveWithObject: true });
    // Keep the central band: the text line's own extent after straightening.
    const cw = Math.min(rotated.info.width, Math.round(box.length));
    const ch = Math.min(rotated.info.height, Math.round(box.thickness));
    pipe = sharp(rotated.data).extract({
      left: Math.max(0, Math.round((rotated.info.width - cw) / 2)),
      top: Math.max(0, Math.round((rotated.info.height - ch) / 2)),
      width: cw,
      height: ch,
    });
  }
  const { data, info } = await pipe.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}
