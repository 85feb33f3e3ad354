/**
 * Settings → Networks, for a remote network: "Run my own node for this network". Off by default; the first button
 * only asks the network's size and shows what the node will take (disk, time to catch up at this computer's
 * measured rates, where its chain goes) before a second, explicitly named button starts it. While it runs: its
 * state, and a button that stops it (its verified chain stays on disk for the next start).
 */
import { useRef, useState } from 'react';
import type { NetworkView } from '../../../shared/domain/networks';
import { useOwnNodeEstimate } from '../../lib/reads/follower';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { bytes, count, duration, ownNodeSummary, ownNodeTone } from './own-node-words';

export function OwnNodeControl({ network }: { network: NetworkView }) {
  const view = useVotary((s) => s.ownNodes[network.id]);
  const changed = useVotary((s) => s.ownNodeChanged);
  const reportError = useVotary((s) => s.reportError);
  // The question asked (its number) until it is answered and cancelled or the node started; a failed one is put
  // down, its reason in the banner.
  const [ask, setAsk] = useState<number | undefined>(undefined);
  const asked = useRef(0);
  const estimate = useOwnNodeEstimate(network.id, ask, (error) => {
    reportError(error);
    setAsk(undefined);
  });
  const [acting, setActing] = useState<'start' | 'stop' | undefined>(undefined);
  const busy = acting ?? (ask !== undefined && estimate === undefined ? 'estimate' : undefined);
  const running = view !== undefined && view.state !== 'off' && view.state !== 'failed';

  const run = async (what: 'start' | 'stop', action: () => Promise<void>) => {
    setActing(what);
    try {
      await action();
    } catch (error) {
      reportError(error);
    } finally {
      setActing(undefined);
    }
  };
  const askEstimate = () => {
    asked.current += 1;
    setAsk(asked.current);
  };
  const start = () =>
    run('start', async () => {
      changed(await call('follower:start', { networkId: network.id }));
      setAsk(undefined);
    });
  const stop = () => run('stop', async () => changed(await call('follower:stop', { networkId: network.id })));

  return (
    <div className="own-node" role="group" aria-label={`Own node for ${network.name}`}>
      {view !== undefined && view.state !== 'off' && (
        <p className={`own-node-state tone-${ownNodeTone(view)}`} data-testid="own-node-state">
          {ownNodeSummary(view)}
        </p>
      )}
      {running ? (
        <>
          {view.apiUrl !== null && (
            <p className="muted small">
              Its verified API on this computer: <span className="mono">{view.apiUrl}</span>
            </p>
          )}
          <button type="button" disabled={busy !== undefined} onClick={() => void stop()}>
            {busy === 'stop' ? 'Stopping…' : 'Stop my own node'}
          </button>
        </>
      ) : estimate === undefined ? (
        <button type="button" disabled={busy !== undefined} onClick={askEstimate}>
          {busy === 'estimate' ? 'Asking the network…' : 'Run my own node for this network'}
        </button>
      ) : (
        <div className="confirm-step" role="group" aria-label="Start my own node">
          <p>
            Votary will download and verify every block of {network.name} itself —{' '}
            {count(estimate.networkHeight)} blocks and {count(estimate.transactions)} transactions now, as a
            peer says — and then read your wallets, history, votes and the monitor from that verified copy,
            and send through it. The disk and time below are estimates from Votary's measured figures for a
            chain of that length.
          </p>
          <dl className="facts" data-testid="own-node-estimate">
            <dt>Disk</dt>
            <dd>
              about {bytes(estimate.diskBytes)}
              {estimate.storedHeight > 0 && ` (${bytes(estimate.diskBytesToCome)} still to come)`}
            </dd>
            <dt>Time to catch up</dt>
            <dd>
              about {duration(estimate.seconds)} on this computer
              {estimate.storedHeight > 0 && ` (verified up to ${count(estimate.storedHeight)} already)`}; a
              slow peer makes it longer
            </dd>
            <dt>Stored in</dt>
            <dd className="mono small">{estimate.directory}</dd>
          </dl>
          <div className="row">
            <button type="button" disabled={busy !== undefined} onClick={() => void start()}>
              {busy === 'start' ? 'Starting…' : 'Start my own node'}
            </button>
            <button type="button" disabled={busy !== undefined} onClick={() => setAsk(undefined)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
