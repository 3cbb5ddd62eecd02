/** What a provider needs to open its card frame for one order. */
export interface PaymentRequest {
  merchantOid: string;
  email: string;
  userIp: string;
  amountKurus: number;
  basket: [name: string, unitKurus: number, quantity: number][];
  userName: string;
  userPhone: string;
  userAddress: string;
  okUrl: string;
  failUrl: string;
  timeoutMinutes: number;
}

export interface PaymentProvider {
  name: 'paytr' | 'sandbox';
  /** Base of the iframe address; the frame is `${frameBase}/${iframeToken}`. */
  frameBase: string;
  /** Origin the card frame is served from (CSP frame-src and the parent's message check). */
  frameOrigin: string;
  /** Registers the order with the provider and returns the token that opens its card frame. */
  createPayment(req: PaymentRequest): Promise<{ iframeToken: string }>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    public readonly reason: string,
  ) {
    super(message);
  }
}
