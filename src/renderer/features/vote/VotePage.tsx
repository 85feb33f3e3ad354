/**
 * Delegates with search, a page of 100 at a time (the API's limit) so every delegate is reachable; vote, unvote
 * or switch: one transaction (unvote + vote) where the network's milestone has aip37, else an unvote and then a
 * vote, two transactions with consecutive nonces, which the review says before the first is signed. Each row shows
 * the address of the key its button votes for (the host derives it from the key: a username is only the node's
 * word, services/chain/views.ts delegateView), and the review shows that key again.
 */
import type { PendingView } from '../../../shared/domain/transactions';
import { SentStatus } from '../pending/SentStatus';
import { useState } from 'react';
import type { DelegateView } from '../../../shared/domain/chain-views';
import type { PageMetaView } from '../../../shared/domain/common';
import { Amount } from '../../components/Amount';
import { reviewAndSend } from '../review/review-and-send';
import { useVotary } from '../../store';
import { chainStateOf } from '../../store/wallets-slice';
import { CHOOSE_WALLET, useSigningWallet } from '../common/signing-wallet';
import { SigningWalletSelect } from '../common/SigningWalletSelect';
import { pagerState } from './pager';
import { unvoteFinalAndUnlocked, voteSteps } from './vote-steps';
import { useDelegatePage } from '../../lib/reads/delegates';

export function VotePage() {
  // Chosen on this page, as on Send: never the last wallet page opened, silently.
  const signer = useSigningWallet('vote');
  const { wallet } = signer;
  const current = useVotary((s) => (wallet === undefined ? undefined : chainStateOf(s, wallet)?.vote));
  const reportError = useVotary((s) => s.reportError);
  // ARK Core refuses a switch in one transaction without aip37 ("switch-vote is disabled"), e.g. on its testnet.
  const switchInOne = useVotary((s) => s.configuration?.constants.aip37 === true);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // Delegates seen on any page, by key: the current vote is named even when its page is not shown.
  const [names, setNames] = useState<ReadonlyMap<string, { username: string; address: string }>>(new Map());
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<{ what: string; pending: PendingView }>();
  // Votes and ranks move with blocks: the table is read again as they arrive (paced), and at once when the voting
  // wallet's vote is confirmed (its chain state moves). The same page as the Delegates page's is one read.
  const answer = useDelegatePage({ page, search }, reportError, 200);
  // Each new answer adds its delegates to the names (set while rendering: React renders again at once).
  const [named, setNamed] = useState(answer);
  if (answer !== named) {
    setNamed(answer);
    if (answer !== undefined) {
      setNames((known) => {
        const next = new Map(known);
        for (const d of answer.data) next.set(d.publicKey, { username: d.username, address: d.address });
        return next;
      });
    }
  }
  const list: DelegateView[] = answer?.data ?? [];
  const meta: PageMetaView | undefined = answer?.meta;
  const pager = pagerState(meta, 'delegates');

  const cast = async (vote: string | undefined, unvote: string | undefined, what: string) => {
    if (wallet === undefined) return;
    // The node's name with the address of the key itself: the steps' words say which key each signs.
    const name = (key: string) => {
      const known = names.get(key);
      return known === undefined ? key : `${known.username} (${known.address})`;
    };
    try {
      // Each step is reviewed and sent in turn, once the one before is in a block; a cancelled, refused or
      // failed one stops the rest.
      let previous: string | undefined;
      const steps = voteSteps(vote, unvote, switchInOne, name);
      for (const step of steps) {
        if (previous !== undefined) {
          const waitFor = previous;
          setSent(undefined);
          setNote(
            `${what}: waiting for the unvote to be in a block (a round deep, when a remote node reports it) ` +
              'before the vote…',
          );
          const confirmed = await unvoteFinalAndUnlocked(
            {
              pending: () => useVotary.getState().pending,
              unlocked: () => useVotary.getState().vault?.unlocked === true,
              subscribe: (listener) => useVotary.subscribe(listener),
              gateNote: (words) => useVotary.getState().setAwaitingUnlock(words),
            },
            waitFor,
            what,
          );
          if (!confirmed) {
            reportError(new Error('The unvote did not confirm, so the vote was not sent.'));
            return;
          }
        }
        const result = await reviewAndSend(wallet, step.draft, {
          ...(steps.length > 1 ? { context: step.words } : {}),
          ...(step.warning === undefined ? {} : { warning: step.warning }),
          refused: 'No node accepted the vote.',
        });
        if (result === undefined || !result.accepted) return;
        setNote('');
        setSent({ what, pending: result.pending });
        previous = result.id;
      }
    } catch (error) {
      reportError(error);
    }
  };
  const currentDelegate = current === undefined ? undefined : names.get(current);
  const currentName =
    currentDelegate === undefined ? undefined : `${currentDelegate.username} (${currentDelegate.address})`;

  return (
    <section aria-labelledby="vote-title">
      <h1 id="vote-title">Vote</h1>
      <SigningWalletSelect signer={signer} label="Voting wallet" />
      <p>
        {wallet === undefined
          ? CHOOSE_WALLET
          : `Current vote: ${current === undefined ? 'none' : (currentName ?? current)}`}{' '}
        {current !== undefined && (
          <button type="button" onClick={() => void cast(undefined, current, 'Unvote')}>
            Unvote
          </button>
        )}
      </p>
      {note && <p role="status">{note}</p>}
      {sent !== undefined && <SentStatus sent={sent.pending} what={sent.what} />}
      <label>
        Search delegates
        <input
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          maxLength={20}
        />
      </label>
      {/* A table only with rows in it: headers over no cells say nothing. */}
      {list.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Delegate</th>
              <th scope="col">Votes</th>
              <th scope="col">Approval</th>
              <th scope="col">Produced</th>
              <th scope="col">Address</th>
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
                <td className="mono small" title={`Public key ${delegate.publicKey}`}>
                  {delegate.address}
                </td>
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
      )}
      <nav className="row pager" aria-label="Delegate pages">
        <button type="button" disabled={!pager.hasPrevious} onClick={() => setPage(pager.page - 1)}>
          Previous page
        </button>
        <span data-testid="delegate-pager" aria-live="polite">
          {pager.label}
        </span>
        <button type="button" disabled={!pager.hasNext} onClick={() => setPage(pager.page + 1)}>
          Next page
        </button>
      </nav>
    </section>
  );
}
