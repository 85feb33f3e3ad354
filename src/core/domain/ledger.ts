/**
 * The one ledger: what one transaction did to one wallet — the amount that arrived, the amount that left, the fee
 * it paid, and what moved into or out of its locked balance. History rows, the CSV export, the dashboard's totals,
 * the review before signing and the "at most" limits all read a wallet's money through `effectOn`, so that a
 * wallet's rows always add up to its balance and locked balance (tests/property/ledger.test.ts).
 *
 * The rules are the node's (src/core/node/transaction-handlers/, after ARK Core 3.9.1's core-transactions handlers):
 * - the sender pays the fee of every transaction it signs;
 * - a transfer moves `amount` from the sender to the recipient; a multipayment moves each payment to its recipient
 *   (a wallet counts only the payments to it);
 * - an HTLC lock moves `amount` from the sender's balance to the sender's locked balance — nothing reaches the
 *   recipient yet; a claim pays the lock's amount to the lock's recipient and takes it out of the lock sender's
 *   locked balance; a refund takes it out of the locked balance and back into the lock sender's balance;
 * - every other type (vote, second signature, delegate registration and resignation, multisignature, IPFS, …)
 *   only costs its fee.
 *
 * A wallet's history as ARK's `/wallets/{id}/transactions` lists it holds the transactions it sent or is the
 * recipient of. A claim or refund has no recipient, so one sent by another wallet is not in that list: the lock
 * transaction (which is, as the sender's and the recipient's) then carries the closing (`closedBy` with a sender
 * other than the wallet), and a closing sent by the wallet itself is counted on its own row.
 */

export interface LedgerTransaction {
  /** The Core type name (`typeName`), or anything else for types that only cost a fee. */
  kind: string;
  sender: string;
  /** Empty or absent when the type has no recipient. */
  recipient?: string | undefined;
  amount: bigint;
  fee: bigint;
  payments?: readonly { recipientId: string; amount: bigint }[] | undefined;
  /** A claim or refund: the lock it closes (its sender, recipient and amount, from the lock transaction). */
  lock?: LedgerLock | undefined;
  /** A lock: the claim or refund that closed it, when one did. */
  closedBy?: { kind: 'htlcClaim' | 'htlcRefund'; sender: string } | undefined;
}

export interface LedgerLock {
  sender: string;
  recipient: string;
  amount: bigint;
}

/** Arktoshi, all ≥ 0. The balance moves by `received − sent − fee`, the locked balance by `locked − unlocked`. */
export interface LedgerEffect {
  /** Arrived in the balance (a transfer or payment to it, a claimed lock addressed to it, a refund to it). */
  received: bigint;
  /** Left the balance besides the fee (a transfer, the payments, the amount moved into a lock). */
  sent: bigint;
  /** The fee this wallet paid (only the sender pays). */
  fee: bigint;
  /** Moved into this wallet's locked balance. */
  locked: bigint;
  /** Left this wallet's locked balance (claimed by the recipient, or refunded to the balance). */
  unlocked: bigint;
}

export const NO_EFFECT: LedgerEffect = { received: 0n, sent: 0n, fee: 0n, locked: 0n, unlocked: 0n };

function add(a: LedgerEffect, b: Partial<LedgerEffect>): LedgerEffect {
  return {
    received: a.received + (b.received ?? 0n),
    sent: a.sent + (b.sent ?? 0n),
    fee: a.fee + (b.fee ?? 0n),
    locked: a.locked + (b.locked ?? 0n),
    unlocked: a.unlocked + (b.unlocked ?? 0n),
  };
}

/** What closing `lock` with a claim or a refund does to `wallet`. */
function closing(kind: 'htlcClaim' | 'htlcRefund', lock: LedgerLock, wallet: string): Partial<LedgerEffect> {
  const effect: { received?: bigint; unlocked?: bigint } = {};
  if (lock.sender === wallet) effect.unlocked = lock.amount;
  if (kind === 'htlcClaim' ? lock.recipient === wallet : lock.sender === wallet) {
    effect.received = lock.amount;
  }
  return effect;
}

/** The effect of `tx` on `wallet` (an address). */
export function effectOn(tx: LedgerTransaction, wallet: string): LedgerEffect {
  const isSender = tx.sender === wallet;
  let effect = isSender ? add(NO_EFFECT, { fee: tx.fee }) : NO_EFFECT;
  switch (tx.kind) {
    case 'transfer':
      if (isSender) effect = add(effect, { sent: tx.amount });
      if (tx.recipient === wallet) effect = add(effect, { received: tx.amount });
      return effect;
    case 'multiPayment': {
      const payments = tx.payments ?? [];
      if (isSender) effect = add(effect, { sent: payments.reduce((sum, p) => sum + p.amount, 0n) });
      const mine = payments.filter((p) => p.recipientId === wallet).reduce((sum, p) => sum + p.amount, 0n);
      return add(effect, { received: mine });
    }
    case 'htlcLock': {
      if (isSender) effect = add(effect, { sent: tx.amount, locked: tx.amount });
      // A closing sent by this wallet is a row of its own; one sent by another wallet is not in its list.
      const closer = tx.closedBy;
      if (closer !== undefined && closer.sender !== wallet) {
        effect = add(
          effect,
          closing(
            closer.kind,
            { sender: tx.sender, recipient: tx.recipient ?? '', amount: tx.amount },
            wallet,
          ),
        );
      }
      return effect;
    }
    case 'htlcClaim':
    case 'htlcRefund':
      return tx.lock === undefined ? effect : add(effect, closing(tx.kind, tx.lock, wallet));
    default:
      return effect;
  }
}

/** How the balance moved (may be negative). */
export function balanceChange(effect: LedgerEffect): bigint {
  return effect.received - effect.sent - effect.fee;
}

/** How the locked balance moved (may be negative). */
export function lockedChange(effect: LedgerEffect): bigint {
  return effect.locked - effect.unlocked;
}

/** The sum of many effects (a wallet's history, or what it has pending). */
export function totalEffect(effects: Iterable<LedgerEffect>): LedgerEffect {
  let total = NO_EFFECT;
  for (const effect of effects) total = add(total, effect);
  return total;
}

/**
 * What a wallet can still spend: its balance less what its pending transactions take out of it (amounts sent,
 * locked and fees). Incoming pending money is not counted: it is not there until a block holds it.
 */
export function spendable(balance: bigint, pending: Iterable<LedgerEffect>): bigint {
  const out = totalEffect(pending);
  const left = balance - out.sent - out.fee;
  return left > 0n ? left : 0n;
}
