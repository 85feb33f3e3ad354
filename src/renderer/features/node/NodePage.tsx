import { Amount } from '../../components/Amount';
import { useVotary } from '../../store';
import { PeersTable } from './PeersTable';
import { FollowedPeers } from '../follower/FollowedPeers';
import { usePeers } from '../../lib/reads/chain';
import { useNetworkSync } from '../../store/use-network-sync';

export function NodePage() {
  const node = useVotary((s) => s.node);
  // The same state the header shows (one reading of the store): never "In sync" here and "stalled" there.
  const sync = useNetworkSync();
  const configuration = useVotary((s) => s.configuration);
  const reportError = useVotary((s) => s.reportError);
  // The embedded node's API, while the embedded localnet is the network shown.
  const embeddedApiUrl = useVotary((s) =>
    s.networks.some((network) => network.active && network.kind === 'embedded')
      ? s.info?.embeddedApiUrl
      : undefined,
  );
  const own = useVotary((s) => (s.node === undefined ? undefined : s.ownNodes[s.node.networkId]));
  const peers = usePeers('', reportError);
  return (
    <section aria-labelledby="node-title">
      <h1 id="node-title">Node</h1>
      <dl className="facts">
        <dt>Height</dt>
        <dd>{node?.height ?? '…'}</dd>
        <dt>Sync</dt>
        <dd>
          <span data-testid="node-sync-words">{sync?.words ?? '…'}</span>
          {sync?.progress !== undefined && (
            <progress value={sync.progress.value} max={sync.progress.max} aria-label={sync.progress.label} />
          )}
        </dd>
        {embeddedApiUrl && (
          <>
            <dt>Embedded API</dt>
            <dd className="mono">{embeddedApiUrl}</dd>
          </>
        )}
      </dl>
      {configuration && (
        <>
          <h2>Network configuration</h2>
          <dl className="facts">
            <dt>Token</dt>
            <dd>
              {configuration.token} ({configuration.symbol})
            </dd>
            <dt>Nethash</dt>
            <dd className="mono small">{configuration.nethash}</dd>
            <dt>Version</dt>
            <dd>{configuration.version}</dd>
            <dt>Block time</dt>
            <dd>{configuration.constants.blocktime} s</dd>
            <dt>Active delegates</dt>
            <dd>{configuration.constants.activeDelegates}</dd>
            <dt>Block reward</dt>
            <dd>
              <Amount value={configuration.constants.reward} />
            </dd>
          </dl>
        </>
      )}
      {own !== undefined && own.state !== 'off' ? (
        // The app reads the own node; the peers that matter are those it follows.
        <FollowedPeers view={own} />
      ) : (
        <>
          <h2>Peers</h2>
          <PeersTable peers={peers} />
        </>
      )}
    </section>
  );
}
