import { createBase58check } from '@scure/base';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import {
  addressFromBytes,
  addressFromPublicKey,
  addressToBytes,
  decodeAddress,
  isValidPublicKey,
  multiSignaturePublicKey,
  parsePublicKey,
  privateKeyFromWif,
  publicKeyFromPrivateKey,
  uncompressedPublicKey,
  validateAddress,
  wifFromPrivateKey,
} from '../../../../../src/core/protocol/crypto';
import { ProtocolError } from '../../../../../src/core/protocol/errors';
import type { ProtocolErrorCode } from '../../../../../src/core/protocol/errors';
import { fromHex } from '../../../../../src/core/protocol/hex';
import { N, bigIntToBytes32 } from '../../../../../src/core/protocol/crypto/curve';

const b58c = createBase58check(nobleSha256);
const PRIVATE_KEY = fromHex('26c760b6fb821a0afa97e687562277707434dd9527c81af970d000b7178229dd');
const PUBLIC_KEY = '0205d9bbe71c343ac9a6a83a4344fd404c3534fc7349827097d0835d160bc2b896';
const WIF = 'SAsaHygNSqPbA9kTz2YbxKvPk6dLRXofAph5oQgDbzxz1G1LH2Zn';
const ADDRESS = 'DEMvpU4Qq6KvSzF3sRNjGCkm6Kj7cFfVaz';

function expectCode(fn: () => unknown, code: ProtocolErrorCode, message?: RegExp): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe(code);
    if (message !== undefined) expect((error as ProtocolError).message).toMatch(message);
    return;
  }
  expect.fail(`expected a ProtocolError ${code}`);
}

function replaceLastChar(text: string): string {
  return text.slice(0, -1) + (text.endsWith('a') ? 'b' : 'a');
}

describe('WIF errors', () => {
  it('bad checksum → ERR_WIF', () => {
    expectCode(() => privateKeyFromWif(replaceLastChar(WIF)), 'ERR_WIF', /Base58Check/);
  });
  it('bad alphabet → ERR_WIF', () => {
    expectCode(() => privateKeyFromWif(`0${WIF.slice(1)}`), 'ERR_WIF');
  });
  it('wrong version byte → ERR_WIF naming both bytes', () => {
    expectCode(() => privateKeyFromWif(WIF, 186), 'ERR_WIF', /170, expected 186/);
  });
  it('wrong payload length → ERR_WIF', () => {
    expectCode(() => privateKeyFromWif(b58c.encode(new Uint8Array(33).fill(1))), 'ERR_WIF', /33 bytes/);
    expectCode(() => privateKeyFromWif(b58c.encode(new Uint8Array(35).fill(1))), 'ERR_WIF', /35 bytes/);
  });
  it('missing 0x01 compressed flag → ERR_WIF', () => {
    const payload = new Uint8Array(34);
    payload[0] = 170;
    payload.set(PRIVATE_KEY, 1);
    payload[33] = 0x00;
    expectCode(() => privateKeyFromWif(b58c.encode(payload)), 'ERR_WIF', /0x01/);
  });
  it('private key out of range → ERR_WIF', () => {
    const payload = new Uint8Array(34);
    payload[0] = 170;
    payload.set(bigIntToBytes32(N), 1);
    payload[33] = 0x01;
    expectCode(() => privateKeyFromWif(b58c.encode(payload)), 'ERR_WIF', /invalid private key/);
  });
  it('encoding rejects bad keys and bytes', () => {
    expectCode(() => wifFromPrivateKey(new Uint8Array(32), 170), 'ERR_KEY');
    expectCode(() => wifFromPrivateKey(PRIVATE_KEY, 256), 'ERR_WIF');
  });
});

describe('address errors', () => {
  it('bad checksum → ERR_ADDRESS, and validateAddress is false', () => {
    const bad = replaceLastChar(ADDRESS);
    expectCode(() => decodeAddress(bad), 'ERR_ADDRESS', /Base58Check/);
    expectCode(() => addressToBytes(bad), 'ERR_ADDRESS');
    expect(validateAddress(bad, 30)).toBe(false);
  });
  it('wrong version → decodes, but does not validate for the other network', () => {
    expect(decodeAddress(ADDRESS).version).toBe(30);
    expect(validateAddress(ADDRESS, 23)).toBe(false);
  });
  it('wrong payload length → ERR_ADDRESS (validateAddress only checks the version byte, like the library)', () => {
    const short = b58c.encode(Uint8Array.of(30, 1, 2, 3));
    expectCode(() => decodeAddress(short), 'ERR_ADDRESS', /4 bytes, expected 21/);
    expect(validateAddress(short, 30)).toBe(true);
    expect(validateAddress(b58c.encode(new Uint8Array(0)), 30)).toBe(false);
    expectCode(() => addressFromBytes(new Uint8Array(20)), 'ERR_ADDRESS');
  });
  it('a decoded address is remembered as it was: changing an answer changes no later one', () => {
    const first = decodeAddress(ADDRESS);
    const hash = first.hash.slice();
    first.hash.fill(0);
    expect(decodeAddress(ADDRESS).hash).toEqual(hash);
    expect(addressFromBytes(addressToBytes(ADDRESS))).toBe(ADDRESS);
    expectCode(() => decodeAddress(replaceLastChar(ADDRESS)), 'ERR_ADDRESS', /Base58Check/);
  });
  it('non-string input never throws a raw error', () => {
    expect(validateAddress(42 as unknown as string, 30)).toBe(false);
    expectCode(() => decodeAddress(undefined as unknown as string), 'ERR_ADDRESS');
  });
  it('address of an invalid public key → ERR_KEY', () => {
    expectCode(() => addressFromPublicKey(`02${'00'.repeat(32)}`, 30), 'ERR_KEY');
    expectCode(() => addressFromPublicKey('zz', 30), 'ERR_KEY');
    expectCode(() => addressFromPublicKey(PUBLIC_KEY, 300), 'ERR_ADDRESS');
  });
});

describe('key errors', () => {
  it('private keys outside [1, n−1] or not 32 bytes → ERR_KEY', () => {
    expectCode(() => publicKeyFromPrivateKey(new Uint8Array(32)), 'ERR_KEY', /0 or >= n/);
    expectCode(() => publicKeyFromPrivateKey(bigIntToBytes32(N)), 'ERR_KEY');
    expectCode(() => publicKeyFromPrivateKey(new Uint8Array(31)), 'ERR_KEY', /32 bytes/);
  });
  it('parsePublicKey names the field and rejects non-points, uncompressed and malformed hex', () => {
    expect(parsePublicKey(PUBLIC_KEY)).toEqual(fromHex(PUBLIC_KEY));
    expectCode(() => parsePublicKey(PUBLIC_KEY.slice(2), 'senderPublicKey'), 'ERR_KEY', /senderPublicKey/);
    expectCode(
      () => parsePublicKey(`04${PUBLIC_KEY.slice(2)}`, 'senderPublicKey'),
      'ERR_KEY',
      /senderPublicKey/,
    );
    expectCode(() => parsePublicKey(`02${'ff'.repeat(32)}`, 'recipient key'), 'ERR_KEY', /recipient key/);
    expectCode(() => parsePublicKey(`02${'zz'.repeat(32)}`), 'ERR_KEY');
  });
  it('isValidPublicKey and uncompressedPublicKey reject non-points', () => {
    expect(isValidPublicKey(`02${'ff'.repeat(32)}`)).toBe(false);
    expect(isValidPublicKey(`05${PUBLIC_KEY.slice(2)}`)).toBe(false);
    expect(isValidPublicKey(new Uint8Array(65))).toBe(false);
    expect(isValidPublicKey('xyz')).toBe(false);
    expectCode(() => uncompressedPublicKey(new Uint8Array(33)), 'ERR_KEY');
  });
  it('multisignature asset errors → ERR_KEY', () => {
    expectCode(() => multiSignaturePublicKey({ min: 0, publicKeys: [PUBLIC_KEY] }), 'ERR_KEY', /min/);
    expectCode(() => multiSignaturePublicKey({ min: 2, publicKeys: [PUBLIC_KEY] }), 'ERR_KEY', /min/);
    expectCode(() => multiSignaturePublicKey({ min: 1.5, publicKeys: [PUBLIC_KEY, PUBLIC_KEY] }), 'ERR_KEY');
    expectCode(() => multiSignaturePublicKey({ min: 1, publicKeys: ['02'] }), 'ERR_KEY', /public key 0/);
    expectCode(
      () => multiSignaturePublicKey(null as unknown as { min: number; publicKeys: string[] }),
      'ERR_KEY',
    );
  });
});
