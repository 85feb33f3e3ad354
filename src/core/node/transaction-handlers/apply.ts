import type { TransactionData } from '../../protocol/transactions';
import type { StateOverlay } from '../state';
import { applyFeeAndNonce, checkCommon, revertFeeAndNonce } from './common';
import type { HandlerContext } from './context';
import { handlerFor } from './registry';

/**
 * Throws ApplyError when `tx` cannot be applied on top of `state` (every rule of protocol.md §5 "Core
 * (handler) rules" that depends on state). Signature checks that need no state (the sender's own signature,
 * the type's milestone gate) belong to verifyTransaction, which the block verifier and the pool run first.
 */
export function checkTransaction(tx: TransactionData, state: StateOverlay, ctx: HandlerContext): void {
  const handler = handlerFor(tx);
  const sender = state.walletByPublicKey(tx.senderPublicKey);
  checkCommon(tx, sender, handler.spent?.(tx) ?? 0n, ctx);
  handler.check(tx, state, ctx, sender);
}

/**
 * Check, then the sender side only: what the pool applies, so that a recipient cannot spend funds that are not
 * in a block yet. On ApplyError nothing has changed; use a child overlay if a later failure must be undone.
 */
export function applyToSender(tx: TransactionData, state: StateOverlay, ctx: HandlerContext): void {
  checkTransaction(tx, state, ctx);
  applySenderSide(tx, state, ctx);
}

/** Check, then both sides: what a block does. */
export function applyTransaction(tx: TransactionData, state: StateOverlay, ctx: HandlerContext): void {
  checkTransaction(tx, state, ctx);
  applySenderSide(tx, state, ctx);
  handlerFor(tx).applyToRecipient?.(tx, state, ctx);
}

/**
 * Applies without any check: only for the genesis block, whose transactions are trusted by definition (its
 * sender ends with a negative balance, like ARK's genesis wallet).
 */
export function applyTrustedTransaction(tx: TransactionData, state: StateOverlay, ctx: HandlerContext): void {
  const handler = handlerFor(tx, { genesis: true });
  applyFeeAndNonce(tx, state);
  handler.applyToSender?.(tx, state, ctx);
  handler.applyToRecipient?.(tx, state, ctx);
}

/** Undoes applyTransaction exactly; `tx` must be the last transaction applied to this state. */
export function revertTransaction(tx: TransactionData, state: StateOverlay, ctx: HandlerContext): void {
  handlerFor(tx).revertForRecipient?.(tx, state, ctx);
  revertForSender(tx, state, ctx);
}

/** Undoes applyToSender exactly (the pool dropping its last transaction of a sender). */
export function revertForSender(tx: TransactionData, state: StateOverlay, ctx: HandlerContext): void {
  handlerFor(tx).revertForSender?.(tx, state, ctx);
  revertFeeAndNonce(tx, state);
}

function applySenderSide(tx: TransactionData, state: StateOverlay, ctx: HandlerContext): void {
  applyFeeAndNonce(tx, state);
  handlerFor(tx).applyToSender?.(tx, state, ctx);
}
