/**
 * The explorer's and the Fees page's reads (lib/use-read.tsx `useRead`): each page is read once for what it
 * names in its key — a wallet, a page of its transactions, its locks, the days of fee statistics — and shows
 * "loading" for a new key rather than the answer for the last one.
 */
import { call } from '../../services/call';
import { useRead } from '../use-read';

/** A wallet's chain state, as the active network's node answers it. */
export function useChainWallet(address: string) {
  return useRead(() => call('chain:wallet', { address }), address);
}

/** One page of a wallet's transactions, `limit` to a page. */
export function useWalletTransactionsPage(address: string, page: number, limit: number) {
  return useRead(
    () => call('chain:wallet-transactions', { address, page, limit }),
    `${address}:${page}:${limit}`,
  );
}

/** A wallet's locks (the first 100). */
export function useWalletLocksPage(address: string) {
  return useRead(() => call('chain:wallet-locks', { address, page: 1, limit: 100 }), address);
}

/** The node's fee statistics over `days` days. */
export function useFeeStatistics(days: number) {
  return useRead(() => call('chain:fees', { days }), String(days));
}
