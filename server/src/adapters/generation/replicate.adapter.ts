/** Makes a background scene (never the car) for a free prompt. */
export interface SceneGenerator {
  generateBackground(prompt: string, aspectRatio: '16:9' | '3:2' | '4:3'): Promise<Buffer>;
}

interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';
  output?: string | string[] | null;
  error?: string | null;
  urls?: { get?: string };
}

const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

/** The background-only instruction: the car is composited locally from the user's own pixels. */
export const backgroundPrompt = (userPrompt: string) =>
  `${userPrompt.trim()}. Empty scene for a car photo: no vehicles, no people, no text, eye-level camera, ` +
  'photorealistic, natural light, clear flat ground in the lower third where a car will be placed.';

/**
 * Replicate's HTTP API (protocols.md §2): create a prediction on an official model with `Prefer: wait`,
 * poll `urls.get` until terminal, then download the output at once (Replicate deletes it after an hour).
 */
export function replicateGenerator(opts: {
  token: string;
  baseUrl?: string;
  model?: string;
  timeoutMs?: number;
  pollMs?: number;
  fetchImpl?: typeof fetch;
}): SceneGenerator {
  const base = (opts.baseUrl ?? 'https://api.replicate.com').replace(/\/+$/, '');
  const model = opts.model ?? 'black-forest-labs/flux-schnell';
  const doFetch = opts.fetchImpl ?? fetch;
  const headers = { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' };

  async function call(url: string, init: RequestInit, attempt = 0): Promise<Response> {
    const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(70_000) });
    // Like the official client: retry 429 (and 5xx on GET) with backoff, honouring Retry-After.
    if ((res.status === 429 || (res.status >= 500 && (init.method ?? 'GET') === 'GET')) && attempt < 3) {
      const wait = Number(res.headers.get('retry-after')) * 1000 || 500 * 2 ** attempt;
      await new Promise((r) => setTimeout(r, Math.min(wait, 5000)));
      return call(url, init, attempt + 1);
    }
    return res;
  }

  return {
    async generateBackground(prompt, aspectRatio) {
      const started = Date.now();
      const create = await call(`${base}/v1/models/${model}/predictions`, {
        method: 'POST',
        headers: { ...headers, prefer: 'wait=30' },
        body: JSON.stringify({
          input: {
            prompt: backgroundPrompt(prompt),
            aspect_ratio: aspectRatio,
            output_format: 'jpg',
            num_outputs: 1,
          },
        }),
      });
      if (!create.ok) throw new Error(`replicate create failed: ${create.status} ${await create.text()}`);
      let prediction = (await create.json()) as Prediction;
      while (!TERMINAL.has(prediction.status)) {
        if (Date.now() - started > (opts.timeoutMs ?? 120_000))
          throw new Error('replicate prediction timed out');
        await new Promise((r) => setTimeout(r, opts.pollMs ?? 500));
        const url = prediction.urls?.get ?? `${base}/v1/predictions/${prediction.id}`;
        const res = await call(url, { method: 'GET', headers });
        if (!res.ok) throw new Error(`replicate poll failed: ${res.status}`);
        prediction = (await res.json()) as Prediction;
      }
      if (prediction.status !== 'succeeded')
        throw new Error(`replicate prediction ${prediction.status}: ${prediction.error ?? ''}`);
      const output = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
      if (!output) throw new Error('replicate prediction has no output');
      const file = await doFetch(output, { signal: AbortSignal.timeout(60_000) });
      if (!file.ok) throw new Error(`replicate output download failed: ${file.status}`);
      return Buffer.from(await file.arrayBuffer());
    },
  };
}
