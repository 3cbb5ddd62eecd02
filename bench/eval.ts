// Engine quality on the internal evaluation set (never copied into the repo): segmentation IoU per
// source, plate recall / false plates / hide coverage, plate text exact match on crops.
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { decodeImage, type RawImage } from '../engine/io/image.decode';
import { ISNET_SIZE, runIsnet, type SaliencyMap } from '../engine/segment/isnet.infer';
import { glassMap } from '../engine/segment/mask.refine';
import { segmentCar } from '../engine/segment/car.segment';
import { labelComponents } from '../engine/segment/mask.ops';
import { carBox, compositeCar, planFraming } from '../engine/scene/car.composite';
import { renderScene } from '../engine/scene/scene.render';
import { boxIou, findPlates, readPlateText } from '../engine/plate/plate.find';
import { hidePlates } from '../engine/plate/plate.hide';
import {
  APRON_AT,
  APRON_REF,
  BAND_AT,
  BAND_SIDE,
  BESIDE_AT,
  ENDS_AT,
  FOOT_AT,
  SILL_AT,
  floorProfiles,
  type FloorProfiles,
} from './floor.profile';

const root = resolve(import.meta.dirname, '..');
const evalDir = resolve(root, process.env.EVAL_DIR ?? '../shared/eval-dev');
// Optional cache of raw ISNet maps (tuning only): EVAL_CACHE=.tmp/isnet
const cacheDir = process.env.EVAL_CACHE ? resolve(root, process.env.EVAL_CACHE) : undefined;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function iou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] >= 128;
    const y = b[i] >= 128;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union ? inter / union : 1;
}

async function saliency(name: string, image: RawImage, size = ISNET_SIZE): Promise<SaliencyMap> {
  // Maps at the model's own 1024 keep their old cache names.
  const cached = cacheDir && join(cacheDir, size === ISNET_SIZE ? `${name}.png` : `${name}_${size}.png`);
  if (cached && existsSync(cached)) {
    const data = await sharp(cached).extractChannel(0).raw().toBuffer();
    return { data: new Uint8Array(data), size };
  }
  const sal = await runIsnet(image, size);
  if (cached) {
    await mkdir(cacheDir, { recursive: true });
    await sharp(Buffer.from(sal.data), { raw: { width: sal.size, height: sal.size, channels: 1 } })
      .png()
      .toFile(cached);
  }
  return sal;
}

// EVAL_FILTER=regex: only the photos whose file name matches (iterating; the full run reports).
const subset = new RegExp(process.env.EVAL_FILTER ?? '');
const fmt = (v: number): string => (Number.isFinite(v) ? v.toFixed(3) : '-');
const rows: string[][] = [];

async function evalSegmentation(): Promise<void> {
  const dir = join(evalDir, 'cars');
  const files = (await readdir(dir))
    .filter((f) => /\.(jpg|png)$/.test(f) && !f.includes('_mask') && subset.test(f))
    .sort();
  const byPrefix = new Map<
    string,
    { raw: number[]; refined: number[]; stray: number; second: number; slabs: number; worst: string }
  >();
  for (const file of files) {
    const name = file.replace(/\.\w+$/, '');
    const prefix = name.split('_')[0] + '_';
    const image = await decodeImage(await readFile(join(dir, file)));
    const truth = await sharp(join(dir, `${name}_mask.png`))
      .extractChannel(0)
      .raw()
      .toBuffer();
    // The engine's own segmentation (both passes, clean-up, slab check); the saliency maps are cached.
    let first: SaliencyMap | undefined;
    const seg = await segmentCar(image, {
      saliency: async (img, pass, size) => {
        if (pass === 'crop') return saliency(`${name}_crop_${img.width}x${img.height}`, img, size);
        const sal = await saliency(name, img, size);
        first ??= sal;
        return sal;
      },
    });
    // Raw: the engine's first ISNet map alone (since session 18 a 512 one where a crop pass can follow).
    const sal = first!;
    const raw = await sharp(Buffer.from(sal.data), {
      raw: { width: sal.size, height: sal.size, channels: 1 },
    })
      .resize(image.width, image.height, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    const refined = seg.alpha;
    const entry = byPrefix.get(prefix) ?? {
      raw: [],
      refined: [],
      stray: 0,
      second: 0,
      slabs: 0,
      worst: '',
    };
    entry.raw.push(iou(raw, truth));
    const score = iou(refined, truth);
    if (!entry.refined.length || score < Math.min(...entry.refined)) entry.worst = name;
    entry.refined.push(score);
    entry.stray += strayFragments(refined, truth, image.width, image.height);
    if (seg.passes === 2) entry.second++;
    if (seg.slab !== 'none') entry.slabs++;
    if (process.env.EVAL_VERBOSE) console.log(name, fmt(score), seg.passes, seg.slab, fmt(seg.slabShare));
    byPrefix.set(prefix, entry);
  }
  const all = { raw: [] as number[], refined: [] as number[] };
  for (const [prefix, e] of byPrefix) {
    all.raw.push(...e.raw);
    all.refined.push(...e.refined);
    rows.push([
      `segmentation ${prefix} (${e.refined.length})`,
      `mean IoU ${fmt(mean(e.refined))}, min ${fmt(Math.min(...e.refined))} (${e.worst})`,
      `raw ISNet mean ${fmt(mean(e.raw))}, min ${fmt(Math.min(...e.raw))}; second pass on ${e.second}, ` +
        `slab fixed/flagged on ${e.slabs}, stray fragments ${e.stray}`,
    ]);
  }
  rows.push([
    `segmentation all (${all.refined.length})`,
    `mean IoU ${fmt(mean(all.refined))}, min ${fmt(Math.min(...all.refined))}`,
    `raw ISNet mean ${fmt(mean(all.raw))} (gain ${fmt(mean(all.refined) - mean(all.raw))})`,
  ]);
}

/** Pieces of the output mask that are not part of the true car (no pixel on it): stray fragments. */
function strayFragments(mask: Uint8Array, truth: Uint8Array, width: number, height: number): number {
  const bin = new Uint8Array(mask.length);
  for (let i = 0; i < bin.length; i++) bin[i] = mask[i] >= 128 ? 1 : 0;
  const { labels, sizes } = labelComponents(bin, width, height);
  const onCar = new Uint8Array(sizes.length);
  for (let i = 0; i < labels.length; i++) if (labels[i] && truth[i] >= 128) onCar[labels[i]] = 1;
  let stray = 0;
  for (let l = 1; l < sizes.length; l++) if (!onCar[l] && sizes[l] >= 16) stray++;
  return stray;
}

function mean(v: number[]): number {
  return v.length ? v.reduce((s, x) => s + x, 0) / v.length : NaN;
}

/**
 * Share of a ground-truth plate box the hide changed (all pixels, and the brighter half by luminance: the
 * plate ground around the glyphs, so a hide that misses the first character or the plate's edge shows).
 */
function plateCoverage(before: Buffer, after: RawImage, box: Box): { all: number; bright: number } {
  const bx0 = Math.max(0, Math.floor(box.x));
  const by0 = Math.max(0, Math.floor(box.y));
  const bx1 = Math.min(after.width, Math.ceil(box.x + box.w));
  const by1 = Math.min(after.height, Math.ceil(box.y + box.h));
  const lum: number[] = [];
  const changed: boolean[] = [];
  for (let y = by0; y < by1; y++) {
    for (let x = bx0; x < bx1; x++) {
      const i = (y * after.width + x) * after.channels;
      lum.push(0.299 * before[i] + 0.587 * before[i + 1] + 0.114 * before[i + 2]);
      changed.push(
        Math.abs(before[i] - after.data[i]) > 2 ||
          Math.abs(before[i + 1] - after.data[i + 1]) > 2 ||
          Math.abs(before[i + 2] - after.data[i + 2]) > 2,
      );
    }
  }
  if (!lum.length) return { all: 0, bright: 0 };
  const median = lum.slice().sort((a, b) => a - b)[Math.floor(lum.length / 2)];
  let all = 0;
  let bright = 0;
  let brightN = 0;
  for (let k = 0; k < lum.length; k++) {
    if (changed[k]) all++;
    if (lum[k] >= median) {
      brightN++;
      if (changed[k]) bright++;
    }
  }
  return { all: all / lum.length, bright: brightN ? bright / brightN : 0 };
}

async function evalPlates(): Promise<void> {
  const dir = join(evalDir, 'plates');
  const truth = JSON.parse(await readFile(join(dir, 'plates.json'), 'utf8')) as {
    file: string;
    plates: (Box & { text: string | null })[];
  }[];
  const groups = new Map<
    string,
    {
      found: number;
      total: number;
      falsePlates: number;
      images: number;
      cover: number[];
      whole: number;
      text: number;
      textTotal: number;
    }
  >();
  for (const entry of truth.filter((t) => subset.test(t.file))) {
    // Per source: plate formats, fonts and colours differ (EU, US, BR), dashcam frames reported apart.
    const group = /^(oalpr_[a-z]+_|ro_dashcam_)/.exec(entry.file)?.[1] ?? 'other';
    const g = groups.get(group) ?? {
      found: 0,
      total: 0,
      falsePlates: 0,
      images: 0,
      cover: [],
      whole: 0,
      text: 0,
      textTotal: 0,
    };
    groups.set(group, g);
    const image = await decodeImage(await readFile(join(dir, entry.file)));
    const plates = await findPlates(image);
    g.images++;
    const before = Buffer.from(image.data);
    await hidePlates(
      image,
      plates.map((p) => p.quad),
    );
    const brightCover: number[] = [];
    for (const box of entry.plates) {
      g.total++;
      const match = plates.find((p) => boxIou(p, box) >= 0.5);
      if (match) g.found++;
      if (box.text) {
        g.textTotal++;
        if (match && match.text === box.text) g.text++;
      }
      const c = plateCoverage(before, image, box);
      g.cover.push(c.all);
      brightCover.push(c.bright);
      // "Completely hidden": the hide covers >= 97 % of the plate's bright half (where glyphs stand out).
      if (c.bright >= 0.97) g.whole++;
    }
    const falsePlates = plates.filter((p) => !entry.plates.some((b) => boxIou(p, b) >= 0.5)).length;
    g.falsePlates += falsePlates;
    if (process.env.EVAL_VERBOSE)
      console.log(
        entry.file,
        entry.plates.map((b) => `${b.text}: ${plates.some((p) => boxIou(p, b) >= 0.5) ? 'found' : 'MISSED'}`),
        `bright half hidden ${brightCover.map(fmt)}`,
        `false ${falsePlates}`,
        plates.map((p) => p.text || '(shape)'),
      );
  }
  for (const [group, g] of groups) {
    rows.push([
      `plates ${group} (${g.images} photos, ${g.total} plates)`,
      `recall ${fmt(g.found / g.total)}, false plates/image ${fmt(g.falsePlates / g.images)}`,
      `completely hidden ${fmt(g.whole / g.total)}, hide coverage mean ${fmt(mean(g.cover))}, min ${fmt(Math.min(...g.cover))}` +
        (g.textTotal ? `, text exact ${g.text}/${g.textTotal}` : ''),
    ]);
  }
  const crops = JSON.parse(await readFile(join(dir, 'crops', 'crops.json'), 'utf8')) as {
    file: string;
    text: string;
  }[];
  let exact = 0;
  for (const crop of crops) {
    const image = await decodeImage(await readFile(join(dir, 'crops', crop.file)));
    if ((await readPlateText(image)) === crop.text.replace(/[^A-Z0-9]/gi, '').toUpperCase()) exact++;
  }
  rows.push([
    `plate text on crops (${crops.length})`,
    `exact match ${fmt(exact / crops.length)} (${exact}/${crops.length})`,
    '',
  ]);
}

/**
 * Composite checks that need no reviewer, per scene family, on eval-dev car photos with their true masks (so
 * segmentation errors don't count here): halo = mean absolute signed luminance difference from the bare scene
 * over runs of a 1-3 px ring outside the car's upper outline (old-background fringes show up; grain averages
 * out); floor under tyres = floor brightness just under the car's lowest pixels relative to the bare scene
 * (near 1: the car floats); glass leak = share
 * of the car's upper pixels where ISNet saw background and the output still shows the photo's own pixel;
 * contact gap = rows between the car's lowest pixel and the scene's floor line.
 */
async function evalComposite(): Promise<void> {
  const dir = join(evalDir, 'cars');
  const files = (await readdir(dir))
    .filter((f) => /\.(jpg|png)$/.test(f) && !f.includes('_mask'))
    .sort()
    .filter((_, i) => i % 4 === 0);
  const families: [string, string][] = [
    ['studio', 'studio-grey'],
    ['showroom', 'luxury-showroom'],
    ['outdoor day', 'coast-road'],
    ['city', 'city-centre'],
    ['night', 'night-drive'],
  ];
  const stats = new Map<string, { halo: number[]; leak: number[]; gap: number[]; contact: number[] }>();
  for (const file of files) {
    const name = file.replace(/\.\w+$/, '');
    const image = await decodeImage(await readFile(join(dir, file)));
    const truth = new Uint8Array(
      await sharp(join(dir, `${name}_mask.png`))
        .extractChannel(0)
        .raw()
        .toBuffer(),
    );
    const box = carBox(truth, image.width, image.height);
    if (!box || box.cutBottom) continue;
    const sal = await saliency(name, image);
    const glass = await glassMap(image, sal, truth);
    const salUp = await sharp(Buffer.from(sal.data), {
      raw: { width: sal.size, height: sal.size, channels: 1 },
    })
      .resize(image.width, image.height, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    const W = image.width;
    const H = image.height;
    const framing = planFraming([box], W, H);
    for (const [family, scene] of families) {
      const r = await compositeCar(image, truth, {
        background: { kind: 'scene', id: scene },
        width: W,
        height: H,
        framing,
        glass,
      });
      const bare = await renderScene(scene, W, H, {
        carHeightPx: box.h * r.placement.scale,
        floorY: framing.floorY,
      });
      const placed = carBox(r.alpha, W, H)!;
      const lum = (b: Buffer, i: number): number =>
        0.299 * b[i * 3] + 0.587 * b[i * 3 + 1] + 0.114 * b[i * 3 + 2];
      // Halo: the signed difference from the bare scene, averaged over runs of 12 ring pixels, so the
      // matched grain (zero-mean) averages out and only a systematic fringe remains.
      const segs: number[] = [];
      let acc = 0;
      let k = 0;
      const yMax = placed.y + placed.h * 0.6;
      for (let y = placed.y; y < yMax; y++)
        for (let x = Math.max(3, placed.x - 3); x < Math.min(W - 3, placed.x + placed.w + 3); x++) {
          const i = y * W + x;
          if (r.alpha[i] > 8) continue;
          let near = false;
          for (const d of [1, 2, 3])
            if (r.alpha[i - d] > 128 || r.alpha[i + d] > 128 || (y >= d && r.alpha[i - d * W] > 128))
              near = true;
          if (!near) continue;
          acc += lum(r.image.data, i) - lum(bare.data, i);
          if (++k === 12) {
            segs.push(Math.abs(acc / k));
            acc = 0;
            k = 0;
          }
        }
      // Contact: how dark the floor is right under the tyres (output / bare scene in a thin band under the
      // car's lowest pixels); about 1 means the car floats.
      const floorRow = Math.round(placed.y + placed.h);
      let outSum = 0;
      let bareSum = 0;
      for (let x = placed.x; x < placed.x + placed.w; x++) {
        let low = -1;
        for (let y = Math.min(H - 1, floorRow + 2); y >= placed.y; y--)
          if (r.alpha[y * W + x] > 128) {
            low = y;
            break;
          }
        if (low < floorRow - placed.h * 0.03) continue;
        for (let y = low + 1; y <= Math.min(H - 1, low + Math.max(2, Math.round(placed.h * 0.02))); y++) {
          const i = y * W + x;
          if (r.alpha[i] > 8) continue;
          outSum += lum(r.image.data, i);
          bareSum += lum(bare.data, i);
        }
      }
      let leak = 0;
      let ln = 0;
      const s = r.placement.scale;
      for (let y = box.y; y < box.y + box.h * 0.6; y += 2)
        for (let x = box.x; x < box.x + box.w; x += 2) {
          const i = y * W + x;
          if (truth[i] < 255) continue;
          ln++;
          if (salUp[i] >= 110) continue;
          const ox = Math.round(x * s + r.placement.dx);
          const oy = Math.round(y * s + r.placement.dy);
          if (ox < 0 || oy < 0 || ox >= W || oy >= H) continue;
          const o = (oy * W + ox) * 3;
          const same = [0, 1, 2].every(
            (k) => Math.abs(r.image.data[o + k] - r.grade[k][image.data[i * image.channels + k]]) <= 4,
          );
          if (same) leak++;
        }
      const e = stats.get(family) ?? { halo: [], leak: [], gap: [], contact: [] };
      e.halo.push(segs.length ? mean(segs) : 0);
      e.contact.push(bareSum ? outSum / bareSum : 1);
      e.leak.push(ln ? leak / ln : 0);
      e.gap.push(Math.abs(placed.y + placed.h - bare.fit.floorRow));
      stats.set(family, e);
    }
  }
  for (const [family, e] of stats)
    rows.push([
      `composite ${family} (${e.halo.length})`,
      `halo ${fmt(mean(e.halo))} levels, glass leak ${fmt(mean(e.leak))}, contact gap ${fmt(mean(e.gap))} px, floor under tyres ${fmt(mean(e.contact))} of bare`,
      `worst: halo ${fmt(Math.max(...e.halo))}, leak ${fmt(Math.max(...e.leak))}, gap ${fmt(Math.max(...e.gap))}, tyres ${fmt(Math.max(...e.contact))}`,
    ]);
}

/**
 * Contact profiles against real photos (bench/floor.profile.ts): the floor below a tyre's foot, under the sill
 * between the wheels, beside the foot and beyond the car's ends, each as a share of the floor 0.12 car heights
 * further down. Measured on the untouched photos (true masks) and on our composites of the same photos: the
 * Carvana turntable photos on studio grey (with the photo's shadow, and with the drawn one), the street photos
 * (ig02) on two outdoor scenes, one overcast and one sunlit (docs/decisions/0010).
 */
async function evalContactProfiles(): Promise<void> {
  const dir = join(evalDir, 'cars');
  // 'drawn': the drawn shadow forced (the fallback for photos whose floor cannot be read) on the same photos.
  const sets: { label: string; prefix: string; scenes: string[]; drawn?: boolean }[] = [
    { label: 'studio', prefix: 'carvana_', scenes: ['studio-grey'] },
    { label: 'studio, drawn shadow', prefix: 'carvana_', scenes: ['studio-grey'], drawn: true },
    { label: 'street', prefix: 'ig02_', scenes: ['foggy-morning', 'city-centre'] },
  ];
  const dist = (at: number[]): string =>
    `at ${at.map((f) => `${+(f * 100).toFixed(1)}`).join(' / ')} % of the car's height`;
  const parts: { key: keyof FloorProfiles; at: number[]; what: string }[] = [
    { key: 'foot', at: FOOT_AT, what: `below a tyre's foot ${dist(FOOT_AT)}` },
    {
      key: 'sill',
      at: SILL_AT,
      what: 'under the sill between the wheels 1/4, 1/2, 3/4 of the way down, on the ground line, 2 and 5 % in front',
    },
    { key: 'beside', at: BESIDE_AT, what: `beside a tyre's foot ${dist(BESIDE_AT)}` },
    { key: 'ends', at: ENDS_AT, what: `beyond the car's ends ${dist(ENDS_AT)}` },
    {
      key: 'apron',
      at: APRON_AT,
      what: `between the wheels half way under the sill, on the ground line and ${APRON_AT.slice(2)
        .map((f) => `${+(f * 100).toFixed(1)}`)
        .join(' / ')} % in front, share of the open floor ${APRON_REF * 100} % in front of the ground line`,
    },
    {
      key: 'band',
      at: BAND_AT.map(([a]) => a),
      what: `between the wheels, mean from the body's lower edge to the ground line and ${BAND_AT.slice(1)
        .map(([a, b]) => `${a * 100}-${b * 100}`)
        .join(' / ')} % in front, share of the open floor beside the car in the same rows (${BAND_SIDE.map(
        (v) => v * 100,
      ).join('-')} % beyond its ends)`,
    },
  ];
  for (const set of sets) {
    const files = (await readdir(dir))
      .filter(
        (f) => f.startsWith(set.prefix) && /\.(jpg|png)$/.test(f) && !f.includes('_mask') && subset.test(f),
      )
      .sort();
    const real = new Map<string, number[][]>();
    const ours = new Map<string, number[][]>();
    for (const file of files) {
      const image = await decodeImage(await readFile(join(dir, file)));
      const truth = new Uint8Array(
        await sharp(join(dir, file.replace(/\.\w+$/, '_mask.png')))
          .extractChannel(0)
          .raw()
          .toBuffer(),
      );
      const box = carBox(truth, image.width, image.height);
      if (!box || box.cutBottom) continue;
      const p = floorProfiles(image.data, image.channels, truth, image.width, image.height);
      for (const scene of set.scenes) {
        const r = await compositeCar(image, truth, {
          background: { kind: 'scene', id: scene },
          width: image.width,
          height: image.height,
          framing: planFraming([box], image.width, image.height),
          ...(set.drawn ? { shadow: 'drawn' as const } : {}),
        });
        const q = floorProfiles(r.image.data, 3, r.alpha, image.width, image.height);
        // The apron once more with the scene's own floor divided out (ours over the bare scene, per pixel):
        // a scene's floor is often lit brighter where the car stands than 0.3 car heights in front (a lit
        // turntable disc), which reads as less shadow in the composite's apron; this row is the car's share.
        const bare = await renderScene(scene, image.width, image.height, {
          carHeightPx: box.h * r.placement.scale,
          floorY: planFraming([box], image.width, image.height).floorY,
        });
        const ratio = Buffer.alloc(r.image.data.length);
        for (let i = 0; i < ratio.length; i++)
          ratio[i] = Math.min(255, Math.round((128 * r.image.data[i]) / Math.max(1, bare.data[i])));
        const overBare = floorProfiles(ratio, 3, r.alpha, image.width, image.height);
        for (const key of ['apron', 'band'] as const) {
          const v = overBare[key];
          if (v && !v.some(Number.isNaN))
            ours.set(`bare ${key} ${scene}`, [...(ours.get(`bare ${key} ${scene}`) ?? []), v]);
        }
        for (const { key } of parts) {
          const pv = p[key];
          const qv = q[key];
          // A profile counts where both the photo and the composite have it (a car cut at the picture's side
          // has no floor beyond that end).
          if (!pv || !qv || pv.some(Number.isNaN) || qv.some(Number.isNaN)) continue;
          if (scene === set.scenes[0]) real.set(key, [...(real.get(key) ?? []), pv]);
          ours.set(`${key} ${scene}`, [...(ours.get(`${key} ${scene}`) ?? []), qv]);
        }
      }
    }
    const avg = (a: number[][] | undefined): string =>
      a?.length ? a[0].map((_, k) => fmt(mean(a.map((v) => v[k])))).join(' / ') : '-';
    for (const { key, at, what } of parts) {
      const r = real.get(key);
      if (!r?.length) continue;
      const worst = set.scenes.map((scene) => {
        const o = ours.get(`${key} ${scene}`) ?? [];
        return Math.max(...at.map((_, k) => Math.abs(mean(o.map((v) => v[k])) - mean(r.map((v) => v[k])))));
      });
      rows.push([
        `contact profile, ${set.label}, ${key} (${r.length})`,
        `floor ${what}${key === 'apron' || key === 'band' ? '' : ', share of the floor 12 % further down'}: ` +
          set.scenes
            .map(
              (scene) =>
                `ours on ${scene} ${avg(ours.get(`${key} ${scene}`))}` +
                (key === 'apron' || key === 'band'
                  ? ` (over the bare scene ${avg(ours.get(`bare ${key} ${scene}`))})`
                  : ''),
            )
            .join('; '),
        `real photos ${avg(r)}; largest difference ${worst.map(fmt).join(', ')}`,
      ]);
    }
  }
}

async function main(): Promise<void> {
  if (!existsSync(evalDir)) {
    console.log(`eval: ${evalDir} not found; skipping the quality measurement (set EVAL_DIR).`);
    return;
  }
  const started = performance.now();
  // EVAL_ONLY=composite (or segmentation, plates, contact: the contact profiles alone; comma-separated) runs a
  // part of the evaluation.
  const only = process.env.EVAL_ONLY?.split(',');
  const run = (part: string): boolean => !only || only.includes(part);
  if (run('segmentation')) await evalSegmentation();
  if (run('plates')) await evalPlates();
  if (run('composite')) await evalComposite();
  if (run('composite') || run('contact')) await evalContactProfiles();
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]): string => '| ' + r.map((v, i) => v.padEnd(widths[i])).join(' | ') + ' |';
  console.log(line(['metric', 'result', 'detail']));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const r of rows) console.log(line(r));
  console.log(`(eval-dev at ${evalDir}, ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  if (process.env.EVAL_JSON) await writeFile(process.env.EVAL_JSON, JSON.stringify(rows, null, 2));
}

await main();
