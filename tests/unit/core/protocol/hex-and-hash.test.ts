import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ripemd160, sha256 } from '../../../../src/core/protocol/hash';
import { ripemd160 as nobleRipemd160 } from '@noble/hashes/legacy.js';
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
    // Characters beyond ASCII whose low byte is a hex digit ('İ' is U+0130, 'ı' U+0131) are no digits either.
    for (const bad of ['0', '00z0', 'zz', '00 1', '0x00', 'ab\n', '0\u0130', '\u01310', 'ab\u0161\u0161']) {
      expect(() => fromHex(bad, 'signature')).toThrow(ProtocolError);
      expect(() => fromHex(bad, 'signature')).toThrow('signature must be an even-length hexadecimal string');
    }
  });

  it('decodes exactly the strings of hex digit pairs, and every byte value (a generated comparison)', () => {
    const pairs = /^(?:[0-9a-fA-F]{2})*$/;
    const alphabet = '0123456789abcdefABCDEFgGzZ -+\u0000\u00ff\u0100\u0130\u0131\u0161\u2028é😀xX.:\n';
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let i = 0; i < 20_000; i++) {
      let text = '';
      for (let n = next(9); n > 0; n--) text += alphabet[next(alphabet.length)];
      const decoded = (() => {
        try {
          return fromHex(text);
        } catch {
          return undefined;
        }
      })();
      expect(decoded !== undefined, JSON.stringify(text)).toBe(pairs.test(text));
      if (decoded !== undefined) expect(toHex(decoded)).toBe(text.toLowerCase());
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect([...fromHex(Buffer.from(all).toString('hex').toUpperCase())]).toEqual([...all]);
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

describe('ripemd160', () => {
  it('hashes as @noble/hashes does, into a digest of its own', () => {
    for (const length of [0, 1, 33, 65, 150]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 91 + length) & 0xff);
      expect(toHex(ripemd160(data))).toBe(toHex(nobleRipemd160(data)));
    }
    const digest = ripemd160(new Uint8Array(33).fill(2));
    expect(digest.byteLength).toBe(20);
    expect(digest.buffer.byteLength).toBe(20);
  });
});
