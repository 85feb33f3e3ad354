/**
 * Randomness: the secondary interface's latest `/trng` result and `/trng-1`, each with its block,
 * and verified here from the block id (verify.ts) — ✓ when the node's values are the ones the id gives.
 */
import { useState } from 'react';
import type { RandomDraw } from '../../../shared/domain/explorer';
import { ReadStatus } from '../../lib/use-read';
import { DERIVATION, verifyDraw } from './verify';
import { chainTime } from '../../lib/dates';
import { useRandomness } from '../../lib/reads/explorer';

function Draw({ title, draw, id }: { title: string; draw: RandomDraw; id: string }) {
  const check = verifyDraw(draw);
  return (
    <section aria-labelledby={id} className="trng-draw">
      <h2 id={id}>{title}</h2>
      <p className={check.verified ? 'trng-ok' : 'trng-bad'} role="status" data-testid={`${id}-verdict`}>
        {check.verified
          ? '✓ verified: the values follow from the block id'
          : `✗ mismatch: value ${(check.firstMismatch ?? 0) + 1} is not what the block id gives`}
      </p>
      <dl className="facts">
        <dt>Block</dt>
        <dd className="mono small">
          {draw.blockHeight === undefined
            ? `${draw.blockId} (not known to this node’s public API)`
            : `${draw.blockHeight} · ${draw.blockId}`}
        </dd>
        {draw.timestamp !== undefined && (
          <>
            <dt>Time</dt>
            <dd>{chainTime(draw.timestamp)}</dd>
          </>
        )}
        <dt>Values</dt>
        <dd className="mono">{draw.values.join(' · ')}</dd>
        {!check.verified && (
          <>
            <dt>Expected</dt>
            <dd className="mono">{check.expected.join(' · ')}</dd>
          </>
        )}
        <dt>Derivation</dt>
        <dd className="small">{DERIVATION}</dd>
      </dl>
    </section>
  );
}

export function RandomnessPage() {
  const [round, setRound] = useState(0);
  const read = useRandomness(round);
  return (
    <section aria-labelledby="randomness-title">
      <h1 id="randomness-title">Randomness</h1>
      <p className="muted">
        Random values the node’s secondary interface derives from its last blocks (/trng and /trng-1). Anyone
        can recompute them from the block id; Votary does so here.
      </p>
      <button type="button" onClick={() => setRound((n) => n + 1)}>
        Read again
      </button>
      <ReadStatus read={read} what="the random values" />
      {read.state === 'ready' &&
        (read.value.available ? (
          <>
            <p className="small">
              From <span className="mono">{read.value.secondaryUrl}</span>
            </p>
            <Draw title="Latest (/trng)" draw={read.value.latest} id="trng-latest" />
            {read.value.previous !== undefined && (
              <Draw title="Block before (/trng-1)" draw={read.value.previous} id="trng-previous" />
            )}
          </>
        ) : (
          <p className="explorer-missing" role="status">
            Not available on this network: {read.value.reason}
            {read.value.secondaryUrl === undefined ? '' : ` (${read.value.secondaryUrl})`}
          </p>
        ))}
    </section>
  );
}
