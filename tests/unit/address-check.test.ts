/** The recipient check before signing (src/shared/lib/address-check.ts), against the protocol library's. */
import { describe, expect, it } from 'vitest';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { addressProblem } from '../../src/shared/lib/address-check';

const LOCALNET = 30;
const MAINNET = 23;
const address = addressFromPassphrase('address check recipient', LOCALNET);

describe('address check', () => {
  it('accepts an address of the network', () => {
    expect(addressProblem(address, LOCALNET)).toBeUndefined();
    expect(addressProblem(` ${address} `, LOCALNET)).toBeUndefined();
  });
  it('says what is wrong: a typo, a cut copy, another network', () => {
    const typo = `${address.slice(0, 10)}${address[10] === 'a' ? 'b' : 'a'}${address.slice(11)}`;
    expect(addressProblem(typo, LOCALNET)).toMatch(/^This address has a typo/);
    expect(addressProblem(address.slice(0, 33), LOCALNET)).toMatch(/^An address is 34 letters/);
    expect(addressProblem(`${address.slice(0, 33)}0`, LOCALNET)).toMatch(/^An address is 34 letters/);
    expect(addressProblem(addressFromPassphrase('x', MAINNET), LOCALNET)).toMatch(/another network/);
    expect(addressProblem('', LOCALNET)).toBe('Enter the recipient address.');
  });
});
