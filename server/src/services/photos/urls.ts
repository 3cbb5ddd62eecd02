import { randomBytes } from 'node:crypto';
import type { ImageRow } from '../../repositories/image.repository';

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** `/api/images/<id>.<ext>`: the only image URLs handed out (contract imageUrlSchema accepts them back). */
export const imageUrl = (row: Pick<ImageRow, 'id' | 'contentType'>) =>
  `/api/images/${row.id}.${row.contentType === 'image/png' ? 'png' : 'jpg'}`;
export const resultUrl = (imageId: string) => `/api/images/${imageId}.jpg`;
export const idFromUrl = (url: string) =>
  url
    .split('/')
    .pop()!
    .replace(/\.(jpg|png)$/, '');
export const newImageId = () => randomBytes(18).toString('base64url');

/** JPEG, PNG and WebP by their first bytes; the declared content type is never trusted. */
export function sniffImage(data: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}
