import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, createUser, login, type TestContext } from './harness';
import type { JobQueue } from '../src/jobs/boss';
import { tr } from '../../contract/messages.tr';
import type { UserRow } from '../src/repositories/user.repository';

let ctx: TestContext;
let queue: JobQueue;
let alice: UserRow;
let bob: UserRow;
let aliceToken: string;
let bobToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  queue = ctx.services.queue;
  await queue.start({ worker: true, handlers: ctx.services.jobHandlers });
  alice = await createUser(ctx, { overrideAllAccess: true });
  bob = await createUser(ctx, { overrideAllAccess: true });
  aliceToken = await login(ctx, alice.email);
  bobToken = await login(ctx, bob.email);
});
afterAll(async () => {
  await queue?.stop();
  await ctx?.close();
});

/** A car-ish test photo: a dark body on a light street, with EXIF GPS that must not survive upload. */
async function photo(width = 800, height = 500): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#c8d0d8"/><rect y="${height * 0.7}" width="100%" height="${height * 0.3}" fill="#6b7280"/>
    <rect x="${width * 0.2}" y="${height * 0.4}" width="${width * 0.6}" height="${height * 0.3}" rx="30" fill="#1f2937"/>
    <circle cx="${width * 0.32}" cy="${height * 0.72}" r="${height * 0.09}" fill="#111"/><circle cx="${width * 0.68}" cy="${height * 0.72}" r="${height * 0.09}" fill="#111"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 0/1' } })
    .toBuffer();
}

/** A tiny PNG whose header claims 30000×30000 pixels (the decoder must refuse it before allocating). */
async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(30000, 16);
  png.writeUInt32BE(30000, 20);
  let crc = 0xffffffff;
  for (const byte of png.subarray(12, 29)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  png.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 29);
  return png;
}

function multipart(field: string, files: { name: string; type: string; data: Buffer }[]) {
  const boundary = '----otoStudyoTest' + Math.random().toString(16).slice(2);
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const storedFiles = () => {
  const dir = path.join(ctx.dataDir, 'files');
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true }).filter((f) => /\.(jpg|png)$/.test(String(f))).length;
};

async function upload(
  token: string,
  files: { name: string; type: string; data: Buffer }[],
  field = 'image',
  url = '/api/upload-image',
) {
  const body = multipart(field, files);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

describe('uploads', () => {
  it('accepts a JPEG, strips EXIF and GPS, and serves it only to its owner', async () => {
    const res = await upload(aliceToken, [{ name: 'araba.jpg', type: 'image/jpeg', data: await photo() }]);
    expect(res.statusCode, res.body).toBe(200);
    const { success, imageUrl } = res.json();
    expect(success).toBe(true);
    expect(imageUrl).toMatch(/^\/api\/images\/[\w-]{16,}\.jpg$/);
    const own = await ctx.app.inject({ url: imageUrl, headers: { authorization: `Bearer ${aliceToken}` } });
    expect(own.statusCode).toBe(200);
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(800);
    const other = await ctx.app.inject({ url: imageUrl, headers: { authorization: `Bearer ${bobToken}` } });
    expect(other.statusCode).toBe(404);
    const download = await ctx.app.inject({
      url: imageUrl.replace('/api/images/', '/api/download/'),
      headers: { authorization: `Bearer ${bobToken}` },
    });
    expect(download.statusCode).toBe(404);
  });

  it.each([
    [
      'a text file sent as image/jpeg',
      { name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('merhaba, ben bir resim değilim') },
      415,
      tr.photo.onlyImages,
    ],
    [
      'a 0-byte file',
      { name: 'bos.jpg', type: 'image/jpeg', data: Buffer.alloc(0) },
      400,
      tr.photo.emptyFile,
    ],
  ])('refuses %s and stores nothing', async (_name, file, status, message) => {
    const before = storedFiles();
    const res = await upload(aliceToken, [file]);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(storedFiles()).toBe(before);
  });

  it('refuses a truncated JPEG, an oversized file and a pixel bomb with Turkish messages', async () => {
    const before = storedFiles();
    const full = await photo();
    const truncated = await upload(aliceToken, [
      { name: 't.jpg', type: 'image/jpeg', data: full.subarray(0, Math.floor(full.length / 2)) },
    ]);
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json().message).toMatch(/eksik ya da bozuk/);
    const big = Buffer.concat([full, Buffer.alloc(16 * 1024 * 1024)]);
    const oversized = await upload(aliceToken, [{ name: 'buyuk.jpg', type: 'image/jpeg', data: big }]);
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().message).toBe(tr.photo.tooLarge);
    const bomb = await pixelBomb();
    const bombRes = await upload(aliceToken, [{ name: 'bomba.png', type: 'image/png', data: bomb }]);
    expect(bombRes.statusCode).toBe(413);
    expect(bombRes.json().message).toMatch(/çok büyük/);
    expect(storedFiles()).toBe(before);
  });

  it('refuses 6 files in one request and stores nothing', async () => {
    const before = storedFiles();
    const one = await photo(200, 120);
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `a${i}.jpg`, type: 'image/jpeg', data: one }));
    const res = await upload(aliceToken, files, 'images', '/api/upload-images');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Maksimum 5 fotoğraf yükleyebilirsiniz');
    expect(storedFiles()).toBe(before);
  });

  it('requires sign-in', async () => {
    const body = multipart('image', [{ name: 'a.jpg', type: 'image/jpeg', data: await photo(100, 80) }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload-image',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('processing', () => {
  it('applies the SPEC §5 rules before any work', async () => {
    const { imageUrl } = (
      await upload(aliceToken, [{ name: 'a.jpg', type: 'image/jpeg', data: await photo() }])
    ).json();
    const post = (body: object, token = aliceToken) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/process-image',
        headers: { authorization: `Bearer ${token}` },
        payload: { imageUrl, ...body },
      });
    expect((await post({ operations: [] })).json().message).toBe(tr.photo.noOperation);
    expect((await post({ operations: ['background_change'] })).json().message).toBe(tr.photo.noBackground);
    expect((await post({ operations: ['plate_customize'], plateText: '   ' })).json().message).toBe(
      tr.photo.noPlateText,
    );
    const foreign = await post({ operations: ['plate_hide'] }, bobToken);
    expect(foreign.statusCode).toBe(404);
    const studio = await ctx.app.inject({
      method: 'POST',
      url: '/api/gen4/generate',
      headers: { authorization: `Bearer ${bobToken}` },
      payload: { carImages: [imageUrl], backgroundPreset: 'luxury-showroom' },
    });
    expect(studio.statusCode).toBe(404);
  });

  it('runs an editor job through the queue and the real engine, and returns a downloadable result', async () => {
    const { imageUrl } = (
      await upload(aliceToken, [{ name: 'a.jpg', type: 'image/jpeg', data: await photo() }])
    ).json();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/process-image',
      headers: { authorization: `Bearer ${aliceToken}` },
      payload: { imageUrl, operations: ['plate_hide', 'car_clean'], removeWatermark: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('succeeded');
    expect(body.output).toHaveLength(1);
    const file = body.output[0].split('/').pop();
    const dl = await ctx.app.inject({
      url: `/api/download/${file}`,
      headers: { authorization: `Bearer ${aliceToken}` },
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/jpeg');
    expect(dl.headers['content-disposition']).toMatch(
      /attachment; filename="oto-studyo-\d{4}-\d{2}-\d{2}-\d{6}-[a-z0-9]{6}\.jpg"/,
    );
    expect((await sharp(dl.rawPayload).metadata()).format).toBe('jpeg');
    expect(
      (
        await ctx.app.inject({
          url: `/api/download/${file}`,
          headers: { authorization: `Bearer ${bobToken}` },
        })
      ).statusCode,
    ).toBe(404);
  }, 180_000);
});

describe('studio', () => {
  it('limits a plan without batch processing to one photo', async () => {
    const basic = await createUser(ctx);
    const token = await login(ctx, basic.email);
    const urls = [];
    for (let i = 0; i < 2; i++)
      urls.push(
        (await upload(token, [{ name: 'a.jpg', type: 'image/jpeg', data: await photo(300, 200) }])).json()
          .imageUrl,
      );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/gen4/generate',
      headers: { authorization: `Bearer ${token}` },
      payload: { carImages: urls, backgroundPreset: 'studio-white' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(tr.photo.batchNeedsPlan);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/gen4/generate',
      headers: { authorization: `Bearer ${token}` },
      payload: { carImages: [], backgroundPreset: 'studio-white' },
    });
    expect(none.json().message).toBe('En az bir araç fotoğrafı gereklidir');
  });

  it('runs a two-photo studio job with a plate change and zips the results', async () => {
    const urls = [];
    for (let i = 0; i < 2; i++)
      urls.push(
        (
          await upload(aliceToken, [{ name: 'a.jpg', type: 'image/jpeg', data: await photo(640, 400) }])
        ).json().imageUrl,
      );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/gen4/generate',
      headers: { authorization: `Bearer ${aliceToken}` },
      payload: {
        carImages: urls,
        backgroundPreset: 'studio-white',
        enablePlateEdit: true,
        plateText: '34 OTO 2026',
        plateColor: 'white',
        plateTextColor: 'black',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, successCount: 2, status: 'succeeded' });
    expect(body.results.map((r: { index: number; carImage: string }) => [r.index, r.carImage])).toEqual([
      [0, urls[0]],
      [1, urls[1]],
    ]);
    const zip = await ctx.app.inject({
      url: `/api/jobs/${body.jobId}/zip`,
      headers: { authorization: `Bearer ${aliceToken}` },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const buf = zip.rawPayload;
    const end = buf.subarray(buf.length - 22);
    expect(end.readUInt32LE(0)).toBe(0x06054b50);
    expect(end.readUInt16LE(10)).toBe(2);
    expect(buf.includes(Buffer.from('studio-1.jpg'))).toBe(true);
    expect(
      (
        await ctx.app.inject({
          url: `/api/jobs/${body.jobId}/zip`,
          headers: { authorization: `Bearer ${bobToken}` },
        })
      ).statusCode,
    ).toBe(404);
  }, 240_000);
});
