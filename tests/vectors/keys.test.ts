import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/vectors/keys.json';
import {
  addressFromBytes,
  addressFromPassphrase,
  addressFromPublicKey,
  addressToBytes,
  decodeAddress,
  isValidPublicKey,
  keyPairFromPassphrase,
  multiSignaturePublicKey,
  privateKeyFromPassphrase,
  privateKeyFromWif,
  publicKeyFromPrivateKey,
  uncompressedPublicKey,
  validateAddress,
  wifFromPassphrase,
  wifFromPrivateKey,
} from '../../src/core/protocol/crypto';
import { ripemd160, utf8Bytes } from '../../src/core/protocol/hash';
import { fromHex, toHex } from '../../src/core/protocol/hex';
import { networkByName } from '../../src/core/protocol/networks';

const networkNames = ['mainnet', 'devnet', 'testnet'] as const;

describe('keys.json: keys, addresses and WIFs', () => {
  it('holds 23 keys', () => {
    expect(vectors.keys).toHaveLength(23);
  });

  describe.each(vectors.keys.map((k) => [JSON.stringify(k.passphrase), k] as const))(
    'passphrase %s',
    (_, key) => {
      it('derives the private key, both public key forms and RIPEMD160', () => {
        expect(toHex(utf8Bytes(key.passphrase))).toBe(key.passphraseUtf8Hex);
        const privateKey = privateKeyFromPassphrase(key.passphrase);
        expect(toHex(privateKey)).toBe(key.privateKeyHex);
        const publicKey = publicKeyFromPrivateKey(privateKey);
        expect(toHex(publicKey)).toBe(key.publicKey);
        expect(toHex(keyPairFromPassphrase(key.passphrase).publicKey)).toBe(key.publicKey);
        expect(toHex(uncompressedPublicKey(publicKey))).toBe(key.publicKeyUncompressed);
        expect(toHex(uncompressedPublicKey(fromHex(key.publicKeyUncompressed)))).toBe(
          key.publicKeyUncompressed,
        );
        expect(isValidPublicKey(key.publicKey)).toBe(true);
        expect(isValidPublicKey(key.publicKeyUncompressed)).toBe(true);
        expect(toHex(ripemd160(publicKey))).toBe(key.ripemd160OfPublicKey);
      });

      it.each(networkNames)('%s address and WIF', (name) => {
        const expected = key.networks[name];
        const network = networkByName(name)!.network;
        expect(network.pubKeyHash).toBe(expected.pubKeyHash);
        expect(network.wif).toBe(expected.wifByte);
        const privateKey = fromHex(key.privateKeyHex);

        expect(addressFromPublicKey(key.publicKey, network.pubKeyHash)).toBe(expected.address);
        expect(addressFromPublicKey(fromHex(key.publicKey), network.pubKeyHash)).toBe(expected.address);
        expect(addressFromPassphrase(key.passphrase, network.pubKeyHash)).toBe(expected.address);
        expect(toHex(addressToBytes(expected.address))).toBe(expected.addressPayloadHex);
        expect(addressFromBytes(fromHex(expected.addressPayloadHex))).toBe(expected.address);
        const decoded = decodeAddress(expected.address);
        expect(decoded.version).toBe(network.pubKeyHash);
        expect(toHex(decoded.hash)).toBe(key.ripemd160OfPublicKey);
        expect(validateAddress(expected.address, network.pubKeyHash)).toBe(expected.addressValid);

        expect(wifFromPrivateKey(privateKey, network.wif)).toBe(expected.wif);
        expect(wifFromPassphrase(key.passphrase, network.wif)).toBe(expected.wif);
        expect(toHex(privateKeyFromWif(expected.wif, network.wif))).toBe(key.privateKeyHex);
        expect(toHex(privateKeyFromWif(expected.wif))).toBe(key.privateKeyHex);
      });
    },
  );
});

describe('keys.json: addressValidation', () => {
  it.each(vectors.addressValidation.map((c) => [c.note, c] as const))('%s', (_, c) => {
    expect(validateAddress(c.address, c.pubKeyHash)).toBe(c.result);
  });
});

describe('keys.json: multiSignatureAddresses', () => {
  const mainnet = networkByName('mainnet')!.network;
  const devnet = networkByName('devnet')!.network;

  it.each(vectors.multiSignatureAddresses.map((m, i) => [i, m] as const))('multisig asset #%i', (_, m) => {
    expect(m.minKeyPassphrase).toBe(m.asset.min.toString(16).padStart(2, '0'));
    expect(toHex(keyPairFromPassphrase(m.minKeyPassphrase).publicKey)).toBe(m.minKeyPublicKey);
    const key = multiSignaturePublicKey(m.asset);
    expect(key).toBe(m.multiSignaturePublicKey);
    // The order of the participant keys does not change the point sum (protocol reference §2).
    expect(multiSignaturePublicKey({ min: m.asset.min, publicKeys: [...m.asset.publicKeys].reverse() })).toBe(
      key,
    );
    expect(addressFromPublicKey(key, devnet.pubKeyHash)).toBe(m.devnetAddress);
    expect(addressFromPublicKey(key, mainnet.pubKeyHash)).toBe(m.mainnetAddress);
  });
});
