import { describe, expect, it } from 'vitest';
import { usernameProblem } from '../../../src/shared/lib/delegate-name';

describe('usernameProblem', () => {
  it('accepts a name ARK accepts', () => {
    expect(usernameProblem('genesis_1')).toBeUndefined();
    expect(usernameProblem('a!@$&_.9')).toBeUndefined();
  });

  it('names every fault of a name at once: capitals and a space', () => {
    expect(usernameProblem('Bad Name')).toBe(
      'A delegate name is written in lowercase letters only, with no spaces.',
    );
  });

  it('names a space alone, and other characters by themselves', () => {
    expect(usernameProblem('bad name')).toBe('A delegate name has no spaces.');
    expect(usernameProblem('bad name#')).toBe(
      'A delegate name has no spaces and may hold only lowercase letters, digits and ! @ $ & _ . — not #.',
    );
    expect(usernameProblem('Bad')).toBe('A delegate name is written in lowercase letters only.');
    expect(usernameProblem('bad#name%')).toBe(
      'A delegate name may hold only lowercase letters, digits and ! @ $ & _ . — not # %.',
    );
    expect(usernameProblem('Bad name#')).toBe(
      'A delegate name is written in lowercase letters only, with no spaces, and may hold only lowercase letters, digits and ! @ $ & _ . — not #.',
    );
  });

  it('says an empty or long name as before', () => {
    expect(usernameProblem('')).toBe('Enter a delegate name.');
    expect(usernameProblem('a'.repeat(21))).toBe(
      'A delegate name is at most 20 characters; this one has 21.',
    );
  });
});
