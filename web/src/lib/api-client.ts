import type { QueryFunction } from '@tanstack/react-query';
import { httpErrorText, tr } from '@contract/messages.tr';

export const TOKEN_KEY = 'auth_token';

export const tokenStore = {
  get: (): string | null => {
    try {
      return localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** An API failure; `message` is what the user may read (the server's Turkish message when there is one). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code?: string,
  ) {
    super(message);
  }
}

function headers(json: boolean): HeadersInit {
  const h: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) h.Authorization = `Bearer ${token}`;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

/** Message of a failed response: the server's `message`, else the body text, else 'HTTP error! status: N'. */
async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string' && body.message) {
      return new ApiError(res.status, body.message, typeof body.code === 'string' ? body.code : undefined);
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return new ApiError(res.status, text.trim() || httpErrorText(res.status));
}

/** Sends a request with credentials and the bearer token (SPEC §7); throws ApiError on non-OK. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: headers(body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await toApiError(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The generic read query: GET on the first element of the query key; failures throw 'HTTP error! status: N'. */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const res = await fetch(String(queryKey[0]), { credentials: 'include', headers: headers(false), signal });
  if (!res.ok) throw new ApiError(res.status, httpErrorText(res.status));
  return res.json();
};

/** What to tell the user about a failed call: the server's Turkish message, or a general one. */
export const apiErrorText = (err: unknown, fallback: string = tr.common.unexpectedError) =>
  err instanceof ApiError ? err.message : fallback;
