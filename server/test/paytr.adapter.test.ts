import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaytr } from './fakes/paytr.fake';
import { paytrProvider } from '../src/adapters/payments/paytr.adapter';
import { PaymentProviderError, type PaymentRequest } from '../src/adapters/payments/payment-provider';
import { createTestApp, createUser, login, type TestContext } from './harness';

const creds = { merchantId: '123456', key: 'KEYKEYKEYKEYKEY1', salt: 'SALTSALTSALTSAL1' };
let fake: Awaited<ReturnType<typeof startFakePaytr>>;
beforeAll(async () => {
  fake = await startFakePaytr(creds);
});
afterAll(async () => fake?.close());

const request: PaymentRequest = {
  merchantOid: 'SUB20250101ABC123',
  email: 'test@example.com',
  userIp: '85.105.10.20',
  amountKurus: 29_900,
  basket: [['Pro Abonelik (1 ay)', 29_900, 1]],
  userName: 'Test Kullanıcı',
  userPhone: '05551234567',
  userAddress: 'İstanbul',
  okUrl: 'https://example.com/payment-success?merchantOid=SUB20250101ABC123',
  failUrl: 'https://example.com/payment-fail?merchantOid=SUB20250101ABC123',
  timeoutMinutes: 30,
};

describe('PayTR adapter against a fake PayTR', () => {
  it('gets an iframe token with a correct HMAC and PayTR field set, never sending key or salt', async () => {
    const provider = paytrProvider({
      baseUrl: fake.baseUrl,
      merchantId: creds.merchantId,
      merchantKey: creds.key,
      merchantSalt: creds.salt,
      testMode: true,
    });
    const { iframeToken } = await provider.createPayment(request);
    expect(iframeToken).toMatch(/^[0-9a-f]{32}$/);
    const sent = fake.received.at(-1)!;
    // The reference vector of protocols.md §5.3: same inputs, same token.
    expect(sent.paytr_token).toBe('bi2RnAcKySbqN9f9eTI21nJZIl3WvyU34pGCBr6kbEE=');
    expect(sent.user_basket).toBe('W1siUHJvIEFib25lbGlrICgxIGF5KSIsIjI5OS4wMCIsMV1d');
    expect(sent).toMatchObject({
      payment_amount: '29900',
      currency: 'TL',
      no_installment: '1',
      max_installment: '0',
      test_mode: '1',
    });
    expect(Object.keys(sent).some((k) => /key|salt/.test(k))).toBe(false);
    expect(JSON.stringify(sent)).not.toContain(creds.key);
    expect(provider.frameBase).toBe(`${fake.baseUrl}/odeme/guvenli`);
  });

  it('surfaces PayTR refusals (wrong key) as a provider error', async () => {
    const provider = paytrProvider({
      baseUrl: fake.baseUrl,
      merchantId: creds.merchantId,
      merchantKey: 'WRONGKEYWRONGKEY',
      merchantSalt: creds.salt,
      testMode: true,
    });
    await expect(provider.createPayment(request)).rejects.toMatchObject({ reason: 'paytr_token is invalid' });
    await expect(provider.createPayment(request)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('subscribe through the paytr provider', () => {
  let ctx: TestContext;
  afterAll(async () => ctx?.close());
  it('returns a payment intent whose token came from PayTR; a PayTR outage is a Turkish 502', async () => {
    ctx = await createTestApp({
      PAYMENT_PROVIDER: 'paytr',
      PAYTR_BASE_URL: fake.baseUrl,
      PAYTR_MERCHANT_ID: creds.merchantId,
      PAYTR_MERCHANT_KEY: creds.key,
      PAYTR_MERCHANT_SALT: creds.salt,
      PAYTR_TIMEOUT_MS: '300',
    });
    const user = await createUser(ctx);
    const token = await login(ctx, user.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      headers: { authorization: `Bearer ${token}` },
      payload: { planType: 'pro' },
    });
    expect(res.statusCode).toBe(200);
    const intent = res.json().paymentIntent;
    expect(intent.iframeToken).toMatch(/^[0-9a-f]{32}$/);
    expect(fake.received.at(-1)!.merchant_oid).toBe(intent.id);
    const config = (await ctx.app.inject({ url: '/api/config' })).json();
    expect(config.paymentFrameBase).toBe(`${fake.baseUrl}/odeme/guvenli`);
    expect(config.paymentFrameOrigins).toContain(fake.baseUrl);
    expect((await ctx.app.inject({ url: '/healthz' })).headers['content-security-policy']).toContain(
      fake.baseUrl,
    );
    const subscribeBasic = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/subscribe',
        headers: { authorization: `Bearer ${token}` },
        payload: { planType: 'basic' },
      });
    // PayTR accepts the connection and never answers: refused after PAYTR_TIMEOUT_MS, not left hanging.
    fake.hang(true);
    const started = Date.now();
    const hung = await subscribeBasic();
    expect(hung.statusCode).toBe(502);
    expect(hung.json().message).toContain('Ödeme sayfası');
    expect(Date.now() - started).toBeLessThan(5_000);
    // PayTR is down altogether.
    await fake.close();
    const down = await subscribeBasic();
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toContain('Ödeme sayfası');
    fake = await startFakePaytr(creds);
  });
});
