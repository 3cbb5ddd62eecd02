/**
 * Renders the public site's images (preset cards and previews, gallery before/after pairs, the Open Graph
 * image) into web/public/img. Scenes come from the engine's procedural catalogue (sceneSvg); the car is a
 * vector drawing below, so no photo of anyone's car is ever committed. Chromium rasterises and encodes.
 *
 *   npx tsx web/scripts/site-images.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { landingGallery } from '../../contract/presets';
import { sceneSpecs } from '../../engine/scene/scene.catalogue';
import { sceneSvg } from '../../engine/scene/scene.render';

const out = path.resolve(import.meta.dirname, '../public/img');

type PlateMode = { kind: 'text'; text: string } | { kind: 'blur' } | { kind: 'custom'; text: string };

interface CarLook {
  paint: string;
  dark: string;
  plate: PlateMode;
}

/** A front view of a generic saloon, 400 x 250 units; the plate is drawn per mode. */
function carSvg(look: CarLook, id: string): string {
  const plateText = look.plate.kind === 'blur' ? '34 ABC 123' : look.plate.text;
  const plateFilter = look.plate.kind === 'blur' ? `filter="url(#${id}-pb)"` : '';
  return `
  <defs>
    <linearGradient id="${id}-paint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity=".55"/>
      <stop offset=".18" stop-color="${look.paint}"/>
      <stop offset=".7" stop-color="${look.paint}"/>
      <stop offset="1" stop-color="${look.dark}"/>
    </linearGradient>
    <linearGradient id="${id}-side" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity=".35"/>
      <stop offset=".18" stop-color="#000" stop-opacity="0"/>
      <stop offset=".82" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity=".35"/>
    </linearGradient>
    <linearGradient id="${id}-glass" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#334155"/>
      <stop offset=".45" stop-color="#0f172a"/>
      <stop offset=".55" stop-color="#1e293b"/>
      <stop offset="1" stop-color="#475569"/>
    </linearGradient>
    <radialGradient id="${id}-lamp" cx=".5" cy=".5" r=".6">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset=".6" stop-color="#e0f2fe"/>
      <stop offset="1" stop-color="#94a3b8"/>
    </radialGradient>
    <filter id="${id}-pb" x="-10%" y="-30%" width="120%" height="160%"><feGaussianBlur stdDeviation="4"/></filter>
    <filter id="${id}-sh" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="7"/></filter>
  </defs>
  <ellipse cx="200" cy="238" rx="190" ry="13" fill="#000" opacity=".55" filter="url(#${id}-sh)"/>
  <rect x="50" y="176" width="56" height="66" rx="11" fill="#0b0b0c"/>
  <rect x="294" y="176" width="56" height="66" rx="11" fill="#0b0b0c"/>
  <path d="M92 62 Q100 44 122 42 L278 42 Q300 44 308 62 L338 126 L62 126 Z" fill="url(#${id}-paint)"/>
  <path d="M108 64 Q114 53 128 52 L272 52 Q286 53 292 64 L318 118 L82 118 Z" fill="url(#${id}-glass)"/>
  <path d="M140 56 L196 56 L150 112 L112 112 Z" fill="#fff" opacity=".08"/>
  <path d="M64 112 L36 106 Q28 108 30 118 L40 126 L68 124 Z" fill="url(#${id}-paint)"/>
  <path d="M336 112 L364 106 Q372 108 370 118 L360 126 L332 124 Z" fill="url(#${id}-paint)"/>
  <path d="M40 152 Q40 130 64 123 L336 123 Q360 130 360 152 L362 206 Q362 224 344 226 L56 226 Q38 224 38 206 Z" fill="url(#${id}-paint)"/>
  <path d="M40 152 Q40 130 64 123 L336 123 Q360 130 360 152 L362 206 Q362 224 344 226 L56 226 Q38 224 38 206 Z" fill="url(#${id}-side)"/>
  <path d="M120 128 Q200 138 280 128" stroke="#000" stroke-opacity=".18" stroke-width="2" fill="none"/>
  <path d="M56 142 L132 148 L126 166 L64 162 Q50 152 56 142 Z" fill="url(#${id}-lamp)" stroke="#1f2937" stroke-width="2"/>
  <path d="M344 142 L268 148 L274 166 L336 162 Q350 152 344 142 Z" fill="url(#${id}-lamp)" stroke="#1f2937" stroke-width="2"/>
  <path d="M62 150 L118 154" stroke="#38bdf8" stroke-width="2.5" opacity=".8"/>
  <path d="M338 150 L282 154" stroke="#38bdf8" stroke-width="2.5" opacity=".8"/>
  <rect x="146" y="150" width="108" height="34" rx="9" fill="#0b1120" stroke="#64748b" stroke-width="2"/>
  <path d="M152 159 H248 M152 167 H248 M152 175 H248" stroke="#334155" stroke-width="2"/>
  <circle cx="200" cy="167" r="7" fill="#cbd5e1" stroke="#0b1120" stroke-width="2"/>
  <rect x="112" y="196" width="176" height="20" rx="7" fill="#0b1120" opacity=".9"/>
  <circle cx="88" cy="204" r="7" fill="#fef3c7" stroke="#1f2937" stroke-width="2"/>
  <circle cx="312" cy="204" r="7" fill="#fef3c7" stroke="#1f2937" stroke-width="2"/>
  <g ${plateFilter}>
    <rect x="156" y="190" width="88" height="21" rx="2.5" fill="#fafafa" stroke="#111" stroke-width="1.5"/>
    <rect x="156.75" y="190.75" width="10" height="19.5" fill="#1d4ed8"/>
    <text x="161.75" y="206" font-family="DejaVu Sans, sans-serif" font-size="6" fill="#fff" text-anchor="middle">TR</text>
    <text x="205" y="205.5" font-family="DejaVu Sans Condensed, DejaVu Sans, sans-serif" font-weight="bold" font-size="13" fill="#111" text-anchor="middle" textLength="70" lengthAdjust="spacingAndGlyphs">${plateText}</text>
  </g>`;
}

/** Places the car on a w x h canvas with its tyres on the floor line, optionally with a floor reflection. */
function carOnCanvas(look: CarLook, w: number, h: number, floorY: number, reflection: number, id: string) {
  const scale = (w * 0.44) / 400;
  const x = w / 2 - 200 * scale;
  const y = floorY * h - 240 * scale;
  const car = carSvg(look, id);
  const mirror =
    reflection > 0
      ? `<g opacity="${(reflection * 0.5).toFixed(2)}" transform="translate(${x} ${floorY * h + 238 * scale}) scale(${scale} ${-scale * 0.9}) translate(0 -4)">
           <g mask="url(#${id}-fade)">${car}</g>
         </g>
         <defs><linearGradient id="${id}-fg" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/></linearGradient>
         <mask id="${id}-fade"><rect x="-50" y="-20" width="500" height="300" fill="url(#${id}-fg)"/></mask></defs>`
      : '';
  return `${mirror}<g transform="translate(${x} ${y}) scale(${scale})">${car}</g>`;
}

/** Everyday backdrops for the "before" photos: a car park, a street, a workshop yard. */
function beforeScene(kind: 'carpark' | 'street' | 'yard', w: number, h: number): string {
  const fy = 0.86 * h;
  const hz = 0.55 * h;
  if (kind === 'carpark') {
    const lines = Array.from({ length: 9 }, (_, i) => {
      const bx = (i - 4) * w * 0.26 + w / 2;
      const tx = (i - 4) * w * 0.09 + w / 2;
      return `<path d="M${tx} ${hz + 20} L${bx} ${h}" stroke="#e5e7eb" stroke-width="${w / 180}" opacity=".75"/>`;
    }).join('');
    const windows = Array.from(
      { length: 8 },
      (_, i) =>
        `<rect x="${w * 0.06 + i * w * 0.115}" y="${h * 0.2}" width="${w * 0.07}" height="${h * 0.1}" fill="#64748b" opacity=".7"/>`,
    ).join('');
    return `<rect width="${w}" height="${hz}" fill="#c7ccd1"/>
      <rect y="${h * 0.12}" width="${w}" height="${hz - h * 0.12 + 20}" fill="#b9a58c"/>${windows}
      <rect x="${w * 0.62}" y="${h * 0.36}" width="${w * 0.22}" height="${hz - h * 0.36 + 20}" fill="#8b8f94"/>
      ${Array.from({ length: 7 }, (_, i) => `<path d="M${w * 0.62} ${h * 0.38 + i * h * 0.03} H${w * 0.84}" stroke="#6b7075" stroke-width="3"/>`).join('')}
      <rect y="${hz + 20}" width="${w}" height="${h - hz}" fill="#55595e"/>${lines}
      <path d="M${w * 0.1} ${fy - 8} l24 -70 l24 70 z" fill="#f97316"/><rect x="${w * 0.1 - 6}" y="${fy - 10}" width="60" height="10" fill="#111"/>
      <rect y="${hz + 14}" width="${w}" height="10" fill="#9ca3af"/>`;
  }
  if (kind === 'street') {
    const blocks = [0, 0.2, 0.42, 0.7, 0.86]
      .map((bx, i) => {
        const bw = w * 0.19;
        const top = h * (0.08 + (i % 2) * 0.08);
        const wins = Array.from(
          { length: 12 },
          (_, j) =>
            `<rect x="${bx * w + 14 + (j % 3) * bw * 0.3}" y="${top + 20 + Math.floor(j / 3) * h * 0.09}" width="${bw * 0.2}" height="${h * 0.05}" fill="#cbd5e1" opacity=".8"/>`,
        ).join('');
        return `<rect x="${bx * w}" y="${top}" width="${bw}" height="${hz - top + 30}" fill="${['#d6c7b0', '#c9b9a6', '#e0d6c8', '#bfae98', '#d9cdb9'][i]}"/>${wins}`;
      })
      .join('');
    return `<rect width="${w}" height="${h}" fill="#dfe4ea"/>${blocks}
      <rect y="${hz + 30}" width="${w}" height="${h * 0.06}" fill="#a8a29e"/>
      <rect y="${hz + 30 + h * 0.06}" width="${w}" height="${h}" fill="#4b5056"/>
      <path d="M0 ${h * 0.93} H${w}" stroke="#e5e7eb" stroke-width="6" stroke-dasharray="60 50"/>
      <rect x="${w * 0.9}" y="${h * 0.18}" width="8" height="${hz}" fill="#374151"/>
      <rect x="${w * 0.02}" y="${hz - 10}" width="${w * 0.18}" height="${h * 0.12}" rx="18" fill="#6b7280"/>`;
  }
  return `<rect width="${w}" height="${h}" fill="#a3a3a3"/>
    <rect y="${h * 0.1}" width="${w}" height="${hz - h * 0.1 + 24}" fill="#8a5a44"/>
    ${Array.from({ length: 14 }, (_, i) => `<path d="M0 ${h * 0.12 + i * h * 0.033} H${w}" stroke="#6e4636" stroke-width="2"/>`).join('')}
    <rect x="${w * 0.25}" y="${h * 0.2}" width="${w * 0.5}" height="${hz - h * 0.2 + 24}" fill="#9ca3af"/>
    ${Array.from({ length: 16 }, (_, i) => `<path d="M${w * 0.25} ${h * 0.22 + i * h * 0.02} H${w * 0.75}" stroke="#6b7280" stroke-width="2"/>`).join('')}
    <rect y="${hz + 24}" width="${w}" height="${h}" fill="#6b6b6b"/>
    <ellipse cx="${w * 0.78}" cy="${h * 0.9}" rx="${w * 0.1}" ry="${h * 0.025}" fill="#3f3f46" opacity=".6"/>
    <ellipse cx="${w * 0.2}" cy="${h * 0.95}" rx="${w * 0.07}" ry="${h * 0.02}" fill="#3f3f46" opacity=".5"/>`;
}

function sceneDoc(sceneId: string, w: number, h: number): { svg: string; reflection: number } {
  const spec = sceneSpecs[sceneId];
  if (!spec) throw new Error(`unknown scene ${sceneId}`);
  const doc = sceneSvg(spec, w, h, 7);
  return { svg: doc.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, ''), reflection: spec.reflection };
}

/** A dealer's logo in the corner (the studio's logo step). */
function logoBadge(w: number, h: number): string {
  const s = w / 1200;
  return `<g transform="translate(${w - 330 * s} ${h - 110 * s}) scale(${s})">
    <rect width="300" height="80" rx="14" fill="#0f172a" opacity=".82"/>
    <path d="M30 58 L46 22 L62 58 Z" fill="#f59e0b"/>
    <text x="78" y="38" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="22" fill="#fff">YILDIZ</text>
    <text x="78" y="62" font-family="DejaVu Sans, sans-serif" font-size="15" fill="#fbbf24" letter-spacing="3">OTOMOTİV</text>
  </g>`;
}

const svgDoc = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

const cars: Record<string, CarLook> = {
  red: { paint: '#b91c1c', dark: '#450a0a', plate: { kind: 'text', text: '34 ABC 123' } },
  white: { paint: '#e5e7eb', dark: '#6b7280', plate: { kind: 'text', text: '06 KLM 482' } },
  blue: { paint: '#1e3a8a', dark: '#0b1330', plate: { kind: 'text', text: '35 DEF 77' } },
  silver: { paint: '#94a3b8', dark: '#334155', plate: { kind: 'blur' } },
};

async function main() {
  fs.mkdirSync(path.join(out, 'presets'), { recursive: true });
  fs.mkdirSync(path.join(out, 'gallery'), { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const shoot = async (file: string, w: number, h: number, svg: string, quality: number) => {
    await page.setViewportSize({ width: w, height: h });
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    await page.screenshot({ path: file, type: 'jpeg', quality, clip: { x: 0, y: 0, width: w, height: h } });
    console.log(path.relative(process.cwd(), file), fs.statSync(file).size);
  };

  // Landing preset cards (small) and the 'Önizle' previews (large, loaded only when opened).
  for (const preset of landingGallery) {
    for (const [suffix, w, h, q] of [
      ['card', 480, 300, 70],
      ['preview', 1200, 750, 78],
    ] as const) {
      const { svg, reflection } = sceneDoc(preset.sceneId, w, h);
      const body = svg + carOnCanvas(cars.silver, w, h, 0.86, reflection, 'c');
      await shoot(path.join(out, 'presets', `${preset.sceneId}-${suffix}.jpg`), w, h, svgDoc(w, h, body), q);
    }
  }

  // Gallery: three before/after pairs, each showing a different operation.
  const examples = [
    {
      id: 'showroom',
      before: 'carpark' as const,
      scene: 'luxury-showroom',
      car: cars.red,
      after: { ...cars.red, plate: { kind: 'blur' } as PlateMode },
      logo: false,
    },
    {
      id: 'coast',
      before: 'street' as const,
      scene: 'coast-road',
      car: cars.white,
      after: { ...cars.white, plate: { kind: 'custom', text: '06 OTO 2026' } as PlateMode },
      logo: false,
    },
    {
      id: 'night',
      before: 'yard' as const,
      scene: 'night-drive',
      car: cars.blue,
      after: { ...cars.blue, plate: { kind: 'blur' } as PlateMode },
      logo: true,
    },
  ];
  for (const ex of examples) {
    for (const [suffix, w, h, q] of [
      ['', 1000, 625, 76],
      ['-sm', 640, 400, 72],
    ] as const) {
      const before = beforeScene(ex.before, w, h) + carOnCanvas(ex.car, w, h, 0.86, 0, 'b');
      await shoot(path.join(out, 'gallery', `${ex.id}-before${suffix}.jpg`), w, h, svgDoc(w, h, before), q);
      const { svg, reflection } = sceneDoc(ex.scene, w, h);
      const after =
        svg + carOnCanvas(ex.after, w, h, 0.86, reflection, 'a') + (ex.logo ? logoBadge(w, h) : '');
      await shoot(path.join(out, 'gallery', `${ex.id}-after${suffix}.jpg`), w, h, svgDoc(w, h, after), q);
    }
  }

  // Open Graph image: the showroom result with the brand line.
  {
    const w = 1200;
    const h = 630;
    const { svg, reflection } = sceneDoc('luxury-showroom', w, h);
    const body = `${svg}${carOnCanvas({ ...cars.red, plate: { kind: 'blur' } }, w, h, 0.9, reflection, 'o')}
      <rect width="${w}" height="120" fill="#0f172a" opacity=".82"/>
      <text x="48" y="76" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="46" fill="#fff">Oto<tspan fill="#f59e0b">Stüdyo</tspan></text>
      <text x="${w - 48}" y="74" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#e2e8f0" text-anchor="end">Showroom kalitesinde araç fotoğrafları</text>`;
    await shoot(path.join(out, 'og-image.jpg'), w, h, svgDoc(w, h, body), 80);
  }
  await browser.close();
}

await main();
