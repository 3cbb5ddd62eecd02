import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';
import { renderScene, sceneLayout, type SceneLayout, type SceneTint } from './scene.render';

/** Car bounding box in source pixels (alpha >= 128) and whether it touches the photo's border. */
export interface CarBox {
  x: number;
  y: number;
  w: number;
  h: number;
  cutLeft: boolean;
  cutRight: boolean;
  cutBottom: boolean;
}

export function carBox(mask: Uint8Array, width: number, height: number): CarBox | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[row + x] >= 128) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  if (x1 < 0) return null;
  const edge = 2;
  return {
    x: x0,
    y: y0,
    w: x1 - x0 + 1,
    h: y1 - y0 + 1,
    cutLeft: x0 < edge,
    cutRight: x1 >= width - edge,
    cutBottom: y1 >= height - edge,
  };
}

/** One framing for a whole run: every car gets the same on-canvas height and stands on the same line. */
export interface Framing {
  /** Car height as a share of the canvas height. */
  carHeight: number;
  /** Floor line (tyre contact) as a share of the canvas height. */
  floorY: number;
  /** Widest share of the canvas width a car may take. */
  maxWidth: number;
}

/**
 * Plans a run's framing so every photo uses the same car height and floor line, shrinking the common
 * height until the widest car (by aspect) fits.
 */
export function planFraming(cars: { w: number; h: number }[], canvasW: number, canvasH: number): Framing {
  const floorY = 0.86;
  const maxWidth = 0.9;
  let carHeight = 0.44;
  for (const c of cars) {
    const aspect = c.w / Math.max(1, c.h);
    carHeight = Math.min(carHeight, (maxWidth * canvasW) / (aspect * canvasH));
  }
  return { carHeight: Math.max(0.12, carHeight), floorY, maxWidth };
}

export type Background = { kind: 'scene'; id: string } | { kind: 'image'; image: RawImage };

export interface CompositeOptions {
  background: Background;
  width: number;
  height: number;
  framing: Framing;
  /** Scene tint from a free prompt, applied on top of the light matching. */
  tint?: SceneTint;
  /** The light's colour cast to match the scene to; a studio run passes one for all its photos. */
  light?: LightCast;
}

async function greyOp(
  data: Uint8Array,
  w: number,
  h: number,
  fn: (s: sharp.Sharp) => sharp.Sharp,
): Promise<{ data: Buffer; w: number; h: number }> {
  const { data: out, info } = await fn(
    sharp(Buffer.from(data.buffer, data.byteOffset, data.length), {
      raw: { width: w, height: h, channels: 1 },
    }),
  )
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: out, w: info.width, h: info.height };
}

/** Colour cast of a photo's light, per channel relative to grey (1 = neutral). */
export type LightCast = [number, number, number];

/**
 * The photo's light, estimated from its near-grey pixels (concrete, tyres, glass, white walls): grey-world on
 * what should be grey. Not from the car's paint, which would turn the scene pink behind a red car.
 */
export function photoLight(src: RawImage): LightCast {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const c = src.channels;
  for (let i = 0; i < src.width * src.height; i += 7) {
    const R = src.data[i * c];
    const G = src.data[i * c + 1];
    const B = src.data[i * c + 2];
    const hi = Math.max(R, G, B);
    const lo = Math.min(R, G, B);
    if (hi < 40 || hi > 245 || hi - lo > 0.28 * hi + 6) continue;
    r += R;
    g += G;
    b += B;
    n++;
  }
  if (n < Math.ceil((src.width * src.height) / 7) * 0.02) return [1, 1, 1]; // too little grey to judge
  const m = (r + g + b) / 3;
  return [r / m, g / m, b / m];
}

/** The mean cast of several photos: one light for a whole studio run, so every photo gets the same scene. */
export function sharedLight(casts: LightCast[]): LightCast {
  if (casts.length === 0) return [1, 1, 1];
  const sum = casts.reduce((a, l) => [a[0] + l[0], a[1] + l[1], a[2] + l[2]], [0, 0, 0]);
  return [sum[0] / casts.length, sum[1] / casts.length, sum[2] / casts.length];
}

/**
 * Tint that pulls the scene a third of the way towards the photo's light, at most 6 % per channel (the car
 * itself is never re-graded). Exposure is left alone: a dark car is paint, not a dark room.
 */
export function matchSceneToLight(cast: LightCast): SceneTint {
  const k = 0.35;
  const clamp = (v: number): number => Math.max(0.94, Math.min(1.06, v));
  return {
    r: clamp(1 + (cast[0] - 1) * k),
    g: clamp(1 + (cast[1] - 1) * k),
    b: clamp(1 + (cast[2] - 1) * k),
    exposure: 1,
  };
}

async function backgroundImage(
  bg: Background,
  width: number,
  height: number,
  tint: SceneTint | undefined,
): Promise<RawImage> {
  if (bg.kind === 'scene') return renderScene(bg.id, width, height, { tint });
  const { data, info } = await sharp(bg.image.data, {
    raw: { width: bg.image.width, height: bg.image.height, channels: bg.image.channels },
  })
    .removeAlpha()
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

export interface CompositeResult {
  image: RawImage;
  /** Where the car landed: output = source * scale + (dx, dy). */
  placement: { scale: number; dx: number; dy: number };
  /** Car alpha in output pixels (for later stages: clean, plate warps). */
  alpha: Uint8Array;
}

/**
 * Places the car (source pixels + refined alpha) into a scene or custom background: consistent framing,
 * contact shadow and wheel occlusion from the mask, optional floor reflection, scene matched to the car's
 * light, edge decontamination. Car pixels are only resampled (when the framing scales) and blended at the
 * cut edge.
 */
export async function compositeCar(
  src: RawImage,
  mask: Uint8Array,
  options: CompositeOptions,
): Promise<CompositeResult> {
  const { width: W, height: H, framing } = options;
  const box = carBox(mask, src.width, src.height);
  if (!box) throw new Error('no car found in the mask');
  const layout: SceneLayout =
    options.background.kind === 'scene'
      ? sceneLayout(options.background.id)
      : { floorY: 0.86, horizonY: 0.6, reflection: 0, shadow: 0.55 };

  // Scale: same car height for the run; a car cut at the photo's border keeps its visible size.
  let scale = (framing.carHeight * H) / box.h;
  if (box.w * scale > framing.maxWidth * W) scale = (framing.maxWidth * W) / box.w;
  const pad = Math.ceil(Math.max(box.w, box.h) * 0.02) + 2;
  const cx0 = Math.max(0, box.x - pad);
  const cy0 = Math.max(0, box.y - pad);
  const cx1 = Math.min(src.width, box.x + box.w + pad);
  const cy1 = Math.min(src.height, box.y + box.h + pad);
  let cw = cx1 - cx0;
  let ch = cy1 - cy0;
  const exact = Math.abs(scale - 1) < 0.015;
  if (exact) scale = 1;
  const tw = Math.max(1, Math.round(cw * scale));
  const th = Math.max(1, Math.round(ch * scale));
  const srcSharp = sharp(src.data, { raw: { width: src.width, height: src.height, channels: src.channels } });
  const carRgb = exact
    ? await srcSharp.extract({ left: cx0, top: cy0, width: cw, height: ch }).removeAlpha().raw().toBuffer()
    : await srcSharp
        .extract({ left: cx0, top: cy0, width: cw, height: ch })
        .removeAlpha()
        .resize(tw, th, { fit: 'fill', kernel: 'lanczos3' })
        .raw()
        .toBuffer();
  const maskCrop = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++)
    maskCrop.set(mask.subarray((cy0 + y) * src.width + cx0, (cy0 + y) * src.width + cx0 + cw), y * cw);
  const carA = exact
    ? Buffer.from(maskCrop)
    : (await greyOp(maskCrop, cw, ch, (s) => s.resize(tw, th, { fit: 'fill', kernel: 'lanczos3' }))).data;
  cw = tw;
  ch = th;

  // Placement: centred horizontally (a car cut at one side hugs that side), tyres on the floor line.
  const boxBottomInCrop = (box.y + box.h - cy0) * scale;
  const boxLeftInCrop = (box.x - cx0) * scale;
  const carWpx = box.w * scale;
  let left = Math.round(W / 2 - carWpx / 2 - boxLeftInCrop);
  if (box.cutLeft && !box.cutRight) left = Math.round(-boxLeftInCrop);
  if (box.cutRight && !box.cutLeft) left = Math.round(W - carWpx - boxLeftInCrop);
  const floorPx = box.cutBottom ? H + 2 : Math.round(framing.floorY * H);
  const top = Math.round(floorPx - boxBottomInCrop);

  // Canvas-sized car alpha.
  const alpha = new Uint8Array(W * H);
  for (let y = 0; y < ch; y++) {
    const oy = top + y;
    if (oy < 0 || oy >= H) continue;
    for (let x = 0; x < cw; x++) {
      const ox = left + x;
      if (ox < 0 || ox >= W) continue;
      alpha[oy * W + ox] = carA[y * cw + x];
    }
  }

  let tint =
    options.background.kind === 'scene' ? matchSceneToLight(options.light ?? photoLight(src)) : undefined;
  if (options.tint) {
    const t = options.tint;
    tint = tint
      ? { r: tint.r * t.r, g: tint.g * t.g, b: tint.b * t.b, exposure: tint.exposure * t.exposure }
      : t;
  }
  const bg = await backgroundImage(options.background, W, H, tint);
  const out = bg.data;

  // Ground contact: the lower hull of the silhouette, per column in crop coordinates. Tyres touch the
  // ground on this line; in a 3/4 view it slopes (the far wheel sits higher).
  const groundY = contactLine(carA, cw, ch);
  const drop = floorPx - top - Math.max(...groundY.filter((v) => v >= 0));
  for (let x = 0; x < cw; x++) if (groundY[x] >= 0) groundY[x] += drop;

  // Floor reflection: each column mirrored about its contact line, fading out, slightly dimmed.
  if (layout.reflection > 0 && !box.cutBottom) {
    const depth = Math.round(box.h * scale * 0.4);
    for (let x = 0; x < cw; x++) {
      const ox = left + x;
      if (ox < 0 || ox >= W || groundY[x] < 0) continue;
      const axis = groundY[x];
      for (let y = 0; y < depth; y++) {
        const sy = axis - 1 - y;
        const oy = top + axis + y;
        if (sy < 0 || oy >= H || oy < 0) continue;
        const fade = layout.reflection * Math.pow(1 - y / depth, 2.2);
        const a = (carA[sy * cw + x] / 255) * fade;
        if (a <= 0.003) continue;
        const o = (oy * W + ox) * 3;
        const s = (sy * cw + x) * 3;
        for (let k = 0; k < 3; k++) out[o + k] = out[o + k] * (1 - a) + carRgb[s + k] * 0.85 * a;
      }
    }
  }

  // Contact shadow and wheel occlusion, derived from the placed car's silhouette.
  if (!box.cutBottom)
    await drawShadow(out, W, H, carA, cw, ch, left, top, groundY, box.h * scale, layout.shadow);

  // Edge decontamination: inside the soft edge, use an alpha-weighted blur of car colours.
  const decon = await alphaWeightedBlur(
    carRgb,
    carA,
    cw,
    ch,
    Math.max(2, Math.round(Math.max(cw, ch) / 400)),
  );
  for (let y = 0; y < ch; y++) {
    const oy = top + y;
    if (oy < 0 || oy >= H) continue;
    for (let x = 0; x < cw; x++) {
      const ox = left + x;
      if (ox < 0 || ox >= W) continue;
      const av = carA[y * cw + x];
      if (av <= CHOKE) continue;
      // A slight choke of the soft edge, and edge colours taken from inside the car: no halo of the
      // old background around the cut.
      const a = Math.min(1, (av - CHOKE) / (255 - CHOKE));
      const o = (oy * W + ox) * 3;
      const s = (y * cw + x) * 3;
      const edge = av < 250;
      const inner = a * a;
      for (let k = 0; k < 3; k++) {
        const fg = edge ? decon[s + k] * (1 - inner) + carRgb[s + k] * inner : carRgb[s + k];
        out[o + k] = Math.round(fg * a + out[o + k] * (1 - a));
      }
    }
  }
  return {
    image: { data: out, width: W, height: H, channels: 3 },
    placement: { scale, dx: left - cx0 * scale, dy: top - cy0 * scale },
    alpha,
  };
}

const CHOKE = 36;

async function alphaWeightedBlur(
  rgb: Buffer,
  a: Buffer | Uint8Array,
  w: number,
  h: number,
  sigma: number,
): Promise<Buffer> {
  const pre = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const av = a[i];
    pre[i * 4] = (rgb[i * 3] * av) / 255;
    pre[i * 4 + 1] = (rgb[i * 3 + 1] * av) / 255;
    pre[i * 4 + 2] = (rgb[i * 3 + 2] * av) / 255;
    pre[i * 4 + 3] = av;
  }
  const blurred = await sharp(pre, { raw: { width: w, height: h, channels: 4 } })
    .blur(sigma)
    .raw()
    .toBuffer();
  const out = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    const av = blurred[i * 4 + 3];
    for (let k = 0; k < 3; k++)
      out[i * 3 + k] = av ? Math.min(255, (blurred[i * 4 + k] * 255) / av) : rgb[i * 3 + k];
  }
  return out;
}

/**
 * Lower hull of the silhouette's bottom profile (y grows downwards): the line the car rests on. Returns,
 * per column, the contact y in crop pixels, or -1 outside the car.
 */
export function contactLine(a: Uint8Array | Buffer, w: number, h: number): number[] {
  const bottom: number[] = new Array(w).fill(-1);
  for (let x = 0; x < w; x++) {
    for (let y = h - 1; y >= 0; y--) {
      if (a[y * w + x] >= 128) {
        bottom[x] = y;
        break;
      }
    }
  }
  const pts: [number, number][] = [];
  for (let x = 0; x < w; x++) if (bottom[x] >= 0) pts.push([x, bottom[x]]);
  if (!pts.length) return bottom;
  // Monotone chain keeping the hull that bounds the points from below (max y side).
  const hull: [number, number][] = [];
  for (const p of pts) {
    while (hull.length >= 2) {
      const [ax, ay] = hull[hull.length - 2];
      const [bx, by] = hull[hull.length - 1];
      const cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax);
      if (cross >= 0) hull.pop();
      else break;
    }
    hull.push(p);
  }
  const line: number[] = new Array(w).fill(-1);
  let j = 0;
  for (let x = pts[0][0]; x <= pts[pts.length - 1][0]; x++) {
    while (j < hull.length - 2 && hull[j + 1][0] < x) j++;
    const [ax, ay] = hull[j];
    const [bx, by] = hull[Math.min(j + 1, hull.length - 1)];
    line[x] = bx === ax ? Math.max(ay, by) : Math.round(ay + ((by - ay) * (x - ax)) / (bx - ax));
  }
  return line;
}

async function drawShadow(
  out: Buffer,
  W: number,
  H: number,
  carA: Uint8Array | Buffer,
  cw: number,
  ch: number,
  left: number,
  top: number,
  groundY: number[],
  carH: number,
  strength: number,
): Promise<void> {
  const shadow = new Uint8Array(W * H);
  const xs = groundY.map((v, i) => (v >= 0 ? i : -1)).filter((i) => i >= 0);
  if (!xs.length) return;
  const first = xs[0];
  const last = xs[xs.length - 1];
  const span = Math.max(1, last - first);
  const bandH = carH * 0.12;
  const contact = Math.max(2, carH * 0.03);
  for (let x = first; x <= last; x++) {
    const ox = left + x;
    if (ox < 0 || ox >= W) continue;
    const g = groundY[x];
    // Lowest car pixel in this column: the gap to the ground says how much light gets under the car.
    let b = -1;
    for (let y = Math.min(ch - 1, g + 1); y >= 0; y--) {
      if (carA[y * cw + x] >= 128) {
        b = y;
        break;
      }
    }
    const gap = b < 0 ? carH : g - b;
    const u = (x - first) / span;
    const across = Math.pow(Math.sin(Math.PI * u), 0.3);
    const under = Math.max(0.3, 1 - gap / (carH * 0.45));
    // From the underside of the car down to the contact line it is dark (we look under the car), then
    // the shadow fades out over bandH in front of it.
    for (let y = -Math.min(gap, Math.round(carH * 0.3)); y < bandH; y++) {
      const oy = top + g + y;
      if (oy < 0 || oy >= H) continue;
      const d = y < 0 ? 1 : Math.pow(1 - y / bandH, 1.5);
      let v = 0.95 * across * under * d;
      // Wheel occlusion: where the silhouette touches the ground, a dark tight core.
      if (gap <= contact && y > -contact && y < contact * 0.7) v = 1;
      const i = oy * W + ox;
      shadow[i] = Math.max(shadow[i], Math.round(Math.min(1, v) * 255));
    }
  }
  // Blur and apply only inside the shadow's own rectangle (plus the blur's reach).
  const reach = Math.ceil(Math.max(span * 0.012, carH * 0.01) * 3) + 2;
  let ry0 = H;
  let ry1 = -1;
  for (let x = first; x <= last; x++) {
    const g = groundY[x];
    ry0 = Math.min(ry0, top + g - Math.round(carH * 0.3));
    ry1 = Math.max(ry1, top + g + Math.ceil(bandH));
  }
  const rx0 = Math.max(0, left + first - reach);
  const rx1 = Math.min(W, left + last + reach + 1);
  ry0 = Math.max(0, ry0 - reach);
  ry1 = Math.min(H, ry1 + reach + 1);
  if (rx1 <= rx0 || ry1 <= ry0) return;
  const rw = rx1 - rx0;
  const rh = ry1 - ry0;
  const sub = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) sub.set(shadow.subarray((ry0 + y) * W + rx0, (ry0 + y) * W + rx1), y * rw);
  const wide = await greyOp(sub, rw, rh, (s) => s.blur(Math.max(1, span * 0.012)));
  const tight = await greyOp(sub, rw, rh, (s) => s.blur(Math.max(0.8, carH * 0.01)));
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const j = y * rw + x;
      const v = (wide.data[j] / 255) * 0.5 + (tight.data[j] / 255) * 0.6;
      if (v <= 0.002) continue;
      const m = 1 - Math.min(0.94, v * (0.55 + strength));
      const i = ((ry0 + y) * W + rx0 + x) * 3;
      out[i] *= m;
      out[i + 1] *= m;
      out[i + 2] *= m;
    }
  }
}
