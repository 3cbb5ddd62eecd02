import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { paytrCallbackHashOf } from '../../server/test/fakes/paytr-notify';
import { DEV_PAYTR } from '../../server/src/config/env';
import { E2E_PASSWORD } from './users';

/** Real photos, read at test time from the shared evaluation set beside the repository (never copied in). */
const evalDir = path.resolve(import.meta.dirname, '../../../shared/eval-dev');

export const carPhoto = (name: string) => path.join(evalDir, 'cars', name);
export const platePhoto = (name: string) => path.join(evalDir, 'plates', name);

export function assertEvalSet() {
  if (!fs.existsSync(evalDir)) throw new Error(`photo set missing: ${evalDir}`);
}

/** Signs in through the API (for setup steps that are not under test); returns the bearer token. */
export async function apiLogin(baseURL: string, email: string) {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const prices = { basic: '15000', pro: '25000', business: '100000' } as const;

/**
 * Buys a monthly plan for an existing account the way PayTR would confirm it: subscribe, then a callback
 * signed with the dev merchant key and salt (README "Payments"). No All-Access shortcut: plan flags and
 * quota come from a real paid subscription.
 */
export async function buyPlan(baseURL: string, email: string, plan: keyof typeof prices) {
  const token = await apiLogin(baseURL, email);
  const sub = await fetch(`${baseURL}/api/payments/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ planType: plan, billingCycle: 'monthly' }),
  });
  if (!sub.ok) throw new Error(`subscribe ${email}: ${sub.status} ${await sub.text()}`);
  const oid = ((await sub.json()) as { paymentIntent: { id: string } }).paymentIntent.id;
  const total = prices[plan];
  const form = new URLSearchParams({
    merchant_oid: oid,
    status: 'success',
    total_amount: total,
    hash: paytrCallbackHashOf(oid, 'success', total, DEV_PAYTR.key, DEV_PAYTR.salt),
    test_mode: '1',
    payment_type: 'card',
    currency: 'TL',
    payment_amount: total,
  });
  const cb = await fetch(`${baseURL}/api/payments/paytr/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  if ((await cb.text()) !== 'OK') throw new Error(`callback for ${email} refused`);
  return token;
}

/** Uploads a file through the API as `token`; returns its image URL. */
export async function apiUpload(baseURL: string, token: string, file: string) {
  const form = new FormData();
  form.append('image', new Blob([fs.readFileSync(file)], { type: 'image/jpeg' }), path.basename(file));
  const res = await fetch(`${baseURL}/api/upload-image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { imageUrl: string }).imageUrl;
}

/**
 * Waits until the matched <img> elements (at least `min`) have all really loaded a picture, not a broken
 * image box. Polls with $$eval: the app's CSP forbids the string evaluation waitForFunction polls with.
 */
export async function waitImagesLoaded(page: Page, selector: string, min = 1, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  let widths: number[] = [];
  while (Date.now() < deadline) {
    widths = await page.$$eval(selector, (els) =>
      els.map((el) => {
        const img = el as HTMLImageElement;
        return img.complete ? img.naturalWidth : 0;
      }),
    );
    if (widths.length >= min && widths.every((w) => w > 0)) return widths;
    await page.waitForTimeout(250);
  }
  throw new Error(`images not loaded for ${selector}: ${JSON.stringify(widths)}`);
}
