/**
 * One read for a page: loading, the answer, or the failure in plain words (shown on the page itself, so "not
 * found" reads as the page's own answer rather than as a banner). The answer is kept with the key it was read
 * for, so a newer key shows "loading" until its own answer arrives and a late older answer is ignored.
 */
import { useEffect, useState } from 'react';
import { plainError, type PlainError } from '../../lib/errors';

export type Read<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; error: PlainError };

const LOADING = { state: 'loading' } as const;

export function useRead<T>(load: () => Promise<T>, key: string): Read<T> {
  const [answer, setAnswer] = useState<{ key: string; read: Read<T> } | undefined>();
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setAnswer({ key, read: { state: 'ready', value } }),
      (error: unknown) => current && setAnswer({ key, read: { state: 'failed', error: plainError(error) } }),
    );
    return () => {
      current = false;
    };
    // `key` names everything `load` depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
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
