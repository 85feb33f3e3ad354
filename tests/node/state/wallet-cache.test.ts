import { describe, expect, it } from 'vitest';
import { DatabaseState } from '../../../src/core/node/state';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import { BlockStore, verifyChain } from '../../../src/core/node/block-store';
import { createTestChain, addBlock, openStore, sign, TOKEN } from '../support/chain-fixture';

const chain = createTestChain({ users: 12 });

function text(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));
}

describe('DatabaseState wallet cache (LRU)', () => {
  it('stays within its size and gives the same results as an unbounded cache', () => {
    const small = BlockStore.open({ network: chain.network, genesis: chain.genesis, walletCacheSize: 3 });
    const large = openStore(chain);
    const strangers = Array.from({ length: 6 }, (_, i) =>
      addressFromPassphrase(`cache test stranger ${i}`, 30),
    );
    const everyone = [
      ...chain.users.map((u) => u.address),
      ...chain.delegates.map((d) => d.address),
      ...strangers,
    ];
    for (let round = 0; round < 4; round++) {
      const txs = chain.users.map((user, i) =>
        sign(
          chain,
          {
            type: 0,
            nonce: BigInt(round + 1),
            amount: TOKEN + BigInt(i),
            recipientId: i % 2 === 0 ? chain.users[(i + 1) % chain.users.length]!.address : strangers[i % 6]!,
          },
          user.passphrase,
        ),
      );
      // The same block for both chains: forged once, applied to each.
      const block = addBlock(chain, large, txs);
      small.applyBlock(block, { now: Date.now() });
      expect(small.state().cachedWallets()).toBeLessThanOrEqual(3);
      for (const address of everyone) {
        expect(small.state().wallet(address)).toEqual(large.state().wallet(address));
      }
      expect(
        text(
          small
            .state()
            .delegates()
            .map((w) => w.address)
            .sort(),
        ),
      ).toBe(
        text(
          large
            .state()
            .delegates()
            .map((w) => w.address)
            .sort(),
        ),
      );
      expect(small.state().cachedWallets()).toBeLessThanOrEqual(3);
    }
    expect(text(small.state().snapshot())).toBe(text(large.state().snapshot()));
    expect(small.supply()).toEqual(large.supply());
    expect(verifyChain(small).verified).toBe(true);
    // Reverting reads evicted wallets back from the database.
    small.revertLastBlock();
    large.revertLastBlock();
    expect(text(small.state().snapshot())).toBe(text(large.state().snapshot()));
    for (const address of everyone) {
      expect(small.state().wallet(address)).toEqual(large.state().wallet(address));
    }
    small.close();
    large.close();
  });

  it('keeps the most recently used wallets', () => {
    const store = openStore(chain);
    const state = new DatabaseState(store.db, 30, { walletCacheSize: 2 });
    const [a, b, c] = chain.users.map((u) => u.address) as [string, string, string];
    const first = state.wallet(a);
    state.wallet(b);
    // Touching a makes b the least recently used: c evicts b, and a is still the same cached object.
    expect(state.wallet(a)).toBe(first);
    state.wallet(c);
    expect(state.cachedWallets()).toBe(2);
    expect(state.wallet(a)).toBe(first);
    // b then c: a is now the least recently used, and goes; reading it again gives an equal, new object.
    state.wallet(b);
    state.wallet(c);
    expect(state.wallet(a)).not.toBe(first);
    expect(state.wallet(a)).toEqual(first);
    store.close();
  });

  it('refuses a size below 1', () => {
    const store = openStore(chain);
    expect(() => new DatabaseState(store.db, 30, { walletCacheSize: 0 })).toThrow(RangeError);
    store.close();
  });
});
