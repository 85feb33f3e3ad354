/**
 * The signing settings on the read layer (lib/use-host-read.ts): after how many minutes signing asks for the vault
 * password again, and the fee ceiling. Both are the host's (core/services/transactions/handlers.ts); a change saved
 * in any window is pushed to every window (`tx:signing-settings`, store/revisions-slice.ts), so each reads them
 * again then instead of showing what it read when it opened.
 */
import { useEffect, useState } from 'react';
import type { HostChange } from '../../store/host-changes';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { useHostRead } from '../use-host-read';

/** What the signing settings move with. */
export const SIGNING_MOVES_WITH: readonly HostChange[] = ['signing'];

export interface SigningSettingsView {
  minutes: number;
  multiple: number;
}

/** The saved signing settings: read once, and again after each change the host pushes. */
export function useSigningSettings(report: (error: unknown) => void) {
  return useHostRead<SigningSettingsView>(
    () =>
      Promise.all([call('tx:sign-password'), call('tx:fee-ceiling')]).then(([password, ceiling]) => ({
        minutes: password.minutes,
        multiple: ceiling.multiple,
      })),
    'signing-settings',
    SIGNING_MOVES_WITH,
    { report },
  );
}

/**
 * Whether signing needs the password now, asked each time `open` becomes true and again when the settings change
 * while it is open. A question that fails (the bridge is reconnecting) is asked again; when no answer comes, the
 * answer is "needed": asking once too often is safe. `demand` says so when the host refused without it.
 */
export function usePasswordRequired(open: boolean): { required: boolean | undefined; demand: () => void } {
  const [required, setRequired] = useState<boolean | undefined>();
  const revision = useVotary((s) => s.revisions.signing);
  useEffect(() => {
    if (!open) return;
    let current = true;
    let timer: number | undefined;
    const ask = (triesLeft: number) => {
      call('tx:sign-password').then(
        (status) => current && setRequired(status.required),
        () => {
          if (!current) return;
          if (triesLeft > 0) timer = window.setTimeout(() => ask(triesLeft - 1), 1_000);
          else setRequired(true);
        },
      );
    };
    ask(3);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [open, revision]);
  return { required, demand: () => setRequired(true) };
}
