/**
 * Node health's view model: the monitor's samples as chart series (a missing measurement stays a
 * gap, an unreachable poll has no latency) and each watched node's state in words.
 */
import type { NodeSampleView, WatchedNodeView } from '../../../shared/domain/monitor';
import type { SeriesInput } from '../../lib/time-series';

export interface HealthSeries {
  timestamps: number[];
  lag: SeriesInput[];
  interval: SeriesInput[];
  latency: SeriesInput[];
}

export function samplesToSeries(samples: readonly NodeSampleView[]): HealthSeries {
  const sorted = [...samples].sort((a, b) => a.at - b.at);
  const pick = (read: (sample: NodeSampleView) => number | undefined) =>
    sorted.map((sample) => read(sample) ?? null);
  return {
    timestamps: sorted.map((sample) => sample.at),
    lag: [{ label: 'Height lag', unit: 'blocks', values: pick((s) => s.lagBlocks), colorVar: '--chart-1' }],
    interval: [
      { label: 'Block interval', unit: 's', values: pick((s) => s.blockIntervalS), colorVar: '--chart-2' },
    ],
    latency: [
      {
        label: 'Latency',
        unit: 'ms',
        values: pick((s) => (s.reachable ? s.latencyMs : undefined)),
        colorVar: '--chart-3',
      },
    ],
  };
}

/** "Unreachable: …", "Syncing, 12 blocks behind", "In sync". */
export function nodeStateText(node: WatchedNodeView): string {
  if (!node.reachable) return node.error === undefined ? 'Unreachable' : `Unreachable: ${node.error}`;
  if (node.heightBelieved === false)
    return 'Not believed: claims a height above what the chain can have reached since the own node’s tip';
  if (node.blocksBehind !== undefined && node.blocksBehind > 0) {
    return `${node.synced === false ? 'Syncing, ' : ''}${node.blocksBehind} ${node.blocksBehind === 1 ? 'block' : 'blocks'} behind`;
  }
  if (node.synced === false) return 'Syncing';
  return node.height === undefined ? 'Not checked yet' : 'In sync';
}

/** The node whose charts are shown first: the user's own node, else the first watched one. */
export function defaultChartNode(nodes: readonly WatchedNodeView[]): string | undefined {
  return (nodes.find((node) => node.own) ?? nodes[0])?.id;
}

export const SAMPLE_RANGES = [
  { label: 'Last 15 minutes', ms: 15 * 60_000 },
  { label: 'Last hour', ms: 3_600_000 },
  { label: 'Last 6 hours', ms: 6 * 3_600_000 },
  { label: 'Last day', ms: 86_400_000 },
  { label: 'Last week', ms: 7 * 86_400_000 },
] as const;
