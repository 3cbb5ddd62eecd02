import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStorage } from '../src/adapters/storage/disk.storage';
import { s3Storage } from '../src/adapters/storage/s3.storage';
import type { Storage } from '../src/adapters/storage/storage';
import { startS3Server, type S3TestServer } from './fakes/s3.server';

const readAll = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

let s3: S3TestServer;
const diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'oto-disk-'));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(diskRoot, { recursive: true, force: true });
});

// The same contract for both stores: what the services rely on.
describe.each([
  ['disk', () => diskStorage(diskRoot)],
  ['s3 (s3rver on loopback)', () => s3Storage(s3.settings)],
] as [string, () => Storage][])('%s storage', (_name, make) => {
  it('writes, reads, streams, checks and deletes a file', async () => {
    const storage = make();
    const key = `uploads/u1/${randomBytes(6).toString('hex')}.jpg`;
    const data = randomBytes(300_000);
    await storage.put(key, data, 'image/jpeg');
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key)).equals(data)).toBe(true);
    expect((await readAll(await storage.stream(key))).equals(data)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key); // deleting twice is fine (retention runs may overlap)
  });

  it('writes a stream larger than one multipart chunk without holding it whole', async () => {
    const storage = make();
    const key = `results/u1/${randomBytes(6).toString('hex')}.jpg`;
    const parts = Array.from({ length: 7 }, () => randomBytes(1024 * 1024)); // 7 MB > 5 MB part size
    await storage.put(key, Readable.from(parts), 'image/jpeg');
    expect((await storage.get(key)).equals(Buffer.concat(parts))).toBe(true);
  });

  it('reports a missing file as ENOENT', async () => {
    const storage = make();
    await expect(storage.get('uploads/u1/missing.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.stream('uploads/u1/missing.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
