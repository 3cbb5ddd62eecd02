import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, paymentsAt, type TestContext } from './harness';
import { paytrNotification } from './fakes/paytr-notify';

import { subscriptionRepository } from '../src/repositories/subscription.repository';
import type { UserRow } from '../src/repositories/user.repository';
import { dueForPeriodEndWhen, isDueForPeriodEnd, isLive, liveWhen } from '../src/services/billing/policy';

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
const later = (days: number) => paymentsAt(ctx, () => new Date(Date.now() + days * 86_400_000));

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

describe('the live-subscription rule in SQL', () => {
  it('selects exactly the rows the rule selects on loaded rows (live, due, expired, without an end)', async () => {
    const repo = subscriptionRepository(ctx.database.db);
    const at = new Date();
    const day = 86_400_000;
    const shapes = [
      {
        status: 'active',
        periodStart: new Date(at.getTime() - day),
        periodEnd: new Date(at.getTime() + day),
      },
      {
        status: 'active',
        periodStart: new Date(at.getTime() - 2 * day),
        periodEnd: new Date(at.getTime() - 1),
      },
      { status: 'active', periodStart: new Date(at.getTime() - day), periodEnd: null },
      { status: 'active', periodStart: null, periodEnd: new Date(at.getTime() + day) },
      {
        status: 'expired',
        periodStart: new Date(at.getTime() - day),
        periodEnd: new Date(at.getTime() + day),
      },
      { status: 'pending', periodStart: null, periodEnd: null },
    ] as const;
    const ids: string[] = [];
    for (const shape of shapes) {
      const user = await createUser(ctx);
      const row = await repo.upsert({
        id: randomUUID(),
        userId: user.id,
        planType: 'pro',
        billingCycle: 'monthly',
        cancelAtPeriodEnd: false,
        ...shape,
      });
      ids.push(row.id);
    }
    // In insertion order, whatever order the database returns them in.
    const pick = async (rule: Parameters<typeof repo.findWhere>[0]) => {
      const found = new Map((await repo.findWhere(rule, 10_000)).map((r) => [r.id, r]));
      return ids.filter((id) => found.has(id)).map((id) => found.get(id)!);
    };
    const rows = await pick((c) => c.all());
    const idsOf = (list: { id: string }[]) => list.map((r) => r.id);
    expect(rows).toHaveLength(shapes.length);
    expect(idsOf(await pick((c) => liveWhen(c, at)))).toEqual(idsOf(rows.filter((r) => isLive(r, at))));
    expect(idsOf(await pick((c) => dueForPeriodEndWhen(c, at)))).toEqual(
      idsOf(rows.filter((r) => isDueForPeriodEnd(r, at))),
    );
    expect(idsOf(rows.filter((r) => isLive(r, at)))).toEqual([ids[0]]);
    expect(idsOf(rows.filter((r) => isDueForPeriodEnd(r, at)))).toEqual([ids[1], ids[2], ids[3]]);
  });
});
