import { createHmac } from 'node:crypto';
import { callbackHash, signaturesEqual, verifyPaytrCallback } from './paytr.hash';
import type { PaymentProvider, PaymentRequest } from './payment-provider';
import { DEV_PAYTR } from '../../config/env';

/** What the sandbox frame needs to show and settle one payment; carried inside its signed token. */
export interface SandboxTicket {
  oid: string;
  amountKurus: number;
  email: string;
  okUrl: string;
  failUrl: string;
  description: string;
  exp: number;
}

/** PayTR's published test cards (protocols.md §1.5); any other number is declined. */
export const SANDBOX_TEST_CARDS = ['4355084355084358', '5406675406675403', '9792030394440796'];

/** PayTR's decline reason used by the sandbox (code 0: detail in the message). */
export const SANDBOX_DECLINE = {
  code: '0',
  message: 'Kart limiti yetersiz veya kart bilgileri hatalı. Lütfen başka bir kart deneyin.',
};

const sign = (payload: string, key: string) => createHmac('sha256', key).update(payload).digest('base64url');

export interface SandboxConfig {
  publicUrl: string;
  merchantId: string;
  merchantKey: string;
  merchantSalt: string;
  production: boolean;
}

/**
 * The development payment provider: a PayTR-like card page served by this app inside the same iframe. Its
 * token is a signed ticket, so any process can render the frame without shared state; a card is settled
 * into the same signed notification PayTR would post.
 */
export function sandboxProvider(cfg: SandboxConfig) {
  // Anyone can sign a callback with the published key: in production it would hand out plans for free.
  if (cfg.production && (cfg.merchantKey === DEV_PAYTR.key || cfg.merchantSalt === DEV_PAYTR.salt)) {
    throw new Error('sandbox payments refuse the published development merchant key in production');
  }
  const readTicket = (token: string, now = Date.now()): SandboxTicket | null => {
    const [payload, sig] = token.split('.');
    if (!payload || !sig || !signaturesEqual(sig, sign(payload, cfg.merchantKey))) return null;
    try {
      const ticket = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SandboxTicket;
      return ticket.exp > now ? ticket : null;
    } catch {
      return null;
    }
  };
  const provider = {
    name: 'sandbox' as const,
    // Same-origin path, not PUBLIC_URL: the frame then loads on whatever address the app was opened on
    // (CSP frame-src 'self'), and its result pages post to that same origin.
    frameBase: '/sandbox/paytr/guvenli',
    frameOrigin: new URL(cfg.publicUrl).origin,
    verifyCallback: (fields: Record<string, string | undefined>) =>
      verifyPaytrCallback(fields, cfg.merchantKey, cfg.merchantSalt),
    async createPayment(req: PaymentRequest) {
      const ticket: SandboxTicket = {
        oid: req.merchantOid,
        amountKurus: req.amountKurus,
        email: req.email,
        okUrl: req.okUrl,
        failUrl: req.failUrl,
        description: req.basket.map(([name]) => name).join(', '),
        exp: Date.now() + req.timeoutMinutes * 60_000,
      };
      const payload = Buffer.from(JSON.stringify(ticket)).toString('base64url');
      return { iframeToken: `${payload}.${sign(payload, cfg.merchantKey)}` };
    },
    readTicket,
    /**
     * Charges a card against a ticket as PayTR's test environment does: the published test cards with CVV
     * 000 are approved, every other card declined. Returns the signed notification PayTR would post.
     */
    settle(ticket: SandboxTicket, card: { number: string; cvv: string }) {
      const number = card.number.replace(/\D/g, '');
      const approved = SANDBOX_TEST_CARDS.includes(number) && card.cvv.trim() === '000';
      const status = approved ? 'success' : 'failed';
      const total = approved ? String(ticket.amountKurus) : '0';
      const fields: Record<string, string> = {
        merchant_oid: ticket.oid,
        status,
        total_amount: total,
        hash: callbackHash(ticket.oid, status, total, cfg.merchantKey, cfg.merchantSalt),
        test_mode: '1',
        payment_type: 'card',
        currency: 'TL',
        payment_amount: String(ticket.amountKurus),
        merchant_id: cfg.merchantId,
        installment_count: '1',
        ...(approved
          ? {}
          : { failed_reason_code: SANDBOX_DECLINE.code, failed_reason_msg: SANDBOX_DECLINE.message }),
      };
      return { approved, fields, reason: approved ? null : SANDBOX_DECLINE.message };
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}
export type SandboxProvider = ReturnType<typeof sandboxProvider>;
