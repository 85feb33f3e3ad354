import { describe, expect, it } from 'vitest';
import { autoLockProblem } from '../../../src/renderer/features/settings/auto-lock';

describe('the auto-lock field', () => {
  it('takes whole minutes from 0 to a day', () => {
    expect(autoLockProblem('0')).toBeUndefined();
    expect(autoLockProblem(' 15 ')).toBeUndefined();
    expect(autoLockProblem('1440')).toBeUndefined();
  });
  it('refuses "0.5" (read as 0, never lock, before), negatives, words and more than a day, in a sentence', () => {
    for (const text of ['0.5', '0,5', '-1', 'ten', '', '1441']) {
      expect(autoLockProblem(text)).toBe('Enter a whole number of minutes from 0 (never) to 1440.');
    }
  });
});
