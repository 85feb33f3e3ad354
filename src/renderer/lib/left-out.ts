/**
 * A long list of rows left out of an import, said briefly: the first rows with where and why, then one sentence
 * for the rest, each reason with its count ("and 997 more rows left out: an address of another network (600), not
 * an amount above 0 with at most 8 decimals (397)."), so a file of a million bad rows is a short screen.
 */
import { counted } from './counts';

/** Rows listed one by one before the rest is summed up. */
export const LEFT_OUT_LISTED = 20;

export interface LeftOutRow {
  /** Where it is in the file: "line 4", "entry 2". */
  at: string;
  /** Why, as a sentence. */
  reason: string;
  /** The reason in a few words, shared by every row left out for it; without it, the sentence stands for it. */
  kind?: string;
}

export interface LeftOutSummary<T extends LeftOutRow> {
  listed: T[];
  /** The sentence for the rows not listed, when there are any. */
  rest: string | undefined;
}

/** Quoted text and row references vary from row to row; what is left says why. */
function kindOf(row: LeftOutRow): string {
  return (row.kind ?? row.reason)
    .replace(/“[^”]*”/g, '“…”')
    .replace(/\b(line|entry) \d+\b/g, '$1 …')
    .replace(/[.\s]+$/, '');
}

const grouped = new Intl.NumberFormat('en-US');

export function summariseLeftOut<T extends LeftOutRow>(
  rows: readonly T[],
  listed = LEFT_OUT_LISTED,
): LeftOutSummary<T> {
  if (rows.length <= listed) return { listed: [...rows], rest: undefined };
  const rest = rows.slice(listed);
  const counts = new Map<string, number>();
  for (const row of rest) {
    const kind = kindOf(row);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const reasons = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => `${kind} (${grouped.format(count)})`)
    .join('; ');
  return {
    listed: rows.slice(0, listed),
    rest: `and ${counted(rest.length, 'more row')} left out: ${reasons}.`,
  };
}
