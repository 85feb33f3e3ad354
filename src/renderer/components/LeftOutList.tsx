/** Rows left out of an import (lib/left-out.ts): the first ones with where and why, then the rest counted by reason. */
import { summariseLeftOut, type LeftOutRow } from '../lib/left-out';

export function LeftOutList({ rows }: { rows: readonly LeftOutRow[] }) {
  if (rows.length === 0) return null;
  const { listed, rest } = summariseLeftOut(rows);
  return (
    <ul className="small warning-note" aria-label="Rows left out">
      {listed.map((row) => (
        <li key={row.at}>
          {row.at}: {row.reason}
        </li>
      ))}
      {rest !== undefined && <li data-testid="left-out-rest">{rest}</li>}
    </ul>
  );
}
