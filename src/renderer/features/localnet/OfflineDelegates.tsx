/**
 * The round's delegates with an offline switch each: an offline delegate does not forge, so its slots
 * are missed and the missed-slot alert can be seen working.
 */
import type { LocalnetStatus } from '../../../shared/domain/localnet';
import type { RunControl } from './run-control';
import { offlineCount } from './localnet-model';
import { call } from '../../services/call';

export function OfflineDelegates({
  status,
  run,
  onStatus,
}: {
  status: LocalnetStatus;
  run: RunControl;
  onStatus: (next: LocalnetStatus) => void;
}) {
  const offline = offlineCount(status.delegates);
  const toggle = (username: string, next: boolean) =>
    void run(
      () => call('localnet:set-offline', { delegates: [username], offline: next }),
      () => (next ? `${username} is offline: its slots will be missed.` : `${username} is back online.`),
      onStatus,
    );
  return (
    <div className="card">
      <h2>Delegates</h2>
      <p className="muted">
        {offline === 0
          ? 'All delegates are forging.'
          : `${offline} of ${status.delegates.length} delegates offline.`}
      </p>
      <ul className="plain delegate-switches">
        {[...status.delegates]
          .sort((a, b) => a.slot - b.slot)
          .map((delegate) => (
            <li key={delegate.publicKey} data-testid={`localnet-delegate-${delegate.username}`}>
              <span className="slot-index">{delegate.slot + 1}</span>
              <span>{delegate.username}</span>
              <span className={delegate.offline ? 'badge offline' : 'badge'}>
                {delegate.offline ? 'offline' : 'online'}
              </span>
              <button
                type="button"
                aria-pressed={delegate.offline}
                onClick={() => toggle(delegate.username, !delegate.offline)}
              >
                {delegate.offline ? `Bring ${delegate.username} online` : `Take ${delegate.username} offline`}
              </button>
            </li>
          ))}
      </ul>
    </div>
  );
}
