/** Signature checks packed for a worker (src/core/parallel/packed-checks.ts) come back exactly as they went. */
import { describe, expect, it } from 'vitest';
import { packChecks, unpackChecks } from '../../../../src/core/parallel/packed-checks';
import type { SignatureCheck } from '../../../../src/core/parallel/signature-checks';

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);

describe('packed signature checks', () => {
  it('round-trip every length and algorithm, in order', () => {
    const checks: SignatureCheck[] = [
      { algorithm: 'schnorr', hash: bytes(32, 1), signature: bytes(64, 2), publicKey: bytes(33, 3) },
      { algorithm: 'ecdsa', hash: bytes(32, 4), signature: bytes(71, 5), publicKey: bytes(65, 6) },
      { algorithm: 'ecdsa', hash: bytes(0, 0), signature: bytes(0, 0), publicKey: bytes(1, 7) },
    ];
    const packed = packChecks(checks)!;
    expect(packed.length).toBe(3 * 4 + 32 + 64 + 33 + 32 + 71 + 65 + 1);
    expect(unpackChecks(packed)).toEqual(checks);
  });

  it('refuse to pack a part longer than 255 bytes, and to unpack a cut buffer', () => {
    const long = {
      algorithm: 'ecdsa' as const,
      hash: bytes(32, 1),
      signature: bytes(256, 2),
      publicKey: bytes(33, 3),
    };
    expect(packChecks([long])).toBeUndefined();
    const packed = packChecks([{ ...long, signature: bytes(70, 2) }])!;
    expect(() => unpackChecks(packed.subarray(0, packed.length - 1))).toThrow('malformed');
    expect(() => unpackChecks(packed.subarray(0, 2))).toThrow('inside a header');
  });
});
