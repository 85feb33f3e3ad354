import { allowedNegativeBalance, isExceptionTransaction } from '../../protocol/networks';
import {
  CoreType,
  TypeGroup,
  verifyMultiSignatures,
  verifySecondSignature,
  type TransactionData,
} from '../../protocol/transactions';
import { addBalance, type StateOverlay, type Wallet } from '../state';
import { milestoneOf, type HandlerContext } from './context';
import { ApplyError } from './errors';

export function senderAddress(tx: TransactionData, state: StateOverlay): string {
  return state.addressOf(tx.senderPublicKey);
}

function arktoshi(value: bigint): string {
  return `${value} arktoshi`;
}

/**
 * The rules every type shares (core-transactions `handlers/transaction.ts` throwIfCannotBeApplied,
 * performGenericWalletChecks and applyToSender; protocol.md §5): the nonce, the balance, the wallet's key, the
 * second signature and the multisignature. The sender's own signature is not checked here: verifyTransaction (in
 * verifyBlock or the pool) does that without state.
 *
 * - Version 1 carries no nonce: ARK counts it (`increaseNonce`) instead of checking it, so a sender's first
 *   version 2 nonce is the number of its version 1 transactions + 1 (applyFeeAndNonce counts both).
 * - An exception of the network's list skips every check but the version 2 nonce, which applyToSender still
 *   verifies; its sender may go negative, to the balance `negativeBalances` lists (checkExceptionBalance).
 */
export function checkCommon(
  tx: TransactionData,
  sender: Readonly<Wallet>,
  spent: bigint,
  ctx: HandlerContext,
): void {
  if (tx.version !== 1) {
    const expected = sender.nonce + 1n;
    if (tx.nonce !== expected) {
      throw new ApplyError(
        `unexpected nonce ${tx.nonce} for ${sender.address}: the next nonce is ${expected} (wallet nonce + 1)`,
      );
    }
  }
  const needed = spent + tx.fee;
  if (isExceptionTransaction(ctx.network, tx.id)) {
    checkExceptionBalance(tx, sender, sender.balance - needed, ctx);
    return;
  }
  if (sender.balance - needed < 0n) {
    throw new ApplyError(
      `insufficient balance in ${sender.address}: has ${arktoshi(sender.balance)}, needs ${arktoshi(needed)} (amount + fee)`,
    );
  }
  if (sender.publicKey !== undefined && sender.publicKey !== tx.senderPublicKey) {
    throw new ApplyError(`senderPublicKey ${tx.senderPublicKey} does not match the wallet's public key`);
  }
  checkSecondSignature(tx, sender, ctx);
  checkMultiSignature(tx, sender);
}

/**
 * ARK applies an exception even when it leaves its sender negative (core-transactions `handlers/transaction.ts`
 * applyToSender), and refuses to start on a negative wallet unless `negativeBalances` lists that balance at that
 * nonce (core-state `state-builder.ts` verifyWalletsConsistency; ARK's genesis senders, negative from the start,
 * are exempt). So a wallet an exception takes below zero must land on the listed balance.
 */
function checkExceptionBalance(
  tx: TransactionData,
  sender: Readonly<Wallet>,
  after: bigint,
  ctx: HandlerContext,
): void {
  if (after >= 0n || sender.balance < 0n) return;
  const allowed = allowedNegativeBalance(ctx.network, tx.senderPublicKey, sender.nonce + 1n);
  if (allowed !== after) {
    throw new ApplyError(
      `the exception ${tx.id ?? '?'} leaves ${sender.address} at ${arktoshi(after)}, a negative balance the ` +
        "network's negativeBalances does not list for nonce " +
        `${sender.nonce + 1n}`,
    );
  }
}

function checkSecondSignature(tx: TransactionData, sender: Readonly<Wallet>, ctx: HandlerContext): void {
  if (sender.secondPublicKey !== undefined) {
    if (tx.secondSignature === undefined) {
      throw new ApplyError(`${sender.address} has a second public key: the second signature is missing`);
    }
    if (!verifySecondSignature(tx, sender.secondPublicKey)) {
      throw new ApplyError(`the second signature does not verify with ${sender.address}'s second public key`);
    }
  } else if (tx.secondSignature !== undefined && !ignoresSecondSignatureField(ctx)) {
    throw new ApplyError(
      `${sender.address} has no second public key but the transaction has a second signature`,
    );
  }
}

/**
 * A second signature from a wallet without a second key is refused, except on devnet while its
 * `ignoreInvalidSecondSignatureField` milestone is on (core-transactions `handlers/transaction.ts`: the network's
 * name must be "devnet" too).
 */
function ignoresSecondSignatureField(ctx: HandlerContext): boolean {
  return ctx.network.network.name === 'devnet' && milestoneOf(ctx).ignoreInvalidSecondSignatureField === true;
}

function checkMultiSignature(tx: TransactionData, sender: Readonly<Wallet>): void {
  const registration = tx.typeGroup === TypeGroup.Core && tx.type === CoreType.MultiSignature;
  if (sender.multiSignature?.legacy === true) {
    // core-transactions `handlers/transaction.ts`: LegacyMultiSignatureError.
    throw new ApplyError(
      `${sender.address} is a legacy multisignature wallet: only exceptions of the network are accepted from it`,
    );
  }
  if (sender.multiSignature) {
    if (!tx.signatures || tx.signatures.length === 0) {
      throw new ApplyError(
        `${sender.address} is a multisignature wallet: the transaction needs its signatures`,
      );
    }
    if (!verifyMultiSignatures(tx, sender.multiSignature)) {
      throw new ApplyError(
        `fewer than ${sender.multiSignature.min} valid signatures from ${sender.address}'s multisignature keys`,
      );
    }
  } else if (tx.signatures !== undefined && !registration) {
    throw new ApplyError(`${sender.address} is not a multisignature wallet: signatures are not allowed`);
  } else if (tx.signature === undefined) {
    throw new ApplyError('the transaction has no sender signature');
  }
}

/** Fee and nonce (every type): the fee leaves the sender, the nonce moves on, the key becomes known. */
export function applyFeeAndNonce(tx: TransactionData, state: StateOverlay): void {
  const address = senderAddress(tx, state);
  const wallet = state.mutableWallet(address);
  wallet.nonce += 1n;
  if (wallet.publicKey === undefined) wallet.publicKey = tx.senderPublicKey;
  addBalance(state, address, -tx.fee);
}

export function revertFeeAndNonce(tx: TransactionData, state: StateOverlay): void {
  const address = senderAddress(tx, state);
  addBalance(state, address, tx.fee);
  const wallet = state.mutableWallet(address);
  wallet.nonce -= 1n;
  // The key became known with the wallet's first transaction (a multisig wallet's with its registration).
  if (wallet.nonce === 0n && wallet.multiSignature === undefined) delete wallet.publicKey;
}
