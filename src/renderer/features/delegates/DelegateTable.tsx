/** One table of delegates (the forging set or standby) with the monitor's missed and productivity columns. */
import { Amount } from '../../components/Amount';
import { useVotary } from '../../store';
import { formatProductivity, LOW_PRODUCTIVITY, type DelegateRow } from './delegate-rows';
import { momentTime } from '../../lib/dates';

export function DelegateTable({
  caption,
  rows,
  testId,
}: {
  caption: string;
  rows: DelegateRow[];
  testId: string;
}) {
  const openDelegate = useVotary((s) => s.openDelegate);
  return (
    <table data-testid={testId}>
      <caption className="table-caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Delegate</th>
          <th scope="col">Votes</th>
          <th scope="col">Approval</th>
          <th scope="col">Produced</th>
          <th scope="col">Missed</th>
          <th scope="col">Productivity</th>
          <th scope="col">Last block</th>
          <th scope="col">Forged total</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={9} className="muted">
              None on this page.
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={row.publicKey} data-testid={`delegate-row-${row.username}`}>
            <td>{row.rank ?? '—'}</td>
            <th scope="row">
              <button
                type="button"
                className="link"
                onClick={() => openDelegate(row)}
                aria-label={`Open delegate ${row.username}`}
              >
                {row.username}
              </button>
              {row.isResigned && <span className="badge">resigned</span>}
            </th>
            <td>
              <Amount value={row.votes} />
            </td>
            <td>{row.approval.toFixed(2)}%</td>
            <td>{row.producedBlocks}</td>
            <td>{row.missed ?? '—'}</td>
            <td
              className={
                row.productivity !== undefined && row.productivity < LOW_PRODUCTIVITY
                  ? 'low-productivity'
                  : undefined
              }
            >
              {formatProductivity(row.productivity)}
            </td>
            <td>
              {row.lastBlockHeight ?? '—'}
              {row.lastBlockAt !== undefined && (
                <span className="muted small"> · {momentTime(row.lastBlockAt)}</span>
              )}
            </td>
            <td>
              <Amount value={row.forgedTotal} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
