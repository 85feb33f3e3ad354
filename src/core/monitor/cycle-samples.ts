/** One sample per watched node per cycle (monitor.ts), with its lag behind the best height believed. */
import type { SampleStore } from '../db/monitor/samples';
import { lagOf, type ProbedNode } from './forks';

export function recordSamples(
  samples: SampleStore,
  networkId: string,
  probed: readonly ProbedNode[],
  best: number | undefined,
): void {
  for (const node of probed) {
    const { snapshot } = node;
    const lag = lagOf(snapshot, best);
    samples.add(networkId, node.id, {
      at: snapshot.checkedAt,
      ...(snapshot.reachable && snapshot.height !== undefined ? { height: snapshot.height } : {}),
      ...(snapshot.reachable && lag !== undefined ? { lagBlocks: lag } : {}),
      ...(snapshot.intervalMs === undefined ? {} : { intervalMs: snapshot.intervalMs }),
      ...(snapshot.latencyMs === undefined ? {} : { latencyMs: snapshot.latencyMs }),
      reachable: snapshot.reachable,
    });
  }
}
