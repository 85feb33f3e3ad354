/**
 * The active network, adding ARK's own networks in one step (KnownNetworks) or a remote one by a node URL (main
 * reads its configuration and nethash), and for each remote network its peers and its removal (NetworkPeers) and
 * its own node (OwnNodeControl).
 */
import { useState, type FormEvent } from 'react';
import { isPlainRemoteHttp } from '../../../shared/lib/insecure-url';
import { PlainHttpWarning } from '../../components/PlainHttpWarning';
import { useVotary } from '../../store';
import { KnownNetworks } from './KnownNetworks';
import { NetworkPeers } from './NetworkPeers';
import { OwnNodeControl } from '../follower/OwnNodeControl';
import { call } from '../../services/call';
import { counted } from '../../lib/counts';

export function NetworkSettings() {
  const networks = useVotary((s) => s.networks);
  const loadNode = useVotary((s) => s.loadNode);
  const loadWallets = useVotary((s) => s.loadWallets);
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const [url, setUrl] = useState('');
  const [plainConfirmed, setPlainConfirmed] = useState(false);
  const [testMode, setTestMode] = useState(false);
  const plain = isPlainRemoteHttp(url.trim());

  const choose = async (networkId: string) => {
    try {
      await call('networks:select', { networkId });
      await Promise.all([loadNode(), loadWallets()]);
    } catch (error) {
      reportError(error);
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await call('networks:add', {
        url: url.trim(),
        ...(plain && plainConfirmed ? { allowPlainHttp: true } : {}),
        ...(testMode ? { arkTestMode: true } : {}),
      });
      setUrl('');
      setPlainConfirmed(false);
      setTestMode(false);
      clearError();
      await loadNode();
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <fieldset>
      <legend>Network</legend>
      {networks.map((network) => (
        <div key={network.id}>
          <label className="inline">
            <input
              type="radio"
              name="network"
              checked={network.active}
              onChange={() => void choose(network.id)}
            />
            {network.name} ({network.symbol}) {network.kind === 'embedded' ? '· embedded localnet' : ''}
          </label>
          <p className="muted small mono">
            nethash {network.nethash.slice(0, 16)}… · {counted(network.peers.length, 'peer')}
            {network.arkTestMode === true ? ' · ARK Core test mode' : ''}
          </p>
          {network.kind === 'remote' && <NetworkPeers network={network} />}
          {network.kind === 'remote' && <OwnNodeControl network={network} />}
        </div>
      ))}
      <KnownNetworks />
      <form onSubmit={(e) => void add(e)} aria-label="Add network">
        <label>
          Add a network by a node URL
          <input
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://node.example:4003"
            spellCheck={false}
            required
          />
        </label>
        {plain && <PlainHttpWarning confirmed={plainConfirmed} onConfirm={setPlainConfirmed} />}
        <label className="inline">
          <input type="checkbox" checked={testMode} onChange={(e) => setTestMode(e.target.checked)} />
          {/* One span: the label lays out its children side by side, and the sentence must stay one. */}
          <span>
            Its nodes run ARK Core in test mode (<span className="mono nowrap">--env=test</span>, a
            development testnet): HTLC locks there may expire from the next block on
          </span>
        </label>
        <button type="submit" disabled={plain && !plainConfirmed}>
          Add network
        </button>
      </form>
    </fieldset>
  );
}
