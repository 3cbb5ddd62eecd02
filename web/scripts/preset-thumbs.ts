/**
 * Renders a small thumbnail of every editor and studio preset scene for the editor's and studio's preset
 * grids: web/public/presets/<id>.jpg, 320 x 200, quality 70 (about 5 KB each, so 38 tiles stay light on a
 * phone). The landing page's cards under web/public/img/presets show a drawn car in six scenes; these are
 * the bare backgrounds, which is what the user picks here. Like site-images.ts, the engine's scene SVG is
 * rasterised and encoded by Chromium (only engine/ may use sharp).
 *
 *   npx tsx web/scripts/preset-thumbs.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { editorPresets, studioPresets } from '../../contract/presets';
import { sceneSpecs } from '../../engine/scene/scene.catalogue';
import { sceneSvg } from '../../engine/scene/scene.render';

const out = path.resolve(import.meta.dirname, '../public/presets');
const W = 320;
const H = 200;

/** Same seed per id as the engine's renderScene, so a thumbnail matches the scene a run produces. */
function seedOf(id: string): number {
  let h = 2166136261;
  for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ deviceScaleFactor: 1, viewport: { width: W, height: H } });
  let total = 0;
  for (const { id } of [...editorPresets, ...studioPresets]) {
    // Drawn at twice the size and scaled down by the viewBox: thin procedural lines alias at 320 px.
    const svg = sceneSvg(sceneSpecs[id]!, W * 2, H * 2, seedOf(id)).replace(
      `width="${W * 2}" height="${H * 2}"`,
      `width="${W}" height="${H}"`,
    );
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    const file = path.join(out, `${id}.jpg`);
    await page.screenshot({
      path: file,
      type: 'jpeg',
      quality: 70,
      clip: { x: 0, y: 0, width: W, height: H },
    });
    total += fs.statSync(file).size;
  }
  await browser.close();
  console.log(`${editorPresets.length + studioPresets.length} thumbnails, ${Math.round(total / 1024)} KB`);
}

await main();
