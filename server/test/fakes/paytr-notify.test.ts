import { describe, expect, it } from 'vitest';
import { paytrCallbackHashOf, paytrTokenOf } from './paytr-notify';
import { paytrVector as v } from './paytr-vectors';

describe("the PayTR fake's own signing agrees with protocols.md §5.3", () => {
  it('computes the published get-token vector', () => {
    expect(paytrTokenOf(v.tokenFields, v.key, v.salt)).toBe(v.paytrToken);
  });

  it('computes the published callback vector', () => {
    expect(paytrCallbackHashOf(v.tokenFields.merchant_oid, 'success', '29900', v.key, v.salt)).toBe(
      v.callbackHash,
    );
  });
});
