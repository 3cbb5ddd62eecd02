import { tokenStore } from '@/lib/api-client';

/** SPEC §9: a download gives up after 10 s and falls back to opening the file. */
export const DOWNLOAD_TIMEOUT_MS = 10_000;

/** Fetches `url` with the session, a 10 s timeout and `accept`, and saves it; throws on any failure. */
async function saveFrom(
  url: string,
  accept: string,
  filename?: string,
  fallbackName = 'indirme',
  timeoutMs = DOWNLOAD_TIMEOUT_MS,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const token = tokenStore.get();
    const res = await fetch(url, {
      credentials: 'include',
      headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: controller.signal,
    });
    if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
    const blob = await res.blob();
    if (blob.size === 0) throw new Error('empty file');
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = filename ?? serverFileName(res.headers.get('content-disposition')) ?? fallbackName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    // Revoked later: some browsers start reading the blob only after click() returns.
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * SPEC §7 download: GET /api/download/<last path segment> with an image Accept header and a 10 s timeout,
 * saved as `filename` (or the server's Turkish name). On a non-OK status, an empty file or any failure the
 * original result URL opens in a new tab instead, so the user always gets the picture.
 */
export async function downloadResult(resultUrl: string, filename?: string): Promise<'saved' | 'opened'> {
  const file = resultUrl.split('?')[0]!.split('/').pop() ?? '';
  try {
    await saveFrom(`/api/download/${encodeURIComponent(file)}`, 'image/*', filename, file);
    return 'saved';
  } catch {
    const a = document.createElement('a');
    a.href = resultUrl;
    a.target = '_blank';
    a.rel = 'noopener';
    a.download = file;
    document.body.appendChild(a);
    a.click();
    a.remove();
    return 'opened';
  }
}

/** Five full-size results over a slow mobile link take longer than one photo's 10 s. */
export const ZIP_TIMEOUT_MS = 120_000;

/**
 * Every result of a studio run in one ZIP (GET /api/jobs/:id/zip). On failure the ZIP's address opens in a
 * new tab (the browser downloads it with the session cookie) and the page is told, to say so.
 */
export async function downloadJobZip(jobId: string): Promise<'saved' | 'opened'> {
  const url = `/api/jobs/${encodeURIComponent(jobId)}/zip`;
  try {
    await saveFrom(url, 'application/zip', undefined, 'oto-studyo-sonuclar.zip', ZIP_TIMEOUT_MS);
    return 'saved';
  } catch {
    window.open(url, '_blank', 'noopener');
    return 'opened';
  }
}

function serverFileName(disposition: string | null): string | undefined {
  const m = disposition?.match(/filename="?([^";]+)"?/i);
  return m?.[1];
}

/** SPEC §7: the studio names each saved result `studio-<index>-<timestamp>.jpg`. */
export const studioFileName = (index: number, now = Date.now()) => `studio-${index}-${now}.jpg`;
