/**
 * What a node's configuration omits, the host fills in with the rule it applies itself (core/services/chain/
 * chain-reads.ts `nodeConfiguration`): a network whose milestones set no multipayment limit gets ARK's default,
 * the one protocol/transactions/sign.ts checks, so the screens split a multipayment file by the host's limit.
 * Before, the node's silence reached the renderer, which put its own copy in (64, where the host allows 256).
 */
import { describe, expect, it } from 'vitest';
import { ChainReads } from '../../src/core/services/chain/chain-reads';
import { DEFAULT_MULTI_PAYMENT_LIMIT } from '../../src/core/protocol/transactions';
import { devnet } from '../../src/core/protocol/networks';
import { nodeConfiguration } from '../client/support/fake-node';

const readsOf = (configuration: Record<string, unknown>) =>
  new ChainReads({
    activeId: 'devnet-id',
    chain: () => ({ reads: { configuration: () => Promise.resolve(configuration) } }),
  } as never);

describe('networks:configuration', () => {
  it('says ARK’s multipayment limit where the node says none', async () => {
    const answer = nodeConfiguration(devnet, 1);
    const { multiPaymentLimit, ...constants } = answer['constants'] as Record<string, unknown>;
    expect(multiPaymentLimit).toBe(128);
    const view = await readsOf({ ...answer, constants }).nodeConfiguration();
    expect(view.constants.multiPaymentLimit).toBe(DEFAULT_MULTI_PAYMENT_LIMIT);
  });

  it('keeps the limit the node says', async () => {
    const view = await readsOf(nodeConfiguration(devnet, 1)).nodeConfiguration();
    expect(view.constants.multiPaymentLimit).toBe(128);
  });
});
