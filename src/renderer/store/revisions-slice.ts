/**
 * Host changes that no other state of the store shows, counted: the signing settings saved (`tx:signing-settings`)
 * and what this app changed of the multisignature wallets and proposals (`multisig:changed`), whichever window
 * made the change. A read that shows them names the count in its key (host-changes.ts) and is read again at each.
 */
import type { Slice } from './slice';

export type Revised = 'signing' | 'multisig';

export interface RevisionsSlice {
  revisions: Record<Revised, number>;
  revised: (part: Revised) => void;
}

export const createRevisionsSlice: Slice<RevisionsSlice> = (set) => ({
  revisions: { signing: 0, multisig: 0 },
  revised: (part) =>
    set((state) => ({ revisions: { ...state.revisions, [part]: state.revisions[part] + 1 } })),
});
