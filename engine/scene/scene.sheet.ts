import sharp from 'sharp';
import { editorPresets, studioPresets } from '../../contract/presets';
import { renderScene } from './scene.render';

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Contact sheet of every preset (editor then studio), each tile labelled with its Turkish name and id.
 * `render` lets callers draw a composite (e.g. a car in each scene) instead of the bare scene.
 */
export async function presetSheet(
  tileWidth = 420,
  columns = 5,
  render?: (
    id: string,
    w: number,
    h: number,
  ) => Promise<{ data: Buffer; width: number; height: number; channels: 3 | 4 }>,
): Promise<Buffer> {
  const items = [
    ...editorPresets.map((p) => ({ id: p.id, name: p.name })),
    ...studioPresets.map((p) => ({ id: p.id, name: `${p.name} (stüdyo)` })),
  ];
  const tileHeight = Math.round((tileWidth * 2) / 3);
  const label = 34;
  const rows = Math.ceil(items.length / columns);
  const width = columns * tileWidth;
  const height = rows * (tileHeight + label);
  const composites: sharp.OverlayOptions[] = [];
  for (let i = 0; i < items.length; i++) {
    const { id, name } = items[i];
    const img = render
      ? await render(id, tileWidth, tileHeight)
      : await renderScene(id, tileWidth, tileHeight);
    const left = (i % columns) * tileWidth;
    const top = Math.floor(i / columns) * (tileHeight + label);
    composites.push({
      input: await sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } })
        .png()
        .toBuffer(),
      left,
      top,
    });
    const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${tileWidth}" height="${label}"><rect width="100%" height="100%" fill="#111"/><text x="10" y="23" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#fff">${escapeXml(name)}</text><text x="${tileWidth - 10}" y="23" font-family="DejaVu Sans Mono, monospace" font-size="12" fill="#9aa" text-anchor="end">${escapeXml(id)}</text></svg>`;
    composites.push({ input: Buffer.from(text), left, top: top + tileHeight });
  }
  return sharp({ create: { width, height, channels: 3, background: '#111111' } })
    .composite(composites)
    .png()
    .toBuffer();
}
