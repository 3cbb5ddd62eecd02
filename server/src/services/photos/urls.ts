import { randomBytes } from 'node:crypto';
import { sniff } from '../../../../engine/io/image.decode';
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
  const kind = sniff(data);
  return kind === 'other-image' ? null : kind;
}
