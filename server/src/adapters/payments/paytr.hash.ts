import { createHmac, timingSafeEqual } from 'node:crypto';
import type { VerifiedCallback } from './payment-provider';

/** PayTR's signatures (protocols.md §1.3, §1.4): base64(HMAC-SHA256(key, message + salt)). */
const hmacB64 = (key: string, message: string) =>
  createHmac('sha256', key).update(message, 'utf8').digest('base64');

export interface TokenFields {
  merchant_id: string;
  user_ip: string;
  merchant_oid: string;
  email: string;
  payment_amount: string;
  user_basket: string;
  no_installment: string;
  max_installment: string;
  currency: string;
  test_mode: string;
}

/** paytr_token for get-token: every value exactly as posted, concatenated in PayTR's order, then the salt. */
export function iframeToken(f: TokenFields, key: string, salt: string): string {
  const hashStr =
    f.merchant_id +
    f.user_ip +
    f.merchant_oid +
    f.email +
    f.payment_amount +
    f.user_basket +
    f.no_installment +
    f.max_installment +
    f.currency +
    f.test_mode;
  return hmacB64(key, hashStr + salt);
}

/** The callback hash: merchant_oid + salt + status + total_amount. */
export function callbackHash(
  oid: string,
  status: string,
  totalAmount: string,
  key: string,
  salt: string,
): string {
  return hmacB64(key, oid + salt + status + totalAmount);
}

/** Constant-time comparison of two base64 signatures. */
export function signaturesEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** user_basket: base64 of the compact JSON array of [name, unit price 'TL.kk', quantity]. */
export function encodeBasket(items: [string, number, number][]): string {
  const json = JSON.stringify(items.map(([name, kurus, qty]) => [name, (kurus / 100).toFixed(2), qty]));
  return Buffer.from(json, 'utf8').toString('base64');
}

/**
 * Verifies PayTR's callback (protocols.md §1.4) over the posted strings exactly as received, and reads its
 * fields. Shared by the PayTR adapter and the sandbox, which posts the same notification.
 */
export function verifyPaytrCallback(
  fields: Record<string, string | undefined>,
  key: string,
  salt: string,
): VerifiedCallback | null {
  const oid = fields.merchant_oid ?? '';
  const status = fields.status ?? '';
  const total = fields.total_amount ?? '';
  if (!oid || !fields.hash) return null;
  if (!signaturesEqual(fields.hash, callbackHash(oid, status, total, key, salt))) return null;
  if (status !== 'success' && status !== 'failed') return null;
  if (!/^\d+$/.test(total)) return null;
  const reason = `${fields.failed_reason_code ?? ''} ${fields.failed_reason_msg ?? ''}`.trim().slice(0, 300);
  return {
    merchantOid: oid,
    status,
    totalKurus: Number.parseInt(total, 10),
    testMode: fields.test_mode === '1',
    failedReason: status === 'failed' ? reason || 'failed' : null,
  };
}
