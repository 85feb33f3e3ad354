import { sha256 } from '../../protocol/hash';
import { fromHex, isHex, toHex } from '../../protocol/hex';
import { HtlcExpiration, type HtlcLockAsset, type TransactionData } from '../../protocol/transactions';
import { addBalance, addLockedBalance, type Lock, type StateOverlay } from '../state';
import { senderAddress } from './common';
import { blockTimestampOf, milestoneOf, type HandlerContext } from './context';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

/** A lock is expired once the chain tip reached its expiration (ark-core-api.md §6.17 `isExpired`). */
export function isLockExpired(
  lock: Pick<Lock, 'expiration'>,
  lastBlock: HandlerContext['lastBlock'],
): boolean {
  return lock.expiration.type === HtlcExpiration.EpochTimestamp
    ? lock.expiration.value <= lastBlock.timestamp
    : lock.expiration.value <= lastBlock.height;
}

function lockAssetOf(tx: TransactionData): HtlcLockAsset {
  const lock = tx.asset?.lock;
  if (!lock) throw new ApplyError('the HTLC lock has no asset.lock');
  return lock;
}

function recipientOf(tx: TransactionData): string {
  if (tx.recipientId === undefined) throw new ApplyError('the HTLC lock has no recipientId');
  return tx.recipientId;
}

function idOf(tx: TransactionData): string {
  if (tx.id === undefined) throw new ApplyError('the transaction has no id');
  return tx.id;
}

/**
 * HTLC lock (Core 8): the amount moves from the sender's balance to its locked balance (it still weighs in its
 * vote). The expiration must be more than one round ahead of the chain tip (protocol.md §5).
 */
export const htlcLock: TransactionHandler = {
  check(tx, _state, ctx) {
    recipientOf(tx);
    const { expiration } = lockAssetOf(tx);
    const milestone = milestoneOf(ctx);
    const { lastBlock } = ctx;
    // ARK's test mode sets blocktime and activeDelegates to 0 in this rule (ChainRules).
    const ahead = ctx.rules?.arkTestMode === true ? 0 : 1;
    if (expiration.type === HtlcExpiration.EpochTimestamp) {
      const minimum = lastBlock.timestamp + ahead * milestone.blocktime * milestone.activeDelegates;
      if (expiration.value <= minimum) {
        throw new ApplyError(
          `the lock expiration ${expiration.value} (epoch seconds) must be after ${minimum}, one round past the last block`,
        );
      }
    } else {
      const minimum = lastBlock.height + ahead * milestone.activeDelegates;
      if (expiration.value <= minimum) {
        throw new ApplyError(
          `the lock expiration height ${expiration.value} must be above ${minimum}, one round past the last block`,
        );
      }
    }
  },
  spent: (tx) => tx.amount,
  applyToSender(tx, state, ctx) {
    const address = senderAddress(tx, state);
    addBalance(state, address, -tx.amount);
    addLockedBalance(state, address, tx.amount);
    const asset = lockAssetOf(tx);
    const lock: Lock = {
      id: idOf(tx),
      senderPublicKey: tx.senderPublicKey,
      senderAddress: address,
      recipientAddress: recipientOf(tx),
      amount: tx.amount,
      secretHash: asset.secretHash,
      expiration: { type: asset.expiration.type, value: asset.expiration.value },
      timestamp: blockTimestampOf(ctx),
      height: ctx.height,
      status: 'locked',
    };
    if (tx.vendorField !== undefined) lock.vendorField = tx.vendorField;
    state.putLock(lock);
  },
  revertForSender(tx, state) {
    const address = senderAddress(tx, state);
    addLockedBalance(state, address, -tx.amount);
    addBalance(state, address, tx.amount);
    state.removeLock(idOf(tx));
  },
};

function openLock(state: StateOverlay, lockId: string): Readonly<Lock> {
  const lock = state.lock(lockId);
  if (!lock) throw new ApplyError(`the HTLC lock ${lockId} does not exist`);
  if (lock.status !== 'locked') throw new ApplyError(`the HTLC lock ${lockId} was already ${lock.status}`);
  return lock;
}

function lockIdOf(tx: TransactionData): string {
  const id = tx.asset?.claim?.lockTransactionId ?? tx.asset?.refund?.lockTransactionId;
  if (id === undefined) throw new ApplyError('the transaction names no lockTransactionId');
  return id;
}

/** Closes a lock: its amount leaves the lock sender's locked balance. */
function closeLock(tx: TransactionData, state: StateOverlay, status: 'claimed' | 'refunded'): Lock {
  const lock = state.mutableLock(lockIdOf(tx));
  if (!lock) throw new ApplyError(`the HTLC lock ${lockIdOf(tx)} does not exist`);
  lock.status = status;
  lock.unlockTransactionId = idOf(tx);
  addLockedBalance(state, lock.senderAddress, -lock.amount);
  return lock;
}

function reopenLock(tx: TransactionData, state: StateOverlay): Lock {
  const lock = state.mutableLock(lockIdOf(tx));
  if (!lock) throw new Error(`state invariant: the HTLC lock ${lockIdOf(tx)} is missing`);
  lock.status = 'locked';
  delete lock.unlockTransactionId;
  addLockedBalance(state, lock.senderAddress, lock.amount);
  return lock;
}

function lockOf(tx: TransactionData, state: StateOverlay): Readonly<Lock> {
  const lock = state.lock(lockIdOf(tx));
  if (!lock) throw new Error(`state invariant: the HTLC lock ${lockIdOf(tx)} is missing`);
  return lock;
}

/**
 * Claim and refund close a lock the same way (its status, kept for a revert) and pay its amount to `payee`: the
 * lock's recipient for a claim, its sender for a refund. They differ only in what they check.
 */
function unlockHandler(
  status: 'claimed' | 'refunded',
  payee: (lock: Readonly<Lock>) => string,
  check: TransactionHandler['check'],
): TransactionHandler {
  return {
    check,
    applyToSender(tx, state) {
      closeLock(tx, state, status);
    },
    revertForSender(tx, state) {
      reopenLock(tx, state);
    },
    applyToRecipient(tx, state) {
      const lock = lockOf(tx, state);
      addBalance(state, payee(lock), lock.amount);
    },
    revertForRecipient(tx, state) {
      const lock = lockOf(tx, state);
      addBalance(state, payee(lock), -lock.amount);
    },
  };
}

/** HTLC claim (Core 9): before expiry, with the secret whose SHA256 is the lock's hash; funds to the recipient. */
export const htlcClaim: TransactionHandler = unlockHandler(
  'claimed',
  (lock) => lock.recipientAddress,
  (tx, state, ctx) => {
    const lock = openLock(state, lockIdOf(tx));
    if (isLockExpired(lock, ctx.lastBlock)) throw new ApplyError(`the HTLC lock ${lock.id} has expired`);
    const secret = tx.asset?.claim?.unlockSecret;
    if (secret === undefined || !isHex(secret)) throw new ApplyError('the claim has no hex unlockSecret');
    if (toHex(sha256(fromHex(secret))) !== lock.secretHash.toLowerCase()) {
      throw new ApplyError(`the unlock secret does not hash to the secret hash of lock ${lock.id}`);
    }
  },
);

/** HTLC refund (Core 10): only once the lock has expired; funds back to the lock's sender. */
export const htlcRefund: TransactionHandler = unlockHandler(
  'refunded',
  (lock) => lock.senderAddress,
  (tx, state, ctx) => {
    const lock = openLock(state, lockIdOf(tx));
    if (!isLockExpired(lock, ctx.lastBlock)) {
      throw new ApplyError(
        `the HTLC lock ${lock.id} has not expired yet (expiration ${lock.expiration.type === 1 ? 'epoch second' : 'height'} ${lock.expiration.value})`,
      );
    }
  },
);
