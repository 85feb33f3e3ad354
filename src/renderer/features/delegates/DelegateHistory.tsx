/**
 * A delegate's last day, hour by hour: blocks produced and slots missed. Produced
 * comes from the node's block list, missed from the monitor; hours before either record reaches are left empty.
 */
import { useMemo } from 'react';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import { hourlyHistory } from './delegate-rows';
import { dateTime } from '../../lib/dates';
import { HISTORY_MISSED_LIMIT as MISSED_LIMIT, useDelegateHistory } from '../../lib/reads/delegates';

const DAY = 86_400_000;

export function DelegateHistory({ publicKey, tick }: { publicKey: string; tick: string }) {
  const read = useDelegateHistory(publicKey, tick);
  const history = read.value;
  const failure = read.error?.message;

  const chart = useMemo(() => {
    if (history === undefined) return undefined;
    const missedTimes = history.missed.map((slot) => slot.at);
    // A full missed list may be cut short: it is complete only from its oldest entry.
    const missedSince = history.missed.length >= MISSED_LIMIT ? Math.min(...missedTimes) : undefined;
    const since = Math.max(history.blocks.since, history.coveredSince ?? 0, missedSince ?? 0);
    const hours = hourlyHistory(history.blocks.times, missedTimes, history.to - DAY, history.to, since);
    return {
      timestamps: hours.hours,
      series: [
        { label: 'Produced', unit: 'blocks', values: hours.produced, colorVar: '--chart-2' },
        { label: 'Missed', unit: 'slots', values: hours.missed, colorVar: '--chart-1' },
      ],
      since,
    };
  }, [history]);

  if (failure !== undefined) return <p className="muted">The history is not available: {failure}</p>;
  if (chart === undefined) return <p className="muted">Loading the history…</p>;
  return (
    <>
      {chart.since > (history?.to ?? 0) - DAY && (
        <p className="muted small">Hourly counts from {dateTime(chart.since)} on.</p>
      )}
      <TimeSeriesChart
        label="Blocks produced and slots missed per hour"
        timestamps={chart.timestamps}
        series={chart.series}
        minSpanSeconds={3600}
      />
    </>
  );
}
