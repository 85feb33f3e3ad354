/**
 * Chain reads of the wallets' screens more than one screen makes, on the read layer (lib/use-read.tsx over
 * store/host-changes.ts): each hook names in its key everything it depends on and what it moves with, and an answer
 * for an older key is dropped. Screens take these instead of calling the host themselves. The delegates' reads are
 * in delegates.ts, the monitor's in monitor.ts, the explorer's in explorer.ts, the Locks page's in locks.ts.
 */
import type { LockView, PeerStatusView, TransactionView } from '../../../shared/domain/chain-views';
import type { KeptLockView } from '../../../shared/domain/transactions';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { walletChangeTick } from '../../store/host-changes';
import { useLatest } from '../use-read';

/**
 * A wallet's own locks (its first 100): read again every ten blocks, and at once when its chain state moves (a
 * lock of its confirmed, claimed or refunded), not up to ten blocks later.
 */
export function useWalletLocks(address: string | undefined, report: (error: unknown) => void): LockView[] {
  const height = useVotary((s) => s.node?.height);
  const decade = height === undefined ? 0 : Math.floor(height / 10);
  const moved = useVotary((s) => (address === undefined ? '' : walletChangeTick(s, address)));
  return (
    useLatest(
      address === undefined
        ? undefined
        : () => call('chain:wallet-locks', { address, page: 1, limit: 100 }).then((page) => page.data),
      `${address}:${decade}:${moved}`,
      { report },
    ).value ?? []
  );
}

/** What `useLatestTransactions` read, tagged with the network it was read on. */
export interface LatestTransactions {
  networkId: string;
  lists: TransactionView[][];
}

/**
 * The latest `count` transactions of each address on `networkId`, read again at each `tick`. The answer says its
 * network: until the new network's answer arrives, the last one is the previous network's, for the screen to drop.
 */
export function useLatestTransactions(
  at: { networkId: string | undefined; addresses: readonly string[]; count: number; tick: string },
  report: (error: unknown) => void,
): LatestTransactions | undefined {
  const { networkId, addresses, count } = at;
  return useLatest(
    networkId === undefined || addresses.length === 0
      ? undefined
      : () =>
          Promise.all(
            addresses.map((address) =>
              call('chain:wallet-transactions', { address, limit: count }).then((p) => p.data),
            ),
          ).then((lists) => ({ networkId, lists })),
    `${networkId}:${addresses.join(',')}:${count}:${at.tick}`,
    { report },
  ).value;
}

/** The peers the active network is read from, with health and latency; read again when `key` changes. */
export function usePeers(key: string, report: (error: unknown) => void): PeerStatusView[] {
  return useLatest(() => call('node:peers'), `peers:${key}`, { report }).value ?? [];
}

/**
 * The lock secrets the vault keeps for a wallet (without the secrets themselves), read again at each `refresh`,
 * every five blocks (an expired lock's secret leaves the vault) and when the wallet's chain state moves (a lock of
 * its claimed or refunded changes its locked balance).
 */
export function useKeptSecrets(
  walletId: string,
  refresh: number,
  report: (error: unknown) => void,
): KeptLockView[] {
  const height = useVotary((s) => s.node?.height ?? 0);
  const moved = useVotary((s) => {
    const address = s.wallets.find((wallet) => wallet.id === walletId)?.address;
    return address === undefined ? '' : walletChangeTick(s, address);
  });
  return (
    useLatest(
      () => call('tx:htlc-secrets', { walletId }),
      `${walletId}:${refresh}:${Math.floor(height / 5)}:${moved}`,
      { report },
    ).value ?? []
  );
}
