/** One way to write a moment on every screen (docs/design/ui.md, "Time"): only lib/dates.ts formats dates. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chainTime, clockTime, dateTime, momentTime } from '../../../src/renderer/lib/dates';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('dates', () => {
  it('no screen formats a date by itself (toLocale…String, ISO slices, the API’s human field)', () => {
    const offenders = sources('src/renderer')
      .filter((path) => !path.endsWith(join('lib', 'dates.ts')) && !path.endsWith(join('lib', 'csv.ts')))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .map((line, index) => ({ path, line: index + 1, text: line }))
          .filter(({ text }) => /toLocale(Date|Time)?String\(|toISOString\(\)\.slice|\.human\b/.test(text)),
      )
      // The CSV export names its files and its date fields by ISO day (a machine format, not a screen).
      .filter(({ path }) => !path.endsWith('CsvExport.tsx'))
      .map(({ path, line }) => `${path}:${line}`);
    expect(offenders).toEqual([]);
  });

  it('a transaction outside a block is "in pool"; a moment is written in the locale', () => {
    expect(chainTime(undefined)).toBe('in pool');
    const at = Date.UTC(2026, 10, 24, 18, 30, 12);
    expect(chainTime({ unix: at / 1000 })).toBe(dateTime(at));
    expect(dateTime(at)).toMatch(/2026/);
  });

  it('a moment of today is its clock time; one of another day carries its date', () => {
    const now = new Date(2026, 10, 27, 15, 0, 0).getTime();
    const earlierToday = new Date(2026, 10, 27, 9, 5, 0).getTime();
    const lastTuesday = new Date(2026, 10, 24, 9, 5, 0).getTime();
    expect(momentTime(earlierToday, now)).toBe(clockTime(earlierToday));
    expect(momentTime(lastTuesday, now)).toBe(dateTime(lastTuesday));
    expect(momentTime(lastTuesday, now)).not.toBe(clockTime(lastTuesday));
  });
});
