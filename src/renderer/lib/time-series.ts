/**
 * Pure helpers behind TimeSeriesChart: the uPlot data layout and the text summary that screen-reader users (and
 * anyone without a canvas) get instead of the drawing (charts must not be the only way to read the
 * numbers).
 */

export interface SeriesInput {
  label: string;
  /** One value per timestamp; null where there is no measurement (a gap, never a made-up zero). */
  values: ReadonlyArray<number | null>;
  /** Printed after numbers in the summary and the table ("ms", "blocks", "s"). */
  unit?: string;
  /** A CSS custom property naming the line colour (default --accent). */
  colorVar?: string;
}

export interface SeriesSummary {
  label: string;
  unit: string;
  count: number;
  min: number | undefined;
  max: number | undefined;
  avg: number | undefined;
  latest: number | undefined;
}

/** uPlot's aligned data: x in Unix seconds, then one array per series; points are sorted by time. */
export function toAlignedData(
  timestampsMs: readonly number[],
  series: readonly SeriesInput[],
): [number[], ...Array<Array<number | null>>] {
  const order = timestampsMs.map((_, index) => index).sort((a, b) => timestampsMs[a]! - timestampsMs[b]!);
  const xs = order.map((index) => timestampsMs[index]! / 1000);
  const ys = series.map((one) => order.map((index) => one.values[index] ?? null));
  return [xs, ...ys];
}

export function summarize(series: SeriesInput): SeriesSummary {
  const present = series.values.filter((value): value is number => value !== null && Number.isFinite(value));
  const sum = present.reduce((total, value) => total + value, 0);
  return {
    label: series.label,
    unit: series.unit ?? '',
    count: present.length,
    min: present.length === 0 ? undefined : Math.min(...present),
    max: present.length === 0 ? undefined : Math.max(...present),
    avg: present.length === 0 ? undefined : sum / present.length,
    latest: present.at(-1),
  };
}

/** A number for people: integers stay whole, others get at most two decimals. */
export function formatMeasure(value: number | undefined | null, unit = ''): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '—';
  const text = Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, '');
  return unit === '' ? text : `${text} ${unit}`;
}

/** One sentence per series: "Latency: latest 12 ms, min 8 ms, average 10.5 ms, max 14 ms over 30 samples." */
export function summaryText(series: readonly SeriesInput[]): string {
  return series
    .map((one) => {
      const s = summarize(one);
      if (s.count === 0) return `${s.label}: no samples yet.`;
      return `${s.label}: latest ${formatMeasure(s.latest, s.unit)}, min ${formatMeasure(s.min, s.unit)}, average ${formatMeasure(s.avg, s.unit)}, max ${formatMeasure(s.max, s.unit)} over ${s.count} samples.`;
    })
    .join(' ');
}

/** The newest `limit` rows, newest first, for the table fallback. */
export function tableRows(
  timestampsMs: readonly number[],
  series: readonly SeriesInput[],
  limit = 20,
): Array<{ at: number; values: Array<number | null> }> {
  const [xs, ...ys] = toAlignedData(timestampsMs, series);
  const rows: Array<{ at: number; values: Array<number | null> }> = [];
  for (let i = xs.length - 1; i >= 0 && rows.length < limit; i--) {
    rows.push({ at: xs[i]! * 1000, values: ys.map((column) => column[i] ?? null) });
  }
  return rows;
}

/**
 * The time axis range in Unix seconds: the data's, widened around its middle to at least `minSpan` seconds (a
 * single point would otherwise get an axis of years), or the last `minSpan` seconds when there is no data.
 */
export function timeRange(
  min: number | null,
  max: number | null,
  minSpan: number,
  nowSeconds = Date.now() / 1000,
): [number, number] {
  if (min === null || max === null) return [nowSeconds - minSpan, nowSeconds];
  if (max - min >= minSpan) return [min, max];
  const mid = (min + max) / 2;
  return [mid - minSpan / 2, mid + minSpan / 2];
}
