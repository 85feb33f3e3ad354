/**
 * The renderer's reads from the host, with cancellation: a read follows a `key` that names everything it depends
 * on, and an answer that arrives after the key changed (or the component left) is dropped.
 *
 * - `useRead`: one read for a page — loading, the answer, or the failure in plain words (shown on the page itself,
 *   so "not found" reads as the page's own answer rather than as a banner). A newer key shows "loading" until its
 *   own answer arrives (a preview of what is being typed never shows the answer for earlier text). With a `tick`
 *   (what the page moves with: a block), the same page is read again when it changes, its answer staying on screen
 *   meanwhile and after a failed re-read (the next tick tries again).
 * - `useLatest`: a view that is read again as the chain moves (the key includes a tick) — the last answer stays on
 *   screen while the next one loads, and a failure is kept beside it until a read succeeds again.
 */
import { useCallback, useEffect, useState } from 'react';
import { plainError, type PlainError } from './errors';

export type Read<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; error: PlainError };

const LOADING = { state: 'loading' } as const;

/** `load` undefined: nothing to read for this key (it stays "loading"); `delayMs` as useLatest's. */
export function useRead<T>(
  load: (() => Promise<T>) | undefined,
  key: string,
  options: { delayMs?: number; tick?: string } = {},
): Read<T> {
  const { delayMs = 0, tick = '' } = options;
  const [answer, setAnswer] = useState<{ key: string; read: Read<T> } | undefined>();
  useEffect(() => {
    if (load === undefined) return;
    let current = true;
    const read = () =>
      load().then(
        (value) => current && setAnswer({ key, read: { state: 'ready', value } }),
        (error: unknown) =>
          current &&
          setAnswer((last) =>
            // A re-read of the page shown (a new tick) that failed leaves its answer on screen.
            last?.key === key && last.read.state === 'ready'
              ? last
              : { key, read: { state: 'failed', error: plainError(error) } },
          ),
      );
    const timer = delayMs > 0 ? window.setTimeout(() => void read(), delayMs) : (void read(), undefined);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
    // `key` and `tick` name everything `load` depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick]);
  return answer?.key === key ? answer.read : LOADING;
}

export function ReadStatus({ read, what }: { read: Read<unknown>; what: string }) {
  if (read.state === 'loading') return <p className="muted">Loading {what}…</p>;
  if (read.state === 'failed') {
    return (
      <p className="explorer-missing" role="alert">
        {read.error.message}
      </p>
    );
  }
  return null;
}

export interface Latest<T> {
  /** The last answer read: kept while a newer key loads, and after a failure. */
  value: T | undefined;
  /** Why the last read failed, in plain words; undefined once one succeeds. */
  error: PlainError | undefined;
  /** Shows an answer that came another way (an action answered with the new view). */
  replace: (value: T) => void;
}

export interface LatestOptions {
  /** Where a failure goes (the error banner) instead of beside the answer. */
  report?: (error: unknown) => void;
  /** Waits this long after the key last changed before reading (typing: one read per pause, not per key). */
  delayMs?: number;
}

/** `load` undefined: nothing to read for this key (the last answer stays). */
export function useLatest<T>(
  load: (() => Promise<T>) | undefined,
  key: string,
  options: LatestOptions = {},
): Latest<T> {
  const { report, delayMs = 0 } = options;
  const [latest, setLatest] = useState<Omit<Latest<T>, 'replace'>>({ value: undefined, error: undefined });
  const replace = useCallback((value: T) => setLatest({ value, error: undefined }), []);
  useEffect(() => {
    if (load === undefined) return;
    let current = true;
    const read = () =>
      load().then(
        (value) => current && setLatest({ value, error: undefined }),
        (error: unknown) => {
          if (!current) return;
          if (report !== undefined) report(error);
          else setLatest((last) => ({ value: last.value, error: plainError(error) }));
        },
      );
    const timer = delayMs > 0 ? window.setTimeout(() => void read(), delayMs) : (void read(), undefined);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
    // `key` names everything `load` depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { ...latest, replace };
}
