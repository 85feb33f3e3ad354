import { describe, expect, it } from 'vitest';
import { counted, peerCountWords } from '../../../src/renderer/lib/counts';

describe('counts in words', () => {
  it('says one or many, never "(s)"', () => {
    expect(counted(1, 'peer')).toBe('1 peer');
    expect(counted(0, 'peer')).toBe('0 peers');
    expect(counted(1200, 'block')).toBe('1,200 blocks');
  });
  it('the embedded node has no peers by design, not "0"', () => {
    expect(peerCountWords(0, true)).toBe('none (runs alone)');
    expect(peerCountWords(3, false)).toBe('3 peers');
    expect(peerCountWords(undefined, false)).toBe('—');
  });
});
