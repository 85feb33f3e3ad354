import type { P2pPeers } from '../p2p';
import type { Block } from '../protocol/blocks';
import type { PeerFaults } from './peer-faults';
import type { Prefetch, RunQueue } from './run-queue';

/**
 * How long a P2P peer may sit on the request of the run at our tip before another peer is asked for the run too
 * (`hedgedAnswer`): an ARK node answers getBlocks in well under a second; its slot wait is not counted (p2p-peer.ts
 * `unansweredForMs`). Its connection is dropped only after 5 s without an answer (p2p-client.ts), so a slow
 * honest node still delivers — only not at the sync's expense.
 */
export const HEDGE_AFTER_MS = 2_000;
const HEDGE_CHECK_MS = 100;

/** The run at our tip, answered: its blocks, or the failure of the peer asked. */
export type RunAnswer = { run: Prefetch; blocks: Block[] } | { run: Prefetch; error: unknown };

/** What of the follower hedging reads and uses. */
export interface HedgeParts {
  p2p: P2pPeers | undefined;
  queue: RunQueue;
  faults: PeerFaults;
  /** Whether the follower stopped meanwhile (read afresh at each check). */
  stopped(): boolean;
}

/**
 * The blocks of the run at our tip. A P2P peer that took the run's request and has not answered it within
 * HEDGE_AFTER_MS has the run asked of another peer too, and whichever delivers first is taken — the sync never
 * waits on one silent peer while another has the blocks; the queue built on the late run is dropped. The failure
 * of a run that lost the race is counted against its peer when it comes.
 */
export async function hedgedAnswer(
  run: Prefetch,
  tipHeight: number,
  follower: HedgeParts,
): Promise<RunAnswer> {
  const settled = (candidate: Prefetch) =>
    candidate.blocks.then(
      (blocks) => ({ run: candidate, blocks }),
      (error: unknown) => ({ run: candidate, error }),
    );
  const p2p = follower.p2p?.of(run.peer);
  if (p2p === undefined) return settled(run);
  const other = await new Promise<Prefetch | undefined>((resolve) => {
    let done = false;
    const finish = (value: Prefetch | undefined) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      resolve(value);
    };
    const timer = setInterval(() => {
      if (follower.stopped()) finish(undefined);
      else if (p2p.unansweredForMs() >= HEDGE_AFTER_MS) {
        const asked = follower.queue.fetchFrom(tipHeight, undefined, undefined, run.peer);
        if (asked !== undefined) finish(asked);
      }
    }, HEDGE_CHECK_MS);
    run.last.then(
      () => finish(undefined),
      () => finish(undefined),
    );
  });
  if (other === undefined) return settled(run);
  follower.queue.clear();
  const both = [settled(run), settled(other)];
  const first = await Promise.race(both);
  if ('blocks' in first) {
    const loser = both[first.run === run ? 1 : 0]!;
    void loser.then((late) => {
      if (!('blocks' in late)) follower.faults.failed(late.run.peer, late.error);
    });
    return first;
  }
  // The first to settle failed: counted now, and the other's outcome decides.
  follower.faults.failed(first.run.peer, first.error);
  return both[first.run === run ? 1 : 0]!;
}
