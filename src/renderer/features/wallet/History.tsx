/**
 * A wallet's history, virtualized (@tanstack/react-virtual): only the visible rows exist in the DOM, and pages
 * of 100 are fetched as they scroll into view, only the pages around the viewport kept (lib/reads/history-pages.ts), so
 * a 100,000-transaction history scrolls to its last row in bounded memory.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { TransactionView } from '../../../shared/domain/chain-views';
import { Amount } from '../../components/Amount';
import { useVotary } from '../../store';
import { historyRow, type KnownNames } from './history-row';
import { TransactionDetails } from './TransactionDetails';
import { useKnownNames } from './use-known-names';
import {
  PAGE_SIZE,
  emptyHistory,
  pagesAround,
  pagesToFetch,
  rowAt,
  withPage,
  type HistoryPages,
} from '../../lib/reads/history-pages';
import { chainTime } from '../../lib/dates';
import { call } from '../../services/call';

export type Direction = 'all' | 'sent' | 'received';
const TYPES: Array<[string, number | undefined]> = [
  ['All types', undefined],
  ['Transfer', 0],
  ['Vote', 3],
  ['Multipayment', 6],
  ['Lock', 8],
  ['Claim', 9],
  ['Refund', 10],
];

function Row({
  tx,
  address,
  names,
  onOpen,
}: {
  tx: TransactionView;
  address: string;
  names: KnownNames;
  onOpen: () => void;
}) {
  const row = historyRow(tx, address, names);
  return (
    // Named by what it shows (time, what, with whom, memo, fee, amount): a name of its own would hide part of it.
    <button type="button" className="history-open" onClick={onOpen}>
      <span className="small">{chainTime(tx.timestamp)}</span>
      <span className="history-what">
        <span>
          <strong>{row.what}</strong> <span title={row.partyAddress}>{row.party}</span>
        </span>
        {row.memo !== undefined && <span className="muted small history-memo">“{row.memo}”</span>}
        {row.note !== undefined && <span className="muted small">{row.note}</span>}
      </span>
      <span className="muted small">
        {row.fee === undefined ? (
          ''
        ) : (
          <>
            fee <Amount value={row.fee} />
          </>
        )}
      </span>
      <span className="history-amount">
        <Amount value={row.amount} signed={row.sign} />
      </span>
    </button>
  );
}

export function History({ address }: { address: string }) {
  const reportError = useVotary((s) => s.reportError);
  const height = useVotary((s) => s.node?.height);
  const [direction, setDirection] = useState<Direction>('all');
  const [type, setType] = useState<number | undefined>();
  const [history, setHistory] = useState<HistoryPages<TransactionView>>(emptyHistory);
  // What the fetch callbacks read: the held pages, the pages on screen, the requests under way, and which
  // filter they belong to (an answer for a previous filter or wallet is dropped).
  const held = useRef(history);
  const wanted = useRef<number[]>([1]);
  const inFlight = useRef(new Set<number>());
  const generation = useRef(0);
  const parent = useRef<HTMLDivElement>(null);
  const names = useKnownNames();
  const [opened, setOpened] = useState<TransactionView | undefined>(undefined);

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
      if (mine === generation.current) reportError(error);
    } finally {
      flight.delete(page);
    }
  };
  const pump = () => {
    for (const page of pagesToFetch(held.current, wanted.current, inFlight.current)) void fetchPage(page);
  };

  // A new wallet or filter starts over from the first page.
  useEffect(() => {
    generation.current += 1;
    inFlight.current = new Set();
    wanted.current = [1];
    held.current = emptyHistory();
    setHistory(held.current);
    void fetchPage(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address, direction, type]);

  // A new block rereads the first page (new transactions arrive at the top; a changed total drops the others).
  useEffect(() => {
    if (!inFlight.current.has(1)) void fetchPage(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [height]);

  // An answered page may leave wanted pages to ask for (the in-flight limit held them back).
  useEffect(() => {
    held.current = history;
    pump();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [history]);

  // The virtualizer is read fresh on every render here, which is what the React Compiler warning is about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: history.total ?? 0,
    getScrollElement: () => parent.current,
    estimateSize: () => 56,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  useEffect(() => {
    wanted.current = pagesAround(
      items.map((item) => item.index),
      history.total ?? 0,
    );
    pump();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items.map((i) => i.index).join(',')]);

  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <div className="row">
        <label>
          Type
          <select
            value={type === undefined ? '' : String(type)}
            onChange={(e) => setType(e.target.value === '' ? undefined : Number(e.target.value))}
          >
            {TYPES.map(([label, value]) => (
              <option key={label} value={value === undefined ? '' : String(value)}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Direction
          <select value={direction} onChange={(e) => setDirection(e.target.value as Direction)}>
            <option value="all">All</option>
            <option value="sent">Sent</option>
            <option value="received">Received</option>
          </select>
        </label>
        <span className="muted">{history.total ?? 0} transactions</span>
      </div>
      <div ref={parent} className="history" tabIndex={0} aria-label="Transaction history" role="list">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const tx = rowAt(history, item.index);
            return (
              <div
                key={item.key}
                role="listitem"
                className="history-row"
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                {tx === undefined ? (
                  <span className="muted loading">Loading…</span>
                ) : (
                  <Row tx={tx} address={address} names={names} onOpen={() => setOpened(tx)} />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {opened !== undefined && (
        <TransactionDetails
          tx={opened}
          address={address}
          names={names}
          onClose={() => setOpened(undefined)}
        />
      )}
    </section>
  );
}
