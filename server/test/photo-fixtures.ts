import { expect } from 'vitest';
import sharp from 'sharp';
import type { TestContext } from './harness';
import { createUser } from './harness';
import type { UserRow } from '../src/repositories/user.repository';

/** A plain drawn car on a light ground (no plate), as a JPEG. */
export async function carPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="100%" height="100%" fill="#d4d8dc"/>
    <rect x="120" y="170" width="400" height="120" rx="28" fill="#b91c1c"/><circle cx="200" cy="290" r="36" fill="#111"/>
    <circle cx="440" cy="290" r="36" fill="#111"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** A paid basic subscriber with 5 photos (through a signed sandbox callback, as in production). */
export async function subscriber(ctx: TestContext): Promise<UserRow> {
  const user = await createUser(ctx);
  const { body } = await ctx.services.billing.payments.subscribe({
    user,
    planType: 'basic',
    billingCycle: 'monthly',
    promoCode: null,
    client: { ip: '127.0.0.1', userAgent: 'test' },
  });
  const oid = (body as { paymentIntent: { id: string } }).paymentIntent.id;
  const { paytrCallbackHashOf } = await import('./fakes/paytr-notify');
  const { DEV_PAYTR } = await import('../src/config/env');
  await ctx.services.billing.payments.handleCallback({
    merchant_oid: oid,
    status: 'success',
    total_amount: '15000',
    hash: paytrCallbackHashOf(oid, 'success', '15000', DEV_PAYTR.key, DEV_PAYTR.salt),
  });
  return (await ctx.services.repos.users.findById(user.id))!;
}

/** The user's quota as the billing service reports it. */
export async function expectQuota(
  ctx: TestContext,
  user: UserRow,
  expected: { used?: number; reserved?: number; remaining?: number },
) {
  expect(await ctx.services.billing.quota.status(user)).toMatchObject(expected);
}
