import type { BlockEvent, NodeConfigurationView, NodeStatusView, SyncEvent } from '../../shared/domain/chain';
import type { NetworkView } from '../../shared/domain/networks';
import { plainError } from '../lib/errors';
import type { Slice } from './types';
import { call } from '../services/call';

export interface NodeSlice {
  node: NodeStatusView | undefined;
  configuration: NodeConfigurationView | undefined;
  networks: NetworkView[];
  lastBlock: BlockEvent | undefined;
  loadNode: () => Promise<void>;
  blockArrived: (block: BlockEvent) => void;
  syncChanged: (sync: SyncEvent) => void;
}

export const createNodeSlice: Slice<NodeSlice> = (set, get) => ({
  node: undefined,
  configuration: undefined,
  networks: [],
  lastBlock: undefined,
  loadNode: async () => {
    try {
      const [status, configuration, list] = await Promise.all([
        call('node:status'),
        call('node:configuration'),
        call('networks:list'),
      ]);
      set({ node: status, configuration, networks: list });
    } catch (error) {
      set({ error: plainError(error) });
    }
  },
  blockArrived: (block) => {
    const node = get().node;
    set({
      lastBlock: block,
      node:
        node === undefined || node.networkId !== block.networkId
          ? node
          : { ...node, height: Math.max(node.height, block.height), blockId: block.id },
    });
    if (get().vault?.unlocked === true) void get().refreshBalances();
  },
  syncChanged: (sync) => {
    const node = get().node;
    if (node === undefined || node.networkId !== sync.networkId) return;
    set({
      node: {
        ...node,
        height: sync.height,
        syncing: sync.syncing,
        synced: !sync.syncing && sync.blocksBehind === 0,
        blocksBehind: sync.blocksBehind,
        progress: sync.progress,
      },
    });
  },
});

/** The active network's token symbol, for formatting amounts. */
/**
 * The word amounts are written with: the network's token ("ARK", "DARK", "VTY"), as the review step writes them;
 * its symbol (Ѧ) is a glyph many people cannot read or type.
 */
export function tokenName(state: { configuration: NodeConfigurationView | undefined }): string {
  return state.configuration?.token ?? '';
}
