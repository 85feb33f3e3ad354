/**
 * The active network's sync state: ONE reading of the store, which the shell's header, the dashboard and the node
 * screen all show, so they can never disagree (docs/design/ui.md "Sync state").
 *
 * "In sync" needs two things: the node says it is synced (or the own node, verified here, does), and its tip
 * advanced within three block times — ARK Core's own rule for a synced chain (core-blockchain `isSynced`:
 * `slots.getTime() - block.timestamp < 3 * blocktime`). A chain whose forging stopped is therefore not "in sync"
 * however confidently its node answers.
 */
import {
  duration,
  count,
  ownNodeSummary,
  ownNodeTone,
  type OwnNodeTone,
} from '../features/follower/own-node-words';
import type { VotaryState } from './types';

/** Block times without a new block after which the tip is stale (ARK Core's `isSynced`). */
export const STALE_BLOCK_TIMES = 3;

export interface NetworkSync {
  tone: OwnNodeTone;
  /** One line: "In sync", "Syncing, 40 blocks behind", "No new block for 62 s (height 1,234)", … */
  words: string;
  inSync: boolean;
  /** Only while it syncs: how far (a bar); a stalled or synced node shows none. */
  progress: { value: number; max: number; label: string } | undefined;
  /**
   * Not in sync: the height every chain figure on screen is read at (balances, votes, ranks are as of this block,
   * not the network's now); undefined when in sync or not known.
   */
  asOfHeight: number | undefined;
}

type SyncInputs = Pick<
  VotaryState,
  'connection' | 'node' | 'networks' | 'ownNodes' | 'tips' | 'configuration'
>;

export function networkSync(state: SyncInputs, now: number): NetworkSync | undefined {
  const network = state.networks.find((entry) => entry.active);
  if (network === undefined) return undefined;
  if (state.connection.status !== 'connected') {
    return {
      tone: 'busy',
      words: 'Not known: the connection to the Votary host is lost (reconnecting…)',
      inSync: false,
      progress: undefined,
      asOfHeight: undefined,
    };
  }
  const own = state.ownNodes[network.id];
  const followed = own !== undefined && own.state !== 'off';
  if (followed && own.state !== 'synced') {
    return {
      tone: ownNodeTone(own),
      words: ownNodeSummary(own),
      inSync: false,
      progress:
        own.state === 'syncing' && own.target > 0
          ? { value: Math.min(own.height, own.target), max: own.target, label: 'Own node sync' }
          : undefined,
      asOfHeight: own.height > 0 ? own.height : undefined,
    };
  }
  const node = state.node?.networkId === network.id ? state.node : undefined;
  if (node === undefined && !followed)
    return { tone: 'busy', words: '…', inSync: false, progress: undefined, asOfHeight: undefined };
  const synced = followed ? own.blocksBehind <= 1 : node?.synced === true;
  const height = followed ? own.height : (node?.height ?? 0);
  if (!synced) {
    if (followed)
      return {
        tone: ownNodeTone(own),
        words: ownNodeSummary(own),
        inSync: false,
        progress: undefined,
        asOfHeight: own.height,
      };
    const behind = node?.blocksBehind ?? 0;
    return {
      tone: 'busy',
      words: `Syncing, ${count(behind)} block${behind === 1 ? '' : 's'} behind`,
      inSync: false,
      progress: node === undefined ? undefined : { value: node.progress, max: 1, label: 'Sync progress' },
      asOfHeight: node?.height,
    };
  }
  // An own node's follower judges its own tip (docs/design/sync.md "Status": synced needs a tip that advanced
  // lately), so its state is taken as it says; the staleness rule here covers the nodes that do not (the embedded
  // localnet, "synced" by being the chain, and a remote node's word).
  const blockTime =
    !followed && state.configuration?.networkId === network.id ? state.configuration.constants.blocktime : 0;
  const tip = state.tips[network.id];
  const quiet = tip === undefined ? 0 : now - tip.at;
  if (blockTime > 0 && quiet > STALE_BLOCK_TIMES * blockTime * 1000) {
    const seconds = Math.round(quiet / 1000);
    // Seconds while they count (the Alerts screen says "has not advanced for 62 s"), then coarser.
    const since = `no new block for ${seconds < 120 ? `${seconds} s` : duration(seconds)} (height ${count(tip?.height ?? height)})`;
    return {
      tone: 'warn',
      words: `${since[0]?.toUpperCase() ?? ''}${since.slice(1)}`,
      inSync: false,
      progress: undefined,
      asOfHeight: tip?.height ?? height,
    };
  }
  return {
    tone: 'ok',
    words: followed ? ownNodeSummary(own) : 'In sync',
    inSync: true,
    progress: undefined,
    asOfHeight: undefined,
  };
}
