import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../../config/env';
import type { Storage } from './storage';

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket under the same keys as on disk (storageKeys), so API and worker processes
 * on different machines see the same files. Reads stream; writes go through multipart uploads for large
 * bodies. An object appears whole or not at all (S3 semantics), like the disk store's rename.
 */
export function s3Storage(settings: S3Settings, client?: S3Client): Storage & { client: S3Client } {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // A stalled connection must not hang a job or a download forever.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      maxAttempts: 4,
    });
  const Bucket = settings.bucket;

  async function open(key: string): Promise<Readable> {
    const out = await s3.send(new GetObjectCommand({ Bucket, Key: key })).catch((err: unknown) => {
      if (!isNotFound(err)) throw err;
      throw Object.assign(new Error(`s3: no object ${key}`), { code: 'ENOENT' });
    });
    if (!(out.Body instanceof Readable)) throw new Error(`s3: no body for ${key}`);
    return out.Body;
  }

  return {
    client: s3,
    async put(key, data, contentType) {
      await new Upload({
        client: s3,
        params: { Bucket, Key: key, Body: data, ContentType: contentType },
        queueSize: 2,
      }).done();
    },
    async get(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await open(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    stream: open,
    async exists(key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
