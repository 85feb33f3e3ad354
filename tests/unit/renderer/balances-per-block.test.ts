/**
 * The store's balances after each block (src/renderer/store/wallets-slice.ts `refreshBalances`, asked by
 * node-slice.ts `blockArrived`): one read of the host per block, whatever the number of wallets. Before, each
 * block asked `chain:wallet` once per wallet (20 wallets × 3 blocks = 60 calls), and blocks arriving faster than
 * the node answered piled their reads on top of each other.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChainWallet } from '../../../src/shared/domain/chain-views';
import { wallet } from './store-fixtures';

const host = vi.hoisted(() => ({
  /** Every wallet read, as channel names. */
  reads: [] as string[],
  /** Holds the answers until released (a slow node). */
  hold: undefined as Promise<void> | undefined,
}));
const answer = (address: string): ChainWallet => ({
  address,
  known: true,
  balance: '1',
  nonce: '1',
  lockedBalance: '0',
});
vi.mock('../../../src/renderer/services/call', () => ({
  call: async (channel: string, request?: Record<string, unknown>): Promise<unknown> => {
    if (channel === 'chain:wallet' || channel === 'chain:wallets') host.reads.push(channel);
    await host.hold;
    if (channel === 'chain:wallet') return answer(String(request?.['address']));
    if (channel === 'chain:wallets') return (request?.['addresses'] as string[]).map(answer);
    throw new Error(`no answer for ${channel} in this test`);
  },
}));

const { createVotaryStore } = await import('../../../src/renderer/store');

const WALLETS = 20;
const store = () => {
  const created = createVotaryStore();
  created.setState({
    vault: { hasVault: true, unlocked: true, idleLockMs: 0 },
    wallets: Array.from({ length: WALLETS }, (_, i) => ({ ...wallet, id: `w${i}`, address: `D${i}` })),
  });
  return created;
};
/** Until the answers already given have been taken in (the host here answers at once). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const block = (height: number) => ({
  networkId: 'localnet',
  height,
  id: `b${height}`,
  transactions: 1,
  at: height,
});

beforeEach(() => {
  host.reads = [];
  host.hold = undefined;
});

describe('balances read on each block', () => {
  it(`${WALLETS} wallets, 3 blocks: 3 reads of the host, and every wallet's balance`, async () => {
    const s = store();
    for (const height of [2, 3, 4]) {
      s.getState().blockArrived(block(height));
      await settled();
    }
    expect(host.reads).toHaveLength(3);
    expect(Object.keys(s.getState().chainWallets)).toHaveLength(WALLETS);
  });

  it('blocks that arrive while the node is still answering ask for one more read, not one each', async () => {
    const s = store();
    let release = () => {};
    host.hold = new Promise<void>((resolve) => (release = resolve));
    for (const height of [2, 3, 4, 5]) s.getState().blockArrived(block(height));
    const after = s.getState().refreshBalances();
    release();
    await after;
    // The first block's read, then one for all that arrived while it ran.
    expect(host.reads).toHaveLength(2);
    expect(Object.keys(s.getState().chainWallets)).toHaveLength(WALLETS);
  });
});
