/**
 * The localnet control panel: forging, offline delegates, the faucet, reset, snapshots and rollback.
 * Shown only while the embedded network is active; the host refuses every control on a remote network anyway
 * (ERR_LOCALNET_ONLY), and a failure reaches the user through the ErrorBanner.
 */
import { useCallback, useState } from 'react';
import { useVotary } from '../../store';
import { FaucetForm } from './FaucetForm';
import { OfflineDelegates } from './OfflineDelegates';
import { Snapshots } from './Snapshots';
import { call } from '../../services/call';
import { useLocalnetStatus } from '../../lib/reads/localnet';

export function LocalnetPage() {
  const network = useVotary((s) => s.networks.find((n) => n.active));
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const [note, setNote] = useState('');
  const embedded = network?.kind === 'embedded';

  // Read again on each (throttled) block, and when a snapshot changed what there is to show.
  const [revision, setRevision] = useState(0);
  const refresh = useCallback(() => setRevision((r) => r + 1), []);
  const read = useLocalnetStatus(embedded, revision, reportError);
  const status = embedded ? read.value : undefined;
  const setStatus = read.replace;

  /** Runs a control; its answer is the new status (or a message), a failure goes to the ErrorBanner. */
  const run = useCallback(
    async <T,>(action: () => Promise<T>, describe: (result: T) => string, next?: (result: T) => void) => {
      try {
        const result = await action();
        next?.(result);
        setNote(describe(result));
        clearError();
      } catch (error) {
        reportError(error);
      }
    },
    [reportError, clearError],
  );

  if (!embedded) {
    return (
      <section aria-labelledby="localnet-title">
        <h1 id="localnet-title">Localnet</h1>
        <p data-testid="localnet-only">
          The active network is {network?.name ?? 'a remote network'}. Localnet controls (forging, offline
          delegates, the faucet, reset, snapshots and rollback) only work on the embedded localnet: switch to
          it in Settings.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="localnet-title">
      <h1 id="localnet-title">Localnet</h1>
      {note && (
        <p role="status" className="muted" data-testid="localnet-note">
          {note}
        </p>
      )}
      {status === undefined ? (
        <p className="muted">Loading the localnet…</p>
      ) : (
        <>
          <div className="card">
            <h2>Forging</h2>
            <p>
              Forging is <strong data-testid="forging-state">{status.forging}</strong> · height{' '}
              {status.height} · one block every {status.blockTime} s
            </p>
            {status.forging === 'running' ? (
              <button
                type="button"
                onClick={() =>
                  void run(
                    () => call('localnet:pause'),
                    () => 'Forging paused.',
                    setStatus,
                  )
                }
              >
                Pause forging
              </button>
            ) : (
              <button
                type="button"
                onClick={() =>
                  void run(
                    () => call('localnet:resume'),
                    () => 'Forging resumed.',
                    setStatus,
                  )
                }
              >
                Resume forging
              </button>
            )}
          </div>
          <OfflineDelegates status={status} run={run} onStatus={setStatus} />
          <FaucetForm run={run} />
          <Snapshots status={status} run={run} onChanged={refresh} />
        </>
      )}
    </section>
  );
}
