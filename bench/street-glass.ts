/**
 * How many panes streetGlass finds on each of eval-dev's street photos (ig02_*), for measuring a change to
 * it before and after:
 *
 *   npx tsx bench/street-glass.ts [OUT_DIR]
 *
 * Prints per photo the panes (connected regions) and their pixels. eval-dev's truth masks are whole cars,
 * glass included, so a pane on the body (paint mirroring the street) can only be told by eye: with OUT_DIR,
 * writes OUT_DIR/<photo>.png, the photo with its panes in red. Segmenting the 27 photos takes
 * minutes on a shared machine: STREET_GLASS_CACHE=.tmp/seg keeps each photo's car alpha (tuning only).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { decodeImage } from '../engine/io/image.decode';
import { DEFAULT_MAX_LONG_SIDE } from '../engine/pipeline';
import { streetGlass } from '../engine/scene/glass.continuity';
import { labelComponents } from '../engine/segment/mask.ops';
import { segmentCar } from '../engine/segment/car.segment';

const root = path.resolve(import.meta.dirname, '..');
const carsDir = path.resolve(root, process.env.EVAL_DIR ?? '../shared/eval-dev', 'cars');
const cacheDir = process.env.STREET_GLASS_CACHE && path.resolve(root, process.env.STREET_GLASS_CACHE);
const outDir = process.argv[2] && path.resolve(process.argv[2]);

async function main(): Promise<void> {
  if (!existsSync(carsDir)) {
    console.log(`eval-dev not found at ${carsDir}: nothing to do`);
    return;
  }
  if (outDir) mkdirSync(outDir, { recursive: true });
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  const photos = readdirSync(carsDir)
    .filter((f) => /^ig02_.*\.(png|jpg)$/.test(f) && !f.includes('_mask'))
    .sort();
  let withPanes = 0;
  for (const file of photos) {
    const name = file.replace(/\.\w+$/, '');
    const image = await decodeImage(readFileSync(path.join(carsDir, file)), {
      maxLongSide: DEFAULT_MAX_LONG_SIDE,
    });
    const { width: w, height: h, channels: C } = image;
    // The pipeline's own alpha (the one compositeCar hands streetGlass), cached as raw bytes.
    const cached = cacheDir && path.join(cacheDir, `${name}.alpha`);
    let alpha: Uint8Array;
    if (cached && existsSync(cached)) alpha = new Uint8Array(readFileSync(cached));
    else {
      alpha = (await segmentCar(image)).alpha;
      if (cached) writeFileSync(cached, alpha);
    }
    const panes = streetGlass(image, alpha);
    let px = 0;
    const on = new Uint8Array(w * h);
    for (let i = 0; i < on.length; i++)
      if (panes[i]) {
        on[i] = 1;
        px++;
      }
    const regions = labelComponents(on, w, h).sizes.length - 1;
    if (px) withPanes++;
    console.log(`${name}: panes ${regions}, ${px} px`);
    if (outDir) {
      const shown = Buffer.from(image.data);
      for (let i = 0; i < on.length; i++)
        if (on[i]) shown.set([255, shown[i * C + 1] >> 2, shown[i * C + 2] >> 2], i * C);
      await sharp(shown, { raw: { width: w, height: h, channels: C } })
        .png()
        .toFile(path.join(outDir, `${name}.png`));
    }
  }
  console.log(`panes on ${withPanes} of ${photos.length} street photos`);
}

void main();
