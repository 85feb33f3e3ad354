import type { PendingView, SendResult } from '../../shared/domain/transactions';
import { plainError } from '../lib/errors';
import { plainNodeMessage } from '../lib/node-words';
import { call } from '../services/call';
import { sendRequest, type SendOptions } from './send-request';
import type { Slice } from './slice';
import type { AppSlice } from './app-slice';

export interface SubmitOptions extends SendOptions {
  /** What the error banner says when no node accepted it and none said why. */
  refused?: string;
}

export interface PendingSlice {
  pending: PendingView[];
  loadPending: () => Promise<void>;
  /** From `tx:status` pushes and from send results: newest first, one entry per id. */
  pendingChanged: (entry: PendingView) => void;
  pendingRemoved: (id: string) => void;
  /**
   * Submits the transaction a review prepared (tx:send with its prepared id: main signs exactly what was reviewed
   * and broadcasts it), puts it in the pending list and reports the outcome: a refusal in the error banner in the
   * node's words, an acceptance clears it. Undefined when it could not be sent at all (reported too: when what it
   * rested on changed, an ERR_PREPARED_* error says what, and the person reviews again). Send, vote, locks and
   * delegate screens all submit through it.
   */
  submitPrepared: (preparedId: string, options?: SubmitOptions) => Promise<SendResult | undefined>;
}

export function upsertPending(list: readonly PendingView[], entry: PendingView): PendingView[] {
  const rest = list.filter((item) => item.id !== entry.id);
  return [entry, ...rest].sort((a, b) => b.createdAt - a.createdAt);
}

export const createPendingSlice: Slice<
  PendingSlice,
  Pick<AppSlice, 'error' | 'reportError' | 'clearError'>
> = (set, get) => ({
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
  submitPrepared: async (preparedId, options = {}) => {
    const { refused = 'No node accepted the transaction.', ...send } = options;
    try {
      const result = await call('tx:send', sendRequest(preparedId, send));
      get().pendingChanged(result.pending);
      if (result.accepted) get().clearError();
      else get().reportError(new Error(plainNodeMessage(result.error?.message ?? refused)));
      return result;
    } catch (error) {
      get().reportError(error);
      return undefined;
    }
  },
});
