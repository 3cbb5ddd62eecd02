// docs/operations.md, "Backups and restore", tried for real: pg_dump of a live database and a copy of its
// bucket, restored into a new database and read back through the API from the copied bucket.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CopyObjectCommand, CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, createUser, login, TEST_PASSWORD } from './harness';
import { startS3Server } from './fakes/s3.server';
import { s3Storage } from '../src/adapters/storage/s3.storage';
import { loadSettings } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { composeServices } from '../src/compose';
import { buildApp } from '../src/http/app';
import { emptyPgDatabase } from './processes';

describe.skipIf(!process.env.DATABASE_URL)('backup and restore (PostgreSQL + bucket)', () => {
  it('a pg_dump and a bucket copy bring back the accounts and their photos', async () => {
    const s3 = await startS3Server('oto-live');
    const live = await createTestApp({ ...s3.env });
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'oto-backup-'));
    const restored = await emptyPgDatabase(process.env.DATABASE_URL!, 'restore');
    try {
      const user = await createUser(live, { overrideAllAccess: true });
      const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#8a2be2' } })
        .jpeg()
        .toBuffer();
      const { imageUrl } = await live.services.photos.upload(user, { data: photo });
      const original = await live.app.inject({
        url: imageUrl,
        headers: { authorization: `Bearer ${await login(live, user.email)}` },
      });
      expect(original.statusCode).toBe(200);

      // Backup: the database as a custom-format dump, the bucket mirrored into a second bucket.
      const dump = path.join(work, 'oto.dump');
      execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, live.database.connectionString!]);
      const { client } = s3Storage(s3.settings);
      await client.send(new CreateBucketCommand({ Bucket: 'oto-backup' }));
      const listed = await client.send(new ListObjectsV2Command({ Bucket: 'oto-live' }));
      for (const o of listed.Contents ?? [])
        await client.send(
          new CopyObjectCommand({ Bucket: 'oto-backup', Key: o.Key!, CopySource: `oto-live/${o.Key}` }),
        );
      expect(listed.Contents?.length).toBeGreaterThan(0);

      // Restore into an empty database; the restored server reads the copied bucket.
      execFileSync('pg_restore', ['--no-owner', `--dbname=${restored.url}`, dump]);
      const settings = loadSettings({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: work,
        WEB_DIST_DIR: path.join(work, 'none'),
        DATABASE_URL: restored.url,
        ...s3.env,
        S3_BUCKET: 'oto-backup',
      });
      const database = await openDatabase({ databaseUrl: restored.url, dataDir: null });
      await database.migrate(); // a no-op on a restored database, as after an upgrade
      const app = await buildApp({ settings, services: composeServices(database, settings) });
      try {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: TEST_PASSWORD },
        });
        expect(res.statusCode, res.body).toBe(200);
        const back = await app.inject({
          url: imageUrl,
          headers: { authorization: `Bearer ${res.json().token}` },
        });
        expect(back.statusCode).toBe(200);
        expect(back.rawPayload.equals(original.rawPayload)).toBe(true);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await live.close();
      await restored.drop();
      await s3.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});
