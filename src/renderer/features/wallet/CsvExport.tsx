/**
 * CSV of a date range, built in the renderer and offered as a download (no file system access needed). The export
 * is a command, not a read of the read layer: the person's click asks for the range as it stands at that moment,
 * read once page by page, and nothing on screen shows it afterwards (a view kept current would read every page of
 * the range again on each block for nothing).
 */
import { useState } from 'react';
import type { TransactionView } from '../../../shared/domain/chain-views';
import { inRange, transactionsCsv } from '../../lib/csv';
import { useVotary } from '../../store';
import { call } from '../../services/call';

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

export function CsvExport({ address }: { address: string }) {
  const reportError = useVotary((s) => s.reportError);
  const [from, setFrom] = useState(day(-30));
  const [to, setTo] = useState(day(0));
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    const start = Date.parse(`${from}T00:00:00Z`) / 1000;
    const end = Date.parse(`${to}T23:59:59Z`) / 1000;
    if (!Number.isFinite(start) || !Number.isFinite(end) || start > end) {
      reportError(new Error('Choose a start date on or before the end date.'));
      return;
    }
    setBusy(true);
    try {
      // Newest first: stop paging once a page ends before the range starts.
      const collected: TransactionView[] = [];
      for (let page = 1; ; page++) {
        const answer = await call('chain:wallet-transactions', { address, page, limit: 100 });
        collected.push(...inRange(answer.data, start, end));
        const last = answer.data[answer.data.length - 1];
        if (page >= answer.meta.pageCount || last === undefined || (last.timestamp?.unix ?? Infinity) < start)
          break;
      }
      const url = URL.createObjectURL(new Blob([transactionsCsv(collected)], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `votary-${address}-${from}-${to}.csv`;
      link.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset>
      <legend>Export CSV</legend>
      <label className="inline">
        From <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label className="inline">
        To <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </label>
      <button type="button" onClick={() => void exportCsv()} disabled={busy}>
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
    </fieldset>
  );
}
