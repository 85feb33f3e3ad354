/**
 * One read per key, however many screens show it: the Delegates page, the Vote page and the names on the Dashboard
 * all read `chain:delegates` page 1, and a delegate's page reads the monitor's day twice (its table and its chart).
 * A key names the request and the tick of what it moves with (store/host-changes.ts), so a kept answer for a key is
 * the current one by construction; a new block or event makes a new key, hence a new read. A failed read is not kept
 * (the next reader tries again), and only the last MAX_KEPT keys are held.
 */
import { useLatest, useRead, type Latest, type LatestOptions, type Read } from '../use-read';

export const MAX_KEPT = 64;

const kept = new Map<string, Promise<unknown>>();

export function sharedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const held = kept.get(key);
  if (held !== undefined) return held as Promise<T>;
  const read = load();
  kept.set(key, read);
  read.catch(() => {
    if (kept.get(key) === read) kept.delete(key);
  });
  // A Map iterates in insertion order: the oldest key goes first.
  for (const oldest of kept.keys()) {
    if (kept.size <= MAX_KEPT) break;
    kept.delete(oldest);
  }
  return read;
}

/** `useLatest` over `sharedRead`: the last answer stays while the next key's loads. */
export function useSharedLatest<T>(
  load: (() => Promise<T>) | undefined,
  key: string,
  options: LatestOptions = {},
): Latest<T> {
  return useLatest(load === undefined ? undefined : () => sharedRead(key, load), key, options);
}

/** `useRead` over `sharedRead`: `what` is the page (a new one shows "loading"), `tick` what it moves with. */
export function useSharedRead<T>(load: () => Promise<T>, what: string, tick: string): Read<T> {
  const key = `${what}#${tick}`;
  return useRead(() => sharedRead(key, load), what, { tick });
}
