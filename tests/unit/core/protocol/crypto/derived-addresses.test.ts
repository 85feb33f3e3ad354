import { describe, expect, it } from 'vitest';
import {
  addressFromPublicKey,
  publicKeyFromPrivateKey,
  privateKeyFromPassphrase,
  rememberDerivedAddresses,
} from '../../../../../src/core/protocol/crypto';
import { toHex } from '../../../../../src/core/protocol/hex';

const key = (passphrase: string) => toHex(publicKeyFromPrivateKey(privateKeyFromPassphrase(passphrase)));

describe('addresses a verify worker derived (rememberDerivedAddresses)', () => {
  it('answers a remembered address for its key and network only', () => {
    const first = key('derived address one');
    const second = key('derived address two');
    // A marker no key hashes to: the answer can only come from what was remembered.
    rememberDerivedAddresses(30, [[first, 'remembered-for-30']]);
    expect(addressFromPublicKey(first, 30)).toBe('remembered-for-30');
    // Another network's version byte, another key, or the key's bytes: derived here as before.
    expect(addressFromPublicKey(first, 23)).toMatch(/^A[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(addressFromPublicKey(second, 30)).toMatch(/^D[1-9A-HJ-NP-Za-km-z]{33}$/);
  });

  it('refuses a version byte no address can have, as deriving does', () => {
    expect(() => rememberDerivedAddresses(300, [])).toThrow(/pubKeyHash/);
  });
});
