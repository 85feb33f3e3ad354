/**
 * A wallet's history, virtualized (@tanstack/react-virtual): only the visible rows exist in the DOM, and pages
 * of 100 are fetched as they scroll into view, only the pages around the viewport kept (lib/reads/history-pages.ts), so
 * a 100,000-transaction history scrolls to its last row in bounded memory. The pages and when the first one is read
 * again (when the wallet's transactions can have changed, not on every block) are lib/reads/wallet-history.ts.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { TransactionView } from '../../../shared/domain/chain-views';
import { Amount } from '../../components/Amount';
import { useVotary } from '../../store';
import { historyRow, type KnownNames } from './history-row';
import { TransactionDetails } from './TransactionDetails';
import { useKnownNames } from './use-known-names';
import { rowAt } from '../../lib/reads/history-pages';
import { useWalletHistory, type HistoryDirection } from '../../lib/reads/wallet-history';
import { chainTime } from '../../lib/dates';

export type Direction = HistoryDirection;
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
  const [direction, setDirection] = useState<Direction>('all');
  const [type, setType] = useState<number | undefined>();
  const { history, show } = useWalletHistory({ address, direction, type }, reportError);
  const parent = useRef<HTMLDivElement>(null);
  const names = useKnownNames();
  const [opened, setOpened] = useState<TransactionView | undefined>(undefined);

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
    show(items.map((item) => item.index));
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
