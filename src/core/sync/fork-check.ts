/**
 * Whether a peer's competing chain deserves a revert (docs/design/sync.md "Forks"): before the follower reverts a
 * single block, the peer's headers from the common ancestor up must be a chain (ARK's chaining rule: previous id,
 * height + 1, a later slot), each signed by the key it names, each forged by the delegate our own state schedules
 * for its slot (the node's round order and `checkSlotOwner`, as `applyBlock` checks it), and end higher than our
 * tip. Anything else is not a fork but a peer serving blocks nobody scheduled: the caller bans it.
 *
 * A round whose forgers our chain has not selected yet (above our tip's round) is checked against the delegates of
 * the last round we know: the forger must be one of them (a round's set changes only by votes, and every block is
 * checked again in full by `applyBlock` once reverted to).
 */
import { checkSlotOwner } from '../node/block-store/validate-block';
import { validateChaining, verifyBlockSignature, type BlockHeader } from '../protocol/blocks';
import type { Network } from '../protocol/networks';
import { roundInfo } from '../protocol/rounds';

export interface ForkSchedule {
  readonly height: number;
  roundDelegates(round: number): string[];
}

/**
 * `invalid`: the headers are not a chain anyone scheduled; `short`: valid so far but not longer than ours.
 * `unchainedAt` names the header that does not follow the one before it, when that is the fault: the caller knows
 * whether the two came in one answer (a lie) or in two (the peer's chain may have changed between them).
 */
export type ForkFault = { kind: 'invalid' | 'short'; reason: string; unchainedAt?: number };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why `headers` (ascending, from `firstHeight`) are not a competing chain worth following, or undefined when they
 * are. `parent` is our header at the common ancestor; undefined when the fork is deeper than was searched.
 */
export function competingChainFault(
  headers: readonly BlockHeader[],
  firstHeight: number,
  parent: BlockHeader | undefined,
  schedule: ForkSchedule,
  network: Network,
): ForkFault | undefined {
  const invalid = (reason: string): ForkFault => ({ kind: 'invalid', reason });
  const first = headers[0];
  if (first === undefined || first.height !== firstHeight) {
    return invalid(`it served no chain from height ${firstHeight} to back the block it differs at`);
  }
  const lastKnownRound = roundInfo(schedule.height, network).round;
  let known = schedule.roundDelegates(lastKnownRound + 1);
  if (known.length === 0) known = schedule.roundDelegates(lastKnownRound);
  let previous = parent;
  for (const header of headers) {
    if (previous !== undefined) {
      let errors: string[];
      try {
        errors = validateChaining(header, previous, network);
      } catch (error) {
        errors = [describe(error)];
      }
      if (errors.length > 0) {
        return {
          ...invalid(`block ${header.height} does not follow block ${previous.height}: ${errors[0]}`),
          unchainedAt: header.height,
        };
      }
    }
    if (!verifyBlockSignature(header, network)) {
      return invalid(`block ${header.height} (${header.id ?? '?'}): its signature does not verify`);
    }
    const round = roundInfo(header.height, network).round;
    const scheduled = schedule.roundDelegates(round);
    if (scheduled.length > 0) {
      try {
        checkSlotOwner(header, scheduled, network);
      } catch (error) {
        return invalid(describe(error));
      }
    } else if (!known.includes(header.generatorPublicKey)) {
      return invalid(
        `block ${header.height} was forged by ${header.generatorPublicKey}, not a delegate of round ${lastKnownRound}`,
      );
    }
    previous = header;
  }
  const last = headers[headers.length - 1]!;
  if (last.height <= schedule.height) {
    return {
      kind: 'short',
      reason: `its chain ends at height ${last.height}, not above ours (${schedule.height})`,
    };
  }
  return undefined;
}
