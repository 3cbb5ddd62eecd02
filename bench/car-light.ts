/**
 * The car's light after the grade, next to what the scene's light does to matte probes at the car's place,
 * and the car against the scene around it (docs/decisions/0006-car-light-grade.md):
 *
 *   npx tsx bench/car-light.ts [photo:scene ...]
 *   npx tsx bench/car-light.ts --all [scene ...]
 *
 * For each pair: the eval-dev photo's car (its true mask) put into the scene as the engine does (compositeCar
 * at the photo's size, no segmenter glass map), and
 * - the car graded by the curve the engine used (the interior of the output is exactly that curve of the
 *   photo): its luminance percentiles (sRGB 0-255), mean chroma (max - min channel) and colour balance (mean
 *   R/G, B/G); beside them the scene's probes (a grey card's and a white car's albedo): what a matte grey and
 *   white body reach on their lit and shaded sides in the render;
 * - the car against its surroundings in the output (`surround`): the car's mean linear luminance and its 90th
 *   percentile over those of the scene round it, and how much redder / bluer its near-grey pixels are than
 *   the scene's (ln of the ratio of R/G and of B/G); beside them the same for the photo: the car against the
 *   place it was photographed in, a real car in one light with its surroundings.
 * At night, what the grade read of the light the paint mirrors (`mirror`: the car's middle tone, and the
 * surroundings' light in the scene over the photo's).
 * With --all, those relations per scene as medians over eval-dev's street photos (ig02_, whole cars), the
 * photos' own first: how far the composites stand from what real photos show. Nothing is written; eval-dev
 * stays outside the repo.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { decodeImage, type RawImage } from '../engine/io/image.decode';
import { carBox, compositeCar, nearGrey, planFraming, type ToneCurve } from '../engine/scene/car.composite';
import { LIN } from '../engine/scene/photo.shadow';
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
const allScenes = [
  'spotlight-night',
  'night-drive',
  'urban-night',
  'coast-road',
  'snowy-drive',
  'city-centre',
];

/** The car against the scene round it: see the header. */
interface Surround {
  mean: number;
  p90: number;
  red: number;
  blue: number;
}

/**
 * The car's solid pixels (alpha 250 and up) against the pixels outside it (alpha 0) in its box grown by 0.3
 * of its height to the sides and above and 0.15 below (the floor it stands on, its shadow included: a real
 * photo has one too). Near-grey pixels (nearGrey, from 12 up) give the colour of each one's light.
 */
function surround(img: RawImage, alpha: Uint8Array): Surround {
  const { width: W, height: H, channels: C, data } = img;
  const b = carBox(alpha, W, H)!;
  const m = b.h * 0.3;
  const side = () => ({ lum: [] as number[], grey: [0, 0, 0] });
  const car = side();
  const ring = side();
  for (let y = Math.max(0, Math.round(b.y - m)); y < Math.min(H, Math.round(b.y + b.h * 1.15)); y++)
    for (let x = Math.max(0, Math.round(b.x - m)); x < Math.min(W, Math.round(b.x + b.w + m)); x++) {
      const i = y * W + x;
      const s = alpha[i] >= 250 ? car : alpha[i] === 0 ? ring : null;
      if (!s) continue;
      const c = [data[i * C], data[i * C + 1], data[i * C + 2]];
      s.lum.push(0.2126 * LIN[c[0]] + 0.7152 * LIN[c[1]] + 0.0722 * LIN[c[2]]);
      if (nearGrey(c[0], c[1], c[2], 12)) for (let k = 0; k < 3; k++) s.grey[k] += LIN[c[k]];
    }
  const level = (s: ReturnType<typeof side>, q: number | null): number => {
    if (q === null) return s.lum.reduce((a, v) => a + v, 0) / s.lum.length;
    return s.lum.sort((a, v) => a - v)[Math.floor(q * (s.lum.length - 1))];
  };
  return {
    mean: level(car, null) / level(ring, null),
    p90: level(car, 0.9) / level(ring, 0.9),
    red: Math.log(car.grey[0] / car.grey[1] / (ring.grey[0] / ring.grey[1])),
    blue: Math.log(car.grey[2] / car.grey[1] / (ring.grey[2] / ring.grey[1])),
  };
}

async function load(photo: string): Promise<{ image: RawImage; mask: Uint8Array } | null> {
  const file = ['png', 'jpg'].map((e) => path.join(evalDir, 'cars', `${photo}.${e}`)).find(existsSync);
  if (!file) return null;
  const image = await decodeImage(await readFile(file));
  const mask = new Uint8Array(
    await sharp(path.join(evalDir, 'cars', `${photo}_mask.png`))
      .extractChannel(0)
      .raw()
      .toBuffer(),
  );
  return { image, mask };
}

/** The composite the engine makes of the photo's car (true mask) in the scene: its output and its grade. */
async function composite(image: RawImage, mask: Uint8Array, scene: string) {
  const box = carBox(mask, image.width, image.height);
  if (!box) return null;
  return compositeCar(image, mask, {
    background: { kind: 'scene', id: scene },
    width: image.width,
    height: image.height,
    framing: planFraming([box], image.width, image.height),
  });
}

/** Luminance percentiles, mean chroma and colour balance of the car's solid pixels, each channel through f. */
function tones(image: RawImage, mask: Uint8Array, f: (v: number, k: number) => number): string {
  const lum: number[] = [];
  let chroma = 0;
  const sum = [0, 0, 0];
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] < 250) continue;
    const c = [0, 1, 2].map((k) => f(image.data[i * image.channels + k], k));
    lum.push(0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]);
    chroma += Math.max(...c) - Math.min(...c);
    for (let k = 0; k < 3; k++) sum[k] += c[k];
  }
  lum.sort((a, b) => a - b);
  const p = (q: number) => lum[Math.floor(q * (lum.length - 1))].toFixed(0).padStart(4);
  return `${p(0.1)}${p(0.5)}${p(0.9)}${p(0.99)} ${(chroma / lum.length).toFixed(1).padStart(5)} ${(sum[0] / sum[1]).toFixed(2)} ${(sum[2] / sum[1]).toFixed(2)}`;
}

const fmt = (s: Surround): string =>
  `${s.mean.toFixed(2).padStart(5)} ${s.p90.toFixed(2).padStart(5)} ${s.red.toFixed(3).padStart(6)} ${s.blue.toFixed(3).padStart(6)}`;

async function pairs(list: string[]): Promise<void> {
  console.log(
    'car: luminance p10 p50 p90 p99, mean chroma, R/G, B/G; probe: shade/lit luminance of matte grey and white;\n' +
      'surround: car / scene round it, mean and p90 linear luminance, ln red and ln blue of its greys over the scene’s',
  );
  for (const pair of list) {
    const [photo, scene] = pair.split(':');
    const got = await load(photo);
    if (!got) continue;
    const r = await composite(got.image, got.mask, scene);
    if (!r) continue;
    const curve: ToneCurve = r.grade;
    const pr = sceneMeta(scene).probe;
    const probe = pr
      ? `grey ${pr.grey.shade.toFixed(0)}/${pr.grey.lit.toFixed(0)} white ${pr.white.shade.toFixed(0)}/${pr.white.lit.toFixed(0)} ` +
        `R/G ${(pr.grey.mean[0] / pr.grey.mean[1]).toFixed(2)} B/G ${(pr.grey.mean[2] / pr.grey.mean[1]).toFixed(2)}`
      : 'no probe';
    console.log(
      `${photo.replace('ig02_carsgraz_', '')} ${scene.padEnd(16)} photo ${tones(got.image, got.mask, (v) => v)} | graded ${tones(got.image, got.mask, (v, k) => curve[k][v])} | ${probe}\n` +
        `    surround: composite ${fmt(surround(r.image, r.alpha))} | photo ${fmt(surround(got.image, got.mask))}` +
        (r.mirror
          ? ` | mirrored: knee ${r.mirror.knee.toFixed(3)}, gain ${r.mirror.gain.map((g) => g.toFixed(3)).join(' ')}`
          : ''),
    );
  }
}

async function all(scenes: string[]): Promise<void> {
  const names = (await readdir(path.join(evalDir, 'cars')))
    .filter((f) => f.startsWith('ig02_') && !f.includes('_mask'))
    .map((f) => f.replace(/\.\w+$/, ''))
    .sort();
  const rows = new Map<string, Surround[]>();
  const off = new Map<string, number[]>();
  const add = (k: string, s: Surround) => rows.set(k, [...(rows.get(k) ?? []), s]);
  for (const name of names) {
    const got = await load(name);
    const box = got && carBox(got.mask, got.image.width, got.image.height);
    if (!got || !box || box.cutBottom || box.cutLeft || box.cutRight) continue;
    const own = surround(got.image, got.mask);
    add('photos', own);
    for (const scene of scenes) {
      const r = await composite(got.image, got.mask, scene);
      if (!r) continue;
      const s = surround(r.image, r.alpha);
      add(scene, s);
      // How far this car's colour against its place stands from its own photo's (ln, red and blue).
      off.set(scene, [...(off.get(scene) ?? []), Math.hypot(s.red - own.red, s.blue - own.blue)]);
    }
  }
  const q = (v: number[], at: number) => v.sort((a, b) => a - b)[Math.floor(at * (v.length - 1))];
  console.log(
    'car / scene round it: mean linear luminance (quartiles), p90, ln red, ln blue of its greys (medians);\n' +
      'off own photo: distance of (ln red, ln blue) from the same car’s in its photo (median, 3rd quartile)',
  );
  for (const [k, v] of rows) {
    const m = v.map((s) => s.mean);
    const med = (f: (s: Surround) => number) => q(v.map(f), 0.5);
    console.log(
      `${k.padEnd(16)} ${String(v.length).padStart(3)}  ${[0.25, 0.5, 0.75].map((a) => q(m, a).toFixed(2)).join(' ')}  ` +
        fmt({
          mean: med((s) => s.mean),
          p90: med((s) => s.p90),
          red: med((s) => s.red),
          blue: med((s) => s.blue),
        }).slice(6) +
        (off.has(k)
          ? `  off own photo ${[0.5, 0.75].map((a) => q(off.get(k)!, a).toFixed(3)).join(' ')}`
          : ''),
    );
  }
}

const args = process.argv.slice(2);
if (!existsSync(evalDir)) console.log(`eval-dev not found at ${evalDir}: nothing to do`);
else if (args[0] === '--all') await all(args.length > 1 ? args.slice(1) : allScenes);
else await pairs(args.length ? args : defaults);
