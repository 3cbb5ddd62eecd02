/**
 * Writes a small thumbnail of every editor and studio preset scene for the editor's and studio's preset
 * grids: web/public/presets/<id>.jpg, 320 x 200, cut from the rendered scene library exactly as a run cuts
 * it (same framing), quality 72 (a few KB each, so 38 tiles stay light on a phone).
 *
 *   npx tsx scenes/preset-thumbs.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { editorPresets, studioPresets } from '../contract/presets';
import { renderScene } from '../engine/scene/scene.render';

const out = path.resolve(import.meta.dirname, '../web/public/presets');
const W = 320;
const H = 200;

async function main() {
  fs.mkdirSync(out, { recursive: true });
  let total = 0;
  for (const { id } of [...editorPresets, ...studioPresets]) {
    const scene = await renderScene(id, W, H);
    const file = path.join(out, `${id}.jpg`);
    await sharp(scene.data, { raw: { width: W, height: H, channels: 3 } })
      .jpeg({ quality: 72, mozjpeg: true })
      .toFile(file);
    total += fs.statSync(file).size;
  }
  console.log(`${editorPresets.length + studioPresets.length} thumbnails, ${Math.round(total / 1024)} KB`);
}

await main();
