/**
 * The latest confirmed transactions of the active network's wallets, newest first, plus what this app sent on it
 * that is still pending: nothing of another network, even for a moment after switching.
 */
import type { TransactionView } from '../../../shared/domain/chain-views';
import type { PendingView } from '../../../shared/domain/transactions';
import { Amount } from '../../components/Amount';
import { useVotary } from '../../store';
import { changeTick } from '../../store/host-changes';
import { chainTime } from '../../lib/dates';
import { kindLabel } from '../../lib/kinds';
import { useLatestTransactions } from '../../lib/reads/chain';
import { amountFor, directionWords } from '../wallet/history-row';
import { PendingAmount } from '../pending/PendingAmount';

const SHOWN = 8;
/** What the confirmed rows move with (store/host-changes.ts). */
export const RECENT_MOVES_WITH = ['balances', 'pending'] as const;

/** A row's amount for the wallets it was read for, by the host's ledger (as the wallet's history says it). */
function RowAmount({ tx }: { tx: TransactionView }) {
  const { amount, sign } = amountFor(tx);
  return <Amount value={amount} {...(sign === undefined ? {} : { signed: sign })} />;
}

type Effect = NonNullable<TransactionView['effect']>;

function addEffects(a: Effect, b: Effect): Effect {
  const sum = (x: string, y: string) => (BigInt(x) + BigInt(y)).toString();
  return {
    received: sum(a.received, b.received),
    sent: sum(a.sent, b.sent),
    fee: sum(a.fee, b.fee),
    locked: sum(a.locked, b.locked),
    unlocked: sum(a.unlocked, b.unlocked),
  };
}

/**
 * The newest `count` transactions of the wallets' reads, each once. A transaction in two wallets' reads (a transfer
 * between them) carries what it did to both, added up: its amount is then the wallets' together, not the side of
 * whichever read came first.
 */
export function mergeRecent(lists: readonly TransactionView[][], count: number): TransactionView[] {
  const byId = new Map<string, TransactionView>();
  for (const list of lists) {
    for (const tx of list) {
      const seen = byId.get(tx.id);
      if (seen === undefined) byId.set(tx.id, tx);
      else if (seen.effect !== undefined && tx.effect !== undefined) {
        byId.set(tx.id, { ...seen, effect: addEffects(seen.effect, tx.effect) });
      }
    }
  }
  return [...byId.values()]
    .sort((a, b) => (b.timestamp?.unix ?? Infinity) - (a.timestamp?.unix ?? Infinity))
    .slice(0, count);
}

/** The latest rows read, tagged with the network they were read on. */
export interface RecentRead {
  networkId: string;
  list: TransactionView[];
}

/**
 * What the dashboard lists for the active network only: the addresses to read (its wallets), the confirmed rows
 * read on it (a read of the previous network is dropped, even for the moment before the new read answers) and
 * this app's still-open transactions on it.
 */
export function recentOnNetwork(input: {
  networkId: string | undefined;
  wallets: readonly { networkId?: string | undefined; address: string }[];
  recent: RecentRead | undefined;
  pending: readonly PendingView[];
}): { addresses: string[]; shown: TransactionView[]; open: PendingView[] } {
  const { networkId, recent } = input;
  if (networkId === undefined) return { addresses: [], shown: [], open: [] };
  const addresses = input.wallets.filter((w) => w.networkId === networkId).map((w) => w.address);
  const shown =
    addresses.length > 0 && recent !== undefined && recent.networkId === networkId ? recent.list : [];
  const open = input.pending.filter((entry) => entry.networkId === networkId && entry.status !== 'confirmed');
  return { addresses, shown, open };
}

export function RecentActivity() {
  const networkId = useVotary((s) => s.networks.find((network) => network.active)?.id);
  const wallets = useVotary((s) => s.wallets);
  const pending = useVotary((s) => s.pending);
  const reportError = useVotary((s) => s.reportError);
  // Read again when a transaction of these wallets is confirmed (their chain state or a pending entry moves), on
  // that block: a sent one leaves the open list and appears among the confirmed at once, not some blocks later.
  // Every five blocks too, for what changes none of them (a lock addressed to one, until it is claimed).
  const moved = useVotary((s) => changeTick(s, RECENT_MOVES_WITH));
  const height = useVotary((s) => s.node?.height ?? 0);
  const tick = `${Math.floor(height / 5)}:${moved}`;
  const { addresses } = recentOnNetwork({ networkId, wallets, recent: undefined, pending });
  const latest = useLatestTransactions({ networkId, addresses, count: SHOWN, tick }, reportError);
  const recent: RecentRead | undefined =
    latest === undefined
      ? undefined
      : { networkId: latest.networkId, list: mergeRecent(latest.lists, SHOWN) };
  const { shown, open } = recentOnNetwork({ networkId, wallets, recent, pending });
  const own = new Set(addresses);

  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title">Recent activity</h2>
      {open.length > 0 && (
        <ul className="plain">
          {open.map((entry) => (
            <li key={entry.id}>
              {kindLabel(entry)} · <PendingAmount entry={entry} /> · {entry.statusText}
            </li>
          ))}
        </ul>
      )}
      {shown.length === 0 ? (
        <p className="muted">No transactions yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">Direction</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((tx) => (
              <tr key={tx.id}>
                <td>{chainTime(tx.timestamp)}</td>
                <td>{kindLabel(tx)}</td>
                <td>{directionWords(tx, own)}</td>
                <td>
                  <RowAmount tx={tx} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
