/** Delegates with search; vote, unvote or switch (unvote + vote in one transaction, aip37) in one step. */
import { useEffect, useState } from 'react';
import type { DelegateView } from '../../../shared/domain/chain';
import { Amount } from '../../components/Amount';
import { delegates } from '../../services/chain';
import { sendDraft } from '../../services/transactions';
import { useVotary } from '../../store';
import { selectedWallet } from '../../store/wallets-slice';
import { WalletPicker } from '../common/WalletPicker';

export function VotePage() {
  const wallet = useVotary(selectedWallet);
  const current = useVotary((s) => (wallet === undefined ? undefined : s.chain[wallet.address]?.vote));
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const pendingChanged = useVotary((s) => s.pendingChanged);
  const [search, setSearch] = useState('');
  const [list, setList] = useState<DelegateView[]>([]);
  const [note, setNote] = useState('');

  useEffect(() => {
    const timer = window.setTimeout(() => {
      delegates(1, search.trim()).then((page) => setList(page.data), reportError);
    }, 200);
    return () => window.clearTimeout(timer);
  }, [search, reportError]);

  const cast = async (vote: string | undefined, unvote: string | undefined, what: string) => {
    if (wallet === undefined) return;
    try {
      const result = await sendDraft(wallet.id, {
        kind: 'vote',
        ...(vote === undefined ? {} : { vote }),
        ...(unvote === undefined ? {} : { unvote }),
      });
      pendingChanged(result.pending);
      if (result.accepted) {
        setNote(`${what}: ${result.pending.statusText}`);
        clearError();
      } else reportError(new Error(result.error?.message ?? 'No node accepted the vote.'));
    } catch (error) {
      reportError(error);
    }
  };
  const currentName = list.find((d) => d.publicKey === current)?.username;

  return (
    <section aria-labelledby="vote-title">
      <h1 id="vote-title">Vote</h1>
      <WalletPicker label="Voting wallet" />
      <p>
        Current vote: {current === undefined ? 'none' : (currentName ?? current)}{' '}
        {current !== undefined && (
          <button type="button" onClick={() => void cast(undefined, current, 'Unvote')}>
            Unvote
          </button>
        )}
      </p>
      {note && <p role="status">{note}</p>}
      <label>
        Search delegates
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={20} />
      </label>
      <table>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Delegate</th>
            <th scope="col">Votes</th>
            <th scope="col">Approval</th>
            <th scope="col">Produced</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {list.map((delegate) => (
            <tr key={delegate.publicKey}>
              <td>{delegate.rank ?? '—'}</td>
              <td>
                {delegate.username}
                {delegate.isResigned && ' (resigned)'}
              </td>
              <td>
                <Amount value={delegate.votes} />
              </td>
              <td>{delegate.approval.toFixed(2)}%</td>
              <td>{delegate.producedBlocks}</td>
              <td>
                {delegate.publicKey === current ? (
                  'Your vote'
                ) : (
                  <button
                    type="button"
                    disabled={wallet === undefined || delegate.isResigned}
                    aria-label={`${current === undefined ? 'Vote for' : 'Switch vote to'} ${delegate.username}`}
                    onClick={() =>
                      void cast(delegate.publicKey, current, current === undefined ? 'Vote' : 'Switch')
                    }
                  >
                    {current === undefined ? 'Vote' : 'Switch'}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
