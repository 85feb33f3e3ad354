/**
 * ARK mainnet and devnet in one step: their seed relays come with the app (ARK Core 3.9.1's own lists), so a person
 * needs no node URL. Nothing is contacted until one is chosen; the relays serve plain http, which is said first.
 */
import { useEffect, useState } from 'react';
import type { KnownNetworkView } from '../../../shared/domain/networks';
import { PlainHttpWarning } from '../../components/PlainHttpWarning';
import { useVotary } from '../../store';
import { call } from '../../services/call';

export function KnownNetworks() {
  const networks = useVotary((s) => s.networks);
  const loadNode = useVotary((s) => s.loadNode);
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const [known, setKnown] = useState<KnownNetworkView[]>([]);
  const [confirmed, setConfirmed] = useState(false);
  const [adding, setAdding] = useState<string | undefined>();

  useEffect(() => {
    call('networks:known').then(setKnown, reportError);
  }, [networks, reportError]);

  const add = async (network: KnownNetworkView) => {
    setAdding(network.key);
    try {
      await call('networks:add-known', { key: network.key, ...(confirmed ? { allowPlainHttp: true } : {}) });
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

  return (
    <div role="group" aria-label="ARK networks">
      <p>ARK&apos;s own networks, from the seed nodes ARK Core ships (no URL needed):</p>
      <PlainHttpWarning confirmed={confirmed} onConfirm={setConfirmed} />
      {addable.map((network) => (
        <button
          key={network.key}
          type="button"
          disabled={!confirmed || adding !== undefined}
          onClick={() => void add(network)}
        >
          {adding === network.key ? `Adding ${network.name}…` : `Add ${network.name} (${network.token})`}
        </button>
      ))}
    </div>
  );
}
