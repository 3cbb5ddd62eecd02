import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';

/**
 * The rendered scene library: one path-traced photograph per preset (scenes/build.py, Blender Cycles),
 * stored as engine/scene/assets/<id>.jpg, with what the compositor needs to put a car into it
 * (engine/scene/assets/scenes.json). See docs/decisions/0005-rendered-scene-library.md.
 */
export interface SceneMeta {
  id: string;
  /** Rendered size in pixels (4:3, so a 3:2 or 16:9 canvas can be cropped with the horizon moved). */
  width: number;
  height: number;
  camera: {
    focalMm: number;
    sensorMm: number;
    fStop: number;
    heightM: number;
    pitchDeg: number;
    carDistanceM: number;
    focalPx: number;
  };
  /** Horizon row as a share of the rendered height. */
  horizonY: number;
  /** Rows (shares of the height) where a car standing at the origin touches the floor: its near wheels,
   * its centre line and its far wheels. */
  floorY: { near: number; centre: number; far: number };
  /** One metre at the car's distance, as a share of the rendered width. */
  metreAtCar: number;
  /** Where a shadow of a point 1 m above the car's centre lands, relative to the centre (shares of the
   * rendered width and height); absent when the light comes straight down. */
  shadowVector?: [number, number];
  keyLight: {
    azimuthDeg: number;
    elevationDeg: number;
    softness: number;
    color: number[];
    floorLight: boolean;
    /** Darkness 0..1 (1 - the shadowed floor's linear light over the lit floor's beside it) of the cast
     * shadows the render's own objects (poles, kerbs, trees, cars) throw, measured on the committed render;
     * 0 where none shows; absent where not checked (the softness alone then says). */
    castSeen?: number;
  };
  floor: { gloss: number; roughness: number; kind: string };
  night: boolean;
  /** Strong perspective lines (parking bays, lane paint) near the car. */
  perspectiveLines: boolean;
  /** Horizontal span of the floor (shares of the width) that is clear for a car. */
  clear: [number, number];
  /** The scene's light around the car, measured on the render: mean linear-ish level and colour cast. */
  light: { level: number; cast: [number, number, number] };
  /** Mean colour of the upper third (sky or ceiling): what glass reflects. */
  sky: [number, number, number];
  /** Fog: the share of its light (colour `sky`, in linear light) the air lays over a thing at the car's
   * distance; absent where the air is clear at that distance. */
  haze?: number;
  /** Matte probes rendered at the car's place (scenes/build.py --probe): a sphere of a grey card's albedo
   * (0.18) and one of a white car's diffuse (0.8), each with its mean sRGB colour and the luminance (0-255)
   * of its lit side (90th percentile of its disc) and its shaded side (10th). Absent for scenes not probed. */
  probe?: Record<'grey' | 'white', { mean: [number, number, number]; lit: number; shade: number }>;
}

const ASSETS = path.join(import.meta.dirname, 'assets');

let catalogue: Record<string, SceneMeta> | undefined;

/** Every scene's metadata, read once from scenes.json. */
export function sceneCatalogue(): Record<string, SceneMeta> {
  catalogue ??= JSON.parse(readFileSync(path.join(ASSETS, 'scenes.json'), 'utf8')) as Record<
    string,
    SceneMeta
  >;
  return catalogue;
}

export function sceneMeta(id: string): SceneMeta {
  const meta = sceneCatalogue()[id];
  if (!meta) throw new Error(`unknown scene ${id}`);
  return meta;
}

export function sceneFile(id: string): string {
  return path.join(ASSETS, `${id}.jpg`);
}

/** Real height a car's bounding box stands for (a mean of hatchbacks, saloons and SUVs, with tyres). */
export const CAR_HEIGHT_M = 1.5;

/** How a rendered scene is cut and scaled to a canvas, and where its floor lands there. */
export interface SceneFit {
  /** Crop in rendered pixels. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Canvas pixels per rendered pixel. */
  scale: number;
  /** Canvas row of the near wheels' contact line. */
  floorRow: number;
  /** Canvas row of the horizon. */
  horizonRow: number;
  /** Canvas pixels per metre at the car. */
  metrePx: number;
}

/**
 * Chooses the crop of a scene for a W x H canvas so that a car of `carHeightPx` canvas pixels has its
 * real-world size in the scene (scene and car at one scale, hence one perspective), with its near wheels on
 * canvas row `floorY * H` as far as the render's margins allow. When the render cannot be cut that way (a
 * small car would need more scene than was rendered), the whole width is used and the floor row moves.
 */
export function fitScene(
  meta: SceneMeta,
  W: number,
  H: number,
  carHeightPx: number,
  floorY: number,
): SceneFit {
  const metreScene = meta.metreAtCar * meta.width;
  // Canvas px per scene px for a physically consistent car.
  let scale = carHeightPx / (CAR_HEIGHT_M * metreScene);
  // Never crop outside the render: the canvas must be covered.
  scale = Math.max(scale, W / meta.width, H / meta.height);
  const width = W / scale;
  const height = H / scale;
  const left = (meta.width - width) / 2;
  const nearRow = meta.floorY.near * meta.height;
  const top = Math.min(meta.height - height, Math.max(0, nearRow - (floorY * H) / scale));
  return {
    left,
    top,
    width,
    height,
    scale,
    floorRow: (nearRow - top) * scale,
    horizonRow: (meta.horizonY * meta.height - top) * scale,
    metrePx: metreScene * scale,
  };
}

/**
 * The scene stage: the rendered photograph cut and resized to the canvas (one libvips pass: the JPEG is
 * decoded with shrink-on-load where it is larger than needed, cropped and resampled). Returns 8-bit sRGB.
 */
export async function loadScene(id: string, W: number, H: number, fit: SceneFit): Promise<RawImage> {
  const meta = sceneMeta(id);
  // Crop in whole pixels, then resize exactly to the canvas (the sub-pixel error is under one canvas px).
  const left = Math.max(0, Math.min(meta.width - 1, Math.floor(fit.left)));
  const top = Math.max(0, Math.min(meta.height - 1, Math.floor(fit.top)));
  const width = Math.max(1, Math.min(meta.width - left, Math.round(fit.width)));
  const height = Math.max(1, Math.min(meta.height - top, Math.round(fit.height)));
  const { data, info } = await sharp(sceneFile(id))
    .extract({ left, top, width, height })
    .resize(W, H, { fit: 'fill', kernel: width > W ? 'lanczos3' : 'mitchell' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/**
 * The light where a car will stand (image rows y0..y1): mean level (0-255) and colour cast relative to grey.
 * Measured on each render when the library is built (scenes/render.ts) and on a customer's own
 * background upload at run time, so both get the same grade rule.
 */
export function measureLight(
  data: Uint8Array | Buffer,
  width: number,
  height: number,
  channels: number,
  y0: number,
  y1: number,
): { level: number; cast: [number, number, number] } {
  const s = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y1)); y++)
    for (let x = 0; x < width; x += 2) {
      const i = (y * width + x) * channels;
      s[0] += data[i];
      s[1] += data[i + 1];
      s[2] += data[i + 2];
      n++;
    }
  const mean = s.map((v) => v / Math.max(1, n));
  const level = (mean[0] + mean[1] + mean[2]) / 3;
  const cast = mean.map((v) => Math.round((v / Math.max(1, level)) * 1000) / 1000) as [
    number,
    number,
    number,
  ];
  return { level: Math.round(level * 10) / 10, cast };
}
