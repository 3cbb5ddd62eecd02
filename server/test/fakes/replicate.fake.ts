import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * Replicate's predictions API on loopback (protocols.md §5.2): bearer auth, input validation per model,
 * `Prefer: wait`, status advancing starting -> processing -> succeeded on each poll, output file served here.
 * A prompt containing 'FAIL' makes the prediction fail.
 */
export async function startFakeReplicate(opts: { token: string; image: Buffer }) {
  const predictions = new Map<string, { status: string; input: Record<string, unknown>; polls: number }>();
  const created: Record<string, unknown>[] = [];
  let base = '';
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const view = (id: string) => {
    const p = predictions.get(id)!;
    return {
      id,
      status: p.status,
      input: p.input,
      output: p.status === 'succeeded' ? [`${base}/files/${id}.jpg`] : null,
      error: p.status === 'failed' ? 'NSFW or model error' : null,
      urls: {
        get: `${base}/v1/predictions/${id}`,
        cancel: `${base}/v1/predictions/${id}/cancel`,
        web: `${base}/p/${id}`,
      },
    };
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = req.url ?? '';
      if (url.startsWith('/files/'))
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(opts.image);
      if (req.headers.authorization !== `Bearer ${opts.token}`)
        return json(res, 401, { detail: 'Invalid token' });
      const create = url.match(/^\/v1\/models\/[\w.-]+\/[\w.-]+\/predictions$/);
      if (create && req.method === 'POST') {
        const parsed = JSON.parse(body || '{}') as { input?: Record<string, unknown> };
        const input = parsed.input ?? {};
        if (typeof input.prompt !== 'string' || !input.prompt)
          return json(res, 422, { detail: 'input.prompt is required' });
        const unknown = Object.keys(input).filter(
          (k) => !['prompt', 'aspect_ratio', 'output_format', 'num_outputs', 'seed'].includes(k),
        );
        if (unknown.length) return json(res, 422, { detail: `unknown input: ${unknown.join(',')}` });
        created.push(input);
        const id = randomBytes(8).toString('hex');
        const fail = String(input.prompt).includes('FAIL');
        // Prefer: wait completes at once unless the model "takes longer" (fail mode stays async).
        const wait = /^wait/.test(String(req.headers.prefer ?? ''));
        predictions.set(id, { status: wait && !fail ? 'succeeded' : 'starting', input, polls: 0 });
        if (fail) predictions.get(id)!.status = 'processing';
        return json(res, 201, view(id));
      }
      const get = url.match(/^\/v1\/predictions\/(\w+)$/);
      if (get && req.method === 'GET' && predictions.has(get[1])) {
        const p = predictions.get(get[1])!;
        p.polls += 1;
        if (String(p.input.prompt).includes('FAIL')) p.status = 'failed';
        else if (p.status === 'starting') p.status = 'processing';
        else if (p.status === 'processing') p.status = 'succeeded';
        return json(res, 200, view(get[1]));
      }
      return json(res, 404, { detail: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl: base, created, close: () => new Promise<void>((r) => server.close(() => r())) };
}
