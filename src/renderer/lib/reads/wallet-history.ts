/**
 * A wallet's history on the read layer: the pages the virtual list holds (history-pages.ts) and when its first page
 * is read again. New transactions arrive at the top, so page 1 is read again — and a changed total drops the other
 * pages — exactly when the wallet's transactions can have changed, not on every block:
 *
 * - its chain state moved (`walletChangeTick`: a transaction of its confirmed changes its balance or nonce);
 * - an HTLC lock addressed to it was confirmed. That changes no balance of the receiver (the amount stays locked
 *   in the sender's wallet until claimed: ARK Core's HtlcLockTransactionHandler moves it to the sender's
 *   lockedBalance), so it needs its own signal. A lock sent from a wallet of this vault is in the pending list
 *   with its recipient and the block that confirmed it; a lock from anyone else shows in no state the store holds,
 *   so the history is also read again every ten blocks for that case (the same pace as `useWalletLocks`).
 */
import { useEffect, useRef, useState } from 'react';
import type { TransactionView } from '../../../shared/domain/chain-views';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { walletChangeTick } from '../../store/host-changes';
import type { VotaryState } from '../../store/types';
import {
  PAGE_SIZE,
  emptyHistory,
  pagesAround,
  pagesToFetch,
  withPage,
  type HistoryPages,
} from './history-pages';

/** Blocks between reads for a lock from outside the vault, which no state of the store shows. */
export const FOREIGN_LOCK_BLOCKS = 10;

export type HistoryDirection = 'all' | 'sent' | 'received';

/** Changes when `address`'s transactions can have changed (see the file's comment), and only then. */
export function historyTick(
  state: Pick<VotaryState, 'chainWallets' | 'chainWalletsNetworkId' | 'pending' | 'node'>,
  address: string,
): string {
  const locksToIt = state.pending
    .filter((entry) => entry.kind === 'htlcLock' && entry.recipient === address)
    .map((entry) => `${entry.id}:${entry.status}:${entry.height ?? ''}`)
    .join(',');
  const height = state.node?.height;
  const slow = height === undefined ? '' : String(Math.floor(height / FOREIGN_LOCK_BLOCKS));
  return `${walletChangeTick(state, address)}|${locksToIt}|${slow}`;
}

export interface WalletHistory {
  history: HistoryPages<TransactionView>;
  /** The rows on screen (0-based indices): their pages and the neighbours are fetched, others may be dropped. */
  show: (rows: readonly number[]) => void;
}

/**
 * The pages of `address`'s history for a filter: page 1 at once and again at each `historyTick`, the others as
 * `show` asks for them. A new wallet or filter starts over; an answer for a previous one is dropped.
 */
export function useWalletHistory(
  at: { address: string; direction: HistoryDirection; type: number | undefined },
  report: (error: unknown) => void,
): WalletHistory {
  const { address, direction, type } = at;
  const moved = useVotary((state) => historyTick(state, address));
  const [history, setHistory] = useState<HistoryPages<TransactionView>>(emptyHistory);
  // What the fetch callbacks read: the held pages, the pages on screen, the requests under way, and which
  // filter they belong to.
  const held = useRef(history);
  const wanted = useRef<number[]>([1]);
  const inFlight = useRef(new Set<number>());
  const generation = useRef(0);

  const fetchPage = async (page: number) => {
    const mine = generation.current;
    const flight = inFlight.current;
    flight.add(page);
    try {
      const answer = await call('chain:wallet-transactions', {
        address,
        page,
        limit: PAGE_SIZE,
        direction,
        ...(type === undefined ? {} : { type, typeGroup: 1 }),
      });
      if (mine !== generation.current) return;
      setHistory((previous) => withPage(previous, page, answer.data, answer.meta.totalCount, wanted.current));
    } catch (error) {
      if (mine === generation.current) report(error);
    } finally {
      flight.delete(page);
    }
  };
  const pump = () => {
    for (const page of pagesToFetch(held.current, wanted.current, inFlight.current)) void fetchPage(page);
  };

  // A new wallet or filter starts over from the first page.
  const filter = `${address}:${direction}:${type ?? ''}`;
  useEffect(() => {
    generation.current += 1;
    inFlight.current = new Set();
    wanted.current = [1];
    held.current = emptyHistory();
    setHistory(held.current);
    void fetchPage(1);
    // `filter` names everything fetchPage depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filter]);

  // The wallet's transactions can have changed: the first page again (a changed total drops the others).
  const seen = useRef(moved);
  useEffect(() => {
    if (seen.current === moved) return;
    seen.current = moved;
    if (!inFlight.current.has(1)) void fetchPage(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [moved]);

  // An answered page may leave wanted pages to ask for (the in-flight limit held them back).
  useEffect(() => {
    held.current = history;
    pump();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [history]);

  const show = (rows: readonly number[]) => {
    wanted.current = pagesAround(rows, held.current.total ?? 0);
    pump();
  };
  return { history, show };
}
