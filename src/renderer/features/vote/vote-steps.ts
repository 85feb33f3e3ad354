/**
 * The transactions a vote change takes: one (unvote + vote) where the network's milestone has aip37, else an
 * unvote and then a vote, two transactions with consecutive nonces (ARK Core refuses a switch in one transaction
 * without aip37: "switch-vote is disabled", as on its testnet), the vote sent once the unvote is forged (its pool
 * keeps one vote per sender) and its confirmation final: a block the app's own node verified, or a remote node's
 * report read a round deep (PendingView.confirmationFinal). Each step carries the words its review shows.
 */
import type { DraftInput, PendingView } from '../../../shared/domain/transactions';

export interface VoteStep {
  draft: DraftInput;
  /** What the review says this transaction does. */
  words: string;
  /** Said before signing when the change takes two transactions. */
  warning?: string;
}

export const TWO_STEPS_WARNING =
  'This network does not change a vote in one transaction: Votary sends two, each with its fee; the vote is ' +
  "signed once the unvote is in a block (a round deep, when it is a remote node's report).";

export function voteSteps(
  vote: string | undefined,
  unvote: string | undefined,
  switchInOne: boolean,
  name: (publicKey: string) => string,
): VoteStep[] {
  if (vote !== undefined && unvote !== undefined) {
    if (switchInOne) {
      return [
        {
          draft: { kind: 'vote', unvote, vote },
          words: `Switch your vote from ${name(unvote)} to ${name(vote)}`,
        },
      ];
    }
    return [
      {
        draft: { kind: 'vote', unvote },
        words: `Step 1 of 2: remove your vote for ${name(unvote)}`,
        warning: TWO_STEPS_WARNING,
      },
      {
        draft: { kind: 'vote', vote },
        words: `Step 2 of 2: vote for ${name(vote)}`,
        warning: TWO_STEPS_WARNING,
      },
    ];
  }
  if (vote !== undefined) return [{ draft: { kind: 'vote', vote }, words: `Vote for ${name(vote)}` }];
  if (unvote !== undefined) {
    return [{ draft: { kind: 'vote', unvote }, words: `Remove your vote for ${name(unvote)}` }];
  }
  return [];
}

/**
 * Resolves once the pending transaction `id` is confirmed for good (confirmationFinal), with false if it was
 * rejected or expired instead: the second step of a two-step change waits for the first, since a pool keeps one
 * vote per sender (ARK Core's vote handler, `throwIfCannotEnterPool`). A remote node's fresh report is only its
 * word: a node that lied about the unvote would have the vote signed on top of a vote that still stands.
 */
export function settled(
  read: () => readonly PendingView[],
  subscribe: (listener: () => void) => () => void,
  id: string,
): Promise<boolean> {
  const outcome = (): boolean | undefined => {
    const entry = read().find((candidate) => candidate.id === id);
    if (entry?.status === 'confirmed') return entry.confirmationFinal ? true : undefined;
    return entry?.status === 'rejected' || entry?.status === 'expired' ? false : undefined;
  };
  const now = outcome();
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = subscribe(() => {
      const later = outcome();
      if (later === undefined) return;
      stop();
      resolve(later);
    });
  });
}

/**
 * Resolves once `isTrue()` holds, read again on every store change: the vote of a two-step change waits for an
 * unlocked vault, since the wait for its unvote (a round, about seven minutes on ARK's networks) outlasts the vault's
 * default auto-lock (keystore/options.ts DEFAULT_IDLE_LOCK_MS), and its review must not fail on a locked vault.
 */
export function until(isTrue: () => boolean, subscribe: (listener: () => void) => () => void): Promise<void> {
  if (isTrue()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribe(() => {
      if (!isTrue()) return;
      stop();
      resolve();
    });
  });
}

/** What the wait between a vote change's two steps needs of the app's store. */
export interface StepWaitStore {
  pending: () => readonly PendingView[];
  unlocked: () => boolean;
  subscribe: (listener: () => void) => () => void;
  /** Says on the lock gate what waits behind it; undefined clears it. */
  gateNote: (words: string | undefined) => void;
}

/**
 * Waits for the unvote `id` to be final and for an unlocked vault, with the lock gate saying what waits behind it
 * whenever the vault is locked meanwhile: the wait (a round) outlasts the default auto-lock, and a browser-shell
 * window hears no transaction events while locked (src/cli/window-gate.ts), so the gate must say so before the
 * unvote is final too, not only after. False when the unvote was rejected or expired.
 */
export async function unvoteFinalAndUnlocked(
  store: StepWaitStore,
  id: string,
  what: string,
): Promise<boolean> {
  const whileWaiting =
    `${what}: waiting for the unvote to be final (a round deep); unlock the vault to follow it and review ` +
    'the vote.';
  let noted = false;
  const noteLock = () => {
    const locked = !store.unlocked();
    if (locked === noted) return;
    noted = locked;
    store.gateNote(locked ? whileWaiting : undefined);
  };
  noteLock();
  const stop = store.subscribe(noteLock);
  let confirmed: boolean;
  try {
    confirmed = await settled(store.pending, store.subscribe, id);
  } finally {
    stop();
  }
  if (confirmed && !store.unlocked()) {
    store.gateNote(`${what}: the unvote is final; unlock the vault to review the vote.`);
    await until(store.unlocked, store.subscribe);
  }
  store.gateNote(undefined);
  return confirmed;
}
