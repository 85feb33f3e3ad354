/**
 * A wallet's history with each row's effect on that wallet from the one ledger (core/domain/ledger.ts): a page of
 * ARK's wallet transactions, plus what the ledger needs that a row does not carry — for a claim or a refund, the
 * lock it closes (its sender, recipient and amount, read from the lock transaction); for a lock, the claim or
 * refund that closed it (ARK `POST /locks/unlocked`). Every screen that shows a wallet's money reads it from here:
 * the wallet's history, its CSV, the explorer's wallet page, the dashboard's recent activity.
 */
import type { ChainReader, Page, TransactionRecord } from '../../client';
import { unless404 } from '../../client';
import { effectOn, type LedgerLock, type LedgerTransaction } from '../../domain';
import type { TransactionView } from '../../../shared/domain/chain-views';
import { fanOut } from './fan-out';
import { kindOf, transactionView } from './views';

/** What the ledger needs beside the rows themselves, by lock id. */
export interface LockContext {
  /** Lock id → the lock (from its transaction). */
  locks: ReadonlyMap<string, LedgerLock>;
  /** Lock id → the claim or refund that closed it. */
  closers: ReadonlyMap<string, NonNullable<LedgerTransaction['closedBy']>>;
}

function lockIdOf(tx: TransactionRecord): string | undefined {
  const view = transactionView(tx);
  return view.lockId;
}

/** Reads the locks the claims and refunds of `txs` close, and the closings of the locks among them. */
export async function lockContext(
  reads: ChainReader,
  txs: readonly TransactionRecord[],
): Promise<LockContext> {
  const locks = new Map<string, LedgerLock>();
  const closers = new Map<string, NonNullable<LedgerTransaction['closedBy']>>();
  const closedIds = new Set<string>();
  const lockIds: string[] = [];
  for (const tx of txs) {
    const kind = kindOf(tx.typeGroup, tx.type);
    if (kind === 'htlcLock') {
      lockIds.push(tx.id);
      locks.set(tx.id, { sender: tx.sender, recipient: tx.recipient, amount: tx.amount });
    } else if (kind === 'htlcClaim' || kind === 'htlcRefund') {
      const id = lockIdOf(tx);
      if (id !== undefined) closedIds.add(id);
    }
  }
  // One read per lock not on the page: as many as the page has claims and refunds (a remote node's page holds at
  // most the limit asked, client/schemas/common.ts pageOf), a few at a time.
  await fanOut(
    [...closedIds].filter((id) => !locks.has(id)),
    async (id) => {
      const lock = await unless404(reads.transaction(id));
      if (lock !== undefined) {
        locks.set(id, { sender: lock.sender, recipient: lock.recipient, amount: lock.amount });
      }
    },
  );
  if (lockIds.length > 0) {
    for (const closer of (await reads.unlockingTransactions(lockIds)).data) {
      const kind = kindOf(closer.typeGroup, closer.type);
      const id = lockIdOf(closer);
      if (id !== undefined && (kind === 'htlcClaim' || kind === 'htlcRefund')) {
        closers.set(id, { kind, sender: closer.sender });
      }
    }
  }
  return { locks, closers };
}

/** The ledger's view of one transaction, given the lock context. */
export function ledgerTransaction(tx: TransactionRecord, context: LockContext): LedgerTransaction {
  const view = transactionView(tx);
  const lockId = view.lockId;
  return {
    kind: view.kind,
    sender: tx.sender,
    recipient: tx.recipient,
    amount: tx.amount,
    fee: tx.fee,
    payments: view.payments?.map((p) => ({ recipientId: p.recipientId, amount: BigInt(p.amount) })),
    lock: lockId === undefined ? undefined : context.locks.get(lockId),
    closedBy: view.kind === 'htlcLock' ? context.closers.get(tx.id) : undefined,
  };
}

/** A transaction as the screens see it from `address`'s side, its `effect` from the ledger. */
export function historyView(tx: TransactionRecord, address: string, context: LockContext): TransactionView {
  const view = transactionView(tx, address);
  const effect = effectOn(ledgerTransaction(tx, context), address);
  const lockId = view.lockId;
  const lock = lockId === undefined ? undefined : context.locks.get(lockId);
  const closer = view.kind === 'htlcLock' ? context.closers.get(tx.id) : undefined;
  return {
    ...view,
    effect: {
      received: effect.received.toString(),
      sent: effect.sent.toString(),
      fee: effect.fee.toString(),
      locked: effect.locked.toString(),
      unlocked: effect.unlocked.toString(),
    },
    ...(lock === undefined
      ? {}
      : { lockOf: { sender: lock.sender, recipient: lock.recipient, amount: lock.amount.toString() } }),
    ...(closer === undefined ? {} : { closedBy: closer.kind }),
  };
}

/** A page of a wallet's transactions, each with its effect on the wallet. */
export async function historyPage(
  reads: ChainReader,
  address: string,
  page: Page<TransactionRecord>,
): Promise<TransactionView[]> {
  const context = await lockContext(reads, page.data);
  return page.data.map((tx) => historyView(tx, address, context));
}
