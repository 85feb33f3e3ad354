import { describe, expect, it } from 'vitest';
import type { PendingView } from '../../../src/shared/domain/transactions';
import {
  TWO_STEPS_WARNING,
  settled,
  unvoteFinalAndUnlocked,
  until,
  voteSteps,
} from '../../../src/renderer/features/vote/vote-steps';

const OLD = `02${'11'.repeat(32)}`;
const NEW = `03${'22'.repeat(32)}`;
const name = (key: string) => (key === OLD ? 'genesis_1' : key === NEW ? 'genesis_2' : key);

/** A store's subscription, as the page's waits use it: the listeners, to call on a change. */
function listenerSet() {
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { listeners, subscribe };
}

describe('the transactions a vote change takes', () => {
  it('one switch where the network has aip37', () => {
    expect(voteSteps(NEW, OLD, true, name)).toEqual([
      {
        draft: { kind: 'vote', unvote: OLD, vote: NEW },
        words: 'Switch your vote from genesis_1 to genesis_2',
      },
    ]);
  });

  it('an unvote, then a vote, said before the first is signed, where it has not', () => {
    const steps = voteSteps(NEW, OLD, false, name);
    expect(steps.map((step) => step.draft)).toEqual([
      { kind: 'vote', unvote: OLD },
      { kind: 'vote', vote: NEW },
    ]);
    expect(steps.map((step) => step.words)).toEqual([
      'Step 1 of 2: remove your vote for genesis_1',
      'Step 2 of 2: vote for genesis_2',
    ]);
    expect(steps.every((step) => step.warning === TWO_STEPS_WARNING)).toBe(true);
  });

  it('a plain vote or unvote is one transaction either way', () => {
    for (const switchInOne of [true, false]) {
      expect(voteSteps(NEW, undefined, switchInOne, name)).toEqual([
        { draft: { kind: 'vote', vote: NEW }, words: 'Vote for genesis_2' },
      ]);
      expect(voteSteps(undefined, OLD, switchInOne, name)).toEqual([
        { draft: { kind: 'vote', unvote: OLD }, words: 'Remove your vote for genesis_1' },
      ]);
    }
  });

  it('the vote waits for the unvote: confirmed lets it go, rejected stops it', async () => {
    let pending: PendingView[] = [];
    const { listeners, subscribe } = listenerSet();
    const read = () => pending;
    const set = (id: string, status: PendingView['status'], confirmationFinal = status === 'confirmed') => {
      pending = [{ id, status, confirmationFinal } as PendingView];
      listeners.forEach((listener) => listener());
    };
    const first = settled(read, subscribe, 'a');
    set('a', 'in-pool');
    set('b', 'confirmed');
    set('a', 'confirmed');
    await expect(first).resolves.toBe(true);
    expect(listeners.size).toBe(0);
    const second = settled(read, subscribe, 'c');
    set('c', 'rejected');
    await expect(second).resolves.toBe(false);
    set('d', 'confirmed');
    await expect(settled(read, subscribe, 'd')).resolves.toBe(true);
  });

  it("a remote node's report of the unvote lets the vote go only once the tracker finds it a round deep", async () => {
    let pending: PendingView[] = [];
    const { listeners, subscribe } = listenerSet();
    const read = () => pending;
    const set = (view: Partial<PendingView>) => {
      pending = [{ id: 'a', ...view } as PendingView];
      listeners.forEach((listener) => listener());
    };
    let outcome: boolean | undefined;
    void settled(read, subscribe, 'a').then((value) => (outcome = value));
    set({ status: 'confirmed', reportedBy: 'node.example', confirmationFinal: false });
    await Promise.resolve();
    expect(outcome).toBeUndefined();
    // The report is withdrawn (the node no longer has it in a block): still waiting, not refused.
    set({ status: 'broadcast', confirmationFinal: false });
    await Promise.resolve();
    expect(outcome).toBeUndefined();
    set({ status: 'confirmed', reportedBy: 'node.example', confirmationFinal: true });
    await Promise.resolve();
    expect(outcome).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('the vote waits for an unlocked vault when the wait for its unvote outlasted the auto-lock', async () => {
    let unlocked = false;
    const { listeners, subscribe } = listenerSet();
    let done = false;
    void until(() => unlocked, subscribe).then(() => (done = true));
    listeners.forEach((listener) => listener());
    await Promise.resolve();
    expect(done).toBe(false);
    unlocked = true;
    listeners.forEach((listener) => listener());
    await Promise.resolve();
    expect(done).toBe(true);
    expect(listeners.size).toBe(0);
    await expect(until(() => true, subscribe)).resolves.toBeUndefined();
  });

  it('the lock gate says what waits behind it from the moment the vault locks, not only once the unvote is final', async () => {
    // A browser-shell window hears no transaction events while locked (src/cli/window-gate.ts): the gate cannot
    // wait for the unvote to be final before it says why the person should unlock.
    let pending: PendingView[] = [];
    let unlocked = true;
    const notes: (string | undefined)[] = [];
    const { listeners, subscribe } = listenerSet();
    const change = () => [...listeners].forEach((listener) => listener());
    let outcome: boolean | undefined;
    void unvoteFinalAndUnlocked(
      { pending: () => pending, unlocked: () => unlocked, subscribe, gateNote: (words) => notes.push(words) },
      'a',
      'Vote change',
    ).then((value) => (outcome = value));
    expect(notes).toEqual([]);
    unlocked = false; // the auto-lock, while the unvote is not final yet
    change();
    expect(notes).toEqual([
      'Vote change: waiting for the unvote to be final (a round deep); unlock the vault to follow it and review the vote.',
    ]);
    unlocked = true; // unlocked again: the note goes, the wait goes on
    change();
    expect(notes.at(-1)).toBeUndefined();
    unlocked = false;
    change();
    pending = [{ id: 'a', status: 'confirmed', confirmationFinal: true } as PendingView];
    change();
    await Promise.resolve();
    expect(notes.at(-1)).toBe('Vote change: the unvote is final; unlock the vault to review the vote.');
    expect(outcome).toBeUndefined();
    unlocked = true;
    change();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(outcome).toBe(true);
    expect(notes.at(-1)).toBeUndefined();
    expect(listeners.size).toBe(0);
  });

  it('an unvote rejected while locked ends the wait and clears the gate', async () => {
    let pending: PendingView[] = [];
    const notes: (string | undefined)[] = [];
    const { listeners, subscribe } = listenerSet();
    const wait = unvoteFinalAndUnlocked(
      { pending: () => pending, unlocked: () => false, subscribe, gateNote: (words) => notes.push(words) },
      'a',
      'Vote change',
    );
    expect(notes).toHaveLength(1);
    pending = [{ id: 'a', status: 'rejected' } as PendingView];
    [...listeners].forEach((listener) => listener());
    await expect(wait).resolves.toBe(false);
    expect(notes.at(-1)).toBeUndefined();
    expect(listeners.size).toBe(0);
  });
});
