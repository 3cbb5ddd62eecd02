import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, login, type TestContext } from './harness';
import { tr } from '../../contract/messages.tr';
import {
  auditLog,
  invoices,
  paymentOrders,
  promoCodes,
  quotaAccounts,
  quotaReservations,
  subscriptions,
} from '../src/db/schema';
import type { UserRow } from '../src/repositories/user.repository';

let ctx: TestContext;
let admin: UserRow;
let basic: UserRow;
let pro: UserRow;
let adminToken: string;
let basicToken: string;

const as = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, { role: 'admin', firstName: 'Ali', lastName: 'Yönetici' });
  basic = await createUser(ctx, { role: 'basic', email: 'basic.kullanici@example.com' });
  pro = await createUser(ctx, {
    role: 'pro',
    companyName: 'Yıldız Otomotiv',
    email: 'galeri@yildiz.example.com',
  });
  adminToken = await login(ctx, admin.email);
  basicToken = await login(ctx, basic.email);
  const db = ctx.database.db;
  const now = new Date();
  const later = new Date(now.getTime() + 30 * 86_400_000);
  await db.insert(subscriptions).values([
    {
      id: 's1',
      userId: pro.id,
      planType: 'pro',
      billingCycle: 'monthly',
      status: 'active',
      periodStart: now,
      periodEnd: later,
    },
    { id: 's2', userId: basic.id, planType: 'basic', billingCycle: 'yearly', status: 'pending' },
  ]);
  await db
    .insert(promoCodes)
    .values({ id: 'promo-1', code: 'YAZ25', kind: 'percent', value: 25, planType: 'pro', uses: 1 });
  await db.insert(paymentOrders).values({
    merchantOid: 'OID1',
    kind: 'subscription',
    userId: pro.id,
    planType: 'pro',
    billingCycle: 'monthly',
    amountKurus: 18750,
    listPriceKurus: 25000,
    discountKurus: 6250,
    promoCodeId: 'promo-1',
    status: 'paid',
    provider: 'sandbox',
    email: pro.email,
    userIp: '127.0.0.1',
    expiresAt: later,
    completedAt: now,
  });
  await db.insert(invoices).values({
    id: 'inv-1',
    number: 'OTO2026000000001',
    userId: pro.id,
    merchantOid: 'OID1',
    serviceName: 'Profesyonel Plan (Aylık)',
    invoiceType: 'e-fatura',
    status: 'created',
    totalKurus: 18750,
    netKurus: 15625,
    kdvKurus: 3125,
    kdvRate: 20,
    buyer: {},
    ettn: '00000000-0000-4000-8000-000000000001',
    orderDate: now,
  });
  await db.insert(quotaReservations).values([
    { id: 'r1', key: 'k1', userId: pro.id, count: 3, status: 'committed' },
    { id: 'r2', key: 'k2', userId: pro.id, count: 2, status: 'released' },
    { id: 'r3', key: 'k3', userId: pro.id, count: 1, status: 'committed' },
  ]);
});
afterAll(async () => ctx?.close());

/** Every admin endpoint with a plausible body, for the permission checks. */
const endpoints = () =>
  [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users?q=a'],
    ['GET', `/api/admin/users/${pro.id}`],
    ['PATCH', `/api/admin/users/${basic.id}`, { role: 'admin' }],
    ['POST', `/api/admin/users/${basic.id}/quota`, { amount: 100 }],
    ['GET', '/api/admin/promo-codes'],
    ['POST', '/api/admin/promo-codes', { code: 'HACK', kind: 'percent', value: 100 }],
    ['PATCH', '/api/admin/promo-codes/promo-1', { active: false }],
    ['GET', '/api/admin/promo-codes/promo-1/usage'],
    ['GET', '/api/admin/contact-messages'],
    ['PATCH', '/api/admin/contact-messages/x', { handled: true }],
    ['GET', '/api/admin/newsletter'],
    ['GET', '/api/admin/newsletter.csv'],
    ['DELETE', '/api/admin/newsletter/x'],
    ['DELETE', '/api/admin/contact-messages/x'],
    ['GET', '/api/admin/audit-log'],
  ] as const;

describe('admin API permissions', () => {
  it('answers 403 to a basic user and 401 to a visitor on every admin endpoint, changing nothing', async () => {
    for (const [method, url, payload] of endpoints()) {
      const res = await ctx.app.inject({ method, url, payload, headers: as(basicToken) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: tr.errors.forbidden });
      const anon = await ctx.app.inject({ method, url, payload });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
    }
    const [me] = await ctx.database.db.select().from(auditLog);
    expect(me).toBeUndefined();
    expect((await ctx.services.repos.users.findById(basic.id))?.role).toBe('basic');
  });
});

describe('admin API', () => {
  const get = (url: string) => ctx.app.inject({ url, headers: as(adminToken) });

  it('reports stats (SPEC §3): users, committed photos, active subscriptions, plan distribution', async () => {
    const res = await get('/api/admin/stats');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      totalUsers: 3,
      totalProcessedImages: 4,
      activeSubscriptions: 1,
      planDistribution: { basic: 0, pro: 1, business: 0 },
    });
  });

  it('searches users by e-mail, name or company, with subscription summary', async () => {
    const all = (await get('/api/admin/users')).json();
    expect(all.total).toBe(3);
    const byCompany = (await get('/api/admin/users?q=y%C4%B1ld%C4%B1z')).json();
    expect(byCompany.users.map((u: { id: string }) => u.id)).toEqual([pro.id]);
    expect(byCompany.users[0]).toMatchObject({ planType: 'pro', subscriptionStatus: 'active' });
    const byName = (await get('/api/admin/users?q=Y%C3%B6netici')).json();
    expect(byName.users.map((u: { id: string }) => u.id)).toEqual([admin.id]);
    const wildcard = (await get('/api/admin/users?q=%25')).json();
    expect(wildcard.total).toBe(0);
  });

  it('shows a user with subscription, quota, payments and invoices', async () => {
    const res = await get(`/api/admin/users/${pro.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: pro.email, companyName: 'Yıldız Otomotiv', role: 'pro' });
    expect(body.subscription).toMatchObject({ planType: 'pro', status: 'active', billingCycle: 'monthly' });
    expect(body.payments).toHaveLength(1);
    expect(body.payments[0]).toMatchObject({ merchantOid: 'OID1', amountKurus: 18750, status: 'paid' });
    expect(body.invoices[0]).toMatchObject({ number: 'OTO2026000000001', invoiceType: 'e-fatura' });
    expect((await get('/api/admin/users/yok')).statusCode).toBe(404);
  });

  it('changes role and All-Access, each change audited once; refuses to demote oneself', async () => {
    const patch = (id: string, payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, payload, headers: as(adminToken) });
    const res = await patch(basic.id, { role: 'business', overrideAllAccess: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: 'business', overrideAllAccess: true });
    expect(await ctx.services.repos.users.findById(basic.id)).toMatchObject({
      role: 'business',
      overrideAllAccess: true,
    });
    expect((await patch(basic.id, { role: 'business' })).statusCode).toBe(200);
    expect((await patch(basic.id, {})).statusCode).toBe(400);
    expect((await patch(basic.id, { role: 'root' })).statusCode).toBe(400);
    const self = await patch(admin.id, { role: 'basic' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(tr.admin.forbiddenSelfDemote);
    const entries = (await get('/api/admin/audit-log')).json().entries;
    const mine = entries.filter((e: { targetId: string }) => e.targetId === basic.id);
    expect(mine.map((e: { action: string }) => e.action).sort()).toEqual(['user.override', 'user.role']);
    expect(mine.find((e: { action: string }) => e.action === 'user.role')).toMatchObject({
      actorEmail: admin.email,
      details: { from: 'basic', to: 'business' },
    });
  });

  it('adjusts extra quota in the subscription-aligned window (created when needed), never below zero', async () => {
    const adjust = (amount: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${pro.id}/quota`,
        payload: { amount, note: 'Kampanya telafisi' },
        headers: as(adminToken),
      });
    expect((await adjust(10)).json()).toMatchObject({ extraQuota: 10 });
    expect((await adjust(-4)).json()).toMatchObject({ extraQuota: 6 });
    const below = await adjust(-7);
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(tr.admin.quotaBelowZero);
    expect((await adjust(0)).statusCode).toBe(400);
    expect((await adjust(1.5)).statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(quotaAccounts).where(eq(quotaAccounts.userId, pro.id));
    expect(row.extraQuota).toBe(6);
    // The window follows the subscription like every other quota path: the pro plan's 10 photos.
    expect(row.planQuota).toBe(10);
    const entries = (await get('/api/admin/audit-log')).json().entries;
    expect(entries.filter((e: { action: string }) => e.action === 'user.quota')).toHaveLength(2);
  });

  it('creates, lists with usage, and disables promo codes', async () => {
    const create = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/promo-codes', payload, headers: as(adminToken) });
    const res = await create({ code: 'bahar10', kind: 'percent', value: 10, planType: 'pro', maxUses: 50 });
    expect(res.statusCode).toBe(201);
    expect(res.json().code).toBe('BAHAR10');
    expect((await create({ code: 'Bahar10', kind: 'amount', value: 1000 })).statusCode).toBe(409);
    const tooMuch = await create({ code: 'YUZDE200', kind: 'percent', value: 200 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain(tr.admin.promoPercentRange);
    expect((await create({ code: 'a b', kind: 'percent', value: 5 })).statusCode).toBe(400);

    const list = (await get('/api/admin/promo-codes')).json().promoCodes;
    expect(list.find((p: { code: string }) => p.code === 'YAZ25')).toMatchObject({
      paidOrders: 1,
      discountKurus: 6250,
      uses: 1,
      active: true,
    });
    const usage = (await get('/api/admin/promo-codes/promo-1/usage')).json();
    expect(usage.orders).toEqual([expect.objectContaining({ merchantOid: 'OID1', email: pro.email })]);

    const off = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/promo-codes/promo-1',
      payload: { active: false },
      headers: as(adminToken),
    });
    expect(off.json()).toEqual({ id: 'promo-1', active: false });
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/promo-codes/yok',
      payload: { active: false },
      headers: as(adminToken),
    });
    expect(missing.statusCode).toBe(404);
    const actions = (await get('/api/admin/audit-log'))
      .json()
      .entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['promo.create', 'promo.active']));
  });

  it('lists contact messages and marks them handled', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Mehmet',
        email: 'mehmet@example.com',
        category: 'partnership',
        subject: 'Bayi işbirliği',
        message: 'Galerimiz için toplu kullanım konuşmak istiyoruz.',
      },
    });
    const list = (await get('/api/admin/contact-messages')).json().messages;
    expect(list[0]).toMatchObject({ subject: 'Bayi işbirliği', handled: false, category: 'partnership' });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/contact-messages/${list[0].id}`,
      payload: { handled: true },
      headers: as(adminToken),
    });
    expect(res.json()).toEqual({ id: list[0].id, handled: true });
  });

  it('lists newsletter subscribers and exports a spreadsheet-safe CSV, audited', async () => {
    for (const email of ['ilk@example.com', 'orta@example.com', 'son@example.com']) {
      await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
    }
    const list = (await get('/api/admin/newsletter')).json().subscribers;
    expect(list).toHaveLength(3);
    const csv = await get('/api/admin/newsletter.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="bulten-aboneleri-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('e-posta,kaynak,kayit_tarihi');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).some((l) => l.startsWith('"ilk@example.com"'))).toBe(true);
    const actions = (await get('/api/admin/audit-log'))
      .json()
      .entries.map((e: { action: string }) => e.action);
    expect(actions).toContain('newsletter.export');
  });
});

describe('erasure (KVKK md. 11 requests)', () => {
  it('deletes a contact message and a subscriber, audited with a masked address only', async () => {
    const as_ = { authorization: `Bearer ${adminToken}` };
    await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Silinecek',
        email: 'silinecek.kisi@example.com',
        category: 'other',
        subject: 'Verilerimi silin',
        message: 'KVKK kapsamında verilerimin silinmesini istiyorum.',
      },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'silinecek.kisi@example.com' },
    });
    const msg = (await ctx.app.inject({ url: '/api/admin/contact-messages', headers: as_ }))
      .json()
      .messages.find((m: { subject: string }) => m.subject === 'Verilerimi silin');
    const sub = (await ctx.app.inject({ url: '/api/admin/newsletter', headers: as_ }))
      .json()
      .subscribers.find((s: { email: string }) => s.email === 'silinecek.kisi@example.com');
    for (const url of [`/api/admin/contact-messages/${msg.id}`, `/api/admin/newsletter/${sub.id}`]) {
      const res = await ctx.app.inject({ method: 'DELETE', url, headers: as_ });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ deleted: true });
      expect((await ctx.app.inject({ method: 'DELETE', url, headers: as_ })).statusCode).toBe(404);
    }
    const entries = (await ctx.app.inject({ url: '/api/admin/audit-log', headers: as_ })).json().entries;
    const erasures = entries.filter((e: { action: string }) => e.action.endsWith('.delete'));
    expect(erasures.map((e: { action: string }) => e.action).sort()).toEqual([
      'contact.delete',
      'newsletter.delete',
    ]);
    expect(JSON.stringify(entries)).not.toContain('silinecek.kisi@');
    expect(erasures[0].details).toEqual({ email: 's***@example.com' });
  });
});

describe('csvCell', () => {
  it('quotes, doubles quotes and neutralises spreadsheet formulas', async () => {
    const { csvCell } = await import('../src/services/admin/inbox');
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+90 212')).toBe(`"'+90 212"`);
    expect(csvCell('ali@example.com')).toBe('"ali@example.com"');
  });
});
