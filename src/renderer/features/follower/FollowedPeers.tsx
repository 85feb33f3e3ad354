/**
 * The node screen's "own node" part: its verified height beside each followed peer's, how far apart they are, the
 * peers' latency, and the ones it banned with the reason and until when.
 */
import type { FollowedPeerView, OwnNodeView } from '../../../shared/domain/own-node';
import { momentTime } from '../../lib/dates';
import { withoutUrls } from '../../lib/plain-reason';
import { count, hostOf, ownNodeSummary } from './own-node-words';

export function FollowedPeers({ view }: { view: OwnNodeView }) {
  return (
    <section aria-labelledby="own-node-title" data-testid="own-node-panel">
      <h2 id="own-node-title">Own node</h2>
      <p>{ownNodeSummary(view)}</p>
      <dl className="facts">
        <dt>Verified height</dt>
        <dd>{count(view.height)}</dd>
        <dt>Network height, as its peers claim</dt>
        <dd>{count(view.target)}</dd>
        {view.apiUrl !== null && (
          <>
            <dt>Its API</dt>
            <dd className="mono">{view.apiUrl}</dd>
          </>
        )}
        {view.directory !== null && (
          <>
            <dt>Chain stored in</dt>
            <dd className="mono small">{view.directory}</dd>
          </>
        )}
      </dl>
      <table data-testid="followed-peers">
        <caption className="visually-hidden">The peers the own node follows</caption>
        <thead>
          <tr>
            <th scope="col">Peer</th>
            <th scope="col">Its height</th>
            <th scope="col">Own node</th>
            <th scope="col">Latency</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {view.peers.map((peer) => (
            <tr key={peer.url}>
              <td className="mono small">{hostOf(peer.url)}</td>
              <td>
                {peer.height === null ? '—' : count(peer.height)}
                {disbelieved(peer) && <div className="small muted">claimed, not believed</div>}
              </td>
              <td>{disbelieved(peer) ? '—' : apart(view.height, peer.height)}</td>
              <td>{peer.latencyMs === null ? '—' : `${peer.latencyMs} ms`}</td>
              <td>
                {peer.banned !== null
                  ? `Banned until ${momentTime(peer.banned.until)}: ${withoutUrls(peer.banned.reason)}`
                  : peer.lastError === null
                    ? 'Answering'
                    : withoutUrls(peer.lastError)}
                {peer.banned === null && disbelieved(peer) && peer.claimDoubt && (
                  <div className="small">Not believed: {withoutUrls(peer.claimDoubt)}</div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A peer whose height the follower does not believe (above what the chain can have reached, or a height it then
 * failed to serve: docs/design/sync.md "Claims"): its height is its word, and the own node is not "behind" it.
 */
function disbelieved(peer: FollowedPeerView): boolean {
  return peer.height !== null && peer.claimBelieved === false;
}

/** The own node's height against a peer's: "same height", "3 behind", "2 ahead". */
function apart(own: number, peer: number | null): string {
  if (peer === null) return '—';
  if (own === peer) return 'same height';
  return own < peer ? `${count(peer - own)} behind` : `${count(own - peer)} ahead`;
}
