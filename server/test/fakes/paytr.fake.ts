import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { paytrTokenOf, SIGNED_FIELDS } from './paytr-notify';

/** The exact field set of PayTR's get-token (protocols.md §1.2); required ones first. */
export const REQUIRED_FIELDS: string[] = [
  ...SIGNED_FIELDS.filter((name) => name !== 'currency'),
  'paytr_token',
  'user_name',
  'user_address',
  'user_phone',
  'merchant_ok_url',
  'merchant_fail_url',
];
const OPTIONAL_FIELDS = ['currency', 'debug_on', 'timeout_limit', 'lang', 'iframe_v2', 'iframe_v2_dark'];

/**
 * A PayTR get-token endpoint on loopback: recomputes paytr_token with its own key and salt, rejects
 * missing, unknown or leaked-secret fields with PayTR's reason strings, and records what it received.
 */
export async function startFakePaytr(opts: { merchantId: string; key: string; salt: string }) {
  const received: Record<string, string>[] = [];
  // An outage that accepts the connection and never answers (the case a time limit is for).
  let hanging = false;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (hanging) return;
      const reply = (obj: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(obj));
      if (req.method !== 'POST' || req.url !== '/odeme/api/get-token') return res.writeHead(404).end();
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return reply({ status: 'failed', reason: 'unsupported content type' });
      }
      const form = Object.fromEntries(new URLSearchParams(body));
      received.push(form);
      for (const name of REQUIRED_FIELDS) {
        if (!form[name]) return reply({ status: 'failed', reason: `Required field value invalid: ${name}` });
      }
      const unknown = Object.keys(form).filter(
        (k) => !REQUIRED_FIELDS.includes(k) && !OPTIONAL_FIELDS.includes(k),
      );
      if (unknown.length)
        return reply({ status: 'failed', reason: `Unexpected fields: ${unknown.join(',')}` });
      if (form.merchant_id !== opts.merchantId)
        return reply({ status: 'failed', reason: 'Required field value invalid: merchant_id' });
      if (!/^[A-Za-z0-9]{1,64}$/.test(form.merchant_oid))
        return reply({ status: 'failed', reason: 'merchant_oid must be alphanumeric' });
      if (!/^\d+$/.test(form.payment_amount))
        return reply({ status: 'failed', reason: 'payment_amount must be an integer' });
      const expected = paytrTokenOf(form, opts.key, opts.salt);
      if (form.paytr_token !== expected) return reply({ status: 'failed', reason: 'paytr_token is invalid' });
      return reply({ status: 'success', token: randomBytes(16).toString('hex') });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    hang: (on: boolean) => {
      hanging = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
