import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../../src/core/protocol/hash';
import { fromHex, toHex } from '../../../../src/core/protocol/hex';
import { ProtocolError } from '../../../../src/core/protocol/errors';

describe('fromHex', () => {
  it('decodes either case into bytes of their own', () => {
    const bytes = fromHex('00ff7fA0');
    expect([...bytes]).toEqual([0x00, 0xff, 0x7f, 0xa0]);
    // Callers may hand `.buffer` on (a DataView, a transferred worker message): it must hold these bytes alone.
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(4);
    expect(fromHex('')).toHaveLength(0);
  });

  it('refuses what a lenient decoder would cut short instead of decoding a prefix', () => {
    // Node's own decoder stops at the first bad pair ("00zz" → one byte) and ignores an odd last digit.
    for (const bad of ['0', '00z0', 'zz', '00 1', '0x00', 'ab\n']) {
      expect(() => fromHex(bad, 'signature')).toThrow(ProtocolError);
      expect(() => fromHex(bad, 'signature')).toThrow('signature must be an even-length hexadecimal string');
    }
  });
});

describe('sha256', () => {
  it('hashes bytes and UTF-8 text as SHA-256, into a digest of its own', () => {
    const data = Uint8Array.from({ length: 150 }, (_, i) => (i * 37) & 0xff);
    expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
    expect(toHex(sha256('votary ✓'))).toBe(createHash('sha256').update('votary ✓', 'utf8').digest('hex'));
    expect(toHex(sha256(new Uint8Array(0)))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    const digest = sha256(data.subarray(10, 20));
    expect(digest.byteLength).toBe(32);
    expect(digest.buffer.byteLength).toBe(32);
  });
});
