import { callbackHash } from '../../src/adapters/payments/paytr.hash';
import { DEV_PAYTR } from '../../src/config/env';

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
    hash: opts.hash ?? callbackHash(oid, status, t, opts.key ?? DEV_PAYTR.key, opts.salt ?? DEV_PAYTR.salt),
    test_mode: '1',
    payment_type: 'card',
    currency: 'TL',
    payment_amount: t,
  }).toString();
}
