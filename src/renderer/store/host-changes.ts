/**
 * What a screen's data moves with, read from the store the host's push events keep current (store/index.ts): a new
 * block on a network (`node:block`), a transaction of the pending list changing state (`tx:status`, and every
 * send's own answer), the vault's wallets (`wallet:changed`) and their chain state (balance, nonce, locked
 * balance: read once per block for all of them, store/wallets-slice.ts), which moves exactly when a transaction
 * of theirs is confirmed — on that block, not some blocks later; the open profile's vault (`keystore:status`,
 * `profile:changed`); the signing settings and the multisignature wallets and proposals (revisions-slice.ts).
 * `changeTick` turns the parts a screen names into one string that changes exactly when one of them does; a read
 * keyed on it (lib/use-host-read.ts) is read again then, so a status line on screen follows the state it describes
 * instead of the moment it was first read.
 */
import type { Revised } from './revisions-slice';
import type { VotaryState } from './types';

export type HostChange = 'block' | 'pending' | 'wallets' | 'balances' | 'vault' | Revised;

type Parts = Pick<
  VotaryState,
  'lastBlock' | 'node' | 'pending' | 'wallets' | 'chainWallets' | 'chainWalletsNetworkId'
> &
  Partial<Pick<VotaryState, 'vault' | 'profiles' | 'revisions'>>;

/** One wallet's chain state as the store holds it: what a confirmed transaction of its changes. */
function chainTick(state: Pick<Parts, 'chainWallets'>, address: string): string {
  const wallet = state.chainWallets[address];
  return wallet === undefined ? '' : `${wallet.balance}:${wallet.nonce}:${wallet.lockedBalance}`;
}

const TICKS: Record<HostChange, (state: Parts) => string> = {
  block: (state) =>
    `${state.lastBlock?.networkId ?? state.node?.networkId ?? ''}@${state.lastBlock?.id ?? state.node?.blockId ?? ''}`,
  // Each entry's state and the block that confirmed it: a confirmation counts, a new "k confirmations" does not.
  pending: (state) =>
    state.pending.map((entry) => `${entry.id}:${entry.status}:${entry.height ?? ''}`).join(','),
  wallets: (state) =>
    state.wallets.map((wallet) => `${wallet.id}:${wallet.hasSecondPassphrase ? 2 : 1}`).join(','),
  balances: (state) =>
    `${state.chainWalletsNetworkId ?? ''}@${state.wallets.map((wallet) => chainTick(state, wallet.address)).join(',')}`,
  // The open profile's vault: made, opened, locked, or another profile opened.
  vault: (state) =>
    `${state.profiles?.activeId ?? ''}:${state.vault?.hasVault ?? ''}:${state.vault?.unlocked ?? ''}`,
  signing: (state) => String(state.revisions?.signing ?? 0),
  multisig: (state) => String(state.revisions?.multisig ?? 0),
};

/** One string that changes when any of the named parts of the host's state changes, and only then. */
export function changeTick(state: Parts, on: readonly HostChange[]): string {
  return on.map((part) => TICKS[part](state)).join('|');
}

/** Changes when this one address's chain state in the store does (its transaction confirmed), and only then. */
export function walletChangeTick(
  state: Pick<Parts, 'chainWallets' | 'chainWalletsNetworkId'>,
  address: string,
) {
  return `${state.chainWalletsNetworkId ?? ''}@${address}:${chainTick(state, address)}`;
}
