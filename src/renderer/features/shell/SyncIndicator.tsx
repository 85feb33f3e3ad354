/**
 * The shell's header: the active network and how far the node the app reads from is — on every page. With a
 * remote network's own node running, its sync (progress, blocks/s, ETA), whether it is behind or stalled, and the
 * last peer it banned and why; otherwise the node's own sync state, and whether the app reads a chain it verified.
 */
import { useVotary } from '../../store';
import { syncWords } from '../../lib/sync-words';
import { bannedPeerWords, ownNodeSummary, ownNodeTone, percent } from '../own-node/own-node-words';

export function SyncIndicator() {
  const connected = useVotary((s) => s.connection.status === 'connected');
  const node = useVotary((s) => s.node);
  const network = useVotary((s) => s.networks.find((entry) => entry.active));
  const own = useVotary((s) => (network === undefined ? undefined : s.ownNodes[network.id]));
  const navigate = useVotary((s) => s.navigate);
  if (network === undefined) return null;
  const followed = own !== undefined && own.state !== 'off' && connected;
  const banned = followed ? bannedPeerWords(own) : undefined;
  const tone = followed ? ownNodeTone(own) : node?.synced === true && connected ? 'ok' : 'busy';
  const source =
    network.kind === 'embedded' ? 'this computer' : followed ? 'own node, verified here' : 'remote node';
  return (
    <header className="sync-indicator" data-testid="sync-indicator" aria-label="Network and sync">
      <button type="button" className="sync-network" onClick={() => navigate('node')}>
        <span className={`dot tone-${tone}`} aria-hidden="true" />
        <strong>{network.name}</strong> <span className="muted">({source})</span>
      </button>
      <span data-testid="sync-words">{followed ? ownNodeSummary(own) : syncWords(node, connected)}</span>
      {followed && own.state === 'syncing' && own.target > 0 && (
        <progress value={own.height} max={own.target} aria-label={`Own node sync ${percent(own)}`} />
      )}
      {banned !== undefined && (
        <span className="small banned-peer" data-testid="banned-peer">
          {banned}
        </span>
      )}
    </header>
  );
}
