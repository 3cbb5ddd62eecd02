import { createHmac } from 'node:crypto';
import { DEV_PAYTR } from '../../src/config/env';

/**
 * PayTR's signatures written again from protocols.md §1.3 and §1.4, not imported from the adapter: a fake
 * that shared the adapter's hashing would agree with any mistake in it. `paytr-notify.test.ts` checks this
 * copy against the published test vectors (protocols.md §5.3).
 */
const hmacBase64 = (merchantKey: string, message: string) =>
  createHmac('sha256', merchantKey).update(message, 'utf8').digest('base64');

/** get-token's paytr_token over the posted form (§1.3): the ten fields in PayTR's order, then the salt. */
/** The ten get-token fields paytr_token signs, in PayTR's order (§1.3). */
export const SIGNED_FIELDS = [
  'merchant_id',
  'user_ip',
  'merchant_oid',
  'email',
  'payment_amount',
  'user_basket',
  'no_installment',
  'max_installment',
  'currency',
  'test_mode',
] as const;

/** get-token's paytr_token over the posted form (§1.3): the signed fields concatenated, then the salt. */
export const paytrTokenOf = (form: Record<string, string>, key: string, salt: string) =>
  hmacBase64(key, SIGNED_FIELDS.map((name) => form[name] ?? '').join('') + salt);

/** The callback's hash (§1.4): base64(HMAC-SHA256(key, merchant_oid + salt + status + total_amount)). */
export const paytrCallbackHashOf = (oid: string, status: string, total: string, key: string, salt: string) =>
  hmacBase64(key, oid + salt + status + total);

/**
 * A notification as PayTR posts it to our callback URL (protocols.md §1.4), signed with the given merchant
 * credentials (the development ones by default). Tests use it to play PayTR, honest or not.
 */
export function paytrNotification(
  oid: string,
  status: 'success' | 'failed',
  total: string | number,
  opts: { key?: string; salt?: string; hash?: string } = {},
) {
  const t = String(total);
  return new URLSearchParams({
    merchant_oid: oid,
    status,
    total_amount: t,
    hash:
      opts.hash ??
      paytrCallbackHashOf(oid, status, t, opts.key ?? DEV_PAYTR.key, opts.salt ?? DEV_PAYTR.salt),
    test_mode: '1',
    payment_type: 'card',
    currency: 'TL',
    payment_amount: t,
  }).toString();
}
