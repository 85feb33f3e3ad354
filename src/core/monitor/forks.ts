/**
 * Lag and forks across the watched nodes: a node's lag is the best height seen minus its own (or
 * what it says itself it is behind, whichever is more). Two nodes are on different forks when they hold
 * different blocks at the same height: at equal tips their ids are compared; otherwise the higher node is asked
 * for its block at the lower node's tip height. Answers are cached per (node, height): a block at a height only
 * changes when that node reorganises, which the cache key (the lower tip's id) catches.
 */
import type { ForkView } from '../../shared/domain/monitor';
import { heightBelieved } from './height-claims';
import type { NodeSnapshot } from './node-probe';

export interface ProbedNode {
  id: string;
  snapshot: NodeSnapshot;
  /** The node's block id at a height (undefined when it does not answer). */
  blockIdAt(height: number): Promise<string | undefined>;
}

/** The highest height the reachable nodes claim, leaving out every claim above `bound` (height-claims.ts). */
export function bestHeight(nodes: readonly ProbedNode[], bound?: number): number | undefined {
  let best: number | undefined;
  for (const { snapshot } of nodes) {
    if (
      snapshot.reachable &&
      snapshot.height !== undefined &&
      heightBelieved(snapshot, bound) &&
      (best === undefined || snapshot.height > best)
    ) {
      best = snapshot.height;
    }
  }
  return best;
}

export function lagOf(snapshot: NodeSnapshot, best: number | undefined): number | undefined {
  if (snapshot.height === undefined) return undefined;
  const behindBest = best === undefined ? 0 : Math.max(0, best - snapshot.height);
  return Math.max(behindBest, snapshot.selfBehind ?? 0);
}

export class ForkDetector {
  /** `${nodeId}@${height}` → block id (bounded: cleared when it grows). */
  private readonly cache = new Map<string, string | undefined>();
  /** `${height}|${ids}` → when first seen, so a lasting fork keeps its seenAt. */
  private readonly seen = new Map<string, number>();

  async detect(nodes: readonly ProbedNode[], now: number): Promise<ForkView[]> {
    const tips = nodes.filter(
      (node) =>
        node.snapshot.reachable &&
        node.snapshot.height !== undefined &&
        node.snapshot.lastBlockId !== undefined,
    );
    if (this.cache.size > 1_000) this.cache.clear();
    // For each pair, the height they are compared at and each one's block id there.
    const byHeight = new Map<number, Map<string, string>>();
    const note = (height: number, id: string, blockId: string) => {
      const entry = byHeight.get(height) ?? new Map<string, string>();
      byHeight.set(height, entry);
      entry.set(id, blockId);
    };
    for (let i = 0; i < tips.length; i++) {
      for (let j = i + 1; j < tips.length; j++) {
        const a = tips[i]!;
        const b = tips[j]!;
        const [low, high] = a.snapshot.height! <= b.snapshot.height! ? [a, b] : [b, a];
        const height = low.snapshot.height!;
        const lowId = low.snapshot.lastBlockId!;
        const highId =
          high.snapshot.height === height
            ? high.snapshot.lastBlockId!
            : await this.blockAt(high, height, lowId);
        if (highId === undefined || highId === lowId) continue;
        note(height, low.id, lowId);
        note(height, high.id, highId);
      }
    }
    const forks: ForkView[] = [];
    const current = new Set<string>();
    for (const [height, members] of [...byHeight].sort((x, y) => x[0] - y[0])) {
      const nodesAt = [...members]
        .map(([id, blockId]) => ({ id, blockId }))
        .sort((x, y) => x.id.localeCompare(y.id));
      const key = `${height}|${nodesAt.map((n) => `${n.id}=${n.blockId}`).join(',')}`;
      current.add(key);
      const seenAt = this.seen.get(key) ?? now;
      this.seen.set(key, seenAt);
      forks.push({ height, nodes: nodesAt, seenAt });
    }
    for (const key of [...this.seen.keys()]) if (!current.has(key)) this.seen.delete(key);
    return forks;
  }

  reset(): void {
    this.cache.clear();
    this.seen.clear();
  }

  private async blockAt(node: ProbedNode, height: number, lowTipId: string): Promise<string | undefined> {
    const key = `${node.id}@${height}#${lowTipId}#${node.snapshot.lastBlockId ?? ''}`;
    if (this.cache.has(key)) return this.cache.get(key);
    const id = await node.blockIdAt(height);
    this.cache.set(key, id);
    return id;
  }
}
