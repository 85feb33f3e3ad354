import { useVotary } from '../../store';

/** After this many failed attempts the host has probably been restarted with a new token (a new URL). */
const HINT_AFTER_ATTEMPTS = 5;

/** The browser shell serves the page over http; Electron's is app://, and a preview has no host at all. */
function servedOverHttp(): boolean {
  return typeof window !== 'undefined' && window.location.protocol.startsWith('http');
}

export function HostStatus() {
  const info = useVotary((s) => s.info);
  const status = useVotary((s) => s.hostStatus);
  const connection = useVotary((s) => s.connection);
  if (status === 'ready' && connection.status === 'reconnecting') {
    return (
      <footer className="host-status reconnecting" data-testid="host-status" aria-live="polite">
        Connection to the Votary host lost. Reconnecting…
        {connection.attempts >= HINT_AFTER_ATTEMPTS &&
          ' If the host was started again with a new address, open the URL it printed.'}
      </footer>
    );
  }
  return (
    <footer className="host-status" data-testid="host-status" aria-live="polite">
      {status === 'loading' && 'Connecting to the Votary host…'}
      {status === 'ready' && info && `Votary ${info.version} · ${info.shell} shell · ${info.platform}`}
      {status === 'no-host' &&
        (servedOverHttp()
          ? 'No Votary host is connected to this page. Open the address `votary serve` (or npm start) printed: it ' +
            'ends in #token=…, which lets this page reach the host; the address alone does not.'
          : 'Preview: no Votary host is connected to this page.')}
    </footer>
  );
}
