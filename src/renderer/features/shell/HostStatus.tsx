import { useVotary } from '../../store';

export function HostStatus() {
  const info = useVotary((s) => s.info);
  const status = useVotary((s) => s.hostStatus);
  return (
    <footer className="host-status" data-testid="host-status">
      {status === 'loading' && 'Connecting to the Votary host…'}
      {status === 'ready' && info && `Votary ${info.version} · ${info.shell} shell · ${info.platform}`}
      {status === 'no-host' && 'Preview: no Votary host is connected to this page.'}
    </footer>
  );
}
