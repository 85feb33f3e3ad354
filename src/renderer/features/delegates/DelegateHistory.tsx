/**
 * A delegate's last day, hour by hour: blocks produced and slots missed. Produced
 * comes from the node's block list, missed from the monitor; hours before either record reaches are left empty.
 */
import { useMemo } from 'react';
import type { MissedSlotView } from '../../../shared/domain/monitor';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import { blockTimesSince, type BlockTimes } from './delegate-history';
import { hourlyHistory } from './delegate-rows';
import { dateTime } from '../../lib/dates';
import { call } from '../../services/call';
import { useLatest } from '../../lib/use-read';

const DAY = 86_400_000;
const MISSED_LIMIT = 500;

interface History {
  to: number;
  blocks: BlockTimes;
  missed: MissedSlotView[];
  coveredSince: number | undefined;
}

export function DelegateHistory({ publicKey, refresh }: { publicKey: string; refresh: number }) {
  const read = useLatest(async (): Promise<History> => {
    const to = Date.now();
    const [blocks, missed, day] = await Promise.all([
      blockTimesSince(
        (page) => call('chain:delegate-blocks', { delegate: publicKey, page, limit: 100 }),
        to - DAY,
        10,
      ),
      call('monitor:missed-slots', { delegate: publicKey, limit: MISSED_LIMIT }),
      call('monitor:productivity', { window: 'day' }),
    ]);
    return { to, blocks, missed, coveredSince: day.coveredSince };
  }, `${publicKey}:${refresh}`);
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
