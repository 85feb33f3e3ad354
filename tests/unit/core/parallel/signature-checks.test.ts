/**
 * transactionCheck's signing hash, taken from bytes this process serialized (the POSTed JSON's path), is the
 * reference's for every devnet vector: single signature, second signature, multisignatures, ECDSA and Schnorr.
 */
import { describe, expect, it } from 'vitest';
import devnetVectors from '../../../fixtures/vectors/transactions-devnet.json';
import { fromHex, toHex } from '../../../../src/core/protocol/hex';
import { transactionCheck } from '../../../../src/core/parallel/signature-checks';
import { deserializeTransaction, serializeTransaction } from '../../../../src/core/protocol/transactions';
import { ctx } from '../protocol/transactions/support';

const signed = devnetVectors.vectors.filter((vector) => vector.signingHashHex !== undefined);

describe('transactionCheck', () => {
  it('covers single, second and multisignature vectors', () => {
    const txs = signed.map((vector) => deserializeTransaction(fromHex(vector.serializedHex), ctx));
    expect(txs.some((tx) => tx.secondSignature !== undefined)).toBe(true);
    expect(txs.some((tx) => (tx.signatures?.length ?? 0) > 0)).toBe(true);
  });

  it.each(signed.map((vector) => [vector.description, vector] as const))(
    '%s: the reference signing hash, from the serialized bytes or not',
    (_, vector) => {
      const tx = deserializeTransaction(fromHex(vector.serializedHex), ctx);
      const fromBytes = transactionCheck(tx, serializeTransaction(tx));
      const serializedAgain = transactionCheck(tx);
      if (tx.signature === undefined) {
        expect(fromBytes).toBeUndefined();
        return;
      }
      expect(toHex(fromBytes!.hash)).toBe(vector.signingHashHex);
      expect(toHex(serializedAgain!.hash)).toBe(vector.signingHashHex);
    },
  );
});
