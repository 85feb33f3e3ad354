/**
 * The Locks page's reads: a wallet's open locks in either direction and the states of this app's recent locks,
 * read again on each block of the active network (store/host-changes.ts): a lock expires at a height, and a claim or
 * refund confirmed in a block closes it.
 */
import type { LockView } from '../../../shared/domain/chain-views';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { changeTick, type HostChange } from '../../store/host-changes';
import { useLatest } from '../use-read';

export type LockDirection = 'sent' | 'incoming';

/** A lock expires at a height; a claim or refund closes it in a block. */
export const LOCKS_MOVE_WITH: readonly HostChange[] = ['network', 'block'];

/** The first 100 open locks `address` sent, or that are addressed to it. */
export function useOpenLocks(
  address: string,
  direction: LockDirection,
  report: (error: unknown) => void,
): LockView[] {
  const tick = useVotary((state) => changeTick(state, LOCKS_MOVE_WITH));
  const channel = direction === 'sent' ? 'chain:wallet-locks' : 'chain:incoming-locks';
  return (
    useLatest(() => call(channel, { address, page: 1, limit: 100 }), `${channel}:${address}#${tick}`, {
      report,
    }).value?.data ?? []
  );
}

/** The chain's state of each lock in `ids` (open, claimed, refunded, expired…), after it left the open list. */
export function useLockStates(ids: readonly string[], report: (error: unknown) => void) {
  const tick = useVotary((state) => changeTick(state, LOCKS_MOVE_WITH));
  const key = ids.join(',');
  return (
    useLatest(
      ids.length === 0 ? undefined : () => call('chain:lock-states', { ids: [...ids] }),
      `${key}#${tick}`,
      { report },
    ).value ?? []
  );
}
