/**
 * What a screen's data moves with, read from the store the host's push events keep current (store/index.ts): a new
 * block on a network (`node:block`), a transaction of the pending list changing state (`tx:status`, and every
 * send's own answer), the vault's wallets (`wallet:changed`). `changeTick` turns the parts a screen names into one
 * string that changes exactly when one of them does; a read keyed on it (lib/use-host-read.ts) is read again then,
 * so a status line on screen follows the state it describes instead of the moment it was first read.
 */
import type { VotaryState } from './types';

export type HostChange = 'block' | 'pending' | 'wallets';

type Parts = Pick<VotaryState, 'lastBlock' | 'node' | 'pending' | 'wallets'>;

const TICKS: Record<HostChange, (state: Parts) => string> = {
  block: (state) =>
    `${state.lastBlock?.networkId ?? state.node?.networkId ?? ''}@${state.lastBlock?.id ?? state.node?.blockId ?? ''}`,
  // Each entry's state and the block that confirmed it: a confirmation counts, a new "k confirmations" does not.
  pending: (state) =>
    state.pending.map((entry) => `${entry.id}:${entry.status}:${entry.height ?? ''}`).join(','),
  wallets: (state) =>
    state.wallets.map((wallet) => `${wallet.id}:${wallet.hasSecondPassphrase ? 2 : 1}`).join(','),
};

/** One string that changes when any of the named parts of the host's state changes, and only then. */
export function changeTick(state: Parts, on: readonly HostChange[]): string {
  return on.map((part) => TICKS[part](state)).join('|');
}
