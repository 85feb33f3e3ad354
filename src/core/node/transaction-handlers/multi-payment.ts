import type { Payment, TransactionData } from '../../protocol/transactions';
import { addBalance } from '../state';
import { senderAddress } from './common';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

function paymentsOf(tx: TransactionData): Payment[] {
  const payments = tx.asset?.payments;
  if (!payments || payments.length === 0) throw new ApplyError('the multipayment has no asset.payments');
  return payments;
}

function total(tx: TransactionData): bigint {
  return paymentsOf(tx).reduce((sum, payment) => sum + payment.amount, 0n);
}

/** Multipayment (Core 6): the sender pays Σ payments + fee; each recipient gets its amount. */
export const multiPayment: TransactionHandler = {
  check(tx) {
    paymentsOf(tx);
  },
  spent: total,
  applyToSender(tx, state) {
    addBalance(state, senderAddress(tx, state), -total(tx));
  },
  revertForSender(tx, state) {
    addBalance(state, senderAddress(tx, state), total(tx));
  },
  applyToRecipient(tx, state) {
    for (const payment of paymentsOf(tx)) addBalance(state, payment.recipientId, payment.amount);
  },
  revertForRecipient(tx, state) {
    for (const payment of paymentsOf(tx)) addBalance(state, payment.recipientId, -payment.amount);
  },
};
