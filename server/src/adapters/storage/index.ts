import path from 'node:path';
import { diskStorage } from './disk.storage';
import type { S3Settings } from '../../config/env';
import { s3Storage } from './s3.storage';
import type { Storage } from './storage';

/** The configured store: the bucket when S3_BUCKET is set, else files under DATA_DIR/files. */
export function createStorage(settings: { dataDir: string; s3: S3Settings | null }): Storage {
  return settings.s3 ? s3Storage(settings.s3) : diskStorage(path.join(settings.dataDir, 'files'));
}
export type { Storage };
