import { describe, expect, it } from 'vitest';
import { paytrCallbackHashOf, paytrTokenOf } from './paytr-notify';

// protocols.md §5.3: vectors computed with Node and cross-checked with Python's hmac (fake credentials).
const key = 'KEYKEYKEYKEYKEY1';
const salt = 'SALTSALTSALTSAL1';

describe("the PayTR fake's own signing", () => {
  it('computes the published get-token vector', () => {
    const form = {
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
    };
    expect(paytrTokenOf(form, key, salt)).toBe('bi2RnAcKySbqN9f9eTI21nJZIl3WvyU34pGCBr6kbEE=');
  });

  it('computes the published callback vector', () => {
    expect(paytrCallbackHashOf('SUB20250101ABC123', 'success', '29900', key, salt)).toBe(
      'LcHs2224PWnTpntksimQaa6nzL/Go74Bov3VnL6SG78=',
    );
  });
});
