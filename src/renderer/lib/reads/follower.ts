/**
 * What running an own node for a remote network will take (follower:estimate: the network's size as a peer says
 * it, the disk and the time at this computer's measured rates), read when the person asks: `ask` is the number of
 * the question (undefined: none asked). An answer for an earlier question or another network is not given.
 */
import type { OwnNodeEstimate } from '../../../shared/domain/own-node';
import { call } from '../../services/call';
import { useLatest } from '../use-read';

export function useOwnNodeEstimate(
  networkId: string,
  ask: number | undefined,
  report: (error: unknown) => void,
): OwnNodeEstimate | undefined {
  const key = `${networkId}:${ask ?? ''}`;
  const read = useLatest(
    ask === undefined
      ? undefined
      : () => call('follower:estimate', { networkId }).then((estimate) => ({ key, estimate })),
    key,
    { report },
  );
  return ask !== undefined && read.value?.key === key ? read.value.estimate : undefined;
}
