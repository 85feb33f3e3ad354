/**
 * ARK mainnet and devnet in one step: their seed relays come with the app (ARK Core 3.9.1's own lists), so a person
 * needs no node URL. Nothing is contacted until one is chosen and confirmed: the relays serve plain http, which is
 * said once a network is chosen (not before, about a node nobody picked), and adding it needs that confirmation.
 */
import { useState } from 'react';
import type { KnownNetworkView } from '../../../shared/domain/networks';
import { PlainHttpWarning } from '../../components/PlainHttpWarning';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { useKnownNetworks } from '../../lib/reads/networks';

export function KnownNetworks() {
  const loadNode = useVotary((s) => s.loadNode);
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const known = useKnownNetworks(reportError);
  const [confirmed, setConfirmed] = useState(false);
  const [adding, setAdding] = useState<string | undefined>();
  const [chosen, setChosen] = useState<KnownNetworkView>();

  const add = async (network: KnownNetworkView) => {
    setAdding(network.key);
    try {
      await call('networks:add-known', { key: network.key, ...(confirmed ? { allowPlainHttp: true } : {}) });
      setChosen(undefined);
      setConfirmed(false);
      clearError();
      await loadNode();
    } catch (error) {
      reportError(error);
    } finally {
      setAdding(undefined);
    }
  };
  const addable = known.filter((network) => !network.added);
  if (addable.length === 0) return null;

  const choose = (network: KnownNetworkView | undefined) => {
    setChosen(network);
    setConfirmed(false);
  };

  return (
    <div role="group" aria-label="ARK networks">
      <p>ARK&apos;s own networks, from the seed nodes ARK Core ships (no URL needed):</p>
      {chosen === undefined ? (
        addable.map((network) => (
          <button key={network.key} type="button" onClick={() => choose(network)}>
            Add {network.name} ({network.token})
          </button>
        ))
      ) : (
        <>
          <p>
            {chosen.name}: {chosen.seeds} seed nodes, reached over plain http.
          </p>
          <PlainHttpWarning confirmed={confirmed} onConfirm={setConfirmed} />
          <div className="row">
            <button
              type="button"
              disabled={!confirmed || adding !== undefined}
              onClick={() => void add(chosen)}
            >
              {adding === chosen.key ? `Adding ${chosen.name}…` : `Add ${chosen.name}`}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={adding !== undefined}
              onClick={() => choose(undefined)}
            >
              Cancel
            </button>
          </div>
        </>
      )}
    </div>
  );
}
