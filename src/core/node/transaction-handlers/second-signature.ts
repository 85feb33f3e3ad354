import type { TransactionData } from '../../protocol/transactions';
import { senderAddress } from './common';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

function keyOf(tx: TransactionData): string {
  const key = tx.asset?.signature?.publicKey;
  if (key === undefined)
    throw new ApplyError('the second signature registration has no asset.signature.publicKey');
  return key;
}

/** Second signature registration (Core 1): not twice, not for a multisignature wallet. */
export const secondSignature: TransactionHandler = {
  check(tx, _state, _ctx, sender) {
    keyOf(tx);
    if (sender.secondPublicKey !== undefined) {
      throw new ApplyError(`${sender.address} already has a second public key`);
    }
    if (sender.multiSignature) {
      throw new ApplyError(
        `${sender.address} is a multisignature wallet: it cannot register a second signature`,
      );
    }
  },
  applyToSender(tx, state) {
    state.mutableWallet(senderAddress(tx, state)).secondPublicKey = keyOf(tx);
  },
  revertForSender(tx, state) {
    delete state.mutableWallet(senderAddress(tx, state)).secondPublicKey;
  },
};
