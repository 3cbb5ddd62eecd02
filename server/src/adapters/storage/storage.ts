import type { Readable } from 'node:stream';

/** Where files live (ARCHITECTURE decision 7): local disk now, S3-compatible later; keys come from storageKeys. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
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
