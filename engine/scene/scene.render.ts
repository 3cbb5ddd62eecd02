import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';
import { fitScene, loadScene, sceneCatalogue, sceneMeta, type SceneFit } from './scene.library';

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
  /** The car's height on the canvas and the row its near wheels stand on; default: a typical listing
   * framing (a car about 40 % of the height, standing at 84 %). */
  carHeightPx?: number;
  floorY?: number;
}

/** Returns true when the engine has a rendered scene for this id. */
export function hasScene(id: string): boolean {
  return id in sceneCatalogue();
}

export interface RenderedScene extends RawImage {
  fit: SceneFit;
}

/**
 * A preset scene at exactly width x height: the path-traced render cut so the car's size matches the scene's
 * scale and its wheels stand on the scene's floor, then tinted if asked. Returns 8-bit sRGB RGB pixels and
 * where the floor and horizon landed.
 */
export async function renderScene(
  id: string,
  width: number,
  height: number,
  options: RenderOptions = {},
): Promise<RenderedScene> {
  const meta = sceneMeta(id);
  const fit = fitScene(meta, width, height, options.carHeightPx ?? height * 0.4, options.floorY ?? 0.84);
  let image = await loadScene(id, width, height, fit);
  const tint = options.tint;
  if (tint) {
    const { data } = await sharp(image.data, { raw: { width, height, channels: 3 } })
      .linear([tint.r * tint.exposure, tint.g * tint.exposure, tint.b * tint.exposure], [0, 0, 0])
      .raw()
      .toBuffer({ resolveWithObject: true });
    image = { ...image, data };
  }
  return { ...image, fit };
}
