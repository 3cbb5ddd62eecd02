import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/config/env';

export interface S3TestServer {
  settings: S3Settings;
  /** The same settings as environment variables, for a server process or loadSettings(). */
  env: Record<string, string>;
  /** Keys stored in the bucket now. */
  keys(): string[];
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on loopback with one empty bucket, files in a temp folder. */
export async function startS3Server(bucket = 'oto-test'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'oto-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys() {
      const root = path.join(directory, bucket);
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((f) => f.endsWith('._S3rver_object'))
        .map((f) =>
          f
            .replace(/\._S3rver_object$/, '')
            .split(path.sep)
            .join('/'),
        );
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
