/**
 * Says which block the chain figures beside it are read at while the active network's node is not in sync: a
 * follower catching up answers with verified figures, but of a past height (docs/design/ui.md "Sync state"). In
 * sync it shows nothing.
 */
import { count } from '../features/follower/own-node-words';
import { useNetworkSync } from '../store/use-network-sync';

export function AsOfHeight() {
  const sync = useNetworkSync();
  if (sync === undefined || sync.inSync || sync.asOfHeight === undefined) return null;
  return (
    <p className="muted small" data-testid="as-of-height">
      As of block {count(sync.asOfHeight)}, not the network’s latest: {sync.words}
    </p>
  );
}
