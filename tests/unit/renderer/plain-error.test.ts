/** No developer text reaches the person (src/renderer/lib/errors.ts): channels, paths and protocol words. */
import { describe, expect, it } from 'vitest';
import { plainError } from '../../../src/renderer/lib/errors';
import { VotaryError } from '../../../src/shared/ipc/errors';

describe('errors in words', () => {
  it('a refused request names the field in words, never the channel or the path', () => {
    const error = new VotaryError({
      code: 'ERR_INVALID_REQUEST',
      message: 'The request to tx:send is invalid: draft.recipientId: Invalid string',
      details: { issues: [{ path: 'draft.recipientId', message: 'Invalid string' }] },
    });
    const plain = plainError(error);
    expect(plain.message).toBe('Check the recipient address: it is not valid.');
    expect(plain.message).not.toMatch(/tx:send|draft\.|recipientId/);
    const two = plainError(
      new VotaryError({
        code: 'ERR_INVALID_REQUEST',
        message: 'x',
        details: { issues: [{ path: 'draft.payments.1.amount' }, { path: 'draft.memo' }] },
      }),
    );
    expect(two.message).toBe('Check the amount, memo: they are not valid.');
  });
  it('says memo for the vendor field', () => {
    expect(
      plainError(
        new VotaryError({ code: 'ERR_SCHEMA', message: 'The vendor field is longer than 255 bytes' }),
      ).message,
    ).toBe('The memo is longer than 255 bytes');
  });
});
