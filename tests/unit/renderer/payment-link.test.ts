import { describe, expect, it } from 'vitest';
import { readPaymentLink, tokensToArktoshi } from '../../../src/shared/lib/payment-link';
import { paymentUri } from '../../../src/renderer/lib/payment-uri';

const ADDRESS = 'DM7UiH4b2rW2Nv11Wu6ToiZi8MJhGCEWhP';
const MAINNET = '6e84d08bd299ed97c212c886c98a57e36545c8f5d645ca7eeae63a8bd62d8988';
const SIGNATORY = '025f81956d5826bad7d30daed2b5c8c98e72046c1ec8323da336445476183fb7ca';
const SIGNATURE =
  '22f8ef55e8120fbf51e2407c808a1cc98d7ef961646226a3d3fad606437f8ba49ab68dc33c6d4a478f954c72e9bac2b4a4fe48baa70121a311a875dba1527d9d';

describe('AIP-13 payment requests', () => {
  it('reads the address, the amount in tokens and the memo', () => {
    expect(readPaymentLink(`ark:${ADDRESS}?amount=12.5&vendorField=rent%20for%20June&label=Jo`)).toEqual({
      ok: true,
      link: { method: 'transfer', recipient: ADDRESS, amount: '1250000000', memo: 'rent for June' },
    });
    expect(readPaymentLink(` ark:${ADDRESS} `)).toEqual({
      ok: true,
      link: { method: 'transfer', recipient: ADDRESS },
    });
  });

  it('reads back what the Receive card writes', () => {
    const uri = paymentUri({ address: ADDRESS, amount: '1', memo: 'a & b = c?' });
    expect(readPaymentLink(uri)).toEqual({
      ok: true,
      link: { method: 'transfer', recipient: ADDRESS, amount: '1', memo: 'a & b = c?' },
    });
  });

  it.each([
    [`ark:${ADDRESS}?amount=-1`, /amount “-1” is not a number of tokens above 0/],
    [`ark:${ADDRESS}?amount=0.000000001`, /at most 8 decimals/],
    [`ark:${ADDRESS}?amount=1e3`, /amount “1e3”/],
    ['ark:not-an-address', /no recipient address/],
    [`bitcoin:${ADDRESS}`, /not a payment link/],
    [`ark:${'1'.repeat(5000)}`, /too long/],
  ])('refuses %s in words', (link, words) => {
    const reading = readPaymentLink(link);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.message).toMatch(words);
  });
});

describe('ArkVault links (as @ardenthq/arkvault-url writes them)', () => {
  it('reads a transfer with its network', () => {
    const link = `https://app.arkvault.io/#/?method=transfer&recipient=${ADDRESS}&coin=ARK&nethash=${MAINNET}&amount=12.5&memo=My+custom+message`;
    expect(readPaymentLink(link)).toEqual({
      ok: true,
      link: {
        method: 'transfer',
        recipient: ADDRESS,
        amount: '1250000000',
        memo: 'My custom message',
        nethash: MAINNET,
      },
    });
  });

  it('reads vote, sign and verify, also under the ark: scheme', () => {
    expect(
      readPaymentLink(`https://app.arkvault.io/#/?method=vote&nethash=${MAINNET}&delegate=benchdark`),
    ).toEqual({
      ok: true,
      link: { method: 'vote', delegate: 'benchdark', nethash: MAINNET },
    });
    expect(readPaymentLink('ark:?coin=ARK&method=sign&message=hello+world&address=' + ADDRESS)).toEqual({
      ok: true,
      link: { method: 'sign', message: 'hello world', address: ADDRESS },
    });
    const verify = `https://app.arkvault.io/#/?coin=ARK&method=verify&message=hello+world&signatory=${SIGNATORY}&signature=${SIGNATURE}`;
    expect(readPaymentLink(verify)).toEqual({
      ok: true,
      link: { method: 'verify', message: 'hello world', signatory: SIGNATORY, signature: SIGNATURE },
    });
  });

  it.each([
    ['?method=transfer&amount=1', /no recipient address/],
    ['?method=vote&delegate=Not A Name', /no delegate/],
    ['?method=verify&message=x', /needs a message, a signatory and a signature/],
    ['?method=burn', /does not know the link method “burn”/],
    [`?method=vote&delegate=x&nethash=zz`, /not 64 hex characters/],
  ])('refuses %s in words', (query, words) => {
    const reading = readPaymentLink(`https://app.arkvault.io/#/${query}`);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.message).toMatch(words);
  });
});

describe('tokensToArktoshi', () => {
  it('is exact to the arktoshi', () => {
    expect(tokensToArktoshi('0.00000001')).toBe('1');
    expect(tokensToArktoshi('123456789012.12345678')).toBe('12345678901212345678');
    expect(tokensToArktoshi('0')).toBeUndefined();
  });
});
