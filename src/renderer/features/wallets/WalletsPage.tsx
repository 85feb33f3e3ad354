import { DeviceMark } from '../../components/DeviceMark';
import { useState } from 'react';
import type { PendingView } from '../../../shared/domain/transactions';
import type { WalletView } from '../../../shared/domain/wallets';
import { SentStatus } from '../pending/SentStatus';
import { Amount } from '../../components/Amount';
import { useVotary } from '../../store';
import { chainStateOf } from '../../store/wallets-slice';
import { CreateWallet } from './CreateWallet';
import { ImportWallet } from './ImportWallet';
import { AddLedgerWallet } from '../ledger/AddLedgerWallet';
import { RemoveWallet } from './RemoveWallet';
import { call } from '../../services/call';

function WalletRow({ wallet }: { wallet: WalletView }) {
  const balance = useVotary((s) => chainStateOf(s, wallet)?.balance);
  const isLocalnet = useVotary((s) => s.networks.find((n) => n.active)?.kind === 'embedded');
  const navigate = useVotary((s) => s.navigate);
  const reportError = useVotary((s) => s.reportError);
  const walletSaved = useVotary((s) => s.walletSaved);
  const pendingChanged = useVotary((s) => s.pendingChanged);
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [name, setName] = useState(wallet.name);
  // The faucet's transfer, followed as the pending list follows it: in the pool, then "Confirmed in block N".
  const [funded, setFunded] = useState<PendingView | undefined>();

  const fund = async () => {
    try {
      const result = await call('localnet:fund', { address: wallet.address });
      pendingChanged(result.pending);
      setFunded(result.pending);
    } catch (error) {
      reportError(error);
    }
  };
  const rename = async () => {
    try {
      walletSaved(await call('wallets:rename', { walletId: wallet.id, name: name.trim() }));
      setRenaming(false);
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <li className="card wallet-row" aria-label={`Wallet ${wallet.name}`}>
      <div>
        {renaming ? (
          <span className="row">
            <label>
              New name
              <input value={name} onChange={(e) => setName(e.target.value)} maxLength={64} autoFocus />
            </label>
            <button type="button" onClick={() => void rename()}>
              Save name
            </button>
            <button type="button" onClick={() => setRenaming(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <h2>
            {wallet.name} <DeviceMark wallet={wallet} />
            {wallet.kind === 'watch' && <span className="badge">watch-only</span>}
          </h2>
        )}
        <p className="mono small">{wallet.address}</p>
        {wallet.ledgerPath !== undefined && (
          <p className="muted small">
            Its key stays on the Ledger, at <span className="mono">{wallet.ledgerPath}</span>
          </p>
        )}
        <p data-testid={`balance-${wallet.address}`}>
          {balance === undefined ? '—' : <Amount value={balance} fiat />}
        </p>
        {wallet.networkId === undefined && (
          <p className="muted small">
            Its network ({wallet.network}) is not in the network list: add it again to see its balance and use
            it.
          </p>
        )}
        {funded !== undefined && <SentStatus sent={funded} what="Test tokens" />}
      </div>
      <div className="row wrap">
        <button
          type="button"
          onClick={() => navigate('wallet', wallet.id)}
          aria-label={`Open ${wallet.name}`}
        >
          Open
        </button>
        {isLocalnet && (
          <button type="button" onClick={() => void fund()}>
            {/* The name says which wallet, and holds the words shown (WCAG 2.5.3, label in name). */}
            Fund <span className="visually-hidden">{wallet.name} </span>from faucet (test tokens)
          </button>
        )}
        <button type="button" onClick={() => setRenaming(true)} aria-label={`Rename ${wallet.name}`}>
          Rename
        </button>
        <button type="button" onClick={() => setRemoving(true)} aria-label={`Remove ${wallet.name}`}>
          Remove
        </button>
      </div>
      {removing && <RemoveWallet wallet={wallet} onCancel={() => setRemoving(false)} />}
    </li>
  );
}

export function WalletsPage() {
  const wallets = useVotary((s) => s.wallets);
  const network = useVotary((s) => s.networks.find((n) => n.active));
  const [panel, setPanel] = useState<'none' | 'create' | 'import' | 'ledger'>('none');
  return (
    <section aria-labelledby="wallets-title">
      <h1 id="wallets-title">Wallets</h1>
      <p className="muted">Network: {network?.name ?? '…'}</p>
      <div className="row">
        <button type="button" className="primary" onClick={() => setPanel('create')}>
          Create wallet
        </button>
        <button type="button" onClick={() => setPanel('import')}>
          Import or watch
        </button>
        <button type="button" onClick={() => setPanel('ledger')}>
          Add a Ledger wallet
        </button>
      </div>
      {panel === 'create' && <CreateWallet onDone={() => setPanel('none')} />}
      {panel === 'import' && <ImportWallet onDone={() => setPanel('none')} />}
      {panel === 'ledger' && <AddLedgerWallet onDone={() => setPanel('none')} />}
      {wallets.length === 0 ? (
        <p>No wallets on this network yet.</p>
      ) : (
        <ul className="plain">
          {wallets.map((wallet) => (
            <WalletRow key={wallet.id} wallet={wallet} />
          ))}
        </ul>
      )}
    </section>
  );
}
