/**
 * A screen's read that follows the host (the renderer's read layer over store/host-changes.ts): `useLatest` keyed
 * on what the screen names plus the parts of the host's state it moves with, so it is read again when a block
 * arrives or a pending transaction changes state — the push events the store already receives — rather than once
 * when the screen opened. The last answer stays on screen while the next one loads (use-read.tsx `useLatest`).
 */
import { changeTick, type HostChange } from '../store/host-changes';
import { useVotary } from '../store';
import { useLatest, type Latest, type LatestOptions } from './use-read';

/** `key` names what the screen asked for (its own revision included); `on`, what it moves with. */
export function useHostRead<T>(
  load: (() => Promise<T>) | undefined,
  key: string,
  on: readonly HostChange[],
  options: LatestOptions = {},
): Latest<T> {
  const tick = useVotary((state) => changeTick(state, on));
  return useLatest(load, `${key}#${tick}`, options);
}
