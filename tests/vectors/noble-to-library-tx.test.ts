import { describe, expect, it } from 'vitest';
import nobleToLibrary from '../fixtures/vectors/noble-to-library.json';
import { addressFromPublicKey, multiSignaturePublicKey } from '../../src/core/protocol/crypto';
import { sha256 } from '../../src/core/protocol/hash';
import { fromHex, toHex } from '../../src/core/protocol/hex';
import {
  deserializeTransactionHex,
  serializeTransaction,
  transactionId,
  verifyMultiSignatures,
  verifySecondSignature,
  verifyTransaction,
  type TransactionData,
} from '../../src/core/protocol/transactions';
import { contextOf } from './transactions-support';

interface NobleTransaction {
  name: string;
  serializedHex: string;
  libraryVerified?: boolean;
  librarySecondVerified?: boolean;
  libraryVerifySignatures?: boolean;
  libraryMultisigAddress?: string;
  idMatches?: boolean;
}

const transactions = nobleToLibrary.transactions as NobleTransaction[];
const ctx = contextOf('devnet', 6000000);
const decode = (name: string): TransactionData =>
  deserializeTransactionHex(transactions.find((t) => t.name === name)!.serializedHex, ctx);

describe.each(transactions.map((t) => [t.name, t] as const))('noble-to-library %s', (_name, entry) => {
  it('deserializes, has id = sha256(bytes) and re-serializes to identical bytes', () => {
    const tx = deserializeTransactionHex(entry.serializedHex, ctx);
    expect(toHex(serializeTransaction(tx))).toBe(entry.serializedHex);
    expect(tx.id).toBe(toHex(sha256(fromHex(entry.serializedHex))));
    expect(transactionId(tx)).toBe(tx.id);
    expect(entry.idMatches).toBe(true);
  });

  if (entry.libraryVerified !== undefined) {
    it(`verifies as the library did (${String(entry.libraryVerified)})`, () => {
      expect(verifyTransaction(deserializeTransactionHex(entry.serializedHex, ctx), ctx).verified).toBe(
        entry.libraryVerified,
      );
    });
  }

  if (entry.librarySecondVerified !== undefined) {
    it('its second signature verifies with the key the secondSignature registration registered', () => {
      const registered = decode('secondSignature').asset!.signature!.publicKey;
      expect(verifySecondSignature(deserializeTransactionHex(entry.serializedHex, ctx), registered)).toBe(
        entry.librarySecondVerified,
      );
    });
  }

  if (entry.libraryVerifySignatures !== undefined) {
    it('its participant signatures verify against the registered multisignature asset', () => {
      const asset = decode('multiSignature registration').asset!.multiSignature!;
      const tx = deserializeTransactionHex(entry.serializedHex, ctx);
      expect(verifyMultiSignatures(tx, asset)).toBe(entry.libraryVerifySignatures);
      if (entry.libraryMultisigAddress !== undefined) {
        const key = multiSignaturePublicKey(asset);
        expect(tx.senderPublicKey).toBe(key);
        expect(addressFromPublicKey(key, 30)).toBe(entry.libraryMultisigAddress);
        expect(verifyTransaction(tx, ctx).verified).toBe(false);
      }
    });
  }
});
