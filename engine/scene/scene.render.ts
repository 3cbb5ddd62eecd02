import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';
import { sceneSpecs, type SceneSpec } from './scene.catalogue';
import { cloudLayerSvg } from './scene.layers';

/** Colour grade applied to a whole scene (prompt tints, matching the scene to the photo's light). */
export interface SceneTint {
  /** Multipliers per channel, 1 = unchanged. */
  r: number;
  g: number;
  b: number;
  /** Exposure multiplier. */
  exposure: number;
}

export interface RenderOptions {
  tint?: SceneTint;
  seed?: number;
}

/** Where the car stands and how the floor behaves, as fractions of the canvas. */
export interface SceneLayout {
  /** Floor line: the y (0..1) where the tyres touch the ground. */
  floorY: number;
  /** Horizon y (0..1). */
  horizonY: number;
  /** Floor reflection strength 0..1 (showroom/studio/wet). */
  reflection: number;
  /** Contact shadow darkness 0..1. */
  shadow: number;
}

export function sceneLayout(id: string): SceneLayout {
  const spec = sceneSpecs[id];
  if (!spec) throw new Error(`unknown scene ${id}`);
  return {
    floorY: 0.86,
    horizonY: spec.horizon,
    reflection: spec.reflection,
    shadow: spec.shadow,
  };
}

/** Returns true when the engine has a renderer for this scene id. */
export function hasScene(id: string): boolean {
  return id in sceneSpecs;
}

/** Deterministic small PRNG (mulberry32) so a scene looks the same on every render. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashId(id: string): number {
  let h = 2166136261;
  for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** Builds the scene's SVG document at the given pixel size (exported for the contact sheet and tests). */
export function sceneSvg(
  spec: SceneSpec,
  width: number,
  height: number,
  seed: number,
  clouds?: string,
): string {
  const ctx = { w: width, h: height, r: rng(seed), defs: [] as string[], id: 0, clouds };
  const body = spec.draw(ctx);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${ctx.defs.join('')}</defs>${body}</svg>`;
}

/**
 * Renders a preset scene procedurally at exactly width x height (no stored images): SVG layers drawn by
 * librsvg (fractal clouds rendered small and scaled up), an optional tint, then a photographic finish.
 * Returns 8-bit sRGB RGB pixels.
 */
export async function renderScene(
  id: string,
  width: number,
  height: number,
  options: RenderOptions = {},
): Promise<RawImage> {
  const spec = sceneSpecs[id];
  if (!spec) throw new Error(`unknown scene ${id}`);
  const seed = options.seed ?? hashId(id);
  const clouds = spec.clouds ? await cloudImage(width, height, spec.clouds, seed) : undefined;
  const svg = sceneSvg(spec, width, height, seed, clouds);
  let pipe = sharp(Buffer.from(svg), { density: 72, limitInputPixels: false }).resize(width, height, {
    fit: 'fill',
  });
  const tint = options.tint;
  if (tint) {
    pipe = pipe.linear([tint.r * tint.exposure, tint.g * tint.exposure, tint.b * tint.exposure], [0, 0, 0]);
  }
  const drawn = await pipe.removeAlpha().raw().toBuffer();
  return photographic(drawn, width, height, spec.horizon, seed, spec.texture ?? 0.5);
}

/** Fractal cloud layer rendered at 1/4 size, as a PNG data URI for the scene's sky. */
async function cloudImage(
  w: number,
  h: number,
  clouds: { cover: number; bottom: number },
  seed: number,
): Promise<string> {
  const sw = Math.max(16, Math.round(w / 4));
  const sh = Math.max(16, Math.round(h / 4));
  // Kept small: the SVG <image> scales it to the canvas (smooth interpolation), which is all soft clouds need.
  const png = await sharp(Buffer.from(cloudLayerSvg(sw, sh, clouds.bottom, clouds.cover, seed)))
    .png({ compressionLevel: 1 })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * Makes the drawing read as a photograph: lens depth of field (the background behind the car is soft, the
 * floor near the car stays crisp), ground texture (worn asphalt, uneven snow or sand), sensor grain and a
 * gentle vignette.
 */
async function photographic(
  data: Buffer,
  w: number,
  h: number,
  horizon: number,
  seed: number,
  texture: number,
): Promise<RawImage> {
  const long = Math.max(w, h);
  // Lens blur computed at half size (4x cheaper, indistinguishable at this radius).
  const hw = Math.max(1, Math.round(w / 2));
  const hh = Math.max(1, Math.round(h / 2));
  const softSmall = await sharp(data, { raw: { width: w, height: h, channels: 3 } })
    .resize(hw, hh, { fit: 'fill', kernel: 'linear' })
    .blur(Math.max(0.5, long * 0.00225))
    .raw()
    .toBuffer();
  const soft = await sharp(softSmall, { raw: { width: hw, height: hh, channels: 3 } })
    .resize(w, h, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  // Blotchy low-frequency variation from a coarse random grid, smoothly upscaled.
  const tr = rng(seed ^ 0x51ed27);
  const gw0 = Math.max(4, Math.round(w / 24));
  const gh0 = Math.max(4, Math.round(h / 24));
  const coarse = Buffer.alloc(gw0 * gh0);
  for (let i = 0; i < coarse.length; i++) coarse[i] = Math.round(128 + (tr() + tr() - 1) * 90);
  const blotch = await sharp(coarse, { raw: { width: gw0, height: gh0, channels: 1 } })
    .resize(w, h, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  // Grain: one random value per 2x2 block (looks like sensor noise after JPEG).
  const r = rng(seed ^ 0x9e3779b9);
  const gw = Math.ceil(w / 2);
  const grain = new Int8Array(gw * Math.ceil(h / 2));
  for (let i = 0; i < grain.length; i++) grain[i] = Math.round((r() + r() + r() - 1.5) * 3.5);
  const vigX = new Float32Array(w);
  for (let x = 0; x < w; x++) vigX[x] = ((x / w - 0.5) * 2) ** 2;
  const out = Buffer.alloc(w * h * 3);
  const hy = horizon * h;
  const floor = 0.86 * h;
  for (let y = 0; y < h; y++) {
    // Depth of field: fully soft down to the horizon, crisp near the floor line, a little soft below it.
    const t =
      y < hy
        ? 1
        : y < floor
          ? 1 - ((y - hy) / (floor - hy)) * 0.85
          : 0.15 + ((y - floor) / (h - floor)) * 0.25;
    const vy2 = ((y / h - 0.5) * 2) ** 2;
    const ground = y > hy;
    const texAmp = ground ? 0.07 * texture * Math.min(1, (y - hy) / (h - hy) + 0.3) : 0;
    const grainAmp = ground ? 1 + texture : 1;
    const row = y * w;
    const grow = (y >> 1) * gw;
    if (!ground) {
      // Sky and background: fully soft, no texture.
      for (let x = 0; x < w; x++) {
        const m = 1 - 0.07 * Math.max(0, vigX[x] + vy2 - 0.35);
        const i = (row + x) * 3;
        const g = grain[grow + (x >> 1)];
        const r0 = soft[i] * m + g;
        const r1 = soft[i + 1] * m + g;
        const r2 = soft[i + 2] * m + g;
        out[i] = r0 < 0 ? 0 : r0 > 255 ? 255 : r0;
        out[i + 1] = r1 < 0 ? 0 : r1 > 255 ? 255 : r1;
        out[i + 2] = r2 < 0 ? 0 : r2 > 255 ? 255 : r2;
      }
      continue;
    }
    const u = 1 - t;
    for (let x = 0; x < w; x++) {
      const vig = 1 - 0.07 * Math.max(0, vigX[x] + vy2 - 0.35);
      const i = (row + x) * 3;
      const m = vig * (1 + ((blotch[row + x] - 128) / 128) * texAmp);
      const g = grain[grow + (x >> 1)] * grainAmp;
      const r0 = (data[i] * u + soft[i] * t) * m + g;
      const r1 = (data[i + 1] * u + soft[i + 1] * t) * m + g;
      const r2 = (data[i + 2] * u + soft[i + 2] * t) * m + g;
      out[i] = r0 < 0 ? 0 : r0 > 255 ? 255 : r0;
      out[i + 1] = r1 < 0 ? 0 : r1 > 255 ? 255 : r1;
      out[i + 2] = r2 < 0 ? 0 : r2 > 255 ? 255 : r2;
    }
  }
  return { data: out, width: w, height: h, channels: 3 };
}
