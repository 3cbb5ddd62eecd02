import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, TEST_PASSWORD, type TestContext, loginAttempt } from './harness';
import { startFakeOidcProvider } from './fakes/oidc-provider.fake';
import { paytrCallbackHashOf } from './fakes/paytr-notify';
import { DEV_PAYTR } from '../src/config/env';

/**
 * The attacks of issue 14, each as the attacker would send it. Every test here failed on the code before
 * the fix (account takeover through Google, same-site CSRF, X-Forwarded-For spoofing, lock-out and races,
 * and account enumeration); they pin the fixed behaviour.
 */

const ORIGIN = 'http://localhost:3000';
const sameOrigin = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' };

const registration = (email: string) => ({
  email,
  password: 'saldirgan-sifre-1',
  confirmPassword: 'saldirgan-sifre-1',
  phone: '05321234567',
  firstName: 'Sahte',
  lastName: 'Kişi',
  kvkkAccepted: true,
});

function paidCallback(oid: string, total: string) {
  return new URLSearchParams({
    merchant_oid: oid,
    status: 'success',
    total_amount: total,
    hash: paytrCallbackHashOf(oid, 'success', total, DEV_PAYTR.key, DEV_PAYTR.salt),
    test_mode: '1',
    payment_type: 'card',
    currency: 'TL',
    payment_amount: total,
  }).toString();
}

/** Payment-first sign-up as the product offers it to anyone: pay, and the account exists (unverified). */
async function registerByPaying(ctx: TestContext, email: string, remoteAddress = '192.0.2.50') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/subscribe',
    remoteAddress,
    headers: sameOrigin,
    payload: { planType: 'basic', billingCycle: 'monthly', registrationData: registration(email) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const intent = res.json().paymentIntent;
  const cb = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/paytr/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: paidCallback(intent.id, String(intent.amount)),
  });
  expect(cb.body).toBe('OK');
}

describe('attack 1: account takeover through Google sign-in', () => {
  const victim = { sub: 'victim-google-sub', email: 'kurban@gmail.test', email_verified: true };
  let ctx: TestContext;
  let provider: Awaited<ReturnType<typeof startFakeOidcProvider>>;
  beforeAll(async () => {
    provider = await startFakeOidcProvider({ clientId: 'c', clientSecret: 's', user: victim });
    ctx = await createTestApp({
      GOOGLE_CLIENT_ID: 'c',
      GOOGLE_CLIENT_SECRET: 's',
      GOOGLE_ISSUER: provider.issuer,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await provider?.close();
  });

  async function googleSignIn() {
    const start = await ctx.app.inject({ url: '/api/auth/google' });
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const cb = new URL(consent.headers.get('location')!);
    return ctx.app.inject({
      url: cb.pathname + cb.search,
      cookies: { google_oidc: start.cookies.find((c) => c.name === 'google_oidc')!.value },
    });
  }

  it("an attacker who signed up with the victim's address first gets nothing when the victim uses Google", async () => {
    await registerByPaying(ctx, victim.email);
    const attackerToken = await login(ctx, victim.email, 'saldirgan-sifre-1');

    const res = await googleSignIn();
    // The victim is told what to do instead of being signed into the attacker's account.
    expect(res.headers.location).toBe('/login?error=google_link');
    expect(res.cookies.find((c) => c.name === 'session' && c.value)).toBeUndefined();
    const account = await ctx.services.repos.users.findByEmail(victim.email);
    expect(account?.googleSub).toBeNull();
    // The attacker's session is still only the attacker's own unverified account, with no Google identity.
    const me = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${attackerToken}` },
    });
    expect(me.json().user.emailVerified).toBe(false);
  });

  it('links once the address is verified, or when the Google user proves the password', async () => {
    const p2 = await startFakeOidcProvider({
      clientId: 'c',
      clientSecret: 's',
      user: { sub: 'sub-verified', email: 'dogrulanmis@gmail.test', email_verified: true },
    });
    const c2 = await createTestApp({
      GOOGLE_CLIENT_ID: 'c',
      GOOGLE_CLIENT_SECRET: 's',
      GOOGLE_ISSUER: p2.issuer,
    });
    try {
      const verified = await createUser(c2, { email: 'dogrulanmis@gmail.test', emailVerifiedAt: new Date() });
      const start = await c2.app.inject({ url: '/api/auth/google' });
      const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
      const cb = new URL(consent.headers.get('location')!);
      const res = await c2.app.inject({
        url: cb.pathname + cb.search,
        cookies: { google_oidc: start.cookies.find((c) => c.name === 'google_oidc')!.value },
      });
      expect(res.headers.location).toBe('/dashboard?login=google');
      expect((await c2.services.repos.users.findById(verified.id))?.googleSub).toBe('sub-verified');
    } finally {
      await c2.close();
      await p2.close();
    }

    // Unverified, but the person at Google knows the password: signing in with it links the two.
    const p3 = await startFakeOidcProvider({
      clientId: 'c',
      clientSecret: 's',
      user: { sub: 'sub-owner', email: 'sahibi@gmail.test', email_verified: true },
    });
    const c3 = await createTestApp({
      GOOGLE_CLIENT_ID: 'c',
      GOOGLE_CLIENT_SECRET: 's',
      GOOGLE_ISSUER: p3.issuer,
    });
    try {
      const owner = await createUser(c3, { email: 'sahibi@gmail.test' });
      const start = await c3.app.inject({ url: '/api/auth/google' });
      const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
      const cb = new URL(consent.headers.get('location')!);
      const res = await c3.app.inject({
        url: cb.pathname + cb.search,
        cookies: { google_oidc: start.cookies.find((c) => c.name === 'google_oidc')!.value },
      });
      expect(res.headers.location).toBe('/login?error=google_link');
      const pending = res.cookies.find((c) => c.name === 'google_link');
      expect(pending?.httpOnly).toBe(true);
      const wrong = await c3.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: sameOrigin,
        cookies: { google_link: pending!.value },
        payload: { email: owner.email, password: 'yanlis-sifre-9' },
      });
      expect(wrong.statusCode).toBe(401);
      expect((await c3.services.repos.users.findById(owner.id))?.googleSub).toBeNull();
      const right = await c3.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: sameOrigin,
        cookies: { google_link: pending!.value },
        payload: { email: owner.email, password: TEST_PASSWORD },
      });
      expect(right.statusCode).toBe(200);
      const linked = await c3.services.repos.users.findById(owner.id);
      expect(linked?.googleSub).toBe('sub-owner');
      expect(linked?.emailVerifiedAt).toBeInstanceOf(Date);
    } finally {
      await c3.close();
      await p3.close();
    }
  });
});

describe('attacks 2-5 on one app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  describe('attack 2: same-site CSRF', () => {
    it('refuses a cookie-authenticated POST from another port or subdomain of the same site', async () => {
      const user = await createUser(ctx);
      const token = await login(ctx, user.email);
      for (const headers of [
        { origin: 'http://localhost:3001', 'sec-fetch-site': 'same-site' },
        { origin: 'http://evil.localhost:3000' },
        { 'sec-fetch-site': 'cross-site' },
        {}, // a cookie and neither header: not a browser we can vouch for
      ]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/subscription/cancel',
          cookies: { session: token },
          headers,
        });
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json().code).toBe('CSRF_REJECTED');
      }
      // A page opened on another address of this same server (127.0.0.1 vs PUBLIC_URL's localhost) is
      // same-origin with the API it calls.
      const otherAddress = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        cookies: { session: token },
        headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' },
      });
      expect(otherAddress.statusCode).not.toBe(403);
      const spoofedHost = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        cookies: { session: token },
        headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3001' },
      });
      expect(spoofedHost.statusCode).toBe(403);
      // The app's own pages pass, and API clients with a Bearer token (no cookie) are not CSRF-able.
      const own = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        cookies: { session: token },
        headers: sameOrigin,
      });
      expect(own.statusCode).not.toBe(403);
      const bearer = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(bearer.statusCode).not.toBe(403);
    });

    it('JSON routes refuse form and multipart bodies (no HTML form can post them)', async () => {
      const user = await createUser(ctx);
      const form = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: user.email, password: TEST_PASSWORD }).toString(),
      });
      expect(form.statusCode).toBe(415);
      const multipart = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/validate-promo',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="code"\r\n\r\nHOSGELDIN20\r\n--x--\r\n',
      });
      expect(multipart.statusCode).toBe(415);
      const plain = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'text/plain' },
        payload: '{"name":"a"}',
      });
      expect(plain.statusCode).toBe(415);
    });

    it('a cross-site logout form is refused; a real logout revokes the session, not just the cookie', async () => {
      const user = await createUser(ctx);
      const token = await login(ctx, user.email);
      const forged = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.cookies.find((c) => c.name === 'session')).toBeUndefined();

      const out = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { session: token },
        headers: sameOrigin,
      });
      expect(out.statusCode).toBe(200);
      const me = await ctx.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(401);
    });
  });

  describe('attack 4: throttles', () => {
    it('wrong passwords from strangers on other IPs do not lock the owner out', async () => {
      const owner = await createUser(ctx);
      for (let i = 0; i < 8; i++) {
        await loginAttempt(ctx, owner.email, `yanlis-${i}`, `198.18.0.${i + 1}`);
      }
      const right = await loginAttempt(ctx, owner.email, TEST_PASSWORD, '203.0.113.77');
      expect(right.statusCode).toBe(200);
    });

    it('30 parallel wrong guesses from one place get exactly 5 checked', async () => {
      const user = await createUser(ctx);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => loginAttempt(ctx, user.email, `paralel-${i}`, '198.19.0.9')),
      );
      const checked = results.filter((r) => r.statusCode === 401).length;
      const refused = results.filter((r) => r.statusCode === 429).length;
      expect(checked).toBe(5);
      expect(refused).toBe(25);
    });

    it('30 parallel contact messages store exactly the limit', async () => {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/contact',
            remoteAddress: '198.19.1.1',
            payload: {
              name: 'Yarış',
              email: 'yaris@example.com',
              category: 'support',
              subject: `Konu ${i}`,
              message: 'Aynı anda gönderilen mesaj.',
            },
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201).length).toBe(5);
      expect(results.filter((r) => r.statusCode === 429).length).toBe(25);
    });

    it('anonymous checkouts from one IP are throttled before any password is hashed', async () => {
      const results: number[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/payments/subscribe',
          remoteAddress: '198.19.2.2',
          payload: {
            planType: 'basic',
            billingCycle: 'monthly',
            registrationData: registration(`yigin${i}@example.com`),
          },
        });
        results.push(res.statusCode);
      }
      expect(results.filter((s) => s === 200).length).toBe(20);
      expect(results.slice(20).every((s) => s === 429)).toBe(true);
      // Only the accepted ones left an order (and so a hash) behind.
      const orders = (await ctx.database.db.execute(
        "select count(*)::int as n from payment_orders where user_ip = '198.19.2.2'",
      )) as unknown as { rows: { n: number }[] };
      expect(orders.rows[0].n).toBe(20);
    });
  });

  describe('attack 5: no account creation without payment, no e-mail enumeration', () => {
    it('/api/auth/register no longer creates accounts', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: registration('bedava@example.com'),
      });
      expect(res.statusCode).toBe(404);
      expect(await ctx.services.repos.users.findByEmail('bedava@example.com')).toBeUndefined();
    });

    it('forgot-password and login answer the same whether or not the address has an account', async () => {
      const user = await createUser(ctx);
      const known = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '198.19.3.1',
        payload: { email: user.email },
      });
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '198.19.3.1',
        payload: { email: 'hic-kayitli-degil@example.com' },
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
    });
  });
});

describe('attack 3: TRUST_PROXY honours only the configured hops', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => ctx?.close());

  it('rotating the client-controlled left-most X-Forwarded-For does not dodge the per-IP limit', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.2', // the load balancer
        headers: { 'x-forwarded-for': `7.7.${i}.${i}, 198.51.100.20` },
        payload: { email: `sprey${i}@example.com`, password: 'yanlis-sifre' },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
    // Another real client behind the same balancer is unaffected.
    const user = await createUser(ctx);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.20, 198.51.100.21' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(other.statusCode).toBe(200);
  });
});
