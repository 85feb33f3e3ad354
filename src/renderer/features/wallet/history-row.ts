/**
 * One line of a wallet's history in a person's words: what happened ("Vote for genesis_3", "Transfer"), with whom
 * (the name of one of the user's wallets or a known delegate, else the address), the memo, the fee this wallet paid,
 * and the amount signed from this wallet's side: money leaving is "out", money arriving "in".
 */
import type { TransactionView } from '../../../shared/domain/chain';
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

/** What reached or left `address`: a multipayment counts only the payments to it when it received them. */
export function amountFor(tx: TransactionView, address: string): string {
  if (tx.payments === undefined) return tx.amount;
  const mine =
    tx.direction === 'received' ? tx.payments.filter((p) => p.recipientId === address) : tx.payments;
  return mine.reduce((total, p) => total + BigInt(p.amount), 0n).toString();
}

export function historyRow(tx: TransactionView, address: string, names: KnownNames): HistoryRow {
  const amount = amountFor(tx, address);
  const moves = BigInt(amount) !== 0n;
  const sign = !moves || tx.direction === 'self' ? undefined : tx.direction === 'received' ? 'in' : 'out';
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
    fee: tx.direction === 'received' ? undefined : tx.fee,
    amount,
    sign,
  };
}
