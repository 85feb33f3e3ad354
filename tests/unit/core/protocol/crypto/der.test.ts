import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactFromStrictDer, derFromCompact } from '../../../../../src/core/protocol/crypto';
import { fromHex, toHex } from '../../../../../src/core/protocol/hex';

const VALID = fromHex(
  '304402201d7cbf2bc1650a180ae4d4b22493d75a09e0693f063f114547e1a5088fb3af580220628f9e44eff2938bdc09d01a8f31faf59b6e651383683097c45d5edd642f5549',
);
const HIGH_R = fromHex(
  '3045022100fb40d59ca77a4fc889740f16f6a377f010fc8c0516915a059e74b46be2ae013602207b192ebed0452598157fac6f3bd57663bf6d022c289403b67776a833d78f7c57',
);

function edit(bytes: Uint8Array, index: number, value: number): Uint8Array {
  const out = Uint8Array.from(bytes);
  out[index] = value;
  return out;
}

describe('DER signatures (protocol reference §3.2)', () => {
  it('round-trips any compact signature through minimal DER', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (compact) => {
        const der = derFromCompact(compact);
        expect(der.length).toBeGreaterThanOrEqual(8);
        expect(der.length).toBeLessThanOrEqual(72);
        expect(compactFromStrictDer(der)).toEqual(compact);
      }),
      { numRuns: 300 },
    );
  });

  it('encodes small and high-bit integers minimally', () => {
    const compact = new Uint8Array(64);
    compact[31] = 1;
    compact[32] = 0x80;
    expect(toHex(derFromCompact(compact))).toBe(`3026020101022100${'80'.padEnd(64, '0')}`);
  });

  it('accepts the strict vectors and rejects every non-strict variation', () => {
    expect(compactFromStrictDer(VALID)).toBeDefined();
    expect(compactFromStrictDer(HIGH_R)).toBeDefined();
    const rejected: Uint8Array[] = [
      new Uint8Array(0),
      VALID.subarray(0, 7),
      Uint8Array.from([...VALID, 0]), // trailing byte
      edit(VALID, 0, 0x31), // not a SEQUENCE
      edit(VALID, 1, 0x45), // wrong total length
      edit(VALID, 2, 0x03), // r is not an INTEGER
      edit(VALID, 36, 0x03), // s is not an INTEGER
      edit(VALID, 3, 0x21), // r length runs into s
      edit(VALID, 4, 0x9d), // negative r
      edit(HIGH_R, 4, 0x01), // 33-byte r without a sign pad: ≥ 2^256
      fromHex(`3045022100${toHex(VALID.subarray(4, 36))}${toHex(VALID.subarray(36))}`), // non-minimal r
      fromHex('3006020100020100').subarray(0, 7),
      fromHex('300602000201010000'),
    ];
    for (const der of rejected) expect(compactFromStrictDer(der), toHex(der)).toBeUndefined();
  });

  it('rejects a compact signature that is not 64 bytes with ERR_SIGNATURE', () => {
    expect(() => derFromCompact(new Uint8Array(63))).toThrow(
      expect.objectContaining({ code: 'ERR_SIGNATURE' }),
    );
  });
});
