import type { ChainWallet } from '../../shared/domain/chain-views';
import type { WalletView } from '../../shared/domain/wallets';
import { plainError } from '../lib/errors';
import { sumAmounts } from '../lib/amount';
import type { Slice } from './slice';
import type { AppSlice } from './app-slice';
import { call } from '../services/call';
import { CHAIN_WALLETS_MAX } from '../../shared/ipc/contract/chain';
import { chunks, oneAtATime } from './one-at-a-time';

export interface WalletsSlice {
  /** The vault's wallets on the active network (the other networks' are listed when theirs is active). */
  wallets: WalletView[];
  /**
   * Chain state by address (balance, nonce, vote…) as the active network's node answers, refreshed on every block.
   * Two networks can share an address (the same passphrase on localnet and devnet: one address byte), so these are
   * one network's answers only: `chainWalletsNetworkId`'s.
   */
  chainWallets: Record<string, ChainWallet>;
  chainWalletsNetworkId: string | undefined;
  loadWallets: () => Promise<void>;
  refreshBalances: () => Promise<void>;
  walletSaved: (wallet: WalletView) => void;
}

export const createWalletsSlice: Slice<WalletsSlice, Pick<AppSlice, 'error'>> = (set, get) => ({
  wallets: [],
  chainWallets: {},
  chainWalletsNetworkId: undefined,
  loadWallets: async () => {
    try {
      // Asked of the host, not taken from the store: a network switch reads the node and the wallets at once, and
      // the store's network list may still name the last one.
      const networkId = await activeNetworkId();
      // A wallet of a network no longer in the list is kept on every screen (to be exported or removed), without a
      // balance: no node of its network is asked (chainStateOf).
      const wallets =
        networkId === undefined
          ? await call('wallets:list')
          : [
              ...(await call('wallets:list', { networkId })),
              ...(await call('wallets:list')).filter((wallet) => wallet.networkId === undefined),
            ];
      set({
        wallets,
        ...(networkId === get().chainWalletsNetworkId
          ? {}
          : { chainWallets: {}, chainWalletsNetworkId: networkId }),
      });
      await get().refreshBalances();
    } catch (error) {
      set({ error: plainError(error) });
    }
  },
  // One `chain:wallets` read for all the wallets (per 500), one at a time: blocks that arrive meanwhile ask for one
  // more read after it, so the calls follow the blocks at most, whatever the number of wallets.
  refreshBalances: oneAtATime(
    async () => {
      const networkId = get().chainWalletsNetworkId;
      const addresses = [
        ...new Set(
          get()
            .wallets.filter((wallet) => onBalancesNetwork(get(), wallet))
            .map((w) => w.address),
        ),
      ];
      const batches = chunks(addresses, CHAIN_WALLETS_MAX);
      const results = await Promise.allSettled(
        batches.map((batch) => call('chain:wallets', { addresses: batch })),
      );
      // The wallets were listed again for another network meanwhile: these answers are not that network's.
      if (get().chainWalletsNetworkId !== networkId) return;
      const chainWallets: Record<string, ChainWallet> = { ...get().chainWallets };
      for (const result of results) {
        if (result.status === 'fulfilled')
          for (const wallet of result.value) chainWallets[wallet.address] = wallet;
      }
      set({ chainWallets });
    },
    () => get().chainWalletsNetworkId ?? '',
  ),
  walletSaved: (wallet) => {
    set((state) => ({
      wallets: state.wallets.some((w) => w.id === wallet.id)
        ? state.wallets.map((w) => (w.id === wallet.id ? wallet : w))
        : [...state.wallets, wallet],
    }));
    void get().refreshBalances();
  },
});

/** The active network's id as the host says it now (undefined when it cannot say: every wallet is listed). */
async function activeNetworkId(): Promise<string | undefined> {
  try {
    return (await call('networks:list')).find((network) => network.active)?.id;
  } catch {
    return undefined;
  }
}

/** Whether the store's balances (`chainWallets`) are of this wallet's network. */
function onBalancesNetwork(state: Pick<WalletsSlice, 'chainWalletsNetworkId'>, wallet: WalletView): boolean {
  return state.chainWalletsNetworkId === undefined || wallet.networkId === state.chainWalletsNetworkId;
}

/**
 * A wallet's chain state as its network's node answers it: undefined for a wallet of another network (one of a
 * network no longer in the list), even when the active network holds the same address.
 */
export function chainStateOf(
  state: Pick<WalletsSlice, 'chainWallets' | 'chainWalletsNetworkId'>,
  wallet: WalletView,
): ChainWallet | undefined {
  return onBalancesNetwork(state, wallet) ? state.chainWallets[wallet.address] : undefined;
}

/** Selectors: derived values, computed from the store without copying it. */
function sumOf(state: WalletsSlice, watch: boolean, field: 'balance' | 'lockedBalance'): string {
  return sumAmounts(
    state.wallets
      .filter((wallet) => (wallet.kind === 'watch') === watch)
      .map((wallet) => chainStateOf(state, wallet)?.[field] ?? '0')
      .filter((b) => !b.startsWith('-')),
  );
}

/** The balance of the wallets this vault can spend from: watch-only wallets are someone's, shown apart. */
export function totalBalance(state: WalletsSlice): string {
  return sumOf(state, false, 'balance');
}

/** What the spendable wallets hold in HTLC locks (their own, until claimed or refunded). */
export function totalLocked(state: WalletsSlice): string {
  return sumOf(state, false, 'lockedBalance');
}

/** The balance of the watch-only wallets: followed, not spendable from here. */
export function watchOnlyBalance(state: WalletsSlice): string {
  return sumOf(state, true, 'balance');
}

export function selectedWallet(
  state: WalletsSlice & Pick<AppSlice, 'selectedWalletId'>,
): WalletView | undefined {
  return state.wallets.find((wallet) => wallet.id === state.selectedWalletId) ?? state.wallets[0];
}

/** Wallets that can sign (watch-only ones cannot). */
export function signingWallets(state: WalletsSlice): WalletView[] {
  return state.wallets.filter((wallet) => wallet.kind !== 'watch');
}
