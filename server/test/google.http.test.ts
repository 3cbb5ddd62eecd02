import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from './harness';
import { startFakeOidcProvider } from './fakes/oidc-provider.fake';

let ctx: TestContext;
let provider: Awaited<ReturnType<typeof startFakeOidcProvider>>;
const user = {
  sub: 'google-sub-42',
  email: 'mehmet@gmail.test',
  email_verified: true,
  given_name: 'Mehmet',
  family_name: 'Demir',
};

beforeAll(async () => {
  provider = await startFakeOidcProvider({ clientId: 'oto-client', clientSecret: 'oto-secret', user });
  ctx = await createTestApp({
    GOOGLE_CLIENT_ID: 'oto-client',
    GOOGLE_CLIENT_SECRET: 'oto-secret',
    GOOGLE_ISSUER: provider.issuer,
    PUBLIC_URL: 'http://localhost:3999',
  });
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

/** Runs the browser's part: start, follow the provider's redirect, come back with the signed cookie. */
async function signIn(tamper?: (callback: URL) => void) {
  const start = await ctx.app.inject({ url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(provider.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3999/api/auth/google/callback');
  const pendingCookie = start.cookies.find((c) => c.name === 'google_oidc');
  expect(pendingCookie?.httpOnly).toBe(true);

  const consent = await fetch(authorize, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  tamper?.(callback);
  return ctx.app.inject({
    url: callback.pathname + callback.search,
    cookies: { google_oidc: pendingCookie!.value },
  });
}

describe('Google sign-in against a local OIDC provider', () => {
  it('creates the account on first sign-in and sets a working session cookie', async () => {
    const res = await signIn();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard?login=google');
    const session = res.cookies.find((c) => c.name === 'session');
    expect(session?.value).toBeTruthy();
    const me = await ctx.app.inject({ url: '/api/auth/me', cookies: { session: session!.value } });
    expect(me.json().user).toMatchObject({ email: user.email, firstName: 'Mehmet', lastName: 'Demir' });
    expect((await ctx.app.inject({ url: '/api/config' })).json()).toMatchObject({ googleEnabled: true });
  });

  it('signs the same person in again without a duplicate account', async () => {
    const res = await signIn();
    expect(res.statusCode).toBe(302);
    const found = await ctx.services.repos.users.findByGoogleSub(user.sub);
    expect(found?.email).toBe(user.email);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const res = await signIn((cb) => cb.searchParams.set('state', 'forged-state'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=google');
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('refuses a callback without the signed pending cookie', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/google/callback?code=abc&state=def' });
    expect(res.headers.location).toBe('/login?error=google');
  });

  it('links an existing password account with the same verified e-mail', async () => {
    await ctx.close();
    const other = await startFakeOidcProvider({
      clientId: 'c2',
      clientSecret: 's2',
      user: { sub: 'sub-link', email: 'linked@example.com', email_verified: true },
    });
    ctx = await createTestApp({
      GOOGLE_CLIENT_ID: 'c2',
      GOOGLE_CLIENT_SECRET: 's2',
      GOOGLE_ISSUER: other.issuer,
    });
    const existing = await createUser(ctx, { email: 'linked@example.com', emailVerifiedAt: new Date() });
    const start = await ctx.app.inject({ url: '/api/auth/google' });
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const cb = new URL(consent.headers.get('location')!);
    const res = await ctx.app.inject({
      url: cb.pathname + cb.search,
      cookies: { google_oidc: start.cookies.find((c) => c.name === 'google_oidc')!.value },
    });
    expect(res.headers.location).toBe('/dashboard?login=google');
    expect((await ctx.services.repos.users.findById(existing.id))?.googleSub).toBe('sub-link');
    await other.close();
  });
});
