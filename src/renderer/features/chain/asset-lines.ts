/**
 * A transaction's asset as lines a person can read: who a vote is for, each payment of a
 * multipayment, an HTLC lock's hash and expiry, the lock a claim or refund spends, keys of a multisignature.
 */
import type { TransactionDetail } from '../../../shared/domain/explorer';
import type { ExplorerLocation } from './explorer-nav';
import { dateTime } from '../../lib/dates';

export interface AssetLine {
  label: string;
  text: string;
  /** Where the text leads inside the explorer. */
  link?: ExplorerLocation;
  /** An arktoshi amount shown with the token symbol. */
  amount?: string;
  mono?: boolean;
}

export { kindLabel } from '../../lib/kinds';

const wallet = (address: string): ExplorerLocation => ({ page: 'wallet', address });

/**
 * When a lock expires, as a person reads it: a height lock at its block height, a time lock at a moment in their
 * time zone. A time lock's expiration is an epoch second (seconds since the network's epoch); the transaction's own
 * timestamp gives the epoch's offset (its `unix` less its `epoch`), and while it waits in a pool the network's epoch
 * (`epochMs`, from the node's configuration) does.
 */
function lockExpiry(
  tx: TransactionDetail,
  lock: NonNullable<TransactionDetail['lock']>,
  epochMs?: number,
): string {
  if (lock.expirationType === 'height') return `at height ${lock.expirationValue}`;
  const startMs = tx.timestamp !== undefined ? (tx.timestamp.unix - tx.timestamp.epoch) * 1000 : epochMs;
  return startMs === undefined
    ? 'at a moment this node has not said yet (its network’s start is not known)'
    : `at ${dateTime(startMs + lock.expirationValue * 1000)}`;
}

/** `epochMs`: the network's epoch in Unix milliseconds, for a lock not in a block yet. */
export function assetLines(tx: TransactionDetail, epochMs?: number): AssetLine[] {
  const lines: AssetLine[] = [];
  for (const target of tx.voteTargets ?? []) {
    lines.push({
      label: target.action === 'vote' ? 'Votes for' : 'Unvotes',
      text: target.username ?? target.publicKey,
      link: { page: 'lookup', query: target.publicKey },
      mono: target.username === undefined,
    });
  }
  if (tx.delegateUsername !== undefined) lines.push({ label: 'Username', text: tx.delegateUsername });
  if (tx.kind === 'delegateResignation')
    lines.push({ label: 'Effect', text: 'The sender stops being a delegate' });
  if (tx.secondPublicKey !== undefined) {
    lines.push({ label: 'Second public key', text: tx.secondPublicKey, mono: true });
  }
  if (tx.multiSignature !== undefined) {
    const { min, publicKeys } = tx.multiSignature;
    lines.push({ label: 'Signatures needed', text: `${min} of ${publicKeys.length}` });
    publicKeys.forEach((key, i) =>
      lines.push({
        label: `Participant ${i + 1}`,
        text: key,
        link: { page: 'lookup', query: key },
        mono: true,
      }),
    );
  }
  if (tx.ipfs !== undefined) lines.push({ label: 'IPFS hash', text: tx.ipfs, mono: true });
  (tx.payments ?? []).forEach((payment, i) =>
    lines.push({
      label: `Payment ${i + 1}`,
      text: payment.recipientId,
      link: wallet(payment.recipientId),
      amount: payment.amount,
      mono: true,
    }),
  );
  if (tx.lock !== undefined) {
    lines.push({ label: 'Secret hash', text: tx.lock.secretHash, mono: true });
    lines.push({ label: 'Expires', text: lockExpiry(tx, tx.lock, epochMs) });
  }
  if (tx.lockId !== undefined) {
    lines.push({
      label: tx.kind === 'htlcRefund' ? 'Refunds lock' : 'Claims lock',
      text: tx.lockId,
      link: { page: 'transaction', id: tx.lockId },
      mono: true,
    });
  }
  if (tx.unlockSecret !== undefined) lines.push({ label: 'Secret', text: tx.unlockSecret, mono: true });
  return lines;
}

/** A multipayment's own amount is 0 on ARK; its payments carry the value. */
export function paidAmount(tx: Pick<TransactionDetail, 'amount' | 'payments'>): string {
  return tx.payments === undefined
    ? tx.amount
    : tx.payments.reduce((total, p) => total + BigInt(p.amount), 0n).toString();
}
