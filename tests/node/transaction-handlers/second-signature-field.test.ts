/**
 * devnet's `ignoreInvalidSecondSignatureField` window: a second signature from a wallet without a second key is
 * accepted there (core-transactions `handlers/transaction.ts` performGenericWalletChecks: the milestone flag *and*
 * the network's name "devnet"), read at the milestone of the block before.
 */
import { describe, expect, it } from 'vitest';
import {
  applyTransaction,
  isApplyError,
  type HandlerContext,
} from '../../../src/core/node/transaction-handlers';
import type { Network } from '../../../src/core/protocol/networks';
import { TEST_MILESTONES } from '../support/chain-fixture';
import { harness } from '../support/handler-harness';

function named(network: Network, name: string, ignore: boolean): Network {
  return {
    ...network,
    network: { ...network.network, name },
    milestones: [
      TEST_MILESTONES[0]!,
      { height: 3, ignoreInvalidSecondSignatureField: ignore },
      { height: 10, ignoreInvalidSecondSignatureField: !ignore },
    ],
  };
}

function outcome(name: string, ignore: boolean, ctx: Partial<HandlerContext> = {}): string {
  const base = harness();
  const h = harness({ network: named(base.chain.network, name, ignore), ...ctx });
  const tx = h.tx(
    { type: 0, amount: 1n, recipientId: h.bob.address },
    h.alice.passphrase,
    'no such second key',
  );
  try {
    applyTransaction(tx, h.state, h.ctx);
    return 'applied';
  } catch (error) {
    if (isApplyError(error)) return error.message;
    throw error;
  }
}

describe('ignoreInvalidSecondSignatureField', () => {
  const at = (height: number): Partial<HandlerContext> => ({
    height,
    lastBlock: { height: height - 1, timestamp: 0 },
  });

  it('lets a stray second signature through on devnet while the milestone is on', () => {
    expect(outcome('devnet', true, at(4))).toBe('applied');
  });

  it('reads the milestone of the block before: not yet in the milestone’s own block, still in the block after its end', () => {
    expect(outcome('devnet', true, at(3))).toMatch(
      /has no second public key but the transaction has a second signature/,
    );
    expect(outcome('devnet', true, at(10))).toBe('applied');
    expect(outcome('devnet', true, at(11))).toMatch(/has no second public key/);
  });

  it('is devnet’s only: another network with the flag refuses it', () => {
    expect(outcome('votarytest', true, at(4))).toMatch(/has no second public key/);
  });
});
