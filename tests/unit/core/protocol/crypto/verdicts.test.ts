/** Prefetched signature verdicts (src/core/protocol/crypto/verdicts.ts): used once, keyed by everything, bounded. */
import { describe, expect, it } from 'vitest';
import {
  clearVerdicts,
  rememberVerdicts,
  takeVerdict,
  verdictKey,
  waitingVerdicts,
} from '../../../../../src/core/protocol/crypto/verdicts';

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);

describe('verdicts', () => {
  it('are taken once and only for the exact check they were computed for', () => {
    clearVerdicts();
    const [hash, signature, key] = [bytes(32, 1), bytes(64, 2), bytes(33, 3)];
    rememberVerdicts([[verdictKey('schnorr', hash, signature, key), true]]);
    expect(takeVerdict('ecdsa', hash, signature, key)).toBeUndefined();
    expect(takeVerdict('schnorr', bytes(32, 9), signature, key)).toBeUndefined();
    expect(takeVerdict('schnorr', hash, signature, key)).toBe(true);
    expect(takeVerdict('schnorr', hash, signature, key)).toBeUndefined();
  });

  it('keep at most 50,000, dropping the oldest', () => {
    clearVerdicts();
    rememberVerdicts(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, true] as const));
    expect(waitingVerdicts()).toBe(50_000);
    clearVerdicts();
  });
});
