/** The readable table `npm run bench:app` prints (the same figures as `--json`). */
import type { AppBenchResult } from './app-bench';
import type { ScrollRun } from './app-scroll';

const ms = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)} ms`);
const ms1 = (value: number) => `${value.toFixed(1)} ms`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}

function scrollRow(name: string, run: ScrollRun): string[] {
  return [
    name,
    String(run.frames),
    run.meanFps.toFixed(1),
    ms1(run.p50Ms),
    ms1(run.p95Ms),
    ms1(run.p99Ms),
    ms1(run.maxMs),
    String(run.over16ms),
    String(run.over33ms),
    String(run.loadingFrames),
    `${Math.round(run.pixelsPerSecond).toLocaleString('en-US')} px/s`,
    ms(run.settleMs),
  ];
}

export function printReport(result: AppBenchResult): void {
  const { cold, scroll } = result;
  const lines = [
    `bench:app — ${result.date} — Chromium ${result.chromium} (headless) — ${result.cpus} CPUs, load average ${result.loadAverage.toFixed(1)} at start`,
    '',
    `Cold start, ${cold.runs.length} runs (fresh data dir and browser context each; target interactive < ${cold.targetMs} ms):`,
    table([
      ['', 'median', 'worst', 'runs'],
      ...(
        [
          ['spawn → URL printed', cold.spawnToUrl],
          ['spawn → interactive', cold.spawnToInteractive],
          ['navigation → interactive', cold.navigationToInteractive],
        ] as const
      ).map(([name, s]) => [name, ms(s.median), ms(s.worst), s.runs.map((v) => Math.round(v)).join(' ')]),
    ]),
    `  verdict: ${cold.spawnToInteractive.worst < cold.targetMs ? 'every run' : cold.spawnToInteractive.median < cold.targetMs ? 'the median (not every run)' : 'NOT'} under ${cold.targetMs} ms`,
  ];
  if (scroll) {
    lines.push(
      '',
      `Scroll, ${scroll.transactions.toLocaleString('en-US')}-transaction history (chain written in ${ms(scroll.chainBuildMs)}; wallet page open → first rows ${ms(scroll.openToFirstRowsMs)}):`,
      table([
        ['', 'frames', 'fps', 'p50', 'p95', 'p99', 'max', '>16.7ms', '>33.3ms', 'loading', 'speed', 'settle'],
        scrollRow('sweep top → row 100,000', scroll.sweep),
        scrollRow('mouse wheel', scroll.wheel),
      ]),
      `  last row after the sweep: ${scroll.sweep.lastRow}`,
      '  >16.7ms / >33.3ms: frame intervals over one / two 60 Hz refreshes (+2 ms jitter) = dropped frames;',
      '  loading: frames showing a row whose page was not fetched yet; settle: end of scroll → all rows shown.',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
