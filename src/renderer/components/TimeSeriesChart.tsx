/**
 * A uPlot line chart (node health charts) that follows its container's width, takes its colours from
 * the theme's CSS variables (redrawn when the theme changes), is named for assistive technology, and always
 * carries the same numbers as text: a one-line summary and a table of the newest samples. The plot is destroyed
 * on unmount so a page switch leaks no canvas or listener.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import {
  formatMeasure,
  summaryText,
  tableRows,
  timeRange,
  toAlignedData,
  type SeriesInput,
} from '../lib/time-series';
import { momentTime } from '../lib/dates';

export interface TimeSeriesChartProps {
  /** The accessible name of the chart ("Height lag over time"). */
  label: string;
  /** Unix milliseconds, one per sample. */
  timestamps: readonly number[];
  series: readonly SeriesInput[];
  height?: number;
  /** How many of the newest samples the table fallback lists. */
  tableLimit?: number;
  /** The narrowest time axis, in seconds (one hourly bucket alone would otherwise stretch over years). */
  minSpanSeconds?: number;
}

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/** Changes whenever the light/dark choice changes (the data-theme attribute or the system preference). */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      media.removeEventListener('change', bump);
    };
  }, []);
  return version;
}

function options(
  width: number,
  height: number,
  series: readonly SeriesInput[],
  label: string,
  minSpan: number,
): uPlot.Options {
  const text = cssVar('--text', '#1b1b1f');
  const grid = cssVar('--border', '#d4d4da');
  const axis: uPlot.Axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
  return {
    width,
    height,
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true, range: (_u, min, max) => timeRange(min, max, minSpan) } },
    axes: [axis, { ...axis, size: 60 }],
    series: [
      { label: 'Time' },
      ...series.map((one, index) => ({
        label: one.unit ? `${one.label} (${one.unit})` : one.label,
        stroke: cssVar(one.colorVar ?? `--chart-${(index % 3) + 1}`, '#b3202a'),
        width: 2,
        spanGaps: false,
        points: { show: true, size: 5 },
        value: (_u: uPlot, v: number | null) => formatMeasure(v, one.unit),
      })),
    ],
    class: `chart-${label.replace(/\W+/g, '-').toLowerCase()}`,
  };
}

export function TimeSeriesChart({
  label,
  timestamps,
  series,
  height = 220,
  tableLimit = 20,
  minSpanSeconds = 60,
}: TimeSeriesChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | undefined>(undefined);
  const themeVersion = useThemeVersion();
  const data = useMemo(() => toAlignedData(timestamps, series), [timestamps, series]);
  const seriesKey = series.map((one) => `${one.label}|${one.unit ?? ''}|${one.colorVar ?? ''}`).join(';');

  // Build (and rebuild on theme or series-shape change); destroy on unmount.
  useEffect(() => {
    const target = container.current;
    if (target === null) return;
    const width = Math.max(target.clientWidth, 200);
    const created = new uPlot(options(width, height, series, label, minSpanSeconds), data, target);
    plot.current = created;
    const resize = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry === undefined) return;
      const next = Math.max(Math.floor(entry.contentRect.width), 200);
      if (next !== created.width) created.setSize({ width: next, height });
    });
    resize.observe(target);
    return () => {
      resize.disconnect();
      created.destroy();
      plot.current = undefined;
    };
    // The data is pushed by the effect below; rebuilding for each sample would flicker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [themeVersion, seriesKey, height, label, minSpanSeconds]);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);

  const rows = tableRows(timestamps, series, tableLimit);
  const summary = summaryText(series);
  return (
    <figure className="chart" aria-label={label}>
      <figcaption>
        <span className="chart-title">{label}</span>
        <span className="muted small chart-summary">{summary}</span>
      </figcaption>
      <div ref={container} className="chart-canvas" role="img" aria-label={`${label}. ${summary}`} />
      <details className="chart-table">
        <summary>{`Data table: ${label}`}</summary>
        <table>
          <caption className="visually-hidden">{`${label}, newest ${rows.length} samples`}</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              {series.map((one) => (
                <th scope="col" key={one.label}>
                  {one.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.at}>
                <td>{momentTime(row.at)}</td>
                {row.values.map((value, index) => (
                  <td key={series[index]?.label ?? index}>{formatMeasure(value, series[index]?.unit)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
