import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../../../../src/core/protocol/errors';
import { devnet, type Network } from '../../../../../src/core/protocol/networks';
import {
  epochTimestamp,
  formatTimestamp,
  milestoneSpans,
  slotInfo,
  slotTime,
  unixSecondsFromEpoch,
} from '../../../../../src/core/protocol/time';

/** devnet with blocktime raised from 8 s to 10 s at height 101. */
const changing: Network = {
  ...devnet,
  milestones: [devnet.milestones[0]!, { height: 101, blocktime: 10 }],
};

/** One block per slot from genesis: the block at height h was forged at (h − 1) × 8 before the change. */
const lookup = (height: number): number => (height - 1) * 8;

describe('epoch conversions', () => {
  it('floors sub-second and pre-epoch times', () => {
    expect(epochTimestamp(1490101200000 + 1999, devnet)).toBe(1);
    expect(epochTimestamp(1490101200000 - 1, devnet)).toBe(-1);
  });

  it('formats the API timestamp triple in UTC with milliseconds', () => {
    expect(formatTimestamp(150000000, devnet)).toEqual({
      epoch: 150000000,
      unix: 1640101200,
      human: '2021-12-21T15:40:00.000Z',
    });
    expect(unixSecondsFromEpoch(0, devnet)).toBe(1490101200);
  });
});

describe('blocktime spans', () => {
  it('devnet has a single 8 s span', () => {
    expect(milestoneSpans(devnet, 'blocktime')).toEqual([{ startHeight: 1, value: 8 }]);
  });

  it('counts earlier spans from block timestamps', () => {
    expect(milestoneSpans(changing, 'blocktime')).toEqual([
      { startHeight: 1, value: 8 },
      { startHeight: 101, value: 10 },
    ]);
    // Before the change nothing differs.
    expect(slotInfo(792, changing, 100, lookup)).toEqual({
      startTime: 792,
      endTime: 799,
      blockTime: 8,
      slotNumber: 99,
      forgingStatus: true,
    });
    // Span 1 holds floor((792 + 8 − 0) / 8) = 100 slots and ends at 800; span 2 counts 10 s slots from there.
    expect(slotInfo(800, changing, 101, lookup).slotNumber).toBe(100);
    expect(slotInfo(815, changing, 101, lookup)).toEqual({
      startTime: 810,
      endTime: 819,
      blockTime: 10,
      slotNumber: 101,
      forgingStatus: false,
    });
    expect(slotTime(101, changing, 101, lookup)).toBe(810);
  });

  it('refuses to guess across spans without block timestamps or a height', () => {
    expect(() => slotInfo(815, changing, 101)).toThrow(ProtocolError);
    expect(() => slotInfo(815, changing)).toThrow(ProtocolError);
  });
});
