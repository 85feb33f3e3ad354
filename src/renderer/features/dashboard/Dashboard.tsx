import { DeviceMark } from '../../components/DeviceMark';
import { Amount } from '../../components/Amount';
import { AsOfHeight } from '../../components/AsOfHeight';
import { RecentActivity } from './RecentActivity';
import { PortfolioChart } from './PortfolioChart';
import { useVotary } from '../../store';
import { chainStateOf, totalBalance, totalLocked, watchOnlyBalance } from '../../store/wallets-slice';
import { useDelegateNames } from '../../lib/reads/delegates';
import { useNetworkSync } from '../../store/use-network-sync';

export function Dashboard() {
  const wallets = useVotary((s) => s.wallets);
  const chainWallets = useVotary((s) => s.chainWallets);
  const chainWalletsNetworkId = useVotary((s) => s.chainWalletsNetworkId);
  const total = useVotary(totalBalance);
  const locked = useVotary(totalLocked);
  const watched = useVotary(watchOnlyBalance);
  const watching = wallets.some((wallet) => wallet.kind === 'watch');
  const node = useVotary((s) => s.node);
  const sync = useNetworkSync();
  const navigate = useVotary((s) => s.navigate);
  const reportError = useVotary((s) => s.reportError);
  // Votes are public keys; the delegate list names them (first page: the active delegates and more).
  const names = useDelegateNames(reportError);
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <div className="grid">
        <article className="card">
          <h2>Total balance</h2>
          <p className="big" data-testid="total-balance">
            <Amount value={total} fiat />
          </p>
          {BigInt(locked) > 0n && (
            <p className="muted" data-testid="total-locked">
              and <Amount value={locked} fiat /> in HTLC locks, until claimed or refunded
            </p>
          )}
          {watching && (
            <p className="muted" data-testid="total-watch-only">
              Watch-only wallets, not counted: <Amount value={watched} />
            </p>
          )}
          <AsOfHeight />
        </article>
        <article className="card">
          <h2>Node</h2>
          <p data-testid="node-height">Height {node?.height ?? '…'}</p>
          <p data-testid="node-sync">{sync?.words ?? ''}</p>
        </article>
      </div>
      <PortfolioChart />
      <h2>Wallets</h2>
      {wallets.length === 0 ? (
        <p>
          No wallets yet.{' '}
          <button type="button" onClick={() => navigate('wallets')}>
            Add a wallet
          </button>
        </p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Wallet</th>
              <th scope="col">Balance</th>
              <th scope="col">Vote</th>
            </tr>
          </thead>
          <tbody>
            {wallets.map((wallet) => {
              const state = chainStateOf({ chainWallets, chainWalletsNetworkId }, wallet);
              return (
                <tr key={wallet.id}>
                  <td>
                    <button type="button" className="link" onClick={() => navigate('wallet', wallet.id)}>
                      {wallet.name}
                    </button>{' '}
                    <DeviceMark wallet={wallet} />
                    {wallet.kind === 'watch' && <span className="muted small"> · watch-only</span>}
                    {wallet.networkId === undefined && (
                      <span className="muted small"> · its network is not in the list</span>
                    )}
                  </td>
                  <td>{state === undefined ? '—' : <Amount value={state.balance} fiat />}</td>
                  <td>
                    {state?.vote === undefined
                      ? 'No vote'
                      : (names[state.vote] ?? `${state.vote.slice(0, 12)}…`)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <RecentActivity />
    </section>
  );
}
