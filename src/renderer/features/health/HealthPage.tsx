/**
 * Node health: the watched nodes with lag and forks, uPlot charts of one node's height lag,
 * block interval and latency over time from the monitor's stored samples, and the client's peers.
 */
import { useMemo, useState } from 'react';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import { useVotary } from '../../store';
import { PeersTable } from '../node/PeersTable';
import { defaultChartNode, SAMPLE_RANGES, samplesToSeries } from './health-model';
import { WatchedNodes } from './WatchedNodes';
import { clockTime, momentTime } from '../../lib/dates';
import { usePeers } from '../../lib/reads/chain';
import { useMonitorOverview, useMonitorSamples, useNodesTick } from '../../lib/reads/monitor';

export function HealthPage() {
  const reportError = useVotary((s) => s.reportError);
  // Samples are taken once per poll of the active network's nodes; reading more than every 5 s shows nothing new.
  const tick = useNodesTick();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [rangeMs, setRangeMs] = useState<number>(3_600_000);
  const peers = usePeers(tick, reportError);

  const monitor = useMonitorOverview(tick);
  const overview = monitor.value;

  const nodeId =
    chosen !== undefined && overview?.nodes.some((node) => node.id === chosen) === true
      ? chosen
      : defaultChartNode(overview?.nodes ?? []);

  const sampled = useMonitorSamples(nodeId, rangeMs, tick);
  const samples = sampled.value;
  const failure = (monitor.error ?? sampled.error)?.message;

  const series = useMemo(
    () => samplesToSeries(nodeId === undefined || samples === undefined ? [] : samples),
    [nodeId, samples],
  );
  return (
    <section aria-labelledby="health-title">
      <h1 id="health-title">Node health</h1>
      {failure !== undefined && (
        <p className="error-banner" role="alert">
          The monitor is not available: {failure}
        </p>
      )}
      {overview && (
        <>
          <p className="muted">
            {overview.running
              ? `Best height ${overview.bestHeight ?? '—'}`
              : 'The monitor has not polled yet.'}
            {overview.updatedAt !== undefined && ` · updated ${clockTime(overview.updatedAt)}`}
          </p>
          {overview.forks.length > 0 && (
            <div className="card fork-warning" role="status">
              <h2>Forks seen</h2>
              <ul>
                {overview.forks.map((fork) => (
                  <li key={fork.height}>
                    Height {fork.height}:{' '}
                    {fork.nodes.map((node) => `${node.id} has ${node.blockId.slice(0, 12)}…`).join('; ')}{' '}
                    (since {momentTime(fork.seenAt)})
                  </li>
                ))}
              </ul>
            </div>
          )}
          <WatchedNodes overview={overview} onChange={monitor.replace} />
          <h2>Charts</h2>
          <div className="row wrap">
            <label>
              Node
              <select value={nodeId ?? ''} onChange={(e) => setChosen(e.target.value)}>
                {overview.nodes.map((node) => (
                  <option key={node.id} value={node.id}>
                    {node.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Period
              <select value={rangeMs} onChange={(e) => setRangeMs(Number(e.target.value))}>
                {SAMPLE_RANGES.map((range) => (
                  <option key={range.ms} value={range.ms}>
                    {range.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <TimeSeriesChart label="Height lag over time" timestamps={series.timestamps} series={series.lag} />
          <TimeSeriesChart
            label="Block interval over time"
            timestamps={series.timestamps}
            series={series.interval}
          />
          <TimeSeriesChart label="Latency over time" timestamps={series.timestamps} series={series.latency} />
        </>
      )}
      <h2>Peers</h2>
      <PeersTable peers={peers} caption="Peers of the active network" />
    </section>
  );
}
