/**
 * The shell's header: the active network, which node the app reads, and its sync state — on every page. The state
 * is the one `networkSync` reads from the store, the same the dashboard and the node screen show; with a remote
 * network's own node running, also the last peer it banned and why.
 */
import { useVotary } from '../../store';
import { useNetworkSync } from '../../store/use-network-sync';
import { bannedPeerWords } from '../follower/own-node-words';
import { useAnnounceChange } from '../../lib/announce';

export function SyncIndicator() {
  const connected = useVotary((s) => s.connection.status === 'connected');
  const network = useVotary((s) => s.networks.find((entry) => entry.active));
  const own = useVotary((s) => (network === undefined ? undefined : s.ownNodes[network.id]));
  const navigate = useVotary((s) => s.navigate);
  const sync = useNetworkSync();
  // A change of state is said once (not the numbers that move within it), and not the state a page opens in.
  useAnnounceChange(
    network === undefined || sync === undefined ? undefined : `${network.name}: ${sync.words}`,
    network === undefined || sync === undefined ? undefined : `${network.id}:${sync.tone}`,
    false,
  );
  if (network === undefined || sync === undefined) return null;
  const followed = own !== undefined && own.state !== 'off' && connected;
  const banned = followed ? bannedPeerWords(own) : undefined;
  const source =
    network.kind === 'embedded' ? 'this computer' : followed ? 'own node, verified here' : 'remote node';
  return (
    <header className="sync-indicator" data-testid="sync-indicator" aria-label="Network and sync">
      <button type="button" className="sync-network" onClick={() => navigate('node')}>
        <span className={`dot tone-${sync.tone}`} aria-hidden="true" />
        <strong>{network.name}</strong> <span className="muted">({source})</span>
      </button>
      <span data-testid="sync-words" className="sync-words">
        {sync.words}
      </span>
      {sync.progress !== undefined && (
        <progress value={sync.progress.value} max={sync.progress.max} aria-label={sync.progress.label} />
      )}
      {banned !== undefined && (
        <span className="small banned-peer" data-testid="banned-peer">
          {banned}
        </span>
      )}
    </header>
  );
}
