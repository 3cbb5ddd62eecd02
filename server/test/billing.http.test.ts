import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, type TestContext, registration } from './harness';
import { paytrNotification } from './fakes/paytr-notify';
import { DEV_PROMO_CODE } from '../src/services/billing/payment.service';
import { tr } from '../../contract/messages.tr';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.services.billing.payments.seedDevPromo();
});
afterAll(async () => ctx?.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const callbackForm = (oid: string, status: 'success' | 'failed', total: string, hash?: string) =>
  paytrNotification(oid, status, total, { hash });

const postCallback = (body: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/paytr/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

/** Starts payment-first registration; returns the order id and the browser's binding cookie. */
async function startRegistration(email: string, extra: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/subscribe',
    payload: { planType: 'pro', billingCycle: 'monthly', registrationData: registration(email), ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const binding = res.cookies.find((c) => c.name === 'pay_bind')!.value;
  return { oid: body.paymentIntent.id as string, intent: body.paymentIntent, binding };
}

describe('payment-first registration', () => {
  it('creates no user before payment; the sandbox frame pays, the callback creates user, plan, quota and invoice', async () => {
    const email = 'odeme.once@example.com';
    const { oid, intent, binding } = await startRegistration(email);
    expect(oid).toMatch(/^SUB[A-Z0-9]+$/);
    expect(intent).toMatchObject({ amount: 25_000, currency: 'TRY' });
    expect(await ctx.services.repos.users.findByEmail(email)).toBeUndefined();

    // Before the callback the page is told to retry.
    const early = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/auto-login-after-payment',
      cookies: { pay_bind: binding },
      payload: { merchantOid: oid },
    });
    expect(early.json()).toMatchObject({ success: false, retry: true });

    const frame = await ctx.app.inject({ url: `/sandbox/paytr/guvenli/${intent.iframeToken}` });
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain('₺250,00');
    // Its form posts with a real Origin (not `null`), which the CSRF check of writes needs.
    expect(frame.headers['referrer-policy']).toBe('same-origin');
    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/paytr/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: intent.iframeToken,
        cc_number: '4355 0843 5508 4358',
        cc_cvv: '000',
      }).toString(),
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/payment-success?merchantOid=${oid}`);

    const user = await ctx.services.repos.users.findByEmail(email);
    expect(user).toMatchObject({ role: 'pro', firstName: 'Can', kvkkAccepted: true });

    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/auto-login-after-payment',
      cookies: { pay_bind: 'another-browser' },
      payload: { merchantOid: oid },
    });
    expect(other.json()).toMatchObject({
      success: false,
      retry: false,
      message: tr.billing.autoLoginOtherBrowser,
    });

    const auto = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/auto-login-after-payment',
      cookies: { pay_bind: binding },
      payload: { merchantOid: oid },
    });
    const body = auto.json();
    expect(body).toMatchObject({ success: true, retry: false, user: { email, role: 'pro' } });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/auto-login-after-payment',
      cookies: { pay_bind: binding },
      payload: { merchantOid: oid },
    });
    expect(again.json()).toMatchObject({ success: false, message: tr.billing.autoLoginUsed });

    const quota = await ctx.app.inject({ url: '/api/quota/status', headers: auth(body.token) });
    expect(quota.json()).toMatchObject({ used: 0, quota: 10, remaining: 10, unlimited: false });
    expect(quota.json().daysUntilReset).toBeGreaterThanOrEqual(28);
    const sub = await ctx.app.inject({ url: '/api/subscription', headers: auth(body.token) });
    expect(sub.json()).toMatchObject({
      hasSubscription: true,
      subscription: { status: 'active', plan: { type: 'pro', canBatchProcess: true } },
    });
    const invoices = (await ctx.app.inject({ url: '/api/user/invoices', headers: auth(body.token) })).json()
      .invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      invoiceType: 'e-arsiv',
      status: 'created',
      totalAmount: 25_000,
      netAmount: 20_833,
      kdvAmount: 4_167,
    });
    const pdf = await ctx.app.inject({ url: invoices[0].invoiceUrl, headers: auth(body.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await createUser(ctx);
    const denied = await ctx.app.inject({
      url: invoices[0].invoiceUrl,
      headers: auth(await login(ctx, stranger.email)),
    });
    expect(denied.statusCode).toBe(404);
  });

  it('refuses a duplicate e-mail before any payment', async () => {
    const existing = await createUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      payload: { planType: 'basic', registrationData: registration(existing.email) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(tr.errors.emailTaken);
  });

  it('requires company name and tax number for the business plan', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      payload: {
        planType: 'business',
        registrationData: { ...registration('kurumsal@example.com'), planType: 'business' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(tr.validation.companyRequired);
  });

  it('a declined card fails the order and lands on /payment-fail with the reason', async () => {
    const { oid, intent, binding } = await startRegistration('reddedilen@example.com');
    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/paytr/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: intent.iframeToken,
        cc_number: '4111111111111111',
        cc_cvv: '123',
      }).toString(),
    });
    expect(pay.headers.location).toMatch(new RegExp(`^/payment-fail\\?merchantOid=${oid}&reason=`));
    expect(await ctx.services.repos.users.findByEmail('reddedilen@example.com')).toBeUndefined();
    const auto = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/auto-login-after-payment',
      cookies: { pay_bind: binding },
      payload: { merchantOid: oid },
    });
    expect(auto.json()).toMatchObject({ success: false, retry: false });
  });
});

describe('PayTR callback', () => {
  it('refuses a forged hash and activates nothing', async () => {
    const { oid } = await startRegistration('sahte@example.com');
    const res = await postCallback(callbackForm(oid, 'success', '25000', 'Zm9yZ2VkLWhhc2g='));
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toBe('OK');
    // Tampering with the amount breaks the hash too.
    const tampered = callbackForm(oid, 'success', '25000').replace('total_amount=25000', 'total_amount=1');
    expect((await postCallback(tampered)).statusCode).toBe(400);
    expect(await ctx.services.repos.users.findByEmail('sahte@example.com')).toBeUndefined();
  });

  it('10 deliveries, out of order, give exactly one activation, one invoice and one quota grant', async () => {
    const user = await createUser(ctx);
    const token = await login(ctx, user.email);
    const sub = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      headers: auth(token),
      payload: { planType: 'basic' },
    });
    const oid = sub.json().paymentIntent.id;
    const success = callbackForm(oid, 'success', '15000');
    const failed = callbackForm(oid, 'failed', '0');
    const deliveries = [
      failed,
      success,
      success,
      failed,
      success,
      success,
      failed,
      success,
      success,
      success,
    ];
    const replies = await Promise.all(deliveries.map(postCallback));
    expect(replies.map((r) => r.body)).toEqual(Array(10).fill('OK'));
    const pack = await ctx.app.inject({
      method: 'POST',
      url: '/api/quota/addon/purchase',
      headers: auth(token),
      payload: { quotaAmount: 5 },
    });
    const packOid = pack.json().paymentIntent.id;
    await Promise.all(
      Array.from({ length: 10 }, () => postCallback(callbackForm(packOid, 'success', '5000'))),
    );

    const invoices = (await ctx.app.inject({ url: '/api/user/invoices', headers: auth(token) })).json()
      .invoices;
    expect(invoices).toHaveLength(2);
    const quota = (await ctx.app.inject({ url: '/api/quota/status', headers: auth(token) })).json();
    expect(quota).toMatchObject({ quota: 10, remaining: 10 }); // 5 basic + one pack of 5
    expect((await ctx.services.repos.users.findById(user.id))?.role).toBe('basic');
    const order = await ctx.services.billing.payments.confirm(oid, user, undefined, 0);
    expect(order).toMatchObject({ success: true, status: 'paid' });
  });
});

describe('quota reservations', () => {
  it('100 concurrent reservations against 5 remaining: exactly 5 succeed, the rest get 429 Quota exceeded', async () => {
    const user = await createUser(ctx);
    const token = await login(ctx, user.email);
    const sub = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      headers: auth(token),
      payload: { planType: 'basic' },
    });
    await postCallback(callbackForm(sub.json().paymentIntent.id, 'success', '15000'));
    const quota = ctx.services.billing.quota;
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        quota.reserve({ id: user.id, role: 'basic', overrideAllAccess: false }, 1, `job-${user.id}-${i}`),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(5);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(
      rejected.every((r) => r.reason.statusCode === 429 && r.reason.message.includes('Quota exceeded')),
    ).toBe(true);
    // A retried job with the same key is not charged twice; commit and release settle once.
    const key = `job-${user.id}-0`;
    const firstKey = (ok[0] as PromiseFulfilledResult<{ key: string }>).value.key;
    await quota.reserve({ id: user.id, role: 'basic', overrideAllAccess: false }, 1, firstKey);
    expect(await quota.commit(firstKey)).toBe(true);
    expect(await quota.commit(firstKey)).toBe(false);
    const status = await quota.status({ id: user.id, role: 'basic', overrideAllAccess: false });
    expect(status).toMatchObject({ used: 1, quota: 5, remaining: 0, reserved: 4 });
    expect(key).toBeTruthy();
  });

  it('gives All-Access users unlimited quota', async () => {
    const user = await createUser(ctx, { overrideAllAccess: true });
    const status = (
      await ctx.app.inject({ url: '/api/quota/status', headers: auth(await login(ctx, user.email)) })
    ).json();
    expect(status).toMatchObject({ unlimited: true, quota: null, remaining: null });
    await ctx.services.billing.quota.reserve(
      { id: user.id, role: 'basic', overrideAllAccess: true },
      3,
      `aa-${user.id}`,
    );
  });

  it('gives admins unlimited quota too, as the photo module and the web already treat them (one rule)', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const status = (
      await ctx.app.inject({ url: '/api/quota/status', headers: auth(await login(ctx, admin.email)) })
    ).json();
    expect(status).toMatchObject({ unlimited: true, quota: null, remaining: null });
    const hold = await ctx.services.billing.quota.reserve(admin, 5, `admin-${admin.id}`);
    expect(hold.unlimited).toBe(true);
  });
});

describe('orders and promo codes', () => {
  it('refuses auto-login for an expired pending order and the sandbox frame refuses it too', async () => {
    const { oid, intent, binding } = await startRegistration('gec.kalan@example.com');
    await ctx.services.billing.payments.rollPeriods(); // nothing expires yet
    const repo = (await import('../src/repositories/payment-order.repository')).paymentOrderRepository(
      ctx.database.db,
    );
    await repo.update(oid, { expiresAt: new Date(Date.now() - 1000) });
    const auto = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/auto-login-after-payment',
      cookies: { pay_bind: binding },
      payload: { merchantOid: oid },
    });
    expect(auto.json()).toMatchObject({ success: false, retry: false, message: tr.billing.orderExpired });
    const { expiredOrders } = await ctx.services.billing.payments.rollPeriods();
    expect(expiredOrders).toBeGreaterThanOrEqual(1);
    expect((await repo.find(oid))?.status).toBe('expired');
    expect(intent.iframeToken).toBeTruthy();
  });

  it('validates promo codes with the spec messages and applies the discount server-side', async () => {
    const check = (code: string, planType = 'pro') =>
      ctx.app
        .inject({ method: 'POST', url: '/api/payments/validate-promo', payload: { code, planType } })
        .then((r) => r.json());
    expect(await check('')).toMatchObject({ valid: false, error: 'Promosyon kodu girin' });
    expect(await check('YOKBOYLEKOD')).toMatchObject({ valid: false, error: 'Geçersiz promosyon kodu' });
    expect(await check(DEV_PROMO_CODE, 'basic')).toMatchObject({ valid: false });
    expect(await check(DEV_PROMO_CODE.toLowerCase())).toMatchObject({
      valid: true,
      pricing: { originalPrice: 25_000, discount: 5_000, discountedPrice: 20_000 },
    });
    const { intent } = await startRegistration('promo@example.com', { promoCode: DEV_PROMO_CODE });
    expect(intent.amount).toBe(20_000);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      payload: {
        planType: 'pro',
        promoCode: 'YOKBOYLEKOD',
        registrationData: registration('promo2@example.com'),
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Geçersiz promosyon kodu');
  });

  it('upgrades monthly -> yearly now with credit, and refuses buying the current plan again', async () => {
    const user = await createUser(ctx);
    const token = await login(ctx, user.email);
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      headers: auth(token),
      payload: { planType: 'pro' },
    });
    await postCallback(callbackForm(first.json().paymentIntent.id, 'success', '25000'));
    const same = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      headers: auth(token),
      payload: { planType: 'pro', billingCycle: 'monthly' },
    });
    expect(same.statusCode).toBe(409);
    const yearly = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      headers: auth(token),
      payload: { planType: 'pro', billingCycle: 'yearly' },
    });
    const intent = yearly.json().paymentIntent;
    expect(intent.amount).toBeLessThan(270_000);
    expect(intent.amount).toBeGreaterThan(270_000 - 25_000 - 1);
    await postCallback(callbackForm(intent.id, 'success', String(intent.amount)));
    const sub = (await ctx.app.inject({ url: '/api/subscription', headers: auth(token) })).json()
      .subscription;
    expect(sub).toMatchObject({ billingCycle: 'yearly', plan: { type: 'pro' } });
    const end = new Date(sub.periodEnd).getTime();
    expect(end - Date.now()).toBeGreaterThan(360 * 86_400_000);
  });

  it('requires sign-in for packs and an active plan', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/quota/addon/purchase',
          payload: { quotaAmount: 5 },
        })
      ).statusCode,
    ).toBe(401);
    const user = await createUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/quota/addon/purchase',
      headers: auth(await login(ctx, user.email)),
      payload: { quotaAmount: 7 },
    });
    expect(res.statusCode).toBe(400);
  });
});
