import { describe, expect, it } from 'vitest';
import { plainNodeMessage } from '../../../src/renderer/lib/node-words';

describe("a node's refusal in words", () => {
  it("drops ARK's transaction prefix with its internal handler name", () => {
    expect(
      plainNodeMessage(
        'It does not apply: D61mfSggzbvQgTUe6JhYKH2doHaqJ3Dyib#3 1a2b3c4d HtlcClaim v2 cannot be applied: the lock is claimed',
      ),
    ).toBe('It does not apply: it cannot be applied: the lock is claimed');
  });

  it('writes internal type names as words', () => {
    expect(plainNodeMessage('no pending htlcClaim for this lock')).toBe(
      'no pending HTLC claim for this lock',
    );
    expect(plainNodeMessage('a delegateRegistration is pending')).toBe('a delegate registration is pending');
  });

  it('leaves plain text alone', () => {
    expect(plainNodeMessage('The fee is lower than this node accepts.')).toBe(
      'The fee is lower than this node accepts.',
    );
  });
});
