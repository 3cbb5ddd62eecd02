import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, createUser, login, TEST_PASSWORD, type TestContext, loginAttempt } from './harness';
import { hashToken } from '../src/services/auth/passwords';
import { tr } from '../../contract/messages.tr';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('login, me and logout', () => {
  it('logs in, authenticates by bearer and by cookie, and revokes the session on logout', async () => {
    const user = await createUser(ctx);
    const res = await loginAttempt(ctx, user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token, user: returned, success } = res.json();
    expect(success).toBe(true);
    expect(returned.id).toBe(user.id);

    const byBearer = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.json()).toMatchObject({ success: true, user: { id: user.id } });
    const byCookie = await ctx.app.inject({ url: '/api/auth/me', cookies: { session: token } });
    expect(byCookie.statusCode).toBe(200);

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'session')?.value).toBe('');
    const after = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_INVALID');
  });

  it('answers an unknown e-mail and a wrong password the same way', async () => {
    const user = await createUser(ctx);
    const unknown = await loginAttempt(ctx, 'nobody@example.com', 'whatever-1');
    const wrong = await loginAttempt(ctx, user.email, 'yanlis-sifre');
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: tr.errors.invalidCredentials,
      });
    }
  });

  it('throttles wrong passwords per account and address: the sixth try from the same place is refused', async () => {
    const user = await createUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await loginAttempt(ctx, user.email, `yanlis-${i}`, '10.0.0.1');
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const right = await loginAttempt(ctx, user.email, TEST_PASSWORD, '10.0.0.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/Çok fazla başarısız giriş denemesi\. Lütfen \d+ dakika sonra/);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // The owner elsewhere is not locked out by someone else's guesses.
    const elsewhere = await loginAttempt(ctx, user.email, TEST_PASSWORD, '10.0.0.99');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('throttles one IP that tries many accounts', async () => {
    const ip = '203.0.113.9';
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const res = await loginAttempt(ctx, `spray${i}@example.com`, 'yanlis-sifre', ip);
      last = res.statusCode;
    }
    expect(last).toBe(429);
    const user = await createUser(ctx);
    const other = await loginAttempt(ctx, user.email, TEST_PASSWORD, '198.51.100.7');
    expect(other.statusCode).toBe(200);
  });

  it('refuses forged and expired tokens with a Turkish 401', async () => {
    const forged = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: 'Bearer forged-token' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'SESSION_INVALID', message: tr.errors.sessionInvalid });

    const user = await createUser(ctx);
    const token = 'expired-token-' + randomUUID();
    await ctx.services.repos.sessions.insert({
      id: randomUUID(),
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const expired = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expired.statusCode).toBe(401);

    const none = await ctx.app.inject({ url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHORIZED');
  });

  it('logs in again after logout with a fresh token', async () => {
    const user = await createUser(ctx);
    const t1 = await login(ctx, user.email);
    const t2 = await login(ctx, user.email);
    expect(t1).not.toBe(t2);
  });
});

describe('bad input never gives a 500', () => {
  it('malformed JSON -> 400 INVALID_JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON', message: tr.errors.invalidJson });
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });

  it('missing fields -> 400 with a Turkish message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/E-posta adresi gerekli|Geçersiz/);
    const noBody = await ctx.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(noBody.statusCode).toBe(400);
  });

  it('a 10 MB body -> 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'BODY_TOO_LARGE', message: tr.errors.bodyTooLarge });
  });

  it('a non-JSON content type -> 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
  });
});
