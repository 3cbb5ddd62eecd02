/**
 * Rebuilds the rendered scene library: runs scenes/build.py in Blender for one, several or all presets and
 * stores each render as engine/scene/assets/<id>.jpg with its metadata in engine/scene/assets/scenes.json.
 *
 *   npm run scenes:render                      # all 38 scenes (about 2 hours on 2 cores)
 *   npm run scenes:render -- luxury-showroom   # one scene
 *   npm run scenes:render -- --size 320x240 --samples 8 --out /tmp/smoke studio-white   # a smoke test
 *   npm run scenes:render -- --probe --size 240x180 --samples 16 night-drive   # light probes only
 *   npm run scenes:render -- --size 1600x1200 --samples 24 --rows 0.245,0.535 studio-grey   # a band of rows
 *
 * --probe renders the scene with two matte spheres at the car's place (scenes/build.py) and stores only
 * what they measure (`probe` in scenes.json); the scene's own render and its other metadata stay as they are.
 * --rows y0,y1 (shares of the height, top down) path traces only that band and splices it into the committed
 * render (scenes/splice.ts), for a change confined to those rows; same size and samples as the committed render.
 *
 * Needs Debian's `blender` (3.4; `apt-get install blender`). npm start, the tests and CI never need it:
 * the renders are committed. See docs/decisions/0005-rendered-scene-library.md.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import sharp from 'sharp';
import { editorPresets, studioPresets } from '../contract/presets';
import { measureLight } from '../engine/scene/scene.library';
import { spliceRows } from './splice';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    size: { type: 'string', default: '1024x768' },
    samples: { type: 'string', default: '12' },
    out: { type: 'string', default: path.join(root, 'engine/scene/assets') },
    blender: { type: 'string', default: process.env.BLENDER ?? 'blender' },
    probe: { type: 'boolean', default: false },
    rows: { type: 'string' },
  },
});

const all = [...editorPresets, ...studioPresets].map((p) => p.id);
const ids = positionals.length ? positionals : all;
for (const id of ids) if (!all.includes(id)) throw new Error(`unknown preset ${id}; known: ${all.join(' ')}`);
const [width, height] = values.size.split('x').map(Number);
if (!width || !height) throw new Error('--size must be WIDTHxHEIGHT');

/** The scene's light where the car stands (rows between horizon and floor) and its sky or ceiling. */
async function measure(png: string, horizonY: number, floorY: number) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const band = (y0: number, y1: number) => measureLight(data, info.width, info.height, 3, y0, y1);
  const around = band(((horizonY + floorY) / 2 - 0.15) * info.height, (floorY + 0.1) * info.height);
  const sky = band(0, info.height / 3);
  return {
    light: around,
    sky: sky.cast.map((c) => Math.round(c * sky.level)) as [number, number, number],
  };
}

mkdirSync(values.out, { recursive: true });
const catalogueFile = path.join(values.out, 'scenes.json');
// Read again just before each write: renders of other scenes may run at the same time (each takes
// minutes), and a catalogue read once at start would write their older entries back over theirs.
const readCatalogue = (): Record<string, unknown> =>
  existsSync(catalogueFile) ? JSON.parse(readFileSync(catalogueFile, 'utf8')) : {};
const work = mkdtempSync(path.join(tmpdir(), 'scenes-'));
const started = Date.now();
for (const id of ids) {
  const t0 = Date.now();
  await run(
    values.blender,
    [
      '-b',
      '--factory-startup',
      '--python-exit-code',
      '1',
      '-P',
      path.join(root, 'scenes/build.py'),
      '--',
      '--id',
      id,
      '--out',
      work,
      '--width',
      String(width),
      '--height',
      String(height),
      '--samples',
      values.samples,
      ...(values.probe ? ['--probe', '1'] : []),
      ...(values.rows ? ['--rows', values.rows] : []),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const png = path.join(work, `${id}.png`);
  const meta = JSON.parse(readFileSync(path.join(work, `${id}.json`), 'utf8'));
  if (values.probe) {
    const catalogue = readCatalogue() as Record<string, Record<string, unknown>>;
    if (!catalogue[id]) throw new Error(`${id} has no render to add probes to: render it first`);
    catalogue[id] = { ...catalogue[id], probe: meta.probe };
    writeFileSync(catalogueFile, JSON.stringify(sortKeys(catalogue), null, 1) + '\n');
    console.log(`${id} probes: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    continue;
  }
  const jpg = path.join(values.out, `${id}.jpg`);
  if (values.rows) {
    const rows = values.rows.split(',').map(Number) as [number, number];
    const band = await spliceRows(jpg, png, rows);
    console.log(`${id}: rows ${values.rows} spliced, seams differ by ${band.seamDiff.toFixed(2)} levels`);
    await sharp(band.image, { raw: { width: band.width, height: band.height, channels: 3 } })
      .png()
      .toFile(png);
  }
  Object.assign(meta, await measure(png, meta.horizonY, meta.floorY.near));
  await sharp(png).removeAlpha().jpeg({ quality: 88, mozjpeg: true, chromaSubsampling: '4:4:4' }).toFile(jpg);
  const catalogue = { ...readCatalogue(), [id]: meta };
  // Written after every scene so an interrupted full rebuild keeps what it finished.
  writeFileSync(catalogueFile, JSON.stringify(sortKeys(catalogue), null, 1) + '\n');
  console.log(`${id}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
rmSync(work, { recursive: true, force: true });
console.log(`${ids.length} scene(s) in ${((Date.now() - started) / 60000).toFixed(1)} min`);

function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
}
