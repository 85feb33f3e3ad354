/**
 * One remote network's peers and its removal. The host checks a new peer's nethash before adding it and keeps at
 * least one peer; the embedded network
 * is managed by the app and is never shown here.
 */
import { useState, type FormEvent } from 'react';
import type { NetworkView } from '../../../shared/domain/networks';
import { isPlainRemoteHttp } from '../../../shared/lib/insecure-url';
import { ConfirmAction } from '../../components/ConfirmAction';
import { PlainHttpWarning } from '../../components/PlainHttpWarning';
import { useVotary } from '../../store';
import { call } from '../../services/call';

export function NetworkPeers({ network }: { network: NetworkView }) {
  const loadNode = useVotary((s) => s.loadNode);
  const loadWallets = useVotary((s) => s.loadWallets);
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const [url, setUrl] = useState('');
  const [plainConfirmed, setPlainConfirmed] = useState(false);
  const plain = isPlainRemoteHttp(url.trim());
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      clearError();
      await loadNode();
      return true;
    } catch (error) {
      reportError(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (
      await run(() =>
        call('networks:add-peer', {
          networkId: network.id,
          url: url.trim(),
          ...(plain && plainConfirmed ? { allowPlainHttp: true } : {}),
        }),
      )
    ) {
      setUrl('');
      setPlainConfirmed(false);
    }
  };

  return (
    <div className="network-peers">
      <h3 className="small">Peers of {network.name}</h3>
      <ul className="plain" aria-label={`Peers of ${network.name}`}>
        {network.peers.map((peer) => (
          <li key={peer} className="row">
            <span className="mono small">{peer}</span>
            <button
              type="button"
              aria-label={`Remove peer ${peer}`}
              disabled={busy || network.peers.length === 1}
              title={network.peers.length === 1 ? 'A network needs at least one peer' : undefined}
              onClick={() =>
                void run(() => call('networks:remove-peer', { networkId: network.id, url: peer }))
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => void add(e)} aria-label={`Add a peer to ${network.name}`}>
        <label>
          Add a peer (a node of the same network)
          <input
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://node2.example:4003"
            spellCheck={false}
            required
          />
        </label>
        {plain && <PlainHttpWarning confirmed={plainConfirmed} onConfirm={setPlainConfirmed} />}
        <button type="submit" disabled={busy || (plain && !plainConfirmed)}>
          Add peer
        </button>
      </form>
      <ConfirmAction
        label={`Remove network ${network.name}`}
        confirmLabel={`Yes, remove ${network.name}`}
        disabled={busy}
        warning={
          <>
            {network.name} and its peers leave the list
            {network.active ? '; the embedded localnet becomes the active network' : ''}. Its wallets stay in
            the vault and come back when you add one of its nodes again.
          </>
        }
        onConfirm={async () => {
          if (await run(() => call('networks:remove', { networkId: network.id }))) await loadWallets();
        }}
      />
    </div>
  );
}
