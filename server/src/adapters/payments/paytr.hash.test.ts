import { describe, expect, it } from 'vitest';
import { callbackHash, encodeBasket, iframeToken } from './paytr.hash';
import { paytrVector } from '../../../test/fakes/paytr-vectors';

// Test vectors from ../shared/reference/protocols.md §5.3.
const v = paytrVector;

describe('PayTR signatures', () => {
  it('encodes the basket as base64 of compact JSON with TL.kk prices', () => {
    expect(encodeBasket([['Pro Abonelik (1 ay)', 29900, 1]])).toBe(
      'W1siUHJvIEFib25lbGlrICgxIGF5KSIsIjI5OS4wMCIsMV1d',
    );
  });

  it('computes the get-token paytr_token of the reference vector', () => {
    expect(iframeToken(v.tokenFields, v.key, v.salt)).toBe(v.paytrToken);
  });

  it('computes the callback hash of the reference vector', () => {
    expect(callbackHash(v.tokenFields.merchant_oid, 'success', '29900', v.key, v.salt)).toBe(v.callbackHash);
  });
});
