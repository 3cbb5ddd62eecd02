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

/** A provider's payment notification after its signature was checked; amounts in kuruş. */
export interface VerifiedCallback {
  merchantOid: string;
  status: 'success' | 'failed';
  /** What the provider says it collected (0 on failure). */
  totalKurus: number;
  testMode: boolean;
  failedReason: string | null;
}

export interface PaymentProvider {
  name: 'paytr' | 'sandbox';
  /** Base of the iframe address (absolute, or a same-origin path); the frame is `${frameBase}/${iframeToken}`. */
  frameBase: string;
  /** Origin the card frame is served from (CSP frame-src and the parent's message check). */
  frameOrigin: string;
  /** Registers the order with the provider and returns the token that opens its card frame. */
  createPayment(req: PaymentRequest): Promise<{ iframeToken: string }>;
  /**
   * Checks a posted notification's signature over the raw fields; null when it is not genuine. Only the
   * adapters know the provider's field names and hashing.
   */
  verifyCallback(fields: Record<string, string | undefined>): VerifiedCallback | null;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    public readonly reason: string,
  ) {
    super(message);
  }
}
