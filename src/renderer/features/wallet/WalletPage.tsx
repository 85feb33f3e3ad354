import { DeviceMark } from '../../components/DeviceMark';
import { Amount } from '../../components/Amount';
import { AsOfHeight } from '../../components/AsOfHeight';
import { useVotary } from '../../store';
import { chainStateOf, selectedWallet } from '../../store/wallets-slice';
import { CsvExport } from './CsvExport';
import { History } from './History';
import { Receive } from './Receive';
import { RevealPhrase } from './RevealPhrase';
import { SecondPassphrase } from './SecondPassphrase';
import { useWalletLocks } from '../../lib/reads/chain';

export function WalletPage() {
  const wallet = useVotary(selectedWallet);
  const state = useVotary((s) => (wallet === undefined ? undefined : chainStateOf(s, wallet)));
  const reportError = useVotary((s) => s.reportError);
  const address = wallet?.address;
  const locks = useWalletLocks(address, reportError);

  if (wallet === undefined) return <p>No wallet selected.</p>;
  return (
    <section aria-labelledby="wallet-title">
      <h1 id="wallet-title">
        {wallet.name} <DeviceMark wallet={wallet} />
      </h1>
      <AsOfHeight />
      <dl className="facts">
        <dt>Balance</dt>
        <dd data-testid="wallet-balance">{state ? <Amount value={state.balance} fiat /> : '—'}</dd>
        <dt>Locked</dt>
        <dd>{state ? <Amount value={state.lockedBalance} fiat /> : '—'}</dd>
        <dt>Nonce</dt>
        <dd>{state?.nonce ?? '—'}</dd>
        <dt>Public key</dt>
        <dd className="mono small">{state?.publicKey ?? wallet.publicKey ?? 'Not yet on chain'}</dd>
        <dt>Vote</dt>
        <dd className="mono small">{state?.vote ?? 'No vote'}</dd>
        <dt>Delegate</dt>
        <dd>
          {state?.delegate
            ? `${state.delegate.username}${state.delegate.rank === undefined ? '' : `, rank ${state.delegate.rank}`}${state.delegate.resigned ? ' (resigned)' : ''}`
            : 'Not a delegate'}
        </dd>
        <dt>Second passphrase</dt>
        <dd>{state?.secondPublicKey ? 'Registered' : 'None'}</dd>
      </dl>
      {/* Keyed by wallet: another wallet starts with nothing shown. */}
      <RevealPhrase key={wallet.id} wallet={wallet} />
      <SecondPassphrase
        key={`second-${wallet.id}`}
        wallet={wallet}
        registeredOnChain={state?.secondPublicKey !== undefined}
      />
      <Receive address={wallet.address} />
      <h2>Locks</h2>
      {locks.length === 0 ? (
        <p className="muted">No open locks.</p>
      ) : (
        <ul className="plain">
          {locks.map((lock) => (
            <li key={lock.lockId}>
              <Amount value={lock.amount} /> to <span className="mono small">{lock.recipientId}</span> ·{' '}
              {lock.isExpired ? 'expired' : 'open'}
            </li>
          ))}
        </ul>
      )}
      <History address={wallet.address} />
      <CsvExport address={wallet.address} />
    </section>
  );
}
