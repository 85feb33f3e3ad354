import type {
  BlockEvent,
  NodeConfigurationView,
  NodeStatusView,
  SyncEvent,
} from '../../shared/domain/chain-views';
import type { NetworkView } from '../../shared/domain/networks';
import { plainError } from '../lib/errors';
import type { Slice } from './slice';
import type { AppSlice } from './app-slice';
import type { VaultSlice } from './vault-slice';
import type { WalletsSlice } from './wallets-slice';
import { call } from '../services/call';

/** When a network's tip last moved: its height and the Unix ms it was forged or first seen here. */
export interface TipSeen {
  height: number;
  at: number;
}

export interface NodeSlice {
  node: NodeStatusView | undefined;
  /** By network id: what "In sync" is judged against (store/network-sync.ts). */
  tips: Record<string, TipSeen>;
  configuration: NodeConfigurationView | undefined;
  networks: NetworkView[];
  lastBlock: BlockEvent | undefined;
  loadNode: () => Promise<void>;
  blockArrived: (block: BlockEvent) => void;
  syncChanged: (sync: SyncEvent) => void;
}

export const createNodeSlice: Slice<
  NodeSlice,
  Pick<AppSlice, 'error'> & Pick<VaultSlice, 'vault'> & Pick<WalletsSlice, 'refreshBalances'>
> = (set, get) => {
  /** A higher tip than known moves the network's tip time; the same or a lower one (a rollback) does not. */
  const tipMoved = (networkId: string, height: number, at: number) => {
    const known = get().tips[networkId];
    if (known !== undefined && height <= known.height) {
      if (height < known.height) set({ tips: { ...get().tips, [networkId]: { height, at: known.at } } });
      return;
    }
    set({ tips: { ...get().tips, [networkId]: { height, at } } });
  };
  return {
    node: undefined,
    configuration: undefined,
    networks: [],
    lastBlock: undefined,
    tips: {},
    loadNode: async () => {
      try {
        const [status, configuration, list] = await Promise.all([
          call('node:status'),
          call('node:configuration'),
          call('networks:list'),
        ]);
        set({ node: status, configuration, networks: list });
        // The tip's own timestamp says when the chain last advanced (a page opened on a paused chain must not see
        // a fresh tip); when it cannot be read, the moment it was read stands in.
        const at = await call('chain:block', { height: Math.max(1, status.height) }).then(
          (block) => block.timestamp.unix * 1000,
          () => Date.now(),
        );
        const known = get().tips[status.networkId];
        if (known === undefined || known.height <= status.height) {
          set({ tips: { ...get().tips, [status.networkId]: { height: status.height, at } } });
        }
      } catch (error) {
        set({ error: plainError(error) });
      }
    },
    blockArrived: (block) => {
      const node = get().node;
      tipMoved(block.networkId, block.height, block.at);
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
      tipMoved(sync.networkId, sync.height, Date.now());
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
  };
};

/** The active network's token symbol, for formatting amounts. */
/**
 * The word amounts are written with: the network's token ("ARK", "DARK", "VTY"), as the review step writes them;
 * its symbol (Ѧ) is a glyph many people cannot read or type.
 */
export function tokenName(state: { configuration: NodeConfigurationView | undefined }): string {
  return state.configuration?.token ?? '';
}
