/**
 * The client's peers with height, latency and health; shown on the node page and the node health page.
 */
import type { PeerStatusView } from '../../../shared/domain/chain-views';

export function PeersTable({ peers, caption }: { peers: PeerStatusView[]; caption?: string }) {
  return (
    <table>
      {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">Peer</th>
          <th scope="col">Height</th>
          <th scope="col">Latency</th>
          <th scope="col">Health</th>
        </tr>
      </thead>
      <tbody>
        {peers.map((peer) => (
          <tr key={peer.url}>
            <td className="mono small">{peer.url}</td>
            <td>{peer.height ?? '—'}</td>
            <td>{peer.latencyMs === undefined ? '—' : `${Math.round(peer.latencyMs)} ms`}</td>
            <td>
              {Math.round(peer.health * 100)}%{peer.lastError && ` · ${peer.lastError.message}`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
