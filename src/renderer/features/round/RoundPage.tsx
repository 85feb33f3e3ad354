/**
 * Round timeline: the current round's slots in forging order, live. Refetched on every new block and
 * monitor round update, and once per block time besides, so a slot that passes without a block turns "missed"
 * even while no block arrives (a paused or offline forger).
 */
import { useEffect, useState } from 'react';
import { useVotary } from '../../store';
import {
  clockOffset,
  defaultCountdownDelegate,
  describeSlot,
  countdownWords,
  formatCountdown,
  roundSummary,
  SLOT_STATE_LABELS,
  slotName,
  uniqueForgers,
} from './round-model';
import { clockTime } from '../../lib/dates';
import { useRound } from '../../lib/reads/monitor';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function RoundPage() {
  const myDelegates = useVotary((s) => s.monitorSettings?.myDelegates);
  const openDelegateKey = useVotary((s) => s.viewedDelegate?.publicKey);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [pulse, setPulse] = useState(0);
  const now = useNow(1000);
  // The countdown's delegate defaults from the last round read (the first of mine in it).
  const { read, target } = useRound(
    (slots) => chosen ?? defaultCountdownDelegate(myDelegates ?? [], slots) ?? openDelegateKey,
    pulse,
  );
  // The answer carries the host's clock as of its arrival, so countdowns follow the host, not this machine.
  const answer =
    read.value === undefined
      ? undefined
      : { round: read.value.round, offset: clockOffset(read.value.round, read.value.receivedAt) };
  const failure = read.error?.message;
  const blockTime = answer?.round.blockTime ?? 8;

  useEffect(() => {
    const timer = window.setInterval(() => setPulse((p) => p + 1), blockTime * 1000);
    return () => window.clearInterval(timer);
  }, [blockTime]);

  const slots = answer?.round.slots ?? [];

  const round = answer?.round;
  const hostNow = now + (answer?.offset ?? 0);
  return (
    <section aria-labelledby="round-title">
      <h1 id="round-title">Round {round?.round ?? ''}</h1>
      {failure !== undefined && (
        <p className="error-banner" role="alert">
          The round is not available: {failure}
        </p>
      )}
      {round && (
        <>
          <p className="muted">
            Heights {round.firstHeight}–{round.lastHeight} ·{' '}
            <span data-testid="round-summary">{roundSummary(slots, round)}</span>
          </p>
          <dl className="facts" aria-live="off">
            <dt>Forging now</dt>
            <dd>
              {round.currentForger ? (round.currentForger.username ?? round.currentForger.publicKey) : '—'}
            </dd>
            <dt>Next to forge</dt>
            <dd data-testid="next-forger">
              {round.nextForger
                ? `${round.nextForger.username ?? round.nextForger.publicKey} in ${formatCountdown(round.nextForger.startsAt - hostNow)}`
                : '—'}
            </dd>
          </dl>
          <div className="row wrap">
            <label>
              Count down to the slot of
              <select
                value={target ?? ''}
                onChange={(e) => setChosen(e.target.value === '' ? undefined : e.target.value)}
              >
                <option value="">(choose a delegate)</option>
                {uniqueForgers(slots).map((slot) => (
                  <option key={slot.publicKey} value={slot.publicKey}>
                    {slotName(slot)}
                  </option>
                ))}
              </select>
            </label>
            {round.delegate && (
              <p role="status" data-testid="delegate-countdown">
                {countdownWords(round.delegate, hostNow)}
              </p>
            )}
          </div>
          <ol className="round-timeline" aria-label={`Slots of round ${round.round}`}>
            {slots.map((slot) => (
              <li
                key={slot.slot}
                className={`slot slot-${slot.state}`}
                data-testid={`slot-${slot.username ?? slot.publicKey}`}
                data-state={slot.state}
                aria-current={slot.state === 'current' ? 'step' : undefined}
                aria-label={describeSlot(slot, round.activeDelegates)}
              >
                <span className="slot-index">{slot.index + 1}</span>
                <span className="slot-name">{slotName(slot)}</span>
                <span className="slot-state">{SLOT_STATE_LABELS[slot.state]}</span>
                <span className="slot-time muted small">
                  {slot.height !== undefined ? `#${slot.height}` : clockTime(slot.startsAt)}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      {!round && failure === undefined && <p className="muted">Loading the round…</p>}
    </section>
  );
}
