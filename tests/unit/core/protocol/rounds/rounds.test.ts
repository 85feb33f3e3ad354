import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../../../../src/core/protocol/errors';
import { devnet, type Network } from '../../../../../src/core/protocol/networks';
import {
  forgerIndex,
  forgingInfo,
  isNewRound,
  missedSlots,
  rankDelegates,
  roundInfo,
  shuffleDelegates,
} from '../../../../../src/core/protocol/rounds';

const key = (n: number): string => `02${n.toString(16).padStart(64, '0')}`;

describe('rankDelegates', () => {
  it('orders by vote balance, breaks ties by public key, drops resigned, keeps the top n', () => {
    const delegates = [
      { publicKey: key(3), voteBalance: 10n },
      { publicKey: key(1), voteBalance: 10n },
      { publicKey: key(2), voteBalance: 50n },
      { publicKey: key(4), voteBalance: 99n, resigned: true },
      { publicKey: key(5), voteBalance: 1n },
    ];
    const snapshot = structuredClone(delegates);
    expect(rankDelegates(delegates, 3).map((d) => d.publicKey)).toEqual([key(2), key(1), key(3)]);
    expect(rankDelegates(delegates, 10)).toHaveLength(4);
    expect(delegates).toEqual(snapshot);
  });

  it('compares balances as bigints beyond 2^53', () => {
    const big = 2n ** 60n;
    const ranked = rankDelegates(
      [
        { publicKey: key(1), voteBalance: big },
        { publicKey: key(2), voteBalance: big + 1n },
      ],
      2,
    );
    expect(ranked[0]!.publicKey).toBe(key(2));
  });

  it('rejects a public key listed twice', () => {
    const d = { publicKey: key(1), voteBalance: 1n };
    expect(() => rankDelegates([d, { ...d }], 2)).toThrow(ProtocolError);
  });
});

describe('shuffleDelegates', () => {
  it('is a deterministic permutation that leaves its input alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 80 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (list, round) => {
          const copy = [...list];
          const shuffled = shuffleDelegates(list, round);
          expect(list).toEqual(copy);
          expect([...shuffled].sort((a, b) => a - b)).toEqual([...list].sort((a, b) => a - b));
          expect(shuffleDelegates(list, round)).toEqual(shuffled);
        },
      ),
    );
  });

  it('handles empty and single lists', () => {
    expect(shuffleDelegates([], 1)).toEqual([]);
    expect(shuffleDelegates(['a'], 7)).toEqual(['a']);
  });
});

describe('rounds across an activeDelegates change', () => {
  /** devnet with 53 delegates from height 103 (the first height of round 3). */
  const changing: Network = {
    ...devnet,
    milestones: [devnet.milestones[0]!, { height: 103, activeDelegates: 53 }],
  };

  it('counts whole earlier rounds and the new size after the change', () => {
    expect(roundInfo(102, changing)).toEqual({ round: 2, roundHeight: 52, nextRound: 3, maxDelegates: 51 });
    expect(roundInfo(103, changing)).toEqual({ round: 3, roundHeight: 103, nextRound: 3, maxDelegates: 53 });
    expect(roundInfo(155, changing)).toEqual({ round: 3, roundHeight: 103, nextRound: 4, maxDelegates: 53 });
    expect(roundInfo(156, changing)).toEqual({ round: 4, roundHeight: 156, nextRound: 4, maxDelegates: 53 });
    expect(isNewRound(103, changing)).toBe(true);
    expect(isNewRound(154, changing)).toBe(false);
    expect(isNewRound(156, changing)).toBe(true);
  });

  it('rejects a change that is not at a round boundary', () => {
    const bad: Network = {
      ...devnet,
      milestones: [devnet.milestones[0]!, { height: 104, activeDelegates: 53 }],
    };
    expect(() => roundInfo(200, bad)).toThrow(ProtocolError);
  });

  it('needs block timestamps to place forgers after the change', () => {
    expect(() => forgingInfo(2000, 110, [], changing)).toThrow(ProtocolError);
    // One block per 8 s slot from genesis: height 103 sits in slot 102, which becomes forger index 0.
    const info = forgingInfo(102 * 8, 103, [], changing, (h) => (h - 1) * 8);
    expect(info.currentForger).toBe(0);
    expect(forgingInfo(103 * 8 + 53 * 8, 160, [], changing, (h) => (h - 1) * 8).currentForger).toBe(1);
  });

  it('rejects invalid heights', () => {
    expect(() => roundInfo(0, 51)).toThrow(ProtocolError);
    expect(() => isNewRound(1.5, 51)).toThrow(ProtocolError);
  });
});

describe('forgers and missed slots', () => {
  it('takes the forger index from the absolute slot number', () => {
    expect(forgerIndex(18750000, 51)).toBe(3);
    expect(forgerIndex(10, 51, 8)).toBe(2);
    expect(forgerIndex(5, 51, 8)).toBe(48);
    expect(() => forgerIndex(1, 0)).toThrow(ProtocolError);
  });

  it('charges each skipped slot to its owner, at most n of them', () => {
    const list = ['a', 'b', 'c', { publicKey: 'd' }];
    expect(missedSlots(5, 6, list)).toEqual([]);
    expect(missedSlots(5, 9, list)).toEqual([
      { slot: 6, publicKey: 'c' },
      { slot: 7, publicKey: 'd' },
      { slot: 8, publicKey: 'a' },
    ]);
    expect(missedSlots(0, 100, list)).toHaveLength(4);
    expect(missedSlots(0, 100, [])).toEqual([]);
  });
});
