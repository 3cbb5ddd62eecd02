import { createHmac } from 'node:crypto';
import { signaturesEqual } from './paytr.hash';
import type { PaymentProvider, PaymentRequest } from './payment-provider';

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

const sign = (payload: string, key: string) => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * The development payment provider: a PayTR-like card page served by this app inside the same iframe. Its
 * token is a signed ticket, so any process can render the frame without shared state.
 */
export function sandboxProvider(cfg: { publicUrl: string; merchantKey: string }) {
  const provider: PaymentProvider & {
    readTicket(token: string, now?: number): SandboxTicket | null;
  } = {
    name: 'sandbox',
    frameBase: `${cfg.publicUrl}/sandbox/paytr/guvenli`,
    frameOrigin: new URL(cfg.publicUrl).origin,
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
    readTicket(token: string, now = Date.now()) {
      const [payload, sig] = token.split('.');
      if (!payload || !sig || !signaturesEqual(sig, sign(payload, cfg.merchantKey))) return null;
      try {
        const ticket = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SandboxTicket;
        return ticket.exp > now ? ticket : null;
      } catch {
        return null;
      }
    },
  };
  return provider;
}
export type SandboxProvider = ReturnType<typeof sandboxProvider>;
