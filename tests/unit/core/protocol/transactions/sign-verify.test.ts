import { describe, expect, it } from 'vitest';
import { keyPairFromPassphrase } from '../../../../../src/core/protocol/crypto';
import { toHex } from '../../../../../src/core/protocol/hex';
import { devnet } from '../../../../../src/core/protocol/networks';
import {
  addMultiSignature,
  prepareTransaction,
  signTransaction,
  verifyMultiSignatures,
  verifySecondSignature,
  verifyTransaction,
  type TransactionData,
  type TransactionDraft,
} from '../../../../../src/core/protocol/transactions';
import { codeOf, ctx, PASSPHRASE, RECIPIENT, vectorTx } from './support';

const draft: TransactionDraft = { type: 0, nonce: 1n, amount: 1n, recipientId: RECIPIENT };
const keyOf = (passphrase: string) => toHex(keyPairFromPassphrase(passphrase).publicKey);

describe('signTransaction / prepareTransaction', () => {
  it('fills the builder defaults', () => {
    const tx = signTransaction(draft, { passphrase: PASSPHRASE }, ctx);
    expect(tx).toMatchObject({ version: 2, network: 30, typeGroup: 1, fee: 10000000n, expiration: 0 });
    expect(tx.senderPublicKey).toBe(keyOf(PASSPHRASE));
    expect(verifyTransaction(tx, ctx)).toEqual({ verified: true });
  });

  it('refuses a senderPublicKey that is not the signer’s', () => {
    expect(
      codeOf(() =>
        signTransaction({ ...draft, senderPublicKey: keyOf('other') }, { passphrase: PASSPHRASE }, ctx),
      ),
    ).toBe('ERR_KEY');
  });

  it('needs a senderPublicKey to prepare, and a vendorField within the milestone limit', () => {
    expect(codeOf(() => prepareTransaction(draft, ctx))).toBe('ERR_SCHEMA');
    expect(
      codeOf(() =>
        signTransaction({ ...draft, vendorField: 'é'.repeat(128) }, { passphrase: PASSPHRASE }, ctx),
      ),
    ).toBe('ERR_VENDOR_FIELD');
  });

  it('signs ECDSA when asked, and a second signature over the first', () => {
    const tx = signTransaction(
      draft,
      { passphrase: PASSPHRASE, secondPassphrase: 'second', ecdsa: true },
      ctx,
    );
    expect(tx.signature!.startsWith('30')).toBe(true);
    expect(verifyTransaction(tx, ctx).verified).toBe(true);
    expect(verifySecondSignature(tx, keyOf('second'))).toBe(true);
    expect(verifySecondSignature(tx, keyOf('third'))).toBe(false);
    expect(verifySecondSignature({ ...tx, secondSignature: undefined }, keyOf('second'))).toBe(false);
  });
});

describe('multisignatures', () => {
  const participants = ['p0', 'p1', 'p2'];
  const asset = { min: 2, publicKeys: participants.map(keyOf) };
  const registration: TransactionDraft = { type: 4, nonce: 1n, asset: { multiSignature: asset } };
  const prepared = () => prepareTransaction({ ...registration, senderPublicKey: keyOf(PASSPHRASE) }, ctx);

  it('registration: participants first, sender last, fee 5 ARK × (n + 1)', () => {
    let tx = prepared();
    expect(tx.fee).toBe(2000000000n);
    participants.forEach((p, i) => (tx = addMultiSignature(tx, p, i)));
    const signed = signTransaction(tx, { passphrase: PASSPHRASE }, ctx);
    expect(verifyTransaction(signed, ctx).verified).toBe(true);
    expect(verifyMultiSignatures(signed, asset)).toBe(true);
  });

  it('addMultiSignature rejects duplicates, out-of-range indices and keys that are not the participant’s', () => {
    const tx = addMultiSignature(prepared(), 'p0', 0);
    expect(codeOf(() => addMultiSignature(tx, 'p0', 0))).toBe('ERR_DUPLICATE_PARTICIPANT');
    expect(codeOf(() => addMultiSignature(tx, 'p1', 3))).toBe('ERR_SCHEMA');
    expect(codeOf(() => addMultiSignature(tx, 'p1', 256))).toBe('ERR_SCHEMA');
    expect(codeOf(() => addMultiSignature(tx, 'p2', 1))).toBe('ERR_KEY');
  });

  it('verifyMultiSignatures: stops after min valid, false on duplicates, bad indices or too few', () => {
    const spend = vectorTx('transfer sent FROM the 2-of-3');
    const spendAsset = {
      min: 2,
      publicKeys: [
        '0205d9bbe71c343ac9a6a83a4344fd404c3534fc7349827097d0835d160bc2b896',
        '03df0a1eb42d99b5de395cead145ba1ec2ea837be308c7ce3a4e8018b7efc7fdb8',
        '03860d76b1df09659ac282cea3da5bd84fc45729f348a4a8e5f802186be72dc17f',
      ],
    };
    expect(verifyMultiSignatures(spend, spendAsset)).toBe(true);
    const [first, second] = spend.signatures! as [string, string];
    const withSignatures = (signatures: string[]): TransactionData => ({ ...spend, signatures });
    expect(verifyMultiSignatures(withSignatures([first, first]), spendAsset)).toBe(false);
    expect(verifyMultiSignatures(withSignatures([first, '05' + second.slice(2)]), spendAsset)).toBe(false);
    expect(verifyMultiSignatures(withSignatures([first]), spendAsset)).toBe(false);
    expect(verifyMultiSignatures(withSignatures([first, second]), { ...spendAsset, min: 3 })).toBe(false);
    expect(verifyMultiSignatures(withSignatures([first, second, 'zz']), spendAsset)).toBe(true);
    expect(verifyMultiSignatures(withSignatures([]), spendAsset)).toBe(false);
    expect(verifyMultiSignatures(withSignatures([first, second]), { ...spendAsset, min: 0 })).toBe(false);
  });
});

describe('verifyTransaction gates (protocol reference §5)', () => {
  it('needs aip11 for ipfs, multipayment, resignation and multisignature registration', () => {
    const beforeAip11 = { network: devnet, height: 4000000 };
    for (const prefix of ['IPFS', 'multipayment', 'delegate resignation', 'multisignature registration']) {
      const result = verifyTransaction(vectorTx(prefix), beforeAip11);
      expect(result.verified).toBe(false);
      expect(result.reason).toMatch(/aip11/);
    }
  });

  it('reports a flipped signature and an unsigned transaction', () => {
    const tx = vectorTx('transfer (type 0)');
    const flipped = tx.signature!.slice(0, -1) + (tx.signature!.endsWith('0') ? '1' : '0');
    expect(verifyTransaction({ ...tx, signature: flipped }, ctx)).toEqual({
      verified: false,
      code: 'ERR_INVALID_SIGNATURE',
      reason: 'invalid signature',
    });
    expect(verifyTransaction({ ...tx, signature: undefined }, ctx)).toEqual({
      verified: false,
      code: 'ERR_NOT_SIGNED',
      reason: 'not signed',
    });
    expect(verifyTransaction({ ...tx, signature: 'zz' }, ctx)).toMatchObject({
      verified: false,
      code: 'ERR_MALFORMED',
    });
    expect(verifyTransaction({ ...tx, typeGroup: 9 }, ctx)).toMatchObject({
      verified: false,
      code: 'ERR_TYPE_INACTIVE',
    });
  });
});
