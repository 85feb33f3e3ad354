import type { TransactionData } from '../../protocol/transactions';
import type { StateOverlay, Wallet } from '../state';
import type { HandlerContext } from './context';

/**
 * One transaction type (design: transaction-handlers/<type>.ts). The common rules (nonce, fee, signatures) and the fee and
 * nonce movements are done by the caller (common.ts); a handler adds its type's rules and effects. The sender
 * side is what the pool applies; the recipient side credits others once the transaction is in a block.
 */
export interface TransactionHandler {
  /** Throws ApplyError naming the rule when the transaction cannot be applied on top of `state`. */
  check(tx: TransactionData, state: StateOverlay, ctx: HandlerContext, sender: Readonly<Wallet>): void;
  /** What the sender must be able to pay besides the fee (the amount; a multipayment's sum). */
  spent?(tx: TransactionData): bigint;
  applyToSender?(tx: TransactionData, state: StateOverlay, ctx: HandlerContext): void;
  revertForSender?(tx: TransactionData, state: StateOverlay, ctx: HandlerContext): void;
  applyToRecipient?(tx: TransactionData, state: StateOverlay, ctx: HandlerContext): void;
  revertForRecipient?(tx: TransactionData, state: StateOverlay, ctx: HandlerContext): void;
}
