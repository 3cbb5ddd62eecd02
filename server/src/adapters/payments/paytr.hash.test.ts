import { describe, expect, it } from 'vitest';
import { callbackHash, encodeBasket, iframeToken } from './paytr.hash';

// Test vectors from ../shared/reference/protocols.md §5.3.
const key = 'KEYKEYKEYKEYKEY1';
const salt = 'SALTSALTSALTSAL1';

describe('PayTR signatures', () => {
  it('encodes the basket as base64 of compact JSON with TL.kk prices', () => {
    expect(encodeBasket([['Pro Abonelik (1 ay)', 29900, 1]])).toBe(
      'W1siUHJvIEFib25lbGlrICgxIGF5KSIsIjI5OS4wMCIsMV1d',
    );
  });

  it('computes the get-token paytr_token of the reference vector', () => {
    const token = iframeToken(
      {
        merchant_id: '123456',
        user_ip: '85.105.10.20',
        merchant_oid: 'SUB20250101ABC123',
        email: 'test@example.com',
        payment_amount: '29900',
        user_basket: 'W1siUHJvIEFib25lbGlrICgxIGF5KSIsIjI5OS4wMCIsMV1d',
        no_installment: '1',
        max_installment: '0',
        currency: 'TL',
        test_mode: '1',
      },
      key,
      salt,
    );
    expect(token).toBe('bi2RnAcKySbqN9f9eTI21nJZIl3WvyU34pGCBr6kbEE=');
  });

  it('computes the callback hash of the reference vector', () => {
    expect(callbackHash('SUB20250101ABC123', 'success', '29900', key, salt)).toBe(
      'LcHs2224PWnTpntksimQaa6nzL/Go74Bov3VnL6SG78=',
    );
  });
});
