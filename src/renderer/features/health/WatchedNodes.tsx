/** The watched nodes of the active network, with adding and removing a node by its API URL. */
import { useState, type FormEvent } from 'react';
import type { MonitorOverview } from '../../../shared/domain/monitor';
import { useVotary } from '../../store';
import { nodeStateText } from './health-model';
import { momentTime } from '../../lib/dates';
import { call } from '../../services/call';
import { peerCountWords } from '../../lib/counts';

export function WatchedNodes({
  overview,
  onChange,
}: {
  overview: MonitorOverview;
  onChange: (next: MonitorOverview) => void;
}) {
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onChange(
        await call(
          'monitor:nodes-add',
          label.trim() === '' ? { url: url.trim() } : { url: url.trim(), label: label.trim() },
        ),
      );
      setUrl('');
      setLabel('');
      clearError();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (nodeId: string) => {
    try {
      onChange(await call('monitor:nodes-remove', { nodeId }));
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <>
      <table data-testid="watched-nodes">
        <caption className="table-caption">Watched nodes</caption>
        <thead>
          <tr>
            <th scope="col">Node</th>
            <th scope="col">State</th>
            <th scope="col">Height</th>
            <th scope="col">Last block</th>
            <th scope="col">Version</th>
            <th scope="col">Latency</th>
            <th scope="col">Peers</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {overview.nodes.map((node) => (
            <tr key={node.id}>
              <th scope="row">
                {node.label}
                {node.own && <span className="badge">my node</span>}
                <div className="mono small muted">{node.url}</div>
              </th>
              <td>{nodeStateText(node)}</td>
              <td>
                {node.height ?? '—'}
                {node.heightBelieved === false && <div className="small muted">claimed, not believed</div>}
              </td>
              <td>
                {node.lastBlockAt === undefined ? '—' : momentTime(node.lastBlockAt)}
                {node.lastBlockId !== undefined && (
                  <div className="mono small muted">{node.lastBlockId.slice(0, 16)}…</div>
                )}
              </td>
              <td>{node.version ?? '—'}</td>
              <td>{node.latencyMs === undefined ? '—' : `${Math.round(node.latencyMs)} ms`}</td>
              <td>{peerCountWords(node.peers, node.id === 'embedded')}</td>
              <td>
                {node.custom ? (
                  <button
                    type="button"
                    onClick={() => void remove(node.id)}
                    aria-label={`Stop watching ${node.label}`}
                  >
                    Remove
                  </button>
                ) : (
                  <span className="muted small">from the network</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="row wrap align-end" onSubmit={(e) => void add(e)}>
        <label>
          Node API URL
          <input
            type="url"
            required
            value={url}
            placeholder="https://node.example.com/api"
            onChange={(e) => setUrl(e.target.value)}
          />
        </label>
        <label>
          Label (optional)
          <input value={label} maxLength={64} onChange={(e) => setLabel(e.target.value)} />
        </label>
        <button type="submit" disabled={busy || url.trim() === ''}>
          Watch node
        </button>
      </form>
    </>
  );
}
