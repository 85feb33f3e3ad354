/**
 * What the Send form reads on the read layer (lib/use-host-read.ts): the node's recent fees, the host's fee bounds
 * for a draft's kind and size, and what a wallet can send now. Each names in its key what it depends on and moves
 * with what changes it:
 *
 * - the recent fees (chain:fees): the active network, read again every FEES_BLOCKS blocks (they move slowly);
 * - the bounds (tx:fee-bounds): the wallet and the draft's size, and the signing settings (the ceiling is the
 *   settings' multiple of the static fee: a change saved in any window moves it);
 * - the spendable amount (tx:spendable: the balance less what is pending): each block and each pending
 *   transaction's change of state (a refused one gives back what it held, before any block).
 */
import type { FeesView } from '../../../shared/domain/chain-views';
import type { DraftInput } from '../../../shared/domain/transactions';
import type { HostChange } from '../../store/host-changes';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { useHostRead } from '../use-host-read';
import { useLatest } from '../use-read';

/** Blocks between reads of the node's recent fees. */
export const FEES_BLOCKS = 10;

/** The active network's node's recent fees; another network's are never given. */
export function useNodeFees(report: (error: unknown) => void): FeesView | undefined {
  const networkId = useVotary((s) => s.networks.find((network) => network.active)?.id ?? '');
  const decade = useVotary((s) => Math.floor((s.node?.height ?? 0) / FEES_BLOCKS));
  const read = useLatest(
    () => call('chain:fees').then((fees) => ({ networkId, fees })),
    `${networkId}:${decade}`,
    { report },
  );
  return read.value?.networkId === networkId ? read.value.fees : undefined;
}

/** What the fee bounds move with. */
export const FEE_BOUNDS_MOVE_WITH: readonly HostChange[] = ['signing'];

/**
 * The host's fee bounds for `walletId`'s draft of this size (undefined: nothing to ask yet): asked again, one read
 * per pause in typing, when the size changes. Without bounds the draft goes without a fee and the host fills in the
 * static fee: no banner for a failure.
 */
export function useFeeBounds(walletId: string | undefined, sizing: DraftInput | undefined) {
  return useHostRead(
    walletId === undefined || sizing === undefined
      ? undefined
      : () => call('tx:fee-bounds', { walletId, draft: sizing }),
    walletId === undefined ? '' : `${walletId}:${JSON.stringify(sizing)}`,
    FEE_BOUNDS_MOVE_WITH,
    { delayMs: 300, report: () => undefined },
  ).value;
}

/** What the spendable amount moves with. */
export const SPENDABLE_MOVES_WITH: readonly HostChange[] = ['block', 'pending'];

/** The one maximum of a wallet: the host's balance less what it has pending. */
export function useSpendable(walletId: string | undefined) {
  return useHostRead(
    walletId === undefined ? undefined : () => call('tx:spendable', { walletId }),
    `spendable:${walletId ?? ''}`,
    SPENDABLE_MOVES_WITH,
    { report: () => undefined },
  ).value;
}
