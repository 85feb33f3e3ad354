/** Payment requests as `ark:` URIs (AIP-13), what ARK wallets scan from a QR code. */
import { describe, expect, it } from 'vitest';
import { paymentUri } from '../../../src/renderer/lib/payment-uri';

const ADDRESS = 'AJWRd23HNEhPLkK1ymMnwnDBX2a7QBZqff';

describe('paymentUri', () => {
  it('is the bare address URI without an amount or memo', () => {
    expect(paymentUri({ address: ADDRESS })).toBe(`ark:${ADDRESS}`);
    expect(paymentUri({ address: ADDRESS, amount: '0', memo: '' })).toBe(`ark:${ADDRESS}`);
  });

  it('writes the amount in tokens with a dot and no trailing zeros, whatever the locale', () => {
    expect(paymentUri({ address: ADDRESS, amount: '150000000' })).toBe(`ark:${ADDRESS}?amount=1.5`);
    expect(paymentUri({ address: ADDRESS, amount: '100000000000' })).toBe(`ark:${ADDRESS}?amount=1000`);
    expect(paymentUri({ address: ADDRESS, amount: '1' })).toBe(`ark:${ADDRESS}?amount=0.00000001`);
  });

  it('percent-encodes the memo as vendorField', () => {
    expect(paymentUri({ address: ADDRESS, amount: '250000000', memo: 'invoice #7 & co / ü' })).toBe(
      `ark:${ADDRESS}?amount=2.5&vendorField=invoice%20%237%20%26%20co%20%2F%20%C3%BC`,
    );
  });
});
