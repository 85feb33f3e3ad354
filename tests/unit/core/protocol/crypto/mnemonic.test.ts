import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import { generateMnemonic, isValidMnemonic } from '../../../../../src/core/protocol/crypto';

describe('mnemonics', () => {
  it('generates 24 English words by default, 12 on request, all different each time', () => {
    const long = generateMnemonic();
    expect(long.split(' ')).toHaveLength(24);
    expect(long.split(' ').every((w) => wordlist.includes(w))).toBe(true);
    expect(generateMnemonic(12).split(' ')).toHaveLength(12);
    expect(generateMnemonic()).not.toBe(long);
  });

  it('validates generated mnemonics and rejects a changed word', () => {
    for (const length of [24, 12] as const) {
      const words = generateMnemonic(length).split(' ');
      expect(isValidMnemonic(words.join(' '))).toBe(true);
      // The last word carries the checksum: of the 2048 choices exactly 2^(entropy bits in it) are valid,
      // 8 for 24 words (3 entropy + 8 checksum bits) and 128 for 12 words (7 + 4), so most changes are rejected.
      const validLastWords = wordlist.filter((w) => isValidMnemonic([...words.slice(0, -1), w].join(' ')));
      expect(validLastWords).toHaveLength(length === 24 ? 8 : 128);
      expect(validLastWords).toContain(words.at(-1));
      expect(isValidMnemonic(['notaword', ...words.slice(1)].join(' '))).toBe(false);
    }
    const known = `${'abandon '.repeat(11)}about`;
    expect(isValidMnemonic(known)).toBe(true);
    expect(isValidMnemonic(known.replace(/about$/, 'above'))).toBe(false);
  });

  it('rejects wrong lengths and non-strings', () => {
    expect(isValidMnemonic('')).toBe(false);
    expect(isValidMnemonic(generateMnemonic(12).split(' ').slice(1).join(' '))).toBe(false);
    expect(isValidMnemonic(undefined as unknown as string)).toBe(false);
    expect(() => generateMnemonic(18 as 12)).toThrow(expect.objectContaining({ code: 'ERR_MNEMONIC' }));
  });
});
