import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/vectors/messages.json';
import { signMessage, verifyMessage } from '../../src/core/protocol/crypto';
import { sha256 } from '../../src/core/protocol/hash';
import { toHex } from '../../src/core/protocol/hex';

describe('messages.json', () => {
  it.each(vectors.messages.map((m) => [JSON.stringify(m.message), m] as const))('message %s', (_, m) => {
    expect(toHex(sha256(m.message))).toBe(m.hashHex);
    const signed = signMessage(m.message, m.passphrase);
    expect(signed).toEqual({ publicKey: m.publicKey, signature: m.signature, message: m.message });
    const given = { publicKey: m.publicKey, signature: m.signature, message: m.message };
    expect(verifyMessage(given)).toBe(m.verify);
    expect(verifyMessage({ ...given, message: `${m.message}!` })).toBe(m.verifyTamperedMessage);
  });

  it('returns false for malformed hex instead of throwing', () => {
    const m = vectors.messages[0]!;
    expect(verifyMessage({ publicKey: 'zz', signature: m.signature, message: m.message })).toBe(false);
    expect(verifyMessage({ publicKey: m.publicKey, signature: '30', message: m.message })).toBe(false);
  });
});
