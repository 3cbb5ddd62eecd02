// Synthetic test images (the repo never contains evaluation photos): a simple car-like drawing, a
// Turkish plate on it, and malformed files.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { plateSvg } from '../plate/plate.render';
import type { RawImage } from '../io/image.decode';
import { carBox, compositeCar } from '../scene/car.composite';

/** A side-view "car" (body, windows, wheels) on a plain studio wall, with a Turkish plate. */
export async function syntheticCarPhoto(
  width = 960,
  height = 640,
  plateText = '34 ABC 123',
): Promise<Buffer> {
  // An empty text draws no plate at all (a photo where no plate can be found).
  const plate = plateText ? plateSvg(plateText, { format: 'rect' }, width * 0.22) : { svg: '' };
  const plateImg = plate.svg.replace('<svg ', `<svg x="${width * 0.39}" y="${height * 0.6}" `);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#c9c4bc"/>
    <rect y="${height * 0.75}" width="100%" height="${height * 0.25}" fill="#8d8a85"/>
    <path d="M${width * 0.12},${height * 0.7} L${width * 0.14},${height * 0.5} Q${width * 0.3},${height * 0.45} ${width * 0.35},${height * 0.3} L${width * 0.65},${height * 0.3} Q${width * 0.72},${height * 0.45} ${width * 0.86},${height * 0.5} L${width * 0.88},${height * 0.7} Z" fill="#b3202a"/>
    <path d="M${width * 0.38},${height * 0.33} L${width * 0.62},${height * 0.33} L${width * 0.68},${height * 0.45} L${width * 0.33},${height * 0.45} Z" fill="#2b3440"/>
    <circle cx="${width * 0.27}" cy="${height * 0.72}" r="${height * 0.09}" fill="#151515"/>
    <circle cx="${width * 0.73}" cy="${height * 0.72}" r="${height * 0.09}" fill="#151515"/>
    <circle cx="${width * 0.27}" cy="${height * 0.72}" r="${height * 0.045}" fill="#b8bcc0"/>
    <circle cx="${width * 0.73}" cy="${height * 0.72}" r="${height * 0.045}" fill="#b8bcc0"/>
    ${plateImg}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

/**
 * The same car with a vanity plate: letters only (no digits), a white plate with a dark frame and no EU/TR
 * band, as US and personalised plates look. Returns the photo and the plate's rectangle.
 */
export async function syntheticVanityCar(
  width = 960,
  height = 640,
  text = 'KARTAL',
  /** A blue country band on the plate's left (EU, TR), its glyphs set to the right of it. */
  band = false,
): Promise<{ jpeg: Buffer; plate: { x: number; y: number; w: number; h: number } }> {
  const base = await syntheticCarPhoto(width, height, '');
  const w = Math.round(width * 0.2);
  const h = Math.round(w / 3);
  const x = Math.round(width * 0.4);
  const y = Math.round(height * 0.56);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect x="1" y="1" width="${w - 2}" height="${h - 2}" rx="${h * 0.08}" fill="#f4f4ef" stroke="#222" stroke-width="${Math.max(2, h * 0.05)}"/>
    ${band ? `<rect x="1" y="1" width="${Math.round(w * 0.1)}" height="${h - 2}" fill="#1a3fa0"/>` : ''}
    <text x="${band ? '55%' : '50%'}" y="${h * 0.72}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${h * 0.6}" fill="#1a1a1a">${text}</text>
  </svg>`;
  const jpeg = await sharp(base)
    .composite([{ input: Buffer.from(svg), left: x, top: y }])
    .jpeg({ quality: 95 })
    .toBuffer();
  return { jpeg, plate: { x, y, w, h } };
}

/** A car interior seen from the back seat: dashboard, steering wheel and seats filling the frame. */
export async function syntheticInterior(width = 800, height = 540): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#9fb4c8"/>
    <rect y="${height * 0.38}" width="100%" height="${height * 0.62}" fill="#2a2623"/>
    <rect y="${height * 0.38}" width="100%" height="${height * 0.12}" fill="#3b3531"/>
    <circle cx="${width * 0.3}" cy="${height * 0.58}" r="${height * 0.17}" fill="none" stroke="#121212" stroke-width="${height * 0.035}"/>
    <rect x="${width * 0.45}" y="${height * 0.45}" width="${width * 0.14}" height="${height * 0.1}" fill="#0d1a26"/>
    <rect x="0" y="${height * 0.7}" width="${width * 0.42}" height="${height * 0.3}" rx="${height * 0.05}" fill="#4a3f36"/>
    <rect x="${width * 0.58}" y="${height * 0.7}" width="${width * 0.42}" height="${height * 0.3}" rx="${height * 0.05}" fill="#4a3f36"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A tiny PNG file whose header claims width x height (a decompression bomb, never decoded). */
export function bombPng(width = 30000, height = 30000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // One compressed row of zeros stands in for the image data; the decoder must refuse before reading it.
  const idat = deflateSync(Buffer.alloc(width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A photo composited on `scene` at its own size, the car kept at its height and standing where it stood (the
 * placement is then close to the identity, so test points can be given in the photo's pixels).
 */
export async function compositeAtOwnSize(image: RawImage, mask: Uint8Array, scene: string) {
  const { width: W, height: H } = image;
  const box = carBox(mask, W, H)!;
  const framing = { carHeight: box.h / H, floorY: (box.y + box.h) / H, maxWidth: 1 };
  const r = await compositeCar(image, mask, {
    background: { kind: 'scene', id: scene },
    width: W,
    height: H,
    framing,
  });
  return { r, box, framing };
}
