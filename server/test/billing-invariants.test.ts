import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../src/config/env';
import { composeServices, type Services } from '../src/compose';
import { buildApp, type App } from '../src/http/app';
import type { Database } from '../src/db/client';
import { paymentOrders, promoCodes, subscriptions } from '../src/db/schema';
import { createTestDatabase, createUser, login, type TestContext, registration } from './harness';
import { paytrNotification } from './fakes/paytr-notify';
import { tr } from '../../contract/messages.tr';

/**
 * Issue 13's reproductions, each as it was done against the old code: money paid must buy exactly what the
 * order says, once, or be listed for a refund. Every log line of the app and its services is kept, so the
 * money events can be checked too.
 */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    done();
  },
});

let ctx: TestContext;
let app: App;
let services: Services;
let database: Database;
beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oto-billing-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  database = await createTestDatabase();
  services = composeServices(database, settings, { log: pino({ level: 'info' }, sink) });
  app = await buildApp({ settings, services, logger: { level: 'info', stream: sink } });
  await app.ready();
  ctx = {
    app,
    database,
    services,
    settings,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
afterAll(async () => ctx?.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const notify = (body: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/paytr/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

async function customer() {
  const user = await createUser(ctx);
  return { user, token: await login(ctx, user.email) };
}

async function subscribe(token: string, planType: string, billingCycle = 'monthly', promoCode?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/subscribe',
    headers: auth(token),
    payload: { planType, billingCycle, ...(promoCode ? { promoCode } : {}) },
  });
}

/** Opens an order and returns its payment intent (fails the test when there is none). */
async function open(token: string, planType: string, billingCycle = 'monthly', promoCode?: string) {
  const res = await subscribe(token, planType, billingCycle, promoCode);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().paymentIntent as { id: string; amount: number };
}

const pay = (intent: { id: string; amount: number }) =>
  notify(paytrNotification(intent.id, 'success', intent.amount));

async function subscribed(user: { id: string }, planType: string, billingCycle = 'monthly') {
  const { token } = { token: await login(ctx, (await services.repos.users.findById(user.id))!.email) };
  const intent = await open(token, planType, billingCycle);
  expect((await pay(intent)).body).toBe('OK');
  return intent;
}

const order = async (oid: string) =>
  (await database.db.select().from(paymentOrders).where(eq(paymentOrders.merchantOid, oid)))[0];
const subscriptionOf = async (userId: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

async function adminRefunds() {
  const admin = await createUser(ctx, { role: 'admin' });
  const res = await app.inject({ url: '/api/admin/refunds', headers: auth(await login(ctx, admin.email)) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orders as { merchantOid: string; reason: string; email: string }[];
}

async function createPromo(maxUses: number | null) {
  const code = `KOD${randomUUID().slice(0, 8).toUpperCase()}`;
  const [row] = await database.db
    .insert(promoCodes)
    .values({ id: randomUUID(), code, kind: 'percent', value: 10, planType: 'pro', maxUses, active: true })
    .returning();
  return row;
}
const promoUses = async (id: string) =>
  (await database.db.select().from(promoCodes).where(eq(promoCodes.id, id)))[0].uses;

describe('issue 13 reproductions', () => {
  it('2a. a promo code limited to N uses is used at most N times, even when paid concurrently', async () => {
    for (const limit of [1, 2]) {
      // Orders opened while the code was unlimited; the limit then drops: the payment must enforce it.
      const promo = await createPromo(null);
      const buyers = await Promise.all(Array.from({ length: 6 }, customer));
      const intents = await Promise.all(buyers.map((b) => open(b.token, 'pro', 'monthly', promo.code)));
      await database.db.update(promoCodes).set({ maxUses: limit }).where(eq(promoCodes.id, promo.id));
      const replies = await Promise.all(intents.map(pay));
      expect(replies.map((r) => r.body)).toEqual(Array(6).fill('OK'));
      const states = await Promise.all(intents.map((i) => order(i.id)));
      expect(states.filter((o) => o.status === 'paid')).toHaveLength(limit);
      expect(states.filter((o) => o.status === 'refund_due')).toHaveLength(6 - limit);
      expect(await promoUses(promo.id)).toBe(limit);
      const pros = await Promise.all(buyers.map((b) => services.repos.users.findById(b.user.id)));
      expect(pros.filter((u) => u?.role === 'pro')).toHaveLength(limit);
    }
  });

  it('2a. a used-up code is refused before payment when the limit is already held by open orders', async () => {
    const promo = await createPromo(1);
    const [a, b] = await Promise.all([customer(), customer()]);
    await open(a.token, 'pro', 'monthly', promo.code);
    const second = await subscribe(b.token, 'pro', 'monthly', promo.code);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(tr.billing.promoUsedUp);
  });

  it('2b. one customer cannot use a code twice', async () => {
    const promo = await createPromo(null);
    const { user, token } = await customer();
    // Two orders opened at once with the same code: only one payment may use it.
    const [monthly, yearly] = await Promise.all([
      open(token, 'pro', 'monthly', promo.code),
      open(token, 'pro', 'yearly', promo.code),
    ]);
    await Promise.all([pay(monthly), pay(yearly)]);
    expect(await promoUses(promo.id)).toBe(1);
    const states = [await order(monthly.id), await order(yearly.id)];
    expect(states.map((o) => o.status).sort()).toEqual(['paid', 'refund_due']);
    // Once expired, buying again with the same code is refused before any payment.
    await database.db
      .update(subscriptions)
      .set({ status: 'expired' })
      .where(eq(subscriptions.userId, user.id));
    const again = await subscribe(token, 'pro', 'monthly', promo.code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(tr.billing.promoAlreadyUsed);
  });

  it('2c. a callback whose total_amount differs from the order grants nothing and is listed for refund', async () => {
    const { user, token } = await customer();
    const intent = await open(token, 'business');
    // Correctly signed, but PayTR says it collected 1 kuruş for a 1.000 TL order.
    expect((await notify(paytrNotification(intent.id, 'success', 1))).body).toBe('OK');
    expect((await order(intent.id)).status).toBe('refund_due');
    expect((await services.repos.users.findById(user.id))?.role).toBe('basic');
    expect(await subscriptionOf(user.id)).toBeUndefined();
    expect((await adminRefunds()).find((o) => o.merchantOid === intent.id)?.reason).toBe('amount_mismatch');
  });

  it('3. upgrade credit is spent once: of two upgrades opened on the same credit only one is honoured', async () => {
    const { user, token } = await customer();
    await subscribed(user, 'pro');
    const [yearly, business] = await Promise.all([open(token, 'pro', 'yearly'), open(token, 'business')]);
    expect(yearly.amount).toBeLessThan(270_000);
    expect(business.amount).toBeLessThan(100_000);
    await Promise.all([pay(yearly), pay(business)]);
    const states = [await order(yearly.id), await order(business.id)];
    expect(states.map((o) => o.status).sort()).toEqual(['paid', 'refund_due']);
    const honoured = states.find((o) => o.status === 'paid')!;
    expect((await subscriptionOf(user.id))?.orderId).toBe(honoured.merchantOid);
    expect(states.find((o) => o.status === 'refund_due')?.failedReason).toBe('credit_used');
  });

  it('4. a second paid queued change never overwrites the first', async () => {
    const { user, token } = await customer();
    await subscribed(user, 'business');
    const [toBasic, toPro] = await Promise.all([open(token, 'basic'), open(token, 'pro')]);
    await pay(toBasic);
    await pay(toPro);
    const sub = await subscriptionOf(user.id);
    expect(sub).toMatchObject({ planType: 'business', nextPlanType: 'basic', nextOrderId: toBasic.id });
    expect(await order(toPro.id)).toMatchObject({ status: 'refund_due', failedReason: 'change_queued' });
    // A third one is refused before payment.
    const third = await subscribe(token, 'pro');
    expect(third.statusCode).toBe(409);
  });

  it('5. pro yearly -> business monthly covered by credit keeps the leftover as a longer period', async () => {
    const { user, token } = await customer();
    await subscribed(user, 'pro', 'yearly');
    const before = await subscriptionOf(user.id);
    const res = await subscribe(token, 'business', 'monthly');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.paymentIntent).toBeUndefined();
    expect(body.subscription.plan.type).toBe('business');
    // About 2.700 TL of credit against a 1.000 TL month: ~1.700 TL left, kept as ~1.7 months more.
    expect(body.breakdown).toMatchObject({ listPrice: 100_000, total: 0 });
    expect(body.breakdown.credit).toBeGreaterThan(269_000);
    expect(body.breakdown.extraDays).toBeGreaterThan(45);
    expect(body.message).toBe(tr.billing.creditExtended(body.breakdown.extraDays));
    const after = await subscriptionOf(user.id);
    const days = (after!.periodEnd!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(28 + 45);
    expect(after!.periodEnd!.getTime()).toBeLessThan(before!.periodEnd!.getTime());
    // No money made or lost: the new period is worth exactly the credit carried into it.
    const direct = await order(after!.orderId!);
    expect(direct.amountKurus + direct.creditKurus).toBe(body.breakdown.credit);
  });

  it('6. cancelling keeps a paid queued change, which takes over at the period end', async () => {
    const { user, token } = await customer();
    await subscribed(user, 'business');
    const toBasic = await open(token, 'basic');
    await pay(toBasic);
    const cancel = await app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: auth(token),
    });
    expect(cancel.statusCode).toBe(200);
    expect((await subscriptionOf(user.id))?.nextOrderId).toBe(toBasic.id);
    await database.db
      .update(subscriptions)
      .set({ periodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, user.id));
    await services.billing.payments.rollPeriods();
    expect(await subscriptionOf(user.id)).toMatchObject({
      status: 'active',
      planType: 'basic',
      orderId: toBasic.id,
    });
    expect((await services.repos.users.findById(user.id))?.role).toBe('basic');
  });

  it('7. a second sign-up payment for the same e-mail is recorded for refund, logged and listed for admins', async () => {
    const email = `ikiz.${randomUUID().slice(0, 6)}@example.com`;
    const start = () =>
      app.inject({
        method: 'POST',
        url: '/api/payments/subscribe',
        payload: { planType: 'pro', billingCycle: 'monthly', registrationData: registration(email) },
      });
    const [first, second] = await Promise.all([start(), start()]);
    const intents = [first.json().paymentIntent, second.json().paymentIntent];
    await Promise.all(intents.map(pay));
    const states = await Promise.all(intents.map((i) => order(i.id)));
    expect(states.map((o) => o.status).sort()).toEqual(['paid', 'refund_due']);
    const refund = states.find((o) => o.status === 'refund_due')!;
    expect(refund.failedReason).toBe('email_taken');
    const listed = (await adminRefunds()).find((o) => o.merchantOid === refund.merchantOid);
    expect(listed).toMatchObject({ email, reason: 'email_taken' });
    expect(lines.some((l) => l.oid === refund.merchantOid && String(l.msg).includes('refund by hand'))).toBe(
      true,
    );
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      cookies: {
        pay_bind: (first.json().paymentIntent.id === refund.merchantOid ? first : second).cookies.find(
          (c) => c.name === 'pay_bind',
        )!.value,
      },
      payload: { paymentIntentId: refund.merchantOid },
    });
    expect(confirm.json()).toMatchObject({ success: false, message: tr.billing.refundDue });
  });

  it('7b. two paid sign-ups wanting one username both get their account; the second without the username', async () => {
    const username = `kisi${randomUUID().slice(0, 6)}`;
    const start = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/subscribe',
        payload: {
          planType: 'basic',
          registrationData: { ...registration(email), username },
        },
      });
    const emails = [`ad1.${username}@example.com`, `ad2.${username}@example.com`];
    const opened = await Promise.all(emails.map(start));
    const replies = await Promise.all(opened.map((r) => pay(r.json().paymentIntent)));
    expect(replies.map((r) => r.body)).toEqual(['OK', 'OK']);
    const made = await Promise.all(emails.map((e) => services.repos.users.findByEmail(e)));
    expect(made.every((u) => u?.role === 'basic')).toBe(true);
    expect(made.map((u) => u?.username).sort()).toEqual([null, username].sort());
  });

  it('8. every money event is logged with the order id and, for callbacks, the request id', async () => {
    const { user, token } = await customer();
    const intent = await open(token, 'basic');
    expect(lines.some((l) => l.oid === intent.id && l.msg === 'payment order opened')).toBe(true);
    await pay(intent);
    const applied = lines.find((l) => l.oid === intent.id && l.msg === 'payment applied');
    expect(applied).toMatchObject({ userId: user.id, kind: 'subscription' });
    expect(applied?.reqId).toBeTruthy();
    await notify(paytrNotification('SUBNOSUCHORDER', 'success', 100));
    expect(
      lines.some((l) => l.oid === 'SUBNOSUCHORDER' && l.msg === 'payment callback for an unknown order'),
    ).toBe(true);
    const forged = await notify(paytrNotification(intent.id, 'success', 100, { key: 'WRONGKEYWRONGKEY' }));
    expect(forged.statusCode).toBe(400);
    expect(lines.some((l) => l.oid === intent.id && String(l.msg).includes('bad signature'))).toBe(true);
  });
});

describe('refunds made by hand are marked by an admin', () => {
  const markRefunded = async (oid: string, token: string, reference = 'PAYTR-IADE-42') =>
    app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${oid}/refunded`,
      headers: auth(token),
      payload: { reference },
    });

  it('marks a refund_due order refunded once, audited and logged; it leaves the list and a replayed callback grants nothing', async () => {
    const { user, token } = await customer();
    const intent = await open(token, 'pro');
    expect((await notify(paytrNotification(intent.id, 'success', 1))).body).toBe('OK');
    expect((await order(intent.id)).status).toBe('refund_due');

    // Customers cannot mark refunds; nor can an admin without a reference, or for an order that is not owed.
    expect((await markRefunded(intent.id, token)).statusCode).toBe(403);
    const admin = await createUser(ctx, { role: 'admin' });
    const adminToken = await login(ctx, admin.email);
    const blank = await markRefunded(intent.id, adminToken, '  ');
    expect(blank.statusCode).toBe(400);
    const paidIntent = await open((await customer()).token, 'basic');
    expect((await pay(paidIntent)).body).toBe('OK');
    const notOwed = await markRefunded(paidIntent.id, adminToken);
    expect([notOwed.statusCode, notOwed.json().message]).toEqual([409, tr.billing.refundNotDue]);
    expect((await order(paidIntent.id)).status).toBe('paid');
    expect((await markRefunded('SUBYOK123', adminToken)).statusCode).toBe(404);

    // Two admins clicking at once record one refund.
    const [a, b] = await Promise.all([
      markRefunded(intent.id, adminToken),
      markRefunded(intent.id, adminToken),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 200 ? a : b).json().message).toBe(tr.billing.refundMarked);
    expect((await order(intent.id)).status).toBe('refunded');
    expect((await adminRefunds()).some((o) => o.merchantOid === intent.id)).toBe(false);

    const audit = await app.inject({ url: '/api/admin/audit-log', headers: auth(adminToken) });
    const entries = (audit.json().entries as { action: string; targetId: string; details: unknown }[]).filter(
      (e) => e.action === 'refund.made' && e.targetId === intent.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0].details).toMatchObject({
      amount: 1,
      reason: 'amount_mismatch',
      reference: 'PAYTR-IADE-42',
    });
    expect(
      lines.filter((l) => l.oid === intent.id && l.msg === 'refund marked as made' && l.reqId),
    ).toHaveLength(1);

    // PayTR repeating its notification (now with the right amount) must not grant the refunded order.
    expect((await notify(paytrNotification(intent.id, 'success', intent.amount))).body).toBe('OK');
    expect((await order(intent.id)).status).toBe('refunded');
    expect(await subscriptionOf(user.id)).toBeUndefined();
  });
});
