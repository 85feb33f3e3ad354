/** Verdict keys (src/core/protocol/crypto/verdicts.ts) tell apart checks whose bytes concatenate alike. */
import { describe, expect, it } from 'vitest';
import { verdictKey } from '../../../../../src/core/protocol/crypto/verdicts';

describe('verdict keys', () => {
  it('differ when the same bytes are split differently between signature and key', () => {
    const hash = new Uint8Array(32).fill(1);
    const joined = Uint8Array.from({ length: 104 }, (_, i) => i);
    const a = verdictKey('ecdsa', hash, joined.subarray(0, 71), joined.subarray(71));
    const b = verdictKey('ecdsa', hash, joined.subarray(0, 70), joined.subarray(70));
    expect(a).not.toBe(b);
    expect(verdictKey('ecdsa', hash, joined.subarray(0, 71), joined.subarray(71))).toBe(a);
    expect(verdictKey('schnorr', hash, joined.subarray(0, 71), joined.subarray(71))).not.toBe(a);
  });
});
