/**
 * One line of a wallet's history in a person's words: what happened ("Vote for genesis_3", "Transfer"), with whom
 * (the name of one of the user's wallets or a known delegate, else the address), the memo, the fee this wallet paid,
 * and the amount signed from this wallet's side: money leaving is "out", money arriving "in". The money comes from
 * the host's one ledger (`effect`, core/domain/ledger.ts), so the rows add up to the balance and locked balance.
 */
import type { TransactionView } from '../../../shared/domain/chain-views';
import { kindLabel } from '../../lib/kinds';

/** Names a person gave or knows: their own wallets by address, delegates by address and public key. */
export interface KnownNames {
  wallets: ReadonlyMap<string, string>;
  delegatesByAddress: ReadonlyMap<string, string>;
  delegatesByKey: ReadonlyMap<string, string>;
  /** The person's contacts on this network, by address. */
  contacts?: ReadonlyMap<string, string>;
}

export const NO_NAMES: KnownNames = {
  wallets: new Map(),
  delegatesByAddress: new Map(),
  delegatesByKey: new Map(),
};

export interface HistoryRow {
  what: string;
  /** "to …" / "from …" with a name when one is known; empty when there is no other party. */
  party: string;
  /** The other party's address, for the tooltip and details. */
  partyAddress: string | undefined;
  memo: string | undefined;
  /** The fee, when this wallet paid it. */
  fee: string | undefined;
  amount: string;
  sign: 'in' | 'out' | undefined;
  /** What happened to a lock's money, when the row is about a lock ("locked until claimed or refunded"). */
  note: string | undefined;
}

export function nameOf(address: string, names: KnownNames): string | undefined {
  return names.wallets.get(address) ?? names.contacts?.get(address) ?? names.delegatesByAddress.get(address);
}

function labelled(address: string, names: KnownNames): string {
  const name = nameOf(address, names);
  return name === undefined ? address : `${name} (${address})`;
}

function whatOf(tx: TransactionView, names: KnownNames): string {
  if (tx.kind === 'vote' && tx.votes !== undefined && tx.votes.length > 0) {
    return tx.votes
      .map((vote) => {
        const key = vote.slice(1);
        const who = names.delegatesByKey.get(key) ?? `${key.slice(0, 10)}…`;
        return `${vote.startsWith('-') ? 'Unvote' : 'Vote for'} ${who}`;
      })
      .join(', then ');
  }
  if (tx.kind === 'delegateRegistration' && tx.delegateUsername !== undefined) {
    return `Delegate registration “${tx.delegateUsername}”`;
  }
  return kindLabel(tx);
}

/**
 * How the wallet's balance moved (received − sent, without the fee, which the row shows apart), from the ledger's
 * effect; a list read without a wallet (an explorer block) has no effect, and shows the amount as signed.
 */
export function amountFor(tx: TransactionView): { amount: string; sign: 'in' | 'out' | undefined } {
  const effect = tx.effect;
  if (effect === undefined) return { amount: tx.amount, sign: undefined };
  const net = BigInt(effect.received) - BigInt(effect.sent);
  if (net !== 0n) return { amount: (net < 0n ? -net : net).toString(), sign: net < 0n ? 'out' : 'in' };
  // Nothing moved in or out of the balance on net: a payment to itself, a lock addressed to this wallet, or a
  // claim sent for another wallet: the row still says the amount it is about, unsigned.
  if (tx.lockOf !== undefined) return { amount: tx.lockOf.amount, sign: undefined };
  if (tx.kind === 'htlcLock') return { amount: tx.amount, sign: undefined };
  return { amount: BigInt(effect.received) > 0n ? effect.received : '0', sign: undefined };
}

/**
 * Which way a transaction moved money for the person's wallets taken together (`own`: their addresses), in words.
 * Told from who signed it and whom it pays, never from the host's `direction`, which is one wallet's: the same
 * transfer between two of the person's wallets is "sent" for one and "received" for the other, and ARK's API lists a
 * multipayment's sender as its recipient. A lock pays nobody until it is claimed (core/domain/ledger.ts), so a lock
 * addressed to the person is received only once claimed, and never when it was refunded to its sender.
 */
export function directionWords(tx: TransactionView, own: ReadonlySet<string>): string {
  const fromOwn = own.has(tx.sender);
  if (tx.kind === 'htlcLock') {
    if (fromOwn && own.has(tx.recipient)) return 'Between your wallets';
    if (fromOwn) return tx.closedBy === 'htlcRefund' ? 'Refunded to you' : 'Sent';
    if (tx.closedBy === 'htlcClaim') return 'Received';
    if (tx.closedBy === 'htlcRefund') return 'Refunded to its sender: not received';
    return 'Locked for you: not received yet';
  }
  if ((tx.kind === 'htlcClaim' || tx.kind === 'htlcRefund') && tx.lockOf !== undefined) {
    // The lock's money goes to its recipient (a claim) or back to its sender (a refund).
    const payee = tx.kind === 'htlcClaim' ? tx.lockOf.recipient : tx.lockOf.sender;
    const payer = tx.lockOf.sender;
    if (tx.kind === 'htlcRefund') return own.has(payee) ? 'Refunded to you' : 'Your wallet’s own';
    if (own.has(payer) && own.has(payee)) return 'Between your wallets';
    if (own.has(payee)) return 'Received';
    return own.has(payer) ? 'Sent' : 'Your wallet’s own';
  }
  const payees =
    tx.payments !== undefined
      ? tx.payments.map((payment) => payment.recipientId)
      : tx.recipient === '' || tx.recipient === tx.sender
        ? []
        : [tx.recipient];
  if (!fromOwn) return 'Received';
  if (payees.length === 0) return 'Your wallet’s own';
  return payees.every((payee) => own.has(payee)) ? 'Between your wallets' : 'Sent';
}

/** The words for a lock's money from this wallet's side. */
function lockNote(tx: TransactionView, address: string): string | undefined {
  if (tx.kind === 'htlcLock') {
    const mine = tx.sender === address;
    if (tx.closedBy === 'htlcClaim') return mine ? 'claimed by the recipient' : 'claimed';
    if (tx.closedBy === 'htlcRefund') return mine ? 'refunded' : 'refunded to the sender: not received';
    return mine ? 'locked until claimed or refunded' : 'locked for this wallet: not received until claimed';
  }
  if (tx.kind === 'htlcClaim' && tx.lockOf !== undefined) {
    return tx.lockOf.recipient === address ? 'lock claimed: received' : 'lock claimed for its recipient';
  }
  if (tx.kind === 'htlcRefund' && tx.lockOf !== undefined) return 'lock refunded: back in the balance';
  return undefined;
}

/** The fee this wallet paid: only the sender pays one. */
export function feePaid(tx: TransactionView): string | undefined {
  const fee = tx.effect === undefined ? (tx.direction === 'received' ? '0' : tx.fee) : tx.effect.fee;
  return BigInt(fee) === 0n ? undefined : fee;
}

export function historyRow(tx: TransactionView, address: string, names: KnownNames): HistoryRow {
  const { amount, sign } = amountFor(tx);
  let partyAddress: string | undefined;
  let party = '';
  if (tx.direction === 'received') {
    partyAddress = tx.sender;
    party = `from ${labelled(tx.sender, names)}`;
  } else if (tx.payments !== undefined) {
    party = `to ${tx.payments.length} ${tx.payments.length === 1 ? 'recipient' : 'recipients'}`;
  } else if (tx.recipient !== '' && tx.recipient !== address) {
    partyAddress = tx.recipient;
    party = `to ${labelled(tx.recipient, names)}`;
  }
  return {
    what: whatOf(tx, names),
    party,
    partyAddress,
    memo: tx.memo === undefined || tx.memo === '' ? undefined : tx.memo,
    fee: feePaid(tx),
    amount,
    sign,
    note: lockNote(tx, address),
  };
}
