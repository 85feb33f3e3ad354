/**
 * Fees: the node's `/node/fees` statistics per transaction type over a chosen number of days
 * (1–30), with the static fee of the type beside them (`/transactions/fees`, or the node's configuration).
 */
import { useState } from 'react';
import { Amount } from '../../components/Amount';
import { ReadStatus } from '../../lib/use-read';
import { feeRows, groupLabel } from './fee-rows';
import { useFeeStatistics } from '../../lib/reads/explorer';

const DAY_CHOICES = [1, 7, 14, 30];

export function FeesPage() {
  const [days, setDays] = useState(7);
  const read = useFeeStatistics(days);
  const rows = read.state === 'ready' ? feeRows(read.value) : [];
  return (
    <section aria-labelledby="fees-title">
      <h1 id="fees-title">Fees</h1>
      <label className="field">
        Statistics over
        <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {DAY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 1 ? 'the last day' : `the last ${choice} days`}
            </option>
          ))}
        </select>
      </label>
      <ReadStatus read={read} what="fees" />
      {read.state === 'ready' && (
        <table className="explorer-table fees-table">
          <caption>
            Fees paid per transaction type over {days === 1 ? 'the last day' : `the last ${days} days`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Static fee</th>
              <th scope="col">Minimum</th>
              <th scope="col">Average</th>
              <th scope="col">Maximum</th>
              <th scope="col">Total paid</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.typeGroup}/${row.key}`} data-testid={`fee-row-${row.key}`}>
                <th scope="row">
                  {row.label}
                  {row.typeGroup !== '1' && (
                    <span className="muted small"> ({groupLabel(row.typeGroup)})</span>
                  )}
                </th>
                <td>{row.static === undefined ? '—' : <Amount value={row.static} />}</td>
                {row.stat === undefined ? (
                  <td colSpan={4} className="muted">
                    {row.free
                      ? 'No fee: this type is free, so fees say nothing of how many were sent'
                      : 'No transactions of this type in this period'}
                  </td>
                ) : (
                  <>
                    <td>
                      <Amount value={row.stat.min} />
                    </td>
                    <td>
                      <Amount value={row.stat.avg} />
                    </td>
                    <td>
                      <Amount value={row.stat.max} />
                    </td>
                    <td>
                      <Amount value={row.stat.sum} />
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
