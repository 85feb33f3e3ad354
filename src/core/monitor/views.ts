/** What the monitor's channels answer, read from the last cycle and the monitor database. */
import type {
  MissedSlotView,
  MonitorOverview,
  NodeSampleView,
  ProductivityView,
  ProductivityWindow,
  RoundView,
} from '../../shared/domain/monitor';
import { isValidPublicKey } from '../protocol/crypto';
import { roundInfo } from '../protocol/rounds';
import { MonitorError } from './errors';
import { lagOf } from './forks';
import { heightBelieved } from './height-claims';
import type { NodeMonitor } from './monitor';
import { productivity } from './productivity';
import { buildRoundView } from './round-view';
import { currentSlot } from './schedule';

export function overview(monitor: NodeMonitor): MonitorOverview {
  const networkId = monitor.networkId ?? '';
  const { best, bound, forks, updatedAt } = monitor.state;
  return {
    networkId,
    running: updatedAt !== undefined,
    nodes: monitor.nodes.map(({ node, last }) => {
      const lag = last === undefined ? undefined : lagOf(last, best);
      return {
        id: node.id,
        url: node.url,
        label: node.label,
        own: node.own,
        custom: node.custom,
        reachable: last?.reachable ?? false,
        ...(last?.height === undefined ? {} : { height: last.height }),
        ...(last?.lastBlockId === undefined ? {} : { lastBlockId: last.lastBlockId }),
        ...(last?.lastBlockAt === undefined ? {} : { lastBlockAt: last.lastBlockAt }),
        ...(last?.synced === undefined ? {} : { synced: last.synced }),
        ...(last === undefined || heightBelieved(last, bound) ? {} : { heightBelieved: false }),
        ...(lag === undefined ? {} : { blocksBehind: lag }),
        ...(last?.version === undefined ? {} : { version: last.version }),
        ...(last?.latencyMs === undefined ? {} : { latencyMs: last.latencyMs }),
        ...(last?.peers === undefined ? {} : { peers: last.peers }),
        ...(last?.checkedAt === undefined ? {} : { checkedAt: last.checkedAt }),
        ...(last?.advancedAt === undefined ? {} : { advancedAt: last.advancedAt }),
        ...(last?.error === undefined ? {} : { error: last.error }),
      };
    }),
    ...(best === undefined ? {} : { bestHeight: best }),
    forks,
    ...(updatedAt === undefined ? {} : { updatedAt }),
  };
}

/** A public key, or a username the network knows (from the ledger's names or the node). */
export async function resolveDelegate(monitor: NodeMonitor, id: string): Promise<string> {
  if (/^0[23][0-9a-fA-F]{64}$/.test(id) && isValidPublicKey(id)) return id.toLowerCase();
  const target = monitor.current;
  for (const [publicKey, username] of monitor.ledger.usernames(target.networkId)) {
    if (username === id) return publicKey;
  }
  const found = await target.client.delegate(id).catch(() => undefined);
  if (found === undefined) {
    throw new MonitorError('ERR_MONITOR_UNKNOWN_DELEGATE', `No delegate "${id}" on ${target.name}.`);
  }
  return found.publicKey;
}

export async function round(monitor: NodeMonitor, delegate?: string): Promise<RoundView> {
  const target = monitor.current;
  // The timeline must not show as missed a slot whose block the ledger has not read yet: catch up first
  // when the ledger's tip is older than the previous slot.
  const known = monitor.ledger.tip(target.networkId);
  if (known === undefined || currentSlot(monitor.now(), known.height + 1, target.network) > known.slot + 1) {
    await monitor.runCycle();
  }
  const tip = monitor.ledger.tip(target.networkId);
  if (tip === undefined) {
    throw new MonitorError('ERR_MONITOR_NO_DATA', `No block of ${target.name} has been read yet.`);
  }
  const info = roundInfo(tip.height + 1, target.network);
  const { order, ranked } = await monitor.roundOrders().get(info.round);
  const from = Math.max(1, info.roundHeight - 1);
  const publicKey = delegate === undefined ? undefined : await resolveDelegate(monitor, delegate);
  return buildRoundView({
    network: target.network,
    now: monitor.now(),
    tip,
    blocks: monitor.ledger.blocks(target.networkId, from, info.maxDelegates + 1),
    order,
    ranked,
    usernames: monitor.ledger.usernames(target.networkId),
    ...(publicKey === undefined ? {} : { delegate: publicKey }),
  });
}

export function productivityOf(monitor: NodeMonitor, window: ProductivityWindow): ProductivityView {
  const target = monitor.current;
  const usernames = monitor.ledger.usernames(target.networkId);
  const known = new Map(monitor.state.directory);
  for (const [publicKey, username] of usernames) {
    if (!known.has(publicKey)) known.set(publicKey, { username });
  }
  return productivity(
    monitor.ledger,
    target.networkId,
    window,
    monitor.now(),
    known,
    monitor.state.order?.order ?? [],
  );
}

export async function missedSlots(
  monitor: NodeMonitor,
  limit: number,
  delegate?: string,
): Promise<MissedSlotView[]> {
  const target = monitor.current;
  const publicKey = delegate === undefined ? undefined : await resolveDelegate(monitor, delegate);
  const usernames = monitor.ledger.usernames(target.networkId);
  return monitor.ledger.missed(target.networkId, limit, publicKey).map((miss) => {
    const username = usernames.get(miss.publicKey);
    return {
      slot: miss.slot,
      round: miss.round,
      at: miss.at,
      publicKey: miss.publicKey,
      ...(username === undefined ? {} : { username }),
    };
  });
}

const HOUR_MS = 3_600_000;

export function samples(monitor: NodeMonitor, nodeId: string, since?: number): NodeSampleView[] {
  const target = monitor.current;
  if (!monitor.nodes.some((probe) => probe.node.id === nodeId)) {
    throw new MonitorError('ERR_MONITOR_UNKNOWN_NODE', `No watched node has the id "${nodeId}".`);
  }
  return monitor.samples.list(target.networkId, nodeId, since ?? monitor.now() - HOUR_MS).map((row) => ({
    at: row.at,
    ...(row.height === undefined ? {} : { height: row.height }),
    ...(row.lagBlocks === undefined ? {} : { lagBlocks: row.lagBlocks }),
    ...(row.intervalMs === undefined ? {} : { blockIntervalS: row.intervalMs / 1000 }),
    ...(row.latencyMs === undefined ? {} : { latencyMs: row.latencyMs }),
    reachable: row.reachable,
  }));
}
