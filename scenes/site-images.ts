/**
 * Renders the public site's images from real photos through the real engine: the gallery's before/after
 * pairs and the landing hero (web/public/img/gallery), the landing preset cards and their previews
 * (web/public/img/presets) and the Open Graph image. Scenes are the rendered library; the cars are
 * openalpr benchmark photos (AGPL-3.0, see web/public/img/CREDITS.md), their real plates replaced by a
 * fictional Turkish one in both halves. The "before" is the original framed exactly like the result (the
 * engine reports where it placed the car), so the slider's halves line up.
 *
 *   npx tsx scenes/site-images.ts        # needs ../shared/eval-dev (or EVAL_DIR)
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { landingGallery } from '../contract/presets';
import { createEngine, type ProcessRequest } from '../engine/pipeline';
import { decodeImage } from '../engine/io/image.decode';

const out = path.resolve(import.meta.dirname, '../web/public/img');
const evalDir = path.resolve(import.meta.dirname, '..', process.env.EVAL_DIR ?? '../shared/eval-dev');
const plate = { text: '34 OTO 2026' };

// Whole cars with their tyres in the light: a white VW and a red Fiat shot close up between parked cars had
// tyres in deep shadow that the segmenter lost, and the landing hero showed a car without wheels (issue 12:
// dark parts in shadow are a known segmentation limit).
const photos = {
  white: 'plates/oalpr_br_PXP8172.jpg',
  silver: 'plates/oalpr_br_NTD9247.jpg',
  grey: 'plates/oalpr_br_JRK5336.jpg',
  dark: 'plates/oalpr_br_OKL0817.jpg',
} as const;

const engine = createEngine();

/** The result on a W x H canvas and the original with the same fictional plate, framed the same way. */
async function pair(photo: string, scene: string, W: number, H: number) {
  const input = fs.readFileSync(path.join(evalDir, photo));
  const request: ProcessRequest = {
    operations: ['background_change', 'plate_customize'],
    preset: scene,
    plate,
    canvas: { width: W, height: H },
  };
  const after = await engine.process(input, request);
  const plated = await engine.process(input, { operations: ['plate_customize'], plate });
  const p = after.placement!;
  const src = await decodeImage(plated.jpeg);
  const sw = Math.round(src.width * p.scale);
  const sh = Math.round(src.height * p.scale);
  // Place the scaled original at (dx, dy) on the canvas. Where it does not reach, its edge is stretched out,
  // blurred and darkened: plainly not part of the photo (mirrored, it tiled copies of the car round it).
  const left = Math.round(p.dx);
  const top = Math.round(p.dy);
  const extend = (how: 'copy' | 'background') =>
    sharp(src.data, { raw: { width: src.width, height: src.height, channels: 3 } })
      .resize(sw, sh)
      .extend({
        left: Math.max(0, left),
        top: Math.max(0, top),
        right: Math.max(0, W - left - sw),
        bottom: Math.max(0, H - top - sh),
        extendWith: how,
        background: '#000',
      })
      .toBuffer({ resolveWithObject: true });
  const cut = (img: { data: Buffer; info: sharp.OutputInfo }) =>
    sharp(img.data, { raw: img.info })
      .extract({ left: Math.max(0, -left), top: Math.max(0, -top), width: W, height: H })
      .raw()
      .toBuffer();
  const margin = await sharp(await cut(await extend('copy')), { raw: { width: W, height: H, channels: 3 } })
    .blur(24)
    .linear(0.55, 0)
    .raw()
    .toBuffer();
  const photoOnly = await cut(await extend('background'));
  const before = Buffer.from(margin);
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  for (let y = y0; y < Math.min(H, top + sh); y++)
    photoOnly.copy(before, (y * W + x0) * 3, (y * W + x0) * 3, (y * W + Math.min(W, left + sw)) * 3);
  return { after: after.jpeg, before: sharp(before, { raw: { width: W, height: H, channels: 3 } }) };
}

async function save(img: sharp.Sharp | Buffer, file: string, w: number, h: number, q: number) {
  const s = Buffer.isBuffer(img) ? sharp(img) : img;
  await s.resize(w, h, { fit: 'cover' }).jpeg({ quality: q, mozjpeg: true }).toFile(file);
  console.log(path.relative(process.cwd(), file), fs.statSync(file).size);
}

async function main() {
  if (!fs.existsSync(evalDir)) throw new Error(`needs the eval photos at ${evalDir}`);
  fs.mkdirSync(path.join(out, 'presets'), { recursive: true });
  fs.mkdirSync(path.join(out, 'gallery'), { recursive: true });

  // Gallery pairs (the landing hero uses the showroom pair at -sm size).
  const examples = [
    { id: 'showroom', photo: photos.white, scene: 'luxury-showroom' },
    { id: 'coast', photo: photos.silver, scene: 'coast-road' },
    { id: 'night', photo: photos.grey, scene: 'night-drive' },
  ];
  for (const ex of examples) {
    const { before, after } = await pair(ex.photo, ex.scene, 1000, 625);
    await save(before.clone(), path.join(out, 'gallery', `${ex.id}-before.jpg`), 1000, 625, 80);
    await save(before, path.join(out, 'gallery', `${ex.id}-before-sm.jpg`), 640, 400, 74);
    await save(after, path.join(out, 'gallery', `${ex.id}-after.jpg`), 1000, 625, 80);
    await save(after, path.join(out, 'gallery', `${ex.id}-after-sm.jpg`), 640, 400, 74);
  }

  // Landing preset cards and their 'Önizle' previews: a real car on each scene.
  const cars = [photos.dark, photos.white, photos.silver, photos.grey];
  for (const [i, preset] of landingGallery.entries()) {
    const { after } = await pair(cars[i % cars.length], preset.sceneId, 1200, 750);
    await save(after, path.join(out, 'presets', `${preset.sceneId}-card.jpg`), 480, 300, 72);
    await save(after, path.join(out, 'presets', `${preset.sceneId}-preview.jpg`), 1200, 750, 80);
  }

  // Open Graph image: the showroom result with the brand line.
  {
    const { after } = await pair(photos.white, 'luxury-showroom', 1200, 630);
    const band = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="120"><rect width="1200" height="120" fill="#0f172a" opacity=".82"/><text x="48" y="76" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="46" fill="#fff">Oto<tspan fill="#f59e0b">Stüdyo</tspan></text><text x="1152" y="74" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#e2e8f0" text-anchor="end">Showroom kalitesinde araç fotoğrafları</text></svg>`,
    );
    const file = path.join(out, 'og-image.jpg');
    await sharp(after)
      .composite([{ input: band, top: 0, left: 0 }])
      .jpeg({ quality: 80, mozjpeg: true })
      .toFile(file);
    console.log(path.relative(process.cwd(), file), fs.statSync(file).size);
  }
}

await main();
