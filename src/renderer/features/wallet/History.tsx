/**
 * A wallet's history, virtualized (@tanstack/react-virtual): only the visible rows exist in the DOM, and pages
 * of 100 are fetched as they scroll into view (architecture §4: every list is paginated end to end).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { TransactionView } from '../../../shared/domain/chain';
import { Amount } from '../../components/Amount';
import { sumAmounts } from '../../lib/amount';
import { walletTransactions } from '../../services/chain';
import { useVotary } from '../../store';

export type Direction = 'all' | 'sent' | 'received';
const PAGE = 100;
const TYPES: Array<[string, number | undefined]> = [
  ['All types', undefined],
  ['Transfer', 0],
  ['Vote', 3],
  ['Multipayment', 6],
  ['Lock', 8],
  ['Claim', 9],
  ['Refund', 10],
];

/** A multipayment's amount field is 0 on ARK; its payments carry the value. */
function shownAmount(tx: TransactionView): string {
  return tx.payments === undefined ? tx.amount : sumAmounts(tx.payments.map((p) => p.amount));
}

export function History({ address }: { address: string }) {
  const reportError = useVotary((s) => s.reportError);
  const height = useVotary((s) => s.node?.height);
  const [direction, setDirection] = useState<Direction>('all');
  const [type, setType] = useState<number | undefined>();
  const [rows, setRows] = useState<Array<TransactionView | undefined>>([]);
  const loading = useRef(new Set<number>());
  const parent = useRef<HTMLDivElement>(null);

  const loadPage = async (page: number, reset: boolean) => {
    if (loading.current.has(page) && !reset) return;
    loading.current.add(page);
    try {
      const answer = await walletTransactions({
        address,
        page,
        limit: PAGE,
        direction,
        ...(type === undefined ? {} : { type, typeGroup: 1 }),
      });
      setRows((previous) => {
        const next: Array<TransactionView | undefined> = reset
          ? new Array<TransactionView | undefined>(answer.meta.totalCount).fill(undefined)
          : previous.length === answer.meta.totalCount
            ? [...previous]
            : Array.from({ length: answer.meta.totalCount }, (_, i) => previous[i]);
        answer.data.forEach((tx, i) => (next[(page - 1) * PAGE + i] = tx));
        return next;
      });
    } catch (error) {
      reportError(error);
    } finally {
      loading.current.delete(page);
    }
  };

  // A new filter or a new block reloads the first page (new transactions arrive at the top).
  useEffect(() => {
    void loadPage(1, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address, direction, type, height]);

  // The virtualizer is read fresh on every render here, which is what the React Compiler warning is about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 44,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  useEffect(() => {
    for (const item of items) {
      if (rows[item.index] === undefined) void loadPage(Math.floor(item.index / PAGE) + 1, false);
    }
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
        <span className="muted">{rows.length} transactions</span>
      </div>
      <div ref={parent} className="history" tabIndex={0} aria-label="Transaction history" role="list">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const tx = rows[item.index];
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
                  <span className="muted">Loading…</span>
                ) : (
                  <>
                    <span>{tx.timestamp?.human.slice(0, 19).replace('T', ' ') ?? 'in pool'}</span>
                    <span>{tx.kind}</span>
                    <span>{tx.direction ?? ''}</span>
                    <span className="mono small">{tx.direction === 'sent' ? tx.recipient : tx.sender}</span>
                    <Amount value={shownAmount(tx)} />
                  </>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
