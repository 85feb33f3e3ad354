import type { TransactionData } from '../../protocol/transactions';
import { addBalance } from '../state';
import { senderAddress } from './common';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

function recipientOf(tx: TransactionData): string {
  if (tx.recipientId === undefined) throw new ApplyError('the transaction has no recipientId');
  return tx.recipientId;
}

/** Transfer (Core 0): amount from sender to recipient; an expiration height, when set, must be ahead. */
export const transfer: TransactionHandler = {
  check(tx, _state, ctx) {
    recipientOf(tx);
    const expiration = tx.expiration ?? 0;
    if (expiration > 0 && expiration <= ctx.height) {
      throw new ApplyError(`the transfer expired at height ${expiration} (block height ${ctx.height})`);
    }
  },
  spent: (tx) => tx.amount,
  applyToSender(tx, state) {
    addBalance(state, senderAddress(tx, state), -tx.amount);
  },
  revertForSender(tx, state) {
    addBalance(state, senderAddress(tx, state), tx.amount);
  },
  applyToRecipient(tx, state) {
    addBalance(state, recipientOf(tx), tx.amount);
  },
  revertForRecipient(tx, state) {
    addBalance(state, recipientOf(tx), -tx.amount);
  },
};
