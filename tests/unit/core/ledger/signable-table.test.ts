/**
 * The kinds ARK's Ledger app signs are one table (shared/domain/ledger-signable.ts): the core refuses a transaction
 * with the very sentence the renderer shows when it leaves a Ledger wallet out of a form, and signs what it offers.
 */
import { describe, expect, it } from 'vitest';
import { checkDeviceCanSign, LedgerError } from '../../../../src/core/ledger';
import {
  prepareTransaction,
  signingBytes,
  type TransactionDraft,
} from '../../../../src/core/protocol/transactions';
import { LEDGER_SIGNABLE, ledgerRefusal } from '../../../../src/shared/domain/ledger-signable';
import { createTestChain } from '../../../node/support/chain-fixture';

const chain = createTestChain();
const sender = chain.users[0]!;

function refusal(draft: TransactionDraft): string | undefined {
  const tx = prepareTransaction(
    { ...draft, senderPublicKey: sender.publicKey },
    { network: chain.network, height: 2 },
  );
  try {
    checkDeviceCanSign(tx, signingBytes(tx));
  } catch (error) {
    return error instanceof LedgerError ? error.message : `not a LedgerError: ${String(error)}`;
  }
  return undefined;
}

describe('one table of what the Ledger signs, for the core and the renderer', () => {
  it.each([
    ['delegateResignation', { type: 7, nonce: 1n }],
    ['delegateRegistration', { type: 2, nonce: 1n, asset: { delegate: { username: 'someone' } } }],
    [
      'secondSignature',
      { type: 1, nonce: 1n, asset: { signature: { publicKey: chain.users[1]!.publicKey } } },
    ],
    [
      'multiSignature',
      {
        type: 4,
        nonce: 1n,
        asset: { multiSignature: { min: 1, publicKeys: [sender.publicKey, chain.users[1]!.publicKey] } },
      },
    ],
  ] as const)('the core refuses a %s with the renderer’s sentence', (kind, draft) => {
    expect(ledgerRefusal(kind)).toBeDefined();
    expect(refusal(draft as TransactionDraft)).toBe(ledgerRefusal(kind));
  });

  it('signs a transfer and a vote, the kinds the forms offer a Ledger wallet for', () => {
    expect(LEDGER_SIGNABLE.transfer.signs && LEDGER_SIGNABLE.vote.signs).toBe(true);
    expect(refusal({ type: 0, nonce: 1n, amount: 1n, recipientId: chain.users[1]!.address })).toBeUndefined();
    expect(
      refusal({ type: 3, nonce: 1n, asset: { votes: [`+${chain.delegates[0]!.publicKey}`] } }),
    ).toBeUndefined();
  });
});
