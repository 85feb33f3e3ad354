/**
 * Delegates: the forging set and standby, 100 per page, with missed slots and productivity over the
 * chosen window from the monitor. The monitor's data only reaches back to when it started (`coveredSince`), and the
 * page says so rather than presenting a short record as a full day.
 */
import { useState } from 'react';
import type { ProductivityWindow } from '../../../shared/domain/monitor';
import { useVotary } from '../../store';
import { DelegateTable } from './DelegateTable';
import { joinProductivity, splitForgingSet } from './delegate-rows';
import { dateTime } from '../../lib/dates';
import { DELEGATES_PACE_MS, useDelegatePage } from '../../lib/reads/delegates';
import { useThrottled } from '../../lib/use-throttled';
import { changeTick } from '../../store/host-changes';
import { useProductivity } from '../../lib/reads/monitor';
import { AsOfHeight } from '../../components/AsOfHeight';

const WINDOWS: Array<{ value: ProductivityWindow; label: string }> = [
  { value: 'hour', label: 'Last hour' },
  { value: 'day', label: 'Last day' },
  { value: 'week', label: 'Last week' },
];

export function DelegatesPage() {
  const activeDelegates = useVotary((s) => s.configuration?.constants.activeDelegates ?? 21);
  const reportError = useVotary((s) => s.reportError);
  // The monitor's counts move with the blocks it records: read again as they arrive, at most every 10 s (1-second
  // localnet blocks would otherwise mean 1 request/s). The table paces itself the same way (useDelegatePage).
  const tick = useThrottled(
    useVotary((s) => changeTick(s, ['monitor-blocks'])),
    DELEGATES_PACE_MS,
  );
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [span, setSpan] = useState<ProductivityWindow>('day');
  const list = useDelegatePage({ page, search }, reportError);

  const monitor = useProductivity(span, tick);
  const productivity = monitor.value;
  const monitorError = monitor.error?.message;

  const rows = joinProductivity(list?.data ?? [], productivity);
  const { active, standby } = splitForgingSet(rows, activeDelegates);
  const pageCount = Math.max(list?.meta.pageCount ?? 1, 1);

  return (
    <section aria-labelledby="delegates-title">
      <h1 id="delegates-title">Delegates</h1>
      <AsOfHeight />
      <div className="row wrap">
        <label>
          Search delegates
          <input
            type="search"
            value={search}
            maxLength={20}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label>
          Missed slots over
          <select value={span} onChange={(e) => setSpan(e.target.value as ProductivityWindow)}>
            {WINDOWS.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {monitorError !== undefined && (
        <p className="muted" role="status">
          Missed slots are not available: {monitorError}
        </p>
      )}
      {productivity?.coveredSince !== undefined && productivity.coveredSince > productivity.from && (
        <p className="muted small">
          Missed slots counted since {dateTime(productivity.coveredSince)} (when monitoring of this network
          began), not the whole window.
        </p>
      )}
      <DelegateTable
        caption={`Forging set (top ${activeDelegates})`}
        rows={active}
        testId="delegates-active"
      />
      <DelegateTable caption="Standby" rows={standby} testId="delegates-standby" />
      <nav className="row pager" aria-label="Delegate pages">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous page
        </button>
        <span aria-live="polite">
          Page {page} of {pageCount}
          {list && ` · ${list.meta.totalCount} delegates`}
        </span>
        <button type="button" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
          Next page
        </button>
      </nav>
    </section>
  );
}
