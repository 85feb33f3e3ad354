/**
 * The remote networks' own nodes (docs/design/sync.md "In the app"): kept in the store because the shell's header
 * shows the active network's on every page. `follower:status` pushes each change; when one starts answering for its
 * network, or stops, the active network's node status is read again (it is another node now).
 */
import type { OwnNodeView } from '../../shared/domain/own-node';
import { plainError } from '../lib/errors';
import type { Slice } from './slice';
import type { AppSlice } from './app-slice';
import type { NodeSlice } from './node-slice';
import { call } from '../services/call';

export interface OwnNodeSlice {
  /** By network id; remote networks only. */
  ownNodes: Record<string, OwnNodeView>;
  loadOwnNodes: () => Promise<void>;
  ownNodeChanged: (view: OwnNodeView) => void;
}

/** Whether the node answers for its network in this state (its chain is attached then). */
export function ownNodeServes(view: OwnNodeView | undefined): boolean {
  return (
    view !== undefined && (view.state === 'syncing' || view.state === 'synced' || view.state === 'stalled')
  );
}

export const createOwnNodeSlice: Slice<
  OwnNodeSlice,
  Pick<AppSlice, 'error'> & Pick<NodeSlice, 'node' | 'loadNode'>
> = (set, get) => ({
  ownNodes: {},
  loadOwnNodes: async () => {
    try {
      const list = await call('follower:list');
      set({ ownNodes: Object.fromEntries(list.map((view) => [view.networkId, view])) });
    } catch (error) {
      set({ error: plainError(error) });
    }
  },
  ownNodeChanged: (view) => {
    const before = get().ownNodes[view.networkId];
    set({ ownNodes: { ...get().ownNodes, [view.networkId]: view } });
    if (ownNodeServes(before) !== ownNodeServes(view) && get().node?.networkId === view.networkId) {
      void get().loadNode();
    }
  },
});
