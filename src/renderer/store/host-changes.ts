/**
 * What a screen's data moves with, read from the store the host's push events keep current (store/index.ts): a new
 * block on a network (`node:block`), a transaction of the pending list changing state (`tx:status`, and every
 * send's own answer), the vault's wallets (`wallet:changed`), and their chain state (balance, nonce, locked
 * balance: read once per block for all of them, store/wallets-slice.ts), which moves exactly when a transaction
 * of theirs is confirmed — on that block, not some blocks later; the active network; and the node monitor's
 * topics (`monitor:update`, store/monitor-slice.ts: its round, the blocks it recorded, its watched nodes). `changeTick` turns the parts a screen names into one
 * string that changes exactly when one of them does; a read keyed on it (lib/use-host-read.ts) is read again then,
 * so a status line on screen follows the state it describes instead of the moment it was first read.
 */
import type { VotaryState } from './types';

export type HostChange =
  | 'block'
  | 'pending'
  | 'wallets'
  | 'balances'
  | 'network'
  | 'monitor-round'
  | 'monitor-blocks'
  | 'monitor-nodes';

type Parts = Pick<
  VotaryState,
  'lastBlock' | 'node' | 'pending' | 'wallets' | 'chainWallets' | 'chainWalletsNetworkId'
> &
  // Only the monitor's parts read it.
  Partial<Pick<VotaryState, 'monitorVersion'>>;

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
  network: (state) => state.node?.networkId ?? '',
  // The monitor's counters are the active network's (monitorUpdated drops other networks' events): with its id.
  'monitor-round': (state) => `${state.node?.networkId ?? ''}#${state.monitorVersion?.round ?? 0}`,
  'monitor-blocks': (state) => `${state.node?.networkId ?? ''}#${state.monitorVersion?.blocks ?? 0}`,
  'monitor-nodes': (state) => `${state.node?.networkId ?? ''}#${state.monitorVersion?.nodes ?? 0}`,
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

/**
 * Changes with the active network's blocks, at most once per `ms` of their arrival (`lastBlock.at`): a table of
 * every delegate read on each block of a 1-second localnet would be a read a second. Derived from the store alone,
 * so every screen naming the same pace holds the same tick at the same moment and shares one read
 * (lib/reads/shared-read.ts).
 */
export function pacedBlockTick(state: Pick<Parts, 'lastBlock' | 'node'>, ms: number): string {
  const network = state.node?.networkId ?? '';
  const block = state.lastBlock;
  // Before the network's first block here, the network alone (a sync event's height is not a block of it).
  const pace = block !== undefined && block.networkId === network ? String(Math.floor(block.at / ms)) : '';
  return `${network}@${pace}`;
}
