/** PayTR's published test vector (protocols.md §5.3): fake credentials, inputs and expected signatures. */
export const paytrVector = {
  key: 'KEYKEYKEYKEYKEY1',
  salt: 'SALTSALTSALTSAL1',
  tokenFields: {
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
  paytrToken: 'bi2RnAcKySbqN9f9eTI21nJZIl3WvyU34pGCBr6kbEE=',
  /** For status=success, total_amount=29900. */
  callbackHash: 'LcHs2224PWnTpntksimQaa6nzL/Go74Bov3VnL6SG78=',
} as const;
