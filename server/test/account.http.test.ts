import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, TEST_PASSWORD, type TestContext, loginAttempt } from './harness';
import { decodeQuotedPrintable, linkIn, startFakeSmtp } from './fakes/smtp.fake';
import { paytrCallbackHashOf } from './fakes/paytr-notify';
import { DEV_PAYTR } from '../src/config/env';
import { tr } from '../../contract/messages.tr';
import { waitUntil } from './wait-until';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Oto Stüdyo <no-reply@oto.test>',
    PUBLIC_URL: 'http://localhost:3000',
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) });

/** Payment-first sign-up: subscribe anonymously, PayTR reports success, the account exists with an invoice. */
async function paidAccount(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/subscribe',
    remoteAddress: `192.0.2.${Math.floor(Math.random() * 200) + 1}`,
    payload: {
      planType: 'basic',
      billingCycle: 'monthly',
      registrationData: {
        email,
        password: 'ilk-sifre-123',
        confirmPassword: 'ilk-sifre-123',
        phone: '05321234567',
        firstName: 'Deniz',
        lastName: 'Ödeyen',
        kvkkAccepted: true,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const intent = res.json().paymentIntent;
  const total = String(intent.amount);
  const cb = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/paytr/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      merchant_oid: intent.id,
      status: 'success',
      total_amount: total,
      hash: paytrCallbackHashOf(intent.id, 'success', total, DEV_PAYTR.key, DEV_PAYTR.salt),
      test_mode: '1',
      payment_type: 'card',
      currency: 'TL',
      payment_amount: total,
    }).toString(),
  });
  expect(cb.body).toBe('OK');
  return login(ctx, email, 'ilk-sifre-123');
}

describe('password reset by e-mail over real SMTP', () => {
  it('mails a single-use link; the reset signs out every device and only the new password works', async () => {
    const user = await createUser(ctx, { firstName: 'Elif' });
    const oldSession = await login(ctx, user.email);
    const before = smtp.received.length;

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email.toUpperCase() },
    });
    expect(res.json()).toEqual({ success: true, message: tr.account.forgotSent });

    const mail = await smtp.waitFor(user.email, 10_000, before);
    expect(mail.from).toBe('no-reply@oto.test');
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('Merhaba Elif,');
    expect(body).toContain(tr.mail.resetBody);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const link = linkIn(mail, '/sifre-sifirla?token=');
    expect(link.origin).toBe('http://localhost:3000');
    const token = link.searchParams.get('token')!;
    // Only the hash is stored.
    const rows = (await ctx.database.db.execute(
      `select token_hash from auth_tokens where user_id = '${user.id}'`,
    )) as unknown as { rows: { token_hash: string }[] };
    expect(rows.rows.map((r) => r.token_hash)).not.toContain(token);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'yepyeni-sifre-9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(oldSession)).statusCode).toBe(401);
    const oldPw = await loginAttempt(ctx, user.email, TEST_PASSWORD);
    expect(oldPw.statusCode).toBe(401);
    const fresh = await login(ctx, user.email, 'yepyeni-sifre-9');
    expect((await me(fresh)).json().user.emailVerified).toBe(true);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'baska-sifre-99' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID', message: tr.account.resetInvalid });
  });

  it('sends nothing for an unknown address, and an expired link is refused', async () => {
    const before = smtp.received.length;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'kimse@example.com' },
    });

    const user = await createUser(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const token = linkIn(
      await smtp.waitFor(user.email, 10_000, before),
      '/sifre-sifirla?token=',
    ).searchParams.get('token')!;
    // The known address's mail, asked for after the unknown one, has arrived: none went to the unknown one
    // (waited on that mail, not on a fixed time).
    expect(smtp.received.slice(before).some((m) => m.to.includes('kimse@example.com'))).toBe(false);
    await ctx.database.db.execute(
      `update auth_tokens set expires_at = now() - interval '1 minute' where user_id = '${user.id}'`,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'yepyeni-sifre-9' },
    });
    expect(res.statusCode).toBe(400);
  });

  it("closes the takeover for good: the real owner's reset throws the squatter out", async () => {
    const squatter = await paidAccount('gercek.sahip@example.com');
    const before = smtp.received.length;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'gercek.sahip@example.com' },
    });
    const token = linkIn(
      await smtp.waitFor('gercek.sahip@example.com', 10_000, before),
      '/sifre-sifirla?token=',
    ).searchParams.get('token')!;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'sahibin-sifresi-1' },
    });
    expect((await me(squatter)).statusCode).toBe(401);
    const squatterLogin = await loginAttempt(ctx, 'gercek.sahip@example.com', 'ilk-sifre-123');
    expect(squatterLogin.statusCode).toBe(401);
  });
});

describe('e-mail verification', () => {
  it('mails a link on request; opening it marks the address verified', async () => {
    const user = await createUser(ctx);
    const token = await login(ctx, user.email);
    expect((await me(token)).json().user.emailVerified).toBe(false);
    const before = smtp.received.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({ success: true, message: tr.account.verifySent });
    const mail = await smtp.waitFor(user.email, 10_000, before);
    expect(decodeQuotedPrintable(mail.raw)).toContain(tr.mail.verifyBody);
    const link = linkIn(mail, '/eposta-dogrula?token=');
    const verify = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: link.searchParams.get('token') },
    });
    expect(verify.json()).toMatchObject({ success: true, message: tr.account.verifyDone });
    expect((await me(token)).json().user.emailVerified).toBe(true);
  });
});

describe('account settings', () => {
  it('updates profile and consents, and audits both without copying the data', async () => {
    const user = await createUser(ctx);
    const token = await login(ctx, user.email);
    const profile = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: bearer(token),
      payload: {
        firstName: 'Yeni',
        lastName: 'Soyad',
        phone: '05449998877',
        companyName: 'Galeri A.Ş.',
        taxNumber: '1234567890',
      },
    });
    expect(profile.json().user).toMatchObject({ firstName: 'Yeni', companyName: 'Galeri A.Ş.' });
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: bearer(token),
      payload: { phone: '', taxNumber: '12' },
    });
    expect(bad.statusCode).toBe(400);
    const consents = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/account/consents',
      headers: bearer(token),
      payload: { marketingConsent: true, aiDataConsent: false },
    });
    expect(consents.json().user.marketingConsent).toBe(true);
    const audit = (await ctx.database.db.execute(
      `select action, details from audit_log where target_id = '${user.id}' order by created_at`,
    )) as unknown as { rows: { action: string; details: unknown }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(['account.profile_updated', 'account.consents_updated']);
    expect(JSON.stringify(audit.rows[0].details)).not.toContain('Galeri');
  });

  it('changes the password with the current one; other devices are signed out, this one stays', async () => {
    const user = await createUser(ctx);
    const here = await login(ctx, user.email);
    const elsewhere = await login(ctx, user.email);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(here),
      payload: { currentPassword: 'yanlis-sifre', newPassword: 'degisti-sifre-1' },
    });
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: tr.account.wrongCurrentPassword });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(here),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'degisti-sifre-1' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    await login(ctx, user.email, 'degisti-sifre-1');

    const everywhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/logout-everywhere',
      headers: bearer(here),
    });
    expect(everywhere.statusCode).toBe(200);
    expect((await me(here)).statusCode).toBe(401);
  });

  it('cancels at period end and undoes it', async () => {
    const token = await paidAccount('iptal.geri@example.com');
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: bearer(token),
    });
    expect(cancel.json().subscription.cancelAtPeriodEnd).toBe(true);
    const undo = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/resume',
      headers: bearer(token),
    });
    expect(undo.json()).toEqual({ success: true, message: tr.account.undone });
    const sub = await ctx.app.inject({ url: '/api/subscription', headers: bearer(token) });
    expect(sub.json().subscription.cancelAtPeriodEnd).toBe(false);
    const twice = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/resume',
      headers: bearer(token),
    });
    expect(twice.statusCode).toBe(409);
  });

  it('exports the account as a ZIP and deletes it: login fails, personal data gone, the invoice kept', async () => {
    const email = 'silinecek@example.com';
    const token = await paidAccount(email);
    const user = (await ctx.services.repos.users.findByEmail(email))!;
    const zip = await ctx.app.inject({ url: '/api/account/export', headers: bearer(token) });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const bytes = zip.rawPayload;
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const listing = bytes.toString('latin1');
    for (const name of ['profil.json', 'faturalar.json', 'odemeler.json', 'faturalar/fatura-']) {
      expect(listing).toContain(name);
    }
    expect(listing).toContain(email);
    expect(listing).not.toContain('$argon2');

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(token),
      payload: { confirmation: 'yanlis-sifre' },
    });
    expect(wrong.json().code).toBe('DELETE_CONFIRMATION_MISMATCH');
    const before = smtp.received.length;
    const del = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(token),
      payload: { confirmation: 'ilk-sifre-123' },
    });
    expect(del.json()).toEqual({ success: true, message: tr.account.deleted });
    expect(decodeQuotedPrintable((await smtp.waitFor(email, 10_000, before)).raw)).toContain(
      tr.mail.deletedBody,
    );

    expect((await me(token)).statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'ilk-sifre-123' },
    });
    expect(again.statusCode).toBe(401);
    expect(await ctx.services.repos.users.findByEmail(email)).toBeUndefined();
    const row = await ctx.services.repos.users.findById(user.id);
    expect(row).toMatchObject({ firstName: null, lastName: null, phone: null, passwordHash: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const left = (await ctx.database.db.execute(
      `select (select count(*)::int from invoices where user_id = '${user.id}') as invoices,
              (select count(*)::int from subscriptions where user_id = '${user.id}') as subs,
              (select count(*)::int from sessions where user_id = '${user.id}') as sessions`,
    )) as unknown as { rows: { invoices: number; subs: number; sessions: number }[] };
    expect(left.rows[0]).toEqual({ invoices: 1, subs: 0, sessions: 0 });
  });
});

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const local = await createTestApp();
    try {
      const user = await createUser(local);
      await local.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const dir = path.join(local.dataDir, 'mail');
      const files = await waitUntil(() => {
        const eml = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
        return eml.length > 0 && eml;
      }, 'the reset mail written under DATA_DIR/mail');
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(dir, files[0]), 'utf8');
      expect(eml).toContain(`To: ${user.email}`);
      expect(decodeQuotedPrintable(eml)).toContain('/sifre-sifirla?token=');
    } finally {
      await local.close();
    }
  });
});

describe('notification e-mails (the scheduled sweep)', () => {
  it('sends the receipt with the invoice PDF and the verify link after a payment-first sign-up, once', async () => {
    const email = 'makbuz@example.com';
    const token = await paidAccount(email);
    const before = smtp.received.length;
    const first = await ctx.services.notifications.sweep();
    expect(first.sent).toBeGreaterThanOrEqual(2);
    const mine = smtp.received.slice(before).filter((m) => m.to.includes(email));
    expect(mine).toHaveLength(2);
    const receipt = mine.find((m) => /application\/pdf/.test(m.raw))!;
    expect(receipt.raw).toMatch(/filename="?fatura-[\w-]+\.pdf/);
    expect(decodeQuotedPrintable(receipt.raw)).toContain('ödemeniz alındı');
    const verify = mine.find((m) => m !== receipt)!;
    const link = linkIn(verify, '/eposta-dogrula?token=');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: link.searchParams.get('token') },
    });
    expect((await me(token)).json().user.emailVerified).toBe(true);

    const second = await ctx.services.notifications.sweep();
    expect(smtp.received.slice(before).filter((m) => m.to.includes(email))).toHaveLength(2);
    expect(second.sent).toBe(0);
  });

  it('warns before a cancelled plan ends and when the quota is nearly used', async () => {
    const email = 'bildirim@example.com';
    const token = await paidAccount(email);
    await ctx.services.notifications.sweep();
    const user = (await ctx.services.repos.users.findByEmail(email))!;
    await ctx.app.inject({ method: 'POST', url: '/api/subscription/cancel', headers: bearer(token) });
    await ctx.database.db.execute(
      `update subscriptions set period_end = now() + interval '2 days' where user_id = '${user.id}'`,
    );
    await ctx.database.db.execute(
      `update quota_accounts set used = ceil((plan_quota + extra_quota) * 0.9)::int - 1 where user_id = '${user.id}'`,
    );
    const before = smtp.received.length;
    await ctx.services.notifications.sweep();
    const texts = smtp.received
      .slice(before)
      .filter((m) => m.to.includes(email))
      .map((m) => decodeQuotedPrintable(m.raw));
    expect(texts.some((t) => t.includes('sona erecek'))).toBe(true);
    expect(texts.some((t) => t.includes('kotanızdan'))).toBe(true);
  });
});

describe('a run bigger than what is left', () => {
  it('says how many photos are left instead of "quota full"', async () => {
    await paidAccount('kalan.kota@example.com');
    const user = (await ctx.services.repos.users.findByEmail('kalan.kota@example.com'))!;
    await ctx.services.billing.quota.reserve(user, 1, `one-${user.id}`);
    const refused = await ctx.services.billing.quota
      .reserve(user, 5, `five-${user.id}`)
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      statusCode: 429,
      code: 'QUOTA_PARTIAL',
      message: `Quota exceeded: ${tr.account.quotaPartial(5, 4)}`,
    });
    await ctx.services.billing.quota.reserve(user, 4, `four-${user.id}`);
    const full = await ctx.services.billing.quota
      .reserve(user, 1, `more-${user.id}`)
      .catch((e: unknown) => e);
    expect(full).toMatchObject({ statusCode: 429, code: 'QUOTA_EXCEEDED' });
  });
});
