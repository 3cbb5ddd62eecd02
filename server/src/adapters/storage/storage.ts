import type { Readable } from 'node:stream';

/**
 * Where files live (ARCHITECTURE decision 7): local disk (the embedded default) or an S3-compatible bucket
 * (several machines); keys come from storageKeys. A missing file is an error with code 'ENOENT' in both.
 */
export interface Storage {
  /** Writes a whole file; a stream is written as it arrives (never buffered whole by the store). */
  put(key: string, data: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** The one place storage keys are computed. */
export const storageKeys = {
  upload: (userId: string, id: string, ext: string) => `uploads/${userId}/${id}.${ext}`,
  mask: (userId: string, id: string) => `masks/${userId}/${id}.png`,
  result: (userId: string, id: string) => `results/${userId}/${id}.jpg`,
};
