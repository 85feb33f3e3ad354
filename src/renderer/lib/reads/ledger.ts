/**
 * The Ledger's state (ledger:status) on the read layer. A device plugged in, unlocked or with its app opened says
 * nothing to the host by itself, so while it is not ready it is asked again every RECHECK_MS: plugging it in or
 * unlocking it moves the screen on by itself. A failed question is the state "error" with its sentence.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LedgerStatusView } from '../../../shared/domain/ledger';
import { call } from '../../services/call';
import { plainError } from '../errors';

/** How often the device is asked again while it is not ready (connected, unlocked, ARK app open). */
export const RECHECK_MS = 3_000;

export interface LedgerStatusRead {
  status: LedgerStatusView | undefined;
  /** Asks again now (a scan failed: the device may have gone away). */
  recheck: () => Promise<void>;
}

export function useLedgerStatus(): LedgerStatusRead {
  const [status, setStatus] = useState<LedgerStatusView | undefined>();
  const recheck = useCallback(
    () =>
      call('ledger:status').then(setStatus, (error: unknown) =>
        setStatus({
          state: 'error',
          minimumVersion: '',
          transport: 'usb',
          message: plainError(error).message,
        }),
      ),
    [],
  );
  useEffect(() => void recheck(), [recheck]);
  const ready = status?.state === 'ready';
  useEffect(() => {
    if (status === undefined || ready) return;
    const timer = window.setTimeout(() => void recheck(), RECHECK_MS);
    return () => window.clearTimeout(timer);
  }, [status, ready, recheck]);
  return { status, recheck };
}
