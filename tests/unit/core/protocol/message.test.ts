/**
 * Signed messages in both forms against the reference: `@arkecosystem/crypto` 3.x `Crypto.Message` (ARK Core 3,
 * Desktop Wallet v2) and `Crypto.Hash.signSchnorr/verifySchnorr` over the same SHA-256 (what ArkVault's
 * platform-sdk-ark MessageService calls), and the copied messages.json vectors.
 */
// Must stay first: selects bcrypto's JS backend before @arkecosystem/crypto loads it.
import '../../../api/support/bcrypto-js-backend';
import { Crypto, Identities } from '@arkecosystem/crypto';
import { describe, expect, it } from 'vitest';
import vectors from '../../../fixtures/vectors/messages.json';
import { isProtocolError } from '../../../../src/core/protocol/errors';
import {
  messageHash,
  parseSignedMessage,
  signMessageWithPassphrase,
  signedMessageText,
  verifySignedMessage,
} from '../../../../src/core/protocol/message';
import { toHex } from '../../../../src/core/protocol/hex';

const DEVNET_PUBKEYHASH = 30;
const passphrases = [
  'this is a top secret passphrase 1',
  'bless cloud wheel regular tiny venue bird web grief security dignity zoo',
  'ünïcödé pässphräse ✓',
];
const messages = ['Hello World', '', 'ARK ✓ message', 'line one\nline two\r\n', '🔐'.repeat(50)];

describe('Core 3 form (Crypto.Message)', () => {
  it.each(vectors.messages.map((m) => [JSON.stringify(m.message), m] as const))(
    'vector %s: same bytes, verified',
    (_, m) => {
      expect(toHex(messageHash(m.message))).toBe(m.hashHex);
      const signed = signMessageWithPassphrase(m.message, m.passphrase);
      expect(signed).toEqual({ publicKey: m.publicKey, signature: m.signature, message: m.message });
      expect(verifySignedMessage(signed)).toMatchObject({ verified: true, format: 'core3', scheme: 'ecdsa' });
      expect(verifySignedMessage({ ...signed, message: `${m.message}!` })).toMatchObject({ verified: false });
    },
  );

  it.each(passphrases.flatMap((p) => messages.map((m) => [p, m] as const)))(
    'signs %j / %j exactly as Message.sign, and each verifies the other’s',
    (passphrase, message) => {
      const ours = signMessageWithPassphrase(message, passphrase);
      const theirs = Crypto.Message.sign(message, passphrase);
      expect(ours).toEqual(theirs);
      expect(Object.keys(ours)).toEqual(['publicKey', 'signature', 'message']);
      expect(Crypto.Message.verify(ours)).toBe(true);
      expect(verifySignedMessage(theirs).verified).toBe(true);
    },
  );

  it('reports the signer’s address on the network asked for', () => {
    const passphrase = passphrases[0]!;
    const verdict = verifySignedMessage(signMessageWithPassphrase('hi', passphrase), DEVNET_PUBKEYHASH);
    expect(verdict.address).toBe(Identities.Address.fromPassphrase(passphrase, DEVNET_PUBKEYHASH));
  });
});

describe('ArkVault form (Hash.signSchnorr over SHA-256)', () => {
  it.each(passphrases.flatMap((p) => messages.map((m) => [p, m] as const)))(
    'signs %j / %j as ArkVault does, and each verifies the other’s',
    (passphrase, message) => {
      const ours = signMessageWithPassphrase(message, passphrase, 'arkvault');
      const keys = Identities.Keys.fromPassphrase(passphrase);
      const hash = Crypto.HashAlgorithms.sha256(message);
      expect(ours).toEqual({
        message,
        signatory: keys.publicKey,
        signature: Crypto.Hash.signSchnorr(hash, keys),
      });
      expect(Object.keys(ours)).toEqual(['message', 'signatory', 'signature']);
      expect(ours.signature).toHaveLength(128);
      expect(Crypto.Hash.verifySchnorr(hash, ours.signature, keys.publicKey)).toBe(true);
      expect(verifySignedMessage(ours)).toMatchObject({
        verified: true,
        format: 'arkvault',
        scheme: 'schnorr',
        publicKey: keys.publicKey,
      });
    },
  );

  it('does not verify a changed message, another signer or a flipped bit', () => {
    const signed = signMessageWithPassphrase('pay 10', passphrases[0]!, 'arkvault');
    const other = signMessageWithPassphrase('pay 10', passphrases[1]!, 'arkvault');
    expect(verifySignedMessage({ ...signed, message: 'pay 100' }).verified).toBe(false);
    expect(verifySignedMessage({ ...signed, signatory: other.signatory }).verified).toBe(false);
    const flipped = (parseInt(signed.signature[10]!, 16) ^ 1).toString(16);
    const tampered = `${signed.signature.slice(0, 10)}${flipped}${signed.signature.slice(11)}`;
    const verdict = verifySignedMessage({ ...signed, signature: tampered });
    expect(verdict.verified).toBe(false);
    expect(verdict.reason).toMatch(/does not match/);
  });
});

describe('reading either form', () => {
  const core3 = signMessageWithPassphrase('Hello', passphrases[0]!);
  const arkvault = signMessageWithPassphrase('Hello', passphrases[0]!, 'arkvault');

  it('goes by the signature’s form whatever the field names say', () => {
    // A Schnorr signature under Core 3's field names, and an ECDSA one under ArkVault's, still verify.
    expect(
      verifySignedMessage({ publicKey: core3.publicKey, signature: arkvault.signature, message: 'Hello' }),
    ).toMatchObject({ verified: true, format: 'core3', scheme: 'schnorr' });
    expect(
      verifySignedMessage({ message: 'Hello', signatory: core3.publicKey, signature: core3.signature }),
    ).toMatchObject({ verified: true, format: 'arkvault', scheme: 'ecdsa' });
  });

  it('accepts upper-case hex and answers it lower-case', () => {
    const upper = {
      ...core3,
      publicKey: core3.publicKey.toUpperCase(),
      signature: core3.signature.toUpperCase(),
    };
    expect(verifySignedMessage(upper)).toMatchObject({ verified: true, publicKey: core3.publicKey });
  });

  it('says why a signature of neither form cannot verify', () => {
    const verdict = verifySignedMessage({ ...core3, signature: 'abcd' });
    expect(verdict.verified).toBe(false);
    expect(verdict.reason).toMatch(
      /neither a DER ECDSA signature nor a 64-byte Schnorr signature \(2 bytes\)/,
    );
  });

  it.each([
    ['not an object', 'hello', /JSON object/],
    ['an array', [core3], /JSON object/],
    ['no signer', { message: 'x', signature: core3.signature }, /names no signer/],
    ['both signers', { ...core3, signatory: core3.publicKey }, /either "publicKey" or "signatory"/],
    ['a message that is not text', { ...core3, message: 42 }, /"message" must be text/],
    ['a key that is not a point', { ...core3, publicKey: `02${'ff'.repeat(32)}` }, /compressed public key/],
    [
      'an address as signatory',
      { ...arkvault, signatory: 'D61mfSggzbvQgTUe6JhYKH2doHaqJ3Dyib' },
      /"signatory"/,
    ],
    ['a signature that is not hex', { ...core3, signature: 'zz' }, /"signature" must be hexadecimal/],
    ['an empty signature', { ...core3, signature: '' }, /"signature" must be hexadecimal/],
  ])('refuses %s with a typed error naming the field', (_, document, words) => {
    let caught: unknown;
    try {
      parseSignedMessage(document);
    } catch (error) {
      caught = error;
    }
    expect(isProtocolError(caught)).toBe(true);
    expect((caught as Error).message).toMatch(words);
  });

  it('writes each form as its wallet does', () => {
    expect(JSON.parse(signedMessageText(arkvault))).toEqual(arkvault);
    expect(signedMessageText(core3).split('\n')[1]).toMatch(/^ {2}"publicKey"/);
  });
});
