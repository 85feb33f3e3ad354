/**
 * When a wallet's history reads its first page again (src/renderer/lib/reads/wallet-history.ts `historyTick`, the
 * key of `useWalletHistory`'s re-read). Before, History.tsx read page 1 on every block, whatever the block held:
 * 30 blocks of other wallets' traffic were 30 reads of an idle wallet's history. Now it is read when the wallet's
 * chain state moves, when a lock addressed to it from a wallet of this vault is confirmed (which moves no balance
 * of the receiver), and every FOREIGN_LOCK_BLOCKS blocks for a lock from outside the vault.
 */
import { describe, expect, it } from 'vitest';
import type { ChainWallet, NodeStatusView } from '../../../src/shared/domain/chain-views';
import type { PendingView } from '../../../src/shared/domain/transactions';
import { FOREIGN_LOCK_BLOCKS, historyTick } from '../../../src/renderer/lib/reads/wallet-history';
import { pendingView } from './store-fixtures';

type State = Parameters<typeof historyTick>[0];
const chain = (address: string, balance: string, nonce: string): ChainWallet => ({
  address,
  known: true,
  balance,
  nonce,
  lockedBalance: '0',
});
const at = (height: number, over: Partial<State> = {}): State => ({
  node: { height } as NodeStatusView,
  chainWalletsNetworkId: 'localnet',
  chainWallets: { D1: chain('D1', '100', '1'), D2: chain('D2', String(1000 - height), String(height)) },
  pending: [],
  ...over,
});
/** The reads of D1's first page over a run of states: one each time its tick changes. */
const reads = (states: readonly State[]) => {
  let count = 0;
  let last = historyTick(states[0]!, 'D1');
  for (const state of states.slice(1)) {
    const tick = historyTick(state, 'D1');
    if (tick !== last) count++;
    last = tick;
  }
  return count;
};

describe("a wallet's history is read again when its transactions can have changed", () => {
  it('reads an idle wallet only at the slow pace while other wallets move on every block', () => {
    const blocks = Array.from({ length: 31 }, (_, i) => at(100 + i));
    expect(reads(blocks)).toBe(30 / FOREIGN_LOCK_BLOCKS);
  });

  it('reads at once on the block that moves its balance or nonce', () => {
    const moved = at(101, { chainWallets: { D1: chain('D1', '90', '2') } });
    expect(reads([at(101), moved])).toBe(1);
  });

  it('reads at once when a lock to it from a vault wallet is confirmed, not on its later confirmations', () => {
    const lock = (over: Partial<PendingView>) =>
      pendingView('L', { kind: 'htlcLock', sender: 'D2', recipient: 'D1', ...over });
    const states = [
      at(101, { pending: [lock({ status: 'in-pool' })] }),
      at(101, { pending: [lock({ status: 'confirmed', height: 101, confirmations: 1 })] }),
      at(102, { pending: [lock({ status: 'confirmed', height: 101, confirmations: 2 })] }),
      at(103, { pending: [lock({ status: 'confirmed', height: 101, confirmations: 3 })] }),
    ];
    expect(reads(states)).toBe(1);
    // A lock to someone else, or a transfer to it (which moves its balance: the case above), is no signal here.
    const other = pendingView('M', { kind: 'htlcLock', recipient: 'D3', status: 'confirmed', height: 101 });
    expect(reads([at(101), at(101, { pending: [other] })])).toBe(0);
  });
});
