import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';
import { tr } from '../../contract/messages.tr';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  const tmp = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'oto-dist-'));
  dist = tmp;
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="tr"><div id="root"></div></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  ctx = await createTestApp({ WEB_DIST_DIR: dist }, (app) =>
    app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail: password=hunter2');
    }),
  );
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('platform', () => {
  it('/healthz reports the database is reachable', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sets security headers and a request id on every response', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hides internals of a 5xx behind a Turkish message', async () => {
    const res = await ctx.app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: tr.errors.internal,
      code: 'INTERNAL_ERROR',
      requestId: res.headers['x-request-id'],
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers unknown API paths with the JSON error', async () => {
    const res = await ctx.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: tr.errors.notFound });
  });

  it('serves the app for client routes (200) and unknown paths (404), and static assets', async () => {
    for (const route of ['/', '/dashboard', '/editor', '/new', '/login', '/payment-success', '/admin']) {
      const res = await ctx.app.inject({ url: `${route}?x=1` });
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const missing = await ctx.app.inject({ url: '/bu-sayfa-yok' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
    const asset = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('reports whether Google sign-in is configured', async () => {
    const res = await ctx.app.inject({ url: '/api/config' });
    expect(res.json()).toMatchObject({ googleEnabled: false, freePromptMode: 'local' });
    const start = await ctx.app.inject({ url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/login?error=google_disabled');
  });
});
