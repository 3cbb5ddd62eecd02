import { describe, expect, it } from 'vitest';
import { EnvError, loadSettings } from '../src/config/env';

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
    expect(loadSettings({ NODE_ENV: 'production', COOKIE_SECRET: 'x'.repeat(40) }).env).toBe('production');
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
