import { describe, expect, it } from 'vitest';
import { devnet } from '../../src/core/protocol/networks';
import { forgingInfo, isNewRound, roundInfo, shuffleDelegates } from '../../src/core/protocol/rounds';
import { sha256 } from '../../src/core/protocol/hash';
import { toHex } from '../../src/core/protocol/hex';
import vectors from '../fixtures/vectors/rounds.json';

describe('rounds.json: calculateRound / isNewRound', () => {
  it.each(vectors.rounds)('height $height', (entry) => {
    const expected = {
      round: entry.round,
      roundHeight: entry.roundHeight,
      nextRound: entry.nextRound,
      maxDelegates: entry.maxDelegates,
    };
    expect(roundInfo(entry.height, vectors.activeDelegates)).toEqual(expected);
    expect(roundInfo(entry.height, devnet)).toEqual(expected);
    expect(isNewRound(entry.height, vectors.activeDelegates)).toBe(entry.isNewRound);
    expect(isNewRound(entry.height, devnet)).toBe(entry.isNewRound);
  });
});

describe('rounds.json: shuffles (51 delegates)', () => {
  it('has 51 ranked delegates as input', () => {
    expect(vectors.rankedDelegatesInput).toHaveLength(51);
  });

  it.each(vectors.shuffles)('round $round', (entry) => {
    expect(toHex(sha256(String(entry.round)))).toBe(entry.seedSha256OfRoundString);
    const input = [...vectors.rankedDelegatesInput];
    expect(shuffleDelegates(input, entry.round)).toEqual(entry.output);
    expect(input).toEqual(vectors.rankedDelegatesInput);
  });
});

describe('rounds.json: smallShuffles (7 delegates)', () => {
  it.each(vectors.smallShuffles)('round $round', (entry) => {
    expect(entry.input).toHaveLength(7);
    expect(shuffleDelegates(entry.input, entry.round)).toEqual(entry.output);
  });
});

describe('rounds.json: forging info', () => {
  it.each(vectors.forging)('timestamp $timestamp at height $height', (entry) => {
    expect(roundInfo(entry.height, devnet).round).toBe(entry.round);
    const roundDelegates = shuffleDelegates(vectors.rankedDelegatesInput, entry.round);
    expect(forgingInfo(entry.timestamp, entry.height, roundDelegates, devnet)).toEqual({
      currentForger: entry.currentForger,
      nextForger: entry.nextForger,
      blockTimestamp: entry.blockTimestamp,
      canForge: entry.canForge,
      currentForgerPublicKey: entry.currentForgerPublicKey,
      nextForgerPublicKey: entry.nextForgerPublicKey,
    });
  });
});
