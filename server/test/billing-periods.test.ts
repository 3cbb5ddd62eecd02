import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from './harness';
import { paytrNotification } from './fakes/paytr-notify';
import { paymentService } from '../src/services/billing/payment.service';
import { subscriptionRepository } from '../src/repositories/subscription.repository';
import type { UserRow } from '../src/repositories/user.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const client = { ip: '127.0.0.1', userAgent: 'test' };

async function pay(
  user: UserRow,
  planType: 'basic' | 'pro' | 'business',
  billingCycle: 'monthly' | 'yearly' = 'monthly',
) {
  const payments = ctx.services.billing.payments;
  const { body } = await payments.subscribe({ user, planType, billingCycle, promoCode: null, client });
  const intent = (body as { paymentIntent: { id: string; amount: number } }).paymentIntent;
  await payments.handleCallback(
    Object.fromEntries(new URLSearchParams(paytrNotification(intent.id, 'success', intent.amount))),
  );
  return intent;
}

/** The same service, with the clock moved forward: what the period-end job sees later. */
const later = (days: number) =>
  paymentService({
    transact: (fn) => ctx.database.db.transaction((tx) => fn(ctx.services.billingRepos(tx as never))),
    provider: ctx.services.billing.provider,
    auth: ctx.services.auth,
    publicUrl: ctx.settings.publicUrl,
    orderTtlMs: ctx.settings.payments.orderTtlMs,
    testMode: true,
    log: pino({ level: 'silent' }),
    now: () => new Date(Date.now() + days * 86_400_000),
  });

describe('period end', () => {
  it('expires an unrenewed subscription and drops the role and plan quota', async () => {
    const user = await createUser(ctx);
    await pay(user, 'pro');
    expect((await ctx.services.repos.users.findById(user.id))?.role).toBe('pro');
    expect(await later(10).rollPeriods()).toMatchObject({ expired: 0 });
    expect((await later(32).rollPeriods()).expired).toBeGreaterThanOrEqual(1);
    const sub = await subscriptionRepository(ctx.database.db).findByUser(user.id);
    expect(sub?.status).toBe('expired');
    expect((await ctx.services.repos.users.findById(user.id))?.role).toBe('basic');
  });

  it('a paid downgrade waits for the period end, then takes over with its own period', async () => {
    const user = await createUser(ctx);
    await pay(user, 'business');
    const downgrade = await pay(user, 'basic');
    expect(downgrade.amount).toBe(15_000); // no credit for a queued change
    let sub = await subscriptionRepository(ctx.database.db).findByUser(user.id);
    expect(sub).toMatchObject({ planType: 'business', nextPlanType: 'basic' });
    const end = sub!.periodEnd!;
    expect((await later(32).rollPeriods()).renewed).toBeGreaterThanOrEqual(1);
    sub = await subscriptionRepository(ctx.database.db).findByUser(user.id);
    expect(sub).toMatchObject({ planType: 'basic', status: 'active', nextPlanType: null });
    expect(sub!.periodStart!.getTime()).toBe(end.getTime());
    expect((await ctx.services.repos.users.findById(user.id))?.role).toBe('basic');
  });
});
