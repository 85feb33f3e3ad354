import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/vectors/messages.json';
import { ProtocolError } from '../../src/core/protocol/errors';
import { signMessageWithPassphrase, verifySignedMessage } from '../../src/core/protocol/message';
import { sha256 } from '../../src/core/protocol/hash';
import { toHex } from '../../src/core/protocol/hex';

describe('messages.json', () => {
  it.each(vectors.messages.map((m) => [JSON.stringify(m.message), m] as const))('message %s', (_, m) => {
    expect(toHex(sha256(m.message))).toBe(m.hashHex);
    const signed = signMessageWithPassphrase(m.message, m.passphrase);
    expect(signed).toEqual({ publicKey: m.publicKey, signature: m.signature, message: m.message });
    const given = { publicKey: m.publicKey, signature: m.signature, message: m.message };
    expect(verifySignedMessage(given).verified).toBe(m.verify);
    expect(verifySignedMessage({ ...given, message: `${m.message}!` }).verified).toBe(
      m.verifyTamperedMessage,
    );
  });

  it('names the malformed field of a document instead of verifying it', () => {
    const m = vectors.messages[0]!;
    expect(() =>
      verifySignedMessage({ publicKey: 'zz', signature: m.signature, message: m.message }),
    ).toThrow(ProtocolError);
    // Well-formed hex that is no signature of either scheme: a verdict with the reason, not an exception.
    const verdict = verifySignedMessage({ publicKey: m.publicKey, signature: '30', message: m.message });
    expect(verdict).toMatchObject({ verified: false });
    expect(verdict.reason).toMatch(/neither a DER ECDSA signature nor a 64-byte Schnorr/);
  });
});
