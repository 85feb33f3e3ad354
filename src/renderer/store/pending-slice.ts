import type { PendingView } from '../../shared/domain/transactions';
import { plainError } from '../lib/errors';
import type { Slice } from './types';
import { call } from '../services/call';

export interface PendingSlice {
  pending: PendingView[];
  loadPending: () => Promise<void>;
  /** From `tx:status` pushes and from send results: newest first, one entry per id. */
  pendingChanged: (entry: PendingView) => void;
  pendingRemoved: (id: string) => void;
}

export function upsertPending(list: readonly PendingView[], entry: PendingView): PendingView[] {
  const rest = list.filter((item) => item.id !== entry.id);
  return [entry, ...rest].sort((a, b) => b.createdAt - a.createdAt);
}

export const createPendingSlice: Slice<PendingSlice> = (set) => ({
  pending: [],
  loadPending: async () => {
    try {
      const list = await call('tx:pending');
      set({ pending: [...list].sort((a, b) => b.createdAt - a.createdAt) });
    } catch (error) {
      set({ error: plainError(error) });
    }
  },
  pendingChanged: (entry) => set((state) => ({ pending: upsertPending(state.pending, entry) })),
  pendingRemoved: (id) => set((state) => ({ pending: state.pending.filter((item) => item.id !== id) })),
});
