/**
 * The daily closes read so far, kept on this machine (one JSON file in the profile's folder) so the portfolio's
 * history is asked of the source once and then only its newest days. Per source and currency, a day's start (UTC
 * midnight, Unix ms) → its close. It is a cache of public data: a file that is damaged or of another version is
 * read as empty and rewritten, never an error.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../fs/atomic-file';
import { DAY_MS, type DailyClose } from './source-api';

/** Ten years of days per series at most; older days are dropped first. */
export const STORED_DAYS_MAX = 3_660;

const fileSchema = z.object({
  version: z.literal(1),
  series: z.record(
    z.string().max(40),
    z
      .array(z.tuple([z.number().int().multipleOf(DAY_MS), z.number().positive().finite()]))
      .max(STORED_DAYS_MAX),
  ),
});

type StoreFile = z.output<typeof fileSchema>;

export class DailyStore {
  private constructor(
    private readonly path: string,
    private file: StoreFile,
  ) {}

  static async open(path: string): Promise<DailyStore> {
    let file: StoreFile = { version: 1, series: {} };
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      if (parsed.success) file = parsed.data;
    } catch {
      // Absent or unreadable: an empty cache, filled again from the source.
    }
    return new DailyStore(path, file);
  }

  /** The stored closes of a series from `fromDay` on, oldest first. */
  closes(series: string, fromDay = 0): DailyClose[] {
    return (this.file.series[series] ?? [])
      .filter(([day]) => day >= fromDay)
      .map(([day, close]) => ({ day, close }));
  }

  /** Adds (or replaces) days of a series and saves the file. */
  async merge(series: string, rows: readonly DailyClose[]): Promise<void> {
    const days = new Map(this.file.series[series] ?? []);
    for (const row of rows) days.set(row.day, row.close);
    const sorted = [...days].sort((a, b) => a[0] - b[0]).slice(-STORED_DAYS_MAX);
    const next: StoreFile = { version: 1, series: { ...this.file.series, [series]: sorted } };
    await writeFileAtomic(this.path, `${JSON.stringify(next)}\n`);
    this.file = next;
  }
}
