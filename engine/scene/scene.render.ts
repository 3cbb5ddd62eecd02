import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';
import { sceneSpecs, type SceneSpec } from './scene.catalogue';

/** Colour grade applied to a whole scene (prompt tints, matching the scene to the car's light). */
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
  /** Scene light colour and brightness the car is matched to. */
  light: [number, number, number];
}

export function sceneLayout(id: string): SceneLayout {
  const spec = sceneSpecs[id];
  if (!spec) throw new Error(`unknown scene ${id}`);
  return {
    floorY: 0.86,
    horizonY: spec.horizon,
    reflection: spec.reflection,
    shadow: spec.shadow,
    light: spec.light,
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
export function sceneSvg(spec: SceneSpec, width: number, height: number, seed: number): string {
  const ctx = { w: width, h: height, r: rng(seed), defs: [] as string[], id: 0 };
  const body = spec.draw(ctx);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${ctx.defs.join('')}</defs>${body}</svg>`;
}

/**
 * Renders a preset scene procedurally at exactly width x height (no stored images): SVG layers drawn by
 * librsvg, then an optional tint. Returns 8-bit sRGB RGB pixels.
 */
export async function renderScene(
  id: string,
  width: number,
  height: number,
  options: RenderOptions = {},
): Promise<RawImage> {
  const spec = sceneSpecs[id];
  if (!spec) throw new Error(`unknown scene ${id}`);
  const svg = sceneSvg(spec, width, height, options.seed ?? hashId(id));
  let pipe = sharp(Buffer.from(svg), { density: 72, limitInputPixels: false }).resize(width, height, {
    fit: 'fill',
  });
  const tint = options.tint;
  if (tint) {
    pipe = pipe.linear([tint.r * tint.exposure, tint.g * tint.exposure, tint.b * tint.exposure], [0, 0, 0]);
  }
  const { data, info } = await pipe.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}
