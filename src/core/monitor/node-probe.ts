/**
 * One watched node: each poll asks /node/syncing (height, tip id, blocks behind, synced — also the latency
 * measurement), /blocks/last when the tip moved (its time), and now and then /peers and /node/configuration
 * (version). /node/status is not asked: ARK Core 3.9.1 answers it from the same `blockchain.isSynced()` and last
 * block as /node/syncing (core-api `controllers/node.ts`: `synced` is the inverse of `syncing`), so it would only
 * spend the node's request budget. A node that does not answer is reported unreachable, not thrown.
 */
import { NodeClient, tipBlock, type BlockRecord, type NodeClientOptions } from '../client';
import type { Network } from '../protocol/networks';
import { unixMsFromEpoch } from '../protocol/time';

export interface WatchedNode {
  id: string;
  url: string;
  label: string;
  own: boolean;
  custom: boolean;
}

export interface NodeSnapshot {
  reachable: boolean;
  checkedAt: number;
  height?: number;
  lastBlockId?: string;
  lastBlockAt?: number;
  synced?: boolean;
  /** What the node itself says it is behind its peers (/node/syncing `blocks`). */
  selfBehind?: number;
  version?: string;
  latencyMs?: number;
  peers?: number;
  /** When the height last changed (first poll: the time of that poll). */
  advancedAt?: number;
  /** Milliseconds between the node's last two tips, per block. */
  intervalMs?: number;
  error?: string;
}

/** Slow-changing reads are refreshed every this many polls. */
const SLOW_EVERY = 15;

export class NodeProbe {
  private readonly client: NodeClient;
  private polls = 0;
  private snapshot: NodeSnapshot | undefined;
  private tip: BlockRecord | undefined;

  constructor(
    readonly node: WatchedNode,
    private readonly network: Network,
    options: NodeClientOptions = {},
  ) {
    // One peer, one attempt: the monitor wants this node's own answer, not a failover to another.
    this.client = new NodeClient([node.url], { timeoutMs: 4_000, ...options, maxAttempts: 1 });
  }

  get last(): NodeSnapshot | undefined {
    return this.snapshot;
  }

  get api(): NodeClient {
    return this.client;
  }

  /**
   * The block at the tip the last poll saw, when it was read (the ledger takes it instead of reading it again:
   * ingest.ts); undefined once the node is unreachable or the tip moved unread.
   */
  get tipBlock(): BlockRecord | undefined {
    const snapshot = this.snapshot;
    return snapshot?.reachable === true && this.tip?.id === snapshot.lastBlockId ? this.tip : undefined;
  }

  async poll(now: () => number): Promise<NodeSnapshot> {
    const previous = this.snapshot;
    const slow = this.polls++ % SLOW_EVERY === 0;
    const started = now();
    try {
      // Asked anew every poll, never taken from another pool (client/shared-answers.ts): it measures the latency.
      const syncing = await this.client.syncing();
      const latencyMs = Math.max(0, now() - started);
      const moved = previous?.height !== syncing.height || previous.lastBlockId !== syncing.id;
      const [last, peers, configuration] = await Promise.all([
        moved ? tipBlock(this.client, syncing) : undefined,
        slow || previous?.peers === undefined
          ? this.client.peers({ limit: 1 }).catch(() => undefined)
          : undefined,
        slow || previous?.version === undefined
          ? this.client.configuration().catch(() => undefined)
          : undefined,
      ]);
      if (last !== undefined) this.tip = last;
      const at = now();
      const lastBlockAt =
        last === undefined ? previous?.lastBlockAt : unixMsFromEpoch(last.timestamp.epoch, this.network);
      const snapshot: NodeSnapshot = {
        reachable: true,
        checkedAt: at,
        height: syncing.height,
        lastBlockId: syncing.id,
        synced: !syncing.syncing,
        selfBehind: syncing.blocks,
        latencyMs,
        advancedAt:
          previous?.height === syncing.height && previous.advancedAt !== undefined ? previous.advancedAt : at,
      };
      if (lastBlockAt !== undefined) snapshot.lastBlockAt = lastBlockAt;
      const version = configuration?.core.version ?? previous?.version;
      if (version !== undefined) snapshot.version = version;
      const peerCount = peers?.meta.totalCount ?? previous?.peers;
      if (peerCount !== undefined) snapshot.peers = peerCount;
      const interval = blockInterval(previous, snapshot);
      if (interval !== undefined) snapshot.intervalMs = interval;
      this.snapshot = snapshot;
    } catch (error) {
      const snapshot: NodeSnapshot = {
        ...withoutMeasurements(previous),
        reachable: false,
        checkedAt: now(),
        // Never answered: the stall clock starts at the first failed poll.
        advancedAt: previous?.advancedAt ?? now(),
        error: error instanceof Error ? error.message : String(error),
      };
      this.snapshot = snapshot;
    }
    return this.snapshot;
  }
}

function blockInterval(previous: NodeSnapshot | undefined, next: NodeSnapshot): number | undefined {
  if (previous?.height === undefined || previous.lastBlockAt === undefined) return previous?.intervalMs;
  if (next.height === undefined || next.lastBlockAt === undefined) return previous.intervalMs;
  const blocks = next.height - previous.height;
  if (blocks <= 0) return previous.intervalMs;
  return Math.max(0, Math.round((next.lastBlockAt - previous.lastBlockAt) / blocks));
}

/** An unreachable node keeps its last known chain position (for lag and stalls) but no live measurements. */
function withoutMeasurements(previous: NodeSnapshot | undefined): Partial<NodeSnapshot> {
  if (previous === undefined) return {};
  const { latencyMs: _latency, error: _error, ...rest } = previous;
  return rest;
}
