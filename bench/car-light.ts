/**
 * The car's light after the grade, next to what the scene's light does to matte probes at the car's place
 * (docs/decisions/0006-car-light-grade.md):
 *
 *   npx tsx bench/car-light.ts [photo:scene ...]
 *
 * For each pair: the eval-dev photo's car (its true mask, solid pixels) graded by the curve the engine would
 * use for that scene (the interior of the output is exactly that curve of the photo), and its luminance
 * percentiles (sRGB 0-255), its mean chroma (max - min channel) and its colour balance (mean R/G, B/G);
 * beside them, the scene's probes (a grey card's and a white car's albedo): what a matte grey and white body
 * reach on their lit and shaded sides in the render. Nothing is written; eval-dev stays outside the repo.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { carToneCurve, darkestTones, photoLight } from '../engine/scene/car.composite';
import { sceneMeta } from '../engine/scene/scene.library';

const root = path.resolve(import.meta.dirname, '..');
const evalDir = path.resolve(root, process.env.EVAL_DIR ?? '../shared/eval-dev');
const defaults = [
  'ig02_carsgraz_260:coast-road',
  'ig02_carsgraz_354:snowy-drive',
  'ig02_carsgraz_236:spotlight-night',
  'ig02_carsgraz_001:night-drive',
  'ig02_carsgraz_224:mall-car-park',
];

async function main(): Promise<void> {
  const pairs = process.argv.slice(2).length ? process.argv.slice(2) : defaults;
  const rows: string[] = [];
  for (const pair of pairs) {
    const [photo, scene] = pair.split(':');
    const file = path.join(evalDir, 'cars', `${photo}.png`);
    if (!existsSync(file)) continue;
    const img = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const mask = await sharp(path.join(evalDir, 'cars', `${photo}_mask.png`))
      .extractChannel(0)
      .raw()
      .toBuffer();
    const { width, height } = img.info;
    const src = { data: img.data, width, height, channels: 3 as const };
    const n = width * height;
    const rgb = Buffer.alloc(n * 3);
    for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) rgb[i * 3 + k] = img.data[i * 3 + k];
    const meta = sceneMeta(scene);
    const curve = carToneCurve(photoLight(src), meta, darkestTones(rgb, mask));
    const stats = (f: (v: number, k: number) => number) => {
      const lum: number[] = [];
      let chroma = 0;
      const sum = [0, 0, 0];
      for (let i = 0; i < n; i++) {
        if (mask[i] < 250) continue;
        const c = [0, 1, 2].map((k) => f(rgb[i * 3 + k], k));
        lum.push(0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]);
        chroma += Math.max(...c) - Math.min(...c);
        for (let k = 0; k < 3; k++) sum[k] += c[k];
      }
      lum.sort((a, b) => a - b);
      const p = (q: number) => lum[Math.floor(q * (lum.length - 1))].toFixed(0).padStart(4);
      return `${p(0.1)}${p(0.5)}${p(0.9)}${p(0.99)} ${(chroma / lum.length).toFixed(1).padStart(5)} ${(sum[0] / sum[1]).toFixed(2)} ${(sum[2] / sum[1]).toFixed(2)}`;
    };
    const pr = meta.probe;
    const probe = pr
      ? `grey ${pr.grey.shade.toFixed(0)}/${pr.grey.lit.toFixed(0)} white ${pr.white.shade.toFixed(0)}/${pr.white.lit.toFixed(0)} ` +
        `R/G ${(pr.grey.mean[0] / pr.grey.mean[1]).toFixed(2)} B/G ${(pr.grey.mean[2] / pr.grey.mean[1]).toFixed(2)}`
      : 'no probe';
    rows.push(
      `${photo.replace('ig02_carsgraz_', '')} ${scene.padEnd(16)} photo ${stats((v) => v)} | graded ${stats((v, k) => curve[k][v])} | ${probe}`,
    );
  }
  console.log(
    'car: luminance p10 p50 p90 p99, mean chroma, R/G, B/G; probe: shade/lit luminance of matte grey and white',
  );
  for (const r of rows) console.log(r);
}

await main();
