/**
 * The explorer's, the Randomness and the Fees pages' reads (lib/use-read.tsx `useRead`): each page is read for what
 * it names in its key — a wallet, a page of its transactions, its locks, a block, a transaction, the days of fee
 * statistics — and shows "loading" for a new key rather than the answer for the last one. A page whose answer moves
 * with the chain (a transaction's confirmations, a block's next block, the random values of the last block) is read
 * again on each block of the active network (store/host-changes.ts), its answer staying on screen meanwhile.
 */
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { changeTick, type HostChange } from '../../store/host-changes';
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

/** What a page of the explorer moves with: the active network's blocks (confirmations, a next block, a pool). */
export const EXPLORER_MOVES_WITH: readonly HostChange[] = ['network', 'block'];

function useBlockTick(): string {
  return useVotary((state) => changeTick(state, EXPLORER_MOVES_WITH));
}

/**
 * A transaction, read again on each block: one waiting in the pool shows "Confirmed" on the block that holds it,
 * and its confirmations count on.
 */
export function useTransaction(id: string) {
  const tick = useBlockTick();
  return useRead(() => call('chain:transaction', { id }), id, { tick });
}

/** A block by id or height, read again on each block (its confirmations, the link to the next one). */
export function useBlock(at: { id: string } | { height: number }) {
  const tick = useBlockTick();
  return useRead(() => call('chain:block', at), JSON.stringify(at), { tick });
}

/** One page of a block's transactions (a block's transactions do not change). */
export function useBlockTransactions(blockId: string, page: number, limit: number) {
  return useRead(
    () => call('chain:block-transactions', { blockId, page, limit }),
    `${blockId}:${page}:${limit}`,
  );
}

/** What a search for `query` finds on the active network (a new network looks it up again). */
export function useSearch(query: string) {
  const networkId = useVotary((state) => state.node?.networkId);
  return useRead(() => call('chain:search', { query }), `${networkId}:${query}`);
}

/**
 * The node's random values (`/trng`, `/trng-1`), derived from its last blocks: read again on each block and at
 * each `again` (the "Read again" button).
 */
export function useRandomness(again: number) {
  const tick = useBlockTick();
  return useRead(() => call('chain:randomness'), 'randomness', { tick: `${tick}|${again}` });
}
