/**
 * The localnet's status (forging, offline delegates, snapshots) on the read layer: read while the embedded network
 * is active, again on each block (throttled to one read every two seconds) and at each `revision` (a snapshot saved
 * or deleted changes what there is to show); a control's own answer replaces it at once (`replace`).
 */
import type { LocalnetStatus } from '../../../shared/domain/localnet';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { useThrottled } from '../use-throttled';
import { useLatest, type Latest } from '../use-read';

export function useLocalnetStatus(
  embedded: boolean,
  revision: number,
  report: (error: unknown) => void,
): Latest<LocalnetStatus> {
  const height = useThrottled(
    useVotary((s) => s.node?.height ?? 0),
    2_000,
  );
  return useLatest<LocalnetStatus>(
    embedded ? () => call('localnet:status') : undefined,
    `${height}:${revision}`,
    { report },
  );
}
