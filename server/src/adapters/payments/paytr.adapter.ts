import { encodeBasket, iframeToken, verifyPaytrCallback, type TokenFields } from './paytr.hash';
import { PaymentProviderError, type PaymentProvider, type PaymentRequest } from './payment-provider';

export interface PaytrConfig {
  baseUrl: string;
  merchantId: string;
  merchantKey: string;
  merchantSalt: string;
  testMode: boolean;
  /** get-token's time limit; a PayTR that does not answer by then is an outage (502 to the customer). */
  timeoutMs?: number;
}

/**
 * PayTR iFrame API step 1 (protocols.md §1.2): a server-to-server urlencoded get-token request signed with
 * paytr_token. Key and salt are HMAC inputs only and are never sent.
 */
export function paytrProvider(cfg: PaytrConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  return {
    name: 'paytr',
    frameBase: `${cfg.baseUrl}/odeme/guvenli`,
    frameOrigin: new URL(cfg.baseUrl).origin,
    verifyCallback: (fields) => verifyPaytrCallback(fields, cfg.merchantKey, cfg.merchantSalt),
    async createPayment(req: PaymentRequest) {
      const signed: TokenFields = {
        merchant_id: cfg.merchantId,
        user_ip: req.userIp,
        merchant_oid: req.merchantOid,
        email: req.email.slice(0, 100),
        payment_amount: String(req.amountKurus),
        user_basket: encodeBasket(req.basket),
        no_installment: '1',
        max_installment: '0',
        currency: 'TL',
        test_mode: cfg.testMode ? '1' : '0',
      };
      const form = new URLSearchParams({
        ...signed,
        paytr_token: iframeToken(signed, cfg.merchantKey, cfg.merchantSalt),
        user_name: req.userName.slice(0, 60),
        user_address: req.userAddress.slice(0, 400),
        user_phone: req.userPhone.slice(0, 20),
        merchant_ok_url: req.okUrl,
        merchant_fail_url: req.failUrl,
        timeout_limit: String(req.timeoutMinutes),
        debug_on: cfg.testMode ? '1' : '0',
        lang: 'tr',
      });
      let res: Response;
      try {
        res = await fetchImpl(`${cfg.baseUrl}/odeme/api/get-token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(cfg.timeoutMs ?? 20_000),
        });
      } catch (err) {
        throw new PaymentProviderError(`PayTR unreachable: ${(err as Error).message}`, 'unreachable');
      }
      const body = (await res.json().catch(() => null)) as {
        status?: string;
        token?: string;
        reason?: string;
      } | null;
      if (!res.ok || body?.status !== 'success' || !body.token) {
        throw new PaymentProviderError(
          `PayTR get-token failed: ${body?.reason ?? res.status}`,
          body?.reason ?? 'http',
        );
      }
      return { iframeToken: body.token };
    },
  };
}
