/**
 * Drafts follow the network's milestone at the next height (drafts.ts `checkNetworkRules`), with ARK's own testnet
 * and mainnet presets: what ARK Core 3.9.1 refuses is refused before signing, in words, and what it accepts
 * builds.
 */
import { describe, expect, it } from 'vitest';
import { buildDraft, type DraftContext } from '../../../../src/core/services/transactions/drafts';
import { ServiceError } from '../../../../src/core/services/service-error';
import { mainnet, testnet, type Network } from '../../../../src/core/protocol/networks';
import type { DraftInput } from '../../../../src/shared/domain/transactions';

const OLD = `02${'11'.repeat(32)}`;
const NEW = `03${'22'.repeat(32)}`;
const RECIPIENT = 'AJWRd23HNEhPLkK1ymMnwnDBX2a7QBZqff';

function context(network: Network, height: number): DraftContext {
  return { network, height, now: Date.UTC(2026, 10, 24), nonce: 1n };
}

function refusal(input: DraftInput, ctx: DraftContext): string {
  try {
    buildDraft(input, ctx);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('ERR_NETWORK_RULES');
    return (error as ServiceError).message;
  }
  throw new Error('expected ERR_NETWORK_RULES');
}

describe('drafts follow the milestone at the next height', () => {
  it('a vote switch needs aip37: refused on ARK testnet, one transaction on mainnet', () => {
    const change: DraftInput = { kind: 'vote', unvote: OLD, vote: NEW };
    expect(refusal(change, context(testnet, 5_000))).toMatch(/send the unvote, then the vote/);
    expect(buildDraft({ kind: 'vote', unvote: OLD }, context(testnet, 5_000)).draft.asset).toEqual({
      votes: [`-${OLD}`],
    });
    expect(buildDraft({ kind: 'vote', vote: NEW }, context(testnet, 5_000)).draft.asset).toEqual({
      votes: [`+${NEW}`],
    });
    expect(buildDraft(change, context(mainnet, 20_000_000)).draft.asset).toEqual({
      votes: [`-${OLD}`, `+${NEW}`],
    });
  });

  it('the memo limit is the milestone’s vendorFieldLength, counted in UTF-8 bytes', () => {
    const memo = 'é'.repeat(33); // 66 bytes
    const transfer: DraftInput = { kind: 'transfer', recipientId: RECIPIENT, amount: '1', memo };
    expect(refusal(transfer, context(testnet, 5_000))).toBe(
      'Memos on this network are at most 64 bytes; this one is 66. Shorten it.',
    );
    expect(buildDraft(transfer, context(testnet, 100_000)).draft.vendorField).toBe(memo);
    expect(buildDraft({ ...transfer, memo: 'é'.repeat(32) }, context(testnet, 5_000)).draft.vendorField).toBe(
      'é'.repeat(32),
    );
  });

  it('HTLC only where htlcEnabled, and never before aip11', () => {
    const lock: DraftInput = {
      kind: 'htlcLock',
      recipientId: RECIPIENT,
      amount: '1',
      expiration: { type: 'height', afterBlocks: 10 },
    };
    expect(buildDraft(lock, context(testnet, 5_000)).draft.type).toBe(8);
    // Testnet's first milestone (height 1) has neither aip11 nor htlcEnabled: the next height is 1 at height 0.
    expect(refusal(lock, context(testnet, 0))).toMatch(/hash time locks/);
    const withoutHtlc: Network = {
      ...testnet,
      milestones: testnet.milestones.map((milestone) => ({ ...milestone, htlcEnabled: false })),
    };
    expect(refusal({ kind: 'htlcRefund', lockId: 'ab'.repeat(32) }, context(withoutHtlc, 5_000))).toMatch(
      /hash time locks/,
    );
  });

  it('a multipayment pays at most multiPaymentLimit recipients', () => {
    const limited: Network = {
      ...testnet,
      milestones: testnet.milestones.map((milestone) => ({ ...milestone, multiPaymentLimit: 2 })),
    };
    const payments = [1, 2, 3].map(() => ({ recipientId: RECIPIENT, amount: '1' }));
    expect(refusal({ kind: 'multiPayment', payments }, context(limited, 5_000))).toBe(
      'A multipayment on this network pays at most 2 recipients.',
    );
    expect(buildDraft({ kind: 'multiPayment', payments }, context(testnet, 5_000)).draft.type).toBe(6);
  });
});
