/** A lock's expiry is checked in the form against the network's rule (more than one round ahead). */
import { describe, expect, it } from 'vitest';
import { lockExpiryProblem } from '../../../src/renderer/features/locks/lock-state';

describe('lock expiry', () => {
  it('takes only an expiry more than one round past the tip', () => {
    expect(lockExpiryProblem('height', '21', 21, 8)).toBe(
      'Nodes take a lock only more than one round ahead: over 21 blocks.',
    );
    expect(lockExpiryProblem('height', '22', 21, 8)).toBeUndefined();
    expect(lockExpiryProblem('time', '168', 21, 8)).toBe(
      'Nodes take a lock only more than one round ahead: over 168 seconds (21 blocks of 8 s).',
    );
    expect(lockExpiryProblem('time', '169', 21, 8)).toBeUndefined();
  });
  it('asks for a whole number', () => {
    for (const text of ['', '0', '-5', '1.5', 'soon']) {
      expect(lockExpiryProblem('time', text, 21, 8)).toBe('Enter a whole number of seconds.');
    }
    expect(lockExpiryProblem('height', '5', undefined, undefined)).toBeUndefined();
  });
});
