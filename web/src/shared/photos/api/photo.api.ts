import type { QueryClient } from '@tanstack/react-query';
import type { OperationId } from '@contract/photo.schema';
import type { PlateColor, PlateTextColor } from '@contract/plate';
import { tr } from '@contract/messages.tr';
import type {
  JobStateResponse,
  ProcessImageResponse,
  StudioGenerateResponse,
  StudioResultItem,
} from '@contract/photo-job.schema';
import { ApiError, apiRequest, tokenStore } from '@/lib/api-client';
import { QUOTA_KEY } from '@/shared/billing/api/billing.api';

export interface ProcessImageBody {
  imageUrl: string;
  operations: OperationId[];
  maskUrl?: string;
  removeWatermark: boolean;
  customPrompt?: string;
  plateText?: string;
  backgroundPreset?: string;
  jobId?: string;
}
export interface StudioGenerateBody {
  carImages: string[];
  backgroundImage?: string;
  logoImage?: string;
  backgroundPreset?: string;
  enablePlateEdit: boolean;
  plateColor?: PlateColor;
  plateTextColor?: PlateTextColor;
  plateText?: string;
  removeWatermark: boolean;
  jobId?: string;
}
/** Multipart uploads cannot go through apiRequest (it sends JSON), so they build their own request. */
async function postForm<T>(url: string, form: FormData): Promise<T> {
  const headers: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, { method: 'POST', credentials: 'include', headers, body: form });
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    // SPEC §8: the server's error, else the HTTP status text.
    const b = body as { message?: unknown; error?: unknown; code?: unknown } | undefined;
    const message =
      (typeof b?.message === 'string' && b.message) ||
      (typeof b?.error === 'string' && b.error) ||
      res.statusText ||
      `HTTP error! status: ${res.status}`;
    throw new ApiError(res.status, message, typeof b?.code === 'string' ? b.code : undefined);
  }
  return body as T;
}

/** POST /api/upload-image (field `image`): the stored image's URL, or an error with a readable message. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const body = await postForm<{ success?: boolean; imageUrl?: string; error?: string }>(
    '/api/upload-image',
    form,
  );
  if (!body?.success || !body.imageUrl) throw new Error(body?.error || tr.editor.uploadInvalid);
  return body.imageUrl;
}

/** POST /api/upload-images (field `images`, at most 5): one URL per file, in order. */
export async function uploadImages(files: File[]): Promise<string[]> {
  const form = new FormData();
  for (const f of files) form.append('images', f);
  const body = await postForm<{
    success?: boolean;
    images?: { success: boolean; imageUrl?: string }[];
    error?: string;
  }>('/api/upload-images', form);
  const urls = body?.images?.map((x) => (x.success ? x.imageUrl : undefined)) ?? [];
  if (!body?.success || urls.length !== files.length || urls.some((u) => !u))
    throw new Error(body?.error || tr.editor.uploadInvalid);
  return urls as string[];
}

export const saveMask = (maskData: string) =>
  apiRequest<{ maskUrl: string }>('POST', '/api/save-mask', { maskData });

export type { ProcessImageResponse, StudioGenerateResponse, StudioResultItem };

/** The connection dropped or a proxy gave up waiting: the job itself may well go on and finish. */
const isLostConnection = (err: unknown) =>
  err instanceof TypeError || (err instanceof ApiError && [502, 503, 504].includes(err.status));

/** How long a resumed run keeps asking before it gives up (longer than the server's own job deadline). */
const RESUME_FOR_MS = 20 * 60_000;

/**
 * Posts a processing call; when the connection is lost mid-job (server restart, network change, proxy
 * timeout), follows the job by its id (GET /api/jobs/:id) until it ends and returns the same answer the
 * call would have given: the user is never told "failed" for a job that then succeeds and is charged.
 */
async function runResumable<T>(
  post: () => Promise<T>,
  jobId: string,
  answer: (state: JobStateResponse) => T | null,
): Promise<T> {
  try {
    return await post();
  } catch (err) {
    if (!isLostConnection(err)) throw err;
    const until = Date.now() + RESUME_FOR_MS;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 2_000));
      try {
        const done = answer(await apiRequest<JobStateResponse>('GET', `/api/jobs/${jobId}`));
        if (done) return done;
      } catch (again) {
        // The job never reached the server: the original failure stands.
        if (again instanceof ApiError && again.status === 404) throw err;
        if (!isLostConnection(again)) throw again;
      }
    }
    throw err;
  }
}

export function processImage(body: ProcessImageBody): Promise<ProcessImageResponse> {
  const jobId = body.jobId ?? newJobId();
  return runResumable(
    () => apiRequest<ProcessImageResponse>('POST', '/api/process-image', { ...body, jobId }),
    jobId,
    (state) => state.editor,
  );
}

export function generateStudio(body: StudioGenerateBody): Promise<StudioGenerateResponse> {
  const jobId = body.jobId ?? newJobId();
  return runResumable(
    () => apiRequest<StudioGenerateResponse>('POST', '/api/gen4/generate', { ...body, jobId }),
    jobId,
    (state) => state.studio,
  );
}

/** SPEC §8: 'Kota Doldu' when the text mentions the quota or the status is 429. */
export function isQuotaError(err: unknown): boolean {
  if (err instanceof ApiError && err.status === 429) return true;
  const text = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return text.includes('Quota exceeded') || text.toLowerCase().includes('quota');
}

/**
 * The Turkish text for a quota refusal: what is left when the run asked for more than that (QUOTA_PARTIAL),
 * else SPEC's 'Aylık kotanız doldu' text.
 */
export function quotaErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.code === 'QUOTA_PARTIAL')
    return err.message.replace(/^Quota exceeded:\s*/, '');
  return fallback;
}

/** A readable message: the server's (Turkish) text; network failures (TypeError) get the fallback. */
export const errorText = (err: unknown, fallback: string) =>
  err instanceof Error && !(err instanceof TypeError) && err.message ? err.message : fallback;

/** A fresh id for a job, so the progress stream can be opened before the processing call returns. */
export function newJobId(): string {
  // randomUUID exists only in secure contexts (HTTPS or localhost); fall back to a v4 UUID from
  // getRandomValues when the site is served over plain HTTP on a LAN address.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The quota changes after every successful run. */
export const refreshQuota = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: QUOTA_KEY });

/** Loads an image URL fully (the result is shown only once it can be painted). */
export function preloadImage(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('preload failed'));
    img.src = url;
  });
}
