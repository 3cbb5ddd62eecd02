import { describe, expect, it } from 'vitest';
import { DEV_PAYTR, EnvError, loadSettings } from '../src/config/env';
import { sandboxProvider } from '../src/adapters/payments/sandbox.adapter';

const REAL_PAYTR = {
  PAYMENT_PROVIDER: 'paytr',
  PAYTR_MERCHANT_ID: '123456',
  PAYTR_MERCHANT_KEY: 'K'.repeat(16),
  PAYTR_MERCHANT_SALT: 'S'.repeat(16),
};

describe('environment', () => {
  it('has working embedded defaults', () => {
    const s = loadSettings({});
    expect(s.port).toBe(3000);
    expect(s.databaseUrl).toBeUndefined();
    expect(s.roles).toEqual({ api: true, worker: true });
    expect(s.dataDir).toMatch(/data$/);
    expect(s.google).toBeNull();
    expect(s.publicUrl).toBe('http://localhost:3000');
  });

  it('lists every bad variable at once', () => {
    let err: unknown;
    try {
      loadSettings({
        PORT: 'abc',
        ROLES: 'api,cook',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        GOOGLE_CLIENT_ID: 'only-id',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EnvError);
    const problems = (err as EnvError).problems.join('\n');
    for (const name of ['PORT', 'ROLES', 'DATABASE_URL', 'LOG_LEVEL', 'GOOGLE_CLIENT_SECRET']) {
      expect(problems).toContain(name);
    }
  });

  it('requires a real cookie secret in production', () => {
    expect(() => loadSettings({ NODE_ENV: 'production' })).toThrow(/COOKIE_SECRET/);
    expect(loadSettings({ NODE_ENV: 'production', COOKIE_SECRET: 'x'.repeat(40), ...REAL_PAYTR }).env).toBe(
      'production',
    );
  });

  it('fails closed in production: no sandbox without an explicit opt-in, never the published dev key', () => {
    const prod = { NODE_ENV: 'production', COOKIE_SECRET: 'x'.repeat(40) };
    expect(() => loadSettings(prod)).toThrow(/PAYMENT_PROVIDER: the sandbox takes no money/);
    expect(() => loadSettings(prod)).toThrow(/PAYTR_MERCHANT_KEY: the published development key/);
    // The opt-in lets a demo run the sandbox, but only with its own key and salt.
    const optIn = { ...prod, PAYMENT_SANDBOX_IN_PRODUCTION: 'true' };
    expect(() => loadSettings(optIn)).toThrow(/PAYTR_MERCHANT_KEY/);
    expect(() =>
      loadSettings({ ...optIn, PAYTR_MERCHANT_KEY: DEV_PAYTR.key, PAYTR_MERCHANT_SALT: 'S'.repeat(16) }),
    ).toThrow(/PAYTR_MERCHANT_KEY/);
    const demo = loadSettings({
      ...optIn,
      PAYTR_MERCHANT_KEY: 'K'.repeat(16),
      PAYTR_MERCHANT_SALT: 'S'.repeat(16),
    });
    expect(demo.payments).toMatchObject({ provider: 'sandbox', sandboxInProduction: true });
    const real = loadSettings({ ...prod, ...REAL_PAYTR });
    expect(real.payments).toMatchObject({ provider: 'paytr', sandboxInProduction: false });
    // The sandbox adapter itself refuses the dev key in production, whatever built its settings.
    expect(() =>
      sandboxProvider({
        publicUrl: 'https://example.com',
        merchantId: DEV_PAYTR.merchantId,
        merchantKey: DEV_PAYTR.key,
        merchantSalt: DEV_PAYTR.salt,
        production: true,
      }),
    ).toThrow(/development merchant key/);
  });

  it('requires real PayTR credentials when the paytr provider is chosen', () => {
    expect(() => loadSettings({ PAYMENT_PROVIDER: 'paytr' })).toThrow(
      /PAYTR_MERCHANT_KEY[\s\S]*PAYTR_MERCHANT_SALT/,
    );
    expect(loadSettings({}).payments.provider).toBe('sandbox');
  });

  it('parses worker-only roles', () => {
    expect(loadSettings({ ROLES: 'worker' }).roles).toEqual({ api: false, worker: true });
  });
});
