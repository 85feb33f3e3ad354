import { describe, expect, it } from 'vitest';
import { devnet, epochUnixMs } from '../../src/core/protocol/networks';
import {
  epochTimestamp,
  formatTimestamp,
  isForgingAllowed,
  slotInfo,
  slotNumber,
  slotStartTime,
  slotTime,
  unixMsFromEpoch,
} from '../../src/core/protocol/time';
import vectors from '../fixtures/vectors/slots.json';

describe('slots.json: epoch', () => {
  it('uses the devnet epoch of the vectors', () => {
    expect(epochUnixMs(devnet)).toBe(vectors.epochUnixMs);
    expect(new Date(epochUnixMs(devnet)).toISOString()).toBe(vectors.epoch);
  });

  it.each(vectors.getTime)('getTime($unixMs) = $epochSeconds', ({ unixMs, epochSeconds }) => {
    expect(epochTimestamp(unixMs, devnet)).toBe(epochSeconds);
  });
});

describe('slots.json: getSlotInfo', () => {
  it.each(vectors.slots)('timestamp $timestamp', (entry) => {
    expect(epochTimestamp(entry.unixMs, devnet)).toBe(entry.timestamp);
    expect(unixMsFromEpoch(entry.timestamp, devnet)).toBe(entry.unixMs);
    const info = slotInfo(entry.timestamp, devnet, 6000000);
    expect(info).toEqual({
      startTime: entry.startTime,
      endTime: entry.endTime,
      blockTime: entry.blockTime,
      slotNumber: entry.slotNumber,
      forgingStatus: entry.forgingStatus,
    });
    // Without a height (devnet has a single blocktime) the answer is the same.
    expect(slotInfo(entry.timestamp, devnet)).toEqual(info);
    expect(slotNumber(entry.timestamp, vectors.blocktime)).toBe(entry.slotNumber);
    expect(slotStartTime(entry.slotNumber, vectors.blocktime)).toBe(entry.slotTime);
    expect(slotTime(entry.slotNumber, devnet, 6000000)).toBe(entry.slotTime);
    expect(isForgingAllowed(entry.timestamp, devnet)).toBe(entry.forgingStatus);
    expect(formatTimestamp(entry.timestamp, devnet)).toEqual({
      epoch: entry.timestamp,
      unix: entry.unixMs / 1000,
      human: new Date(entry.unixMs).toISOString(),
    });
  });
});
