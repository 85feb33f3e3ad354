/**
 * One delegate: its standing, productivity over the last hour, day and week and its recent missed
 * slots from the monitor, its history chart, its forged blocks and its voters from the node.
 */
import type { ProductivityWindow } from '../../../shared/domain/monitor';
import { Amount } from '../../components/Amount';
import { CopyButton } from '../../components/CopyButton';
import type { DelegateView } from '../../../shared/domain/chain-views';
import { useVotary } from '../../store';
import { DelegateBlocks, DelegateVoters } from './DelegateLists';
import { DelegateHistory } from './DelegateHistory';
import { formatProductivity } from './delegate-rows';
import { dateTime } from '../../lib/dates';
import { useDelegateNamed, useDelegatePageTick } from '../../lib/reads/delegates';
import { useDelegateProductivity } from '../../lib/reads/monitor';

const WINDOWS: Array<{ value: ProductivityWindow; label: string }> = [
  { value: 'hour', label: 'Last hour' },
  { value: 'day', label: 'Last day' },
  { value: 'week', label: 'Last week' },
];

const SPANS = WINDOWS.map((w) => w.value);

function Productivity({ publicKey, tick }: { publicKey: string; tick: string }) {
  const read = useDelegateProductivity(publicKey, SPANS, 20, tick);
  const [views, missed = []] = read.value ?? [];
  const failure = read.error?.message;
  if (failure !== undefined) return <p className="muted">Missed slots are not available: {failure}</p>;
  if (views === undefined) return <p className="muted">Loading productivity…</p>;
  return (
    <>
      <table>
        <caption className="table-caption">Productivity</caption>
        <thead>
          <tr>
            <th scope="col">Window</th>
            <th scope="col">Produced</th>
            <th scope="col">Missed</th>
            <th scope="col">Productivity</th>
            <th scope="col">Counted since</th>
          </tr>
        </thead>
        <tbody>
          {views.map((view, index) => {
            const entry = view.delegates.find((d) => d.publicKey === publicKey);
            return (
              <tr key={view.window}>
                <th scope="row">{WINDOWS[index]?.label}</th>
                <td>{entry?.produced ?? '—'}</td>
                <td>{entry?.missed ?? '—'}</td>
                <td>{formatProductivity(entry?.productivity)}</td>
                <td className="small">{dateTime(Math.max(view.from, view.coveredSince ?? 0))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h2>Recent missed slots</h2>
      {missed.length === 0 ? (
        <p className="muted">No missed slots recorded.</p>
      ) : (
        <ul className="plain" data-testid="delegate-missed-slots">
          {missed.map((slot) => (
            <li key={slot.slot}>
              {dateTime(slot.at)} · round {slot.round} · slot {slot.slot}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The delegate the page shows, read again by name at every tick, so the header (votes, produced, last block)
 * moves with the block table below it, and a reload of `#/delegates/<name>` finds it.
 */
function useDelegate(tick: string): { delegate: DelegateView | undefined; missing: boolean } {
  const name = useVotary((s) => s.viewedDelegateName);
  const opened = useVotary((s) => s.viewedDelegate);
  // A failed read leaves the last answer (or the opened snapshot); the next block tries again. The answer is kept
  // with its name: `undefined` from a read means no delegate has that name.
  const read = useDelegateNamed(name, tick);
  const answer = read.value?.name === name ? read.value : undefined;
  const fresh = answer?.found;
  const missing = answer !== undefined && answer.found === undefined;
  const delegate = fresh?.username === name ? fresh : opened?.username === name ? opened : undefined;
  return { delegate, missing: missing && delegate === undefined };
}

export function DelegateInfoPage() {
  const navigate = useVotary((s) => s.navigate);
  const name = useVotary((s) => s.viewedDelegateName);
  const tick = useDelegatePageTick();
  const { delegate, missing } = useDelegate(tick);
  if (delegate === undefined) {
    const words =
      name === undefined
        ? 'Choose a delegate on the Delegates page.'
        : missing
          ? `This network has no delegate named ${name}.`
          : `Loading ${name}…`;
    return (
      <section aria-labelledby="delegate-info-title">
        <h1 id="delegate-info-title">Delegate</h1>
        <p>{words}</p>
        <button type="button" onClick={() => navigate('delegates')}>
          Go to Delegates
        </button>
      </section>
    );
  }
  return (
    <section aria-labelledby="delegate-info-title">
      <button type="button" className="link" onClick={() => navigate('delegates')}>
        ← All delegates
      </button>
      <h1 id="delegate-info-title">
        {delegate.username}
        {delegate.isResigned && <span className="badge">resigned</span>}
      </h1>
      <dl className="facts">
        <dt>Rank</dt>
        <dd>{delegate.rank ?? '—'}</dd>
        <dt>Address</dt>
        <dd className="mono">
          {delegate.address} <CopyButton text={delegate.address} label="Copy the address" />
        </dd>
        <dt>Public key</dt>
        <dd className="mono small">{delegate.publicKey}</dd>
        <dt>Votes</dt>
        <dd>
          <Amount value={delegate.votes} /> ({delegate.approval.toFixed(2)}% approval)
        </dd>
        <dt>Produced</dt>
        <dd>
          {delegate.producedBlocks} {delegate.producedBlocks === 1 ? 'block' : 'blocks'}
          {delegate.lastBlockHeight !== undefined && `, last at ${delegate.lastBlockHeight}`}
        </dd>
        <dt>Forged total</dt>
        <dd>
          <Amount value={delegate.forgedTotal} />
        </dd>
      </dl>
      <Productivity publicKey={delegate.publicKey} tick={tick} />
      <h2>History</h2>
      <DelegateHistory publicKey={delegate.publicKey} tick={tick} />
      <DelegateBlocks publicKey={delegate.publicKey} tick={tick} />
      <DelegateVoters publicKey={delegate.publicKey} tick={tick} />
    </section>
  );
}
