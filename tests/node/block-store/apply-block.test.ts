import { beforeAll, describe, expect, it } from 'vitest';
import { BlockRejectedError, type BlockStore } from '../../../src/core/node/block-store';
import type { Block } from '../../../src/core/protocol/blocks';
import type { TransactionData } from '../../../src/core/protocol/transactions';
import {
  addBlock,
  createTestChain,
  DELEGATE_BALANCE,
  forgeBlock,
  nowFor,
  openStore,
  sign,
  TOKEN,
  type ForgeOptions,
  type TestChain,
} from '../support/chain-fixture';
import { dumpDatabase } from '../support/db-dump';

let chain: TestChain;
beforeAll(() => {
  chain = createTestChain();
});

function transfer(amount: bigint, nonce = 1n, from = chain.users[0]!, to = chain.users[1]!): TransactionData {
  return sign(chain, { type: 0, nonce, amount, recipientId: to.address }, from.passphrase);
}

describe('applyBlock', () => {
  it('applies a valid block: transactions, reward + fees to the generator, counters, supply', () => {
    const store = openStore(chain);
    const supplyBefore = store.supply();
    const block = addBlock(chain, store, [transfer(5n * TOKEN), transfer(TOKEN, 2n)]);
    expect(store.lastBlock().id).toBe(block.header.id);
    expect(store.blockById(block.header.id!)?.transactions.map((tx) => tx.id)).toEqual(
      block.transactions.map((tx) => tx.id),
    );
    const generator = store.state().walletByPublicKey(block.header.generatorPublicKey);
    const due = 2n * TOKEN + 20_000_000n;
    expect(generator.balance).toBe(DELEGATE_BALANCE + due);
    expect(generator.delegate).toMatchObject({
      producedBlocks: 1,
      forgedFees: 20_000_000n,
      forgedRewards: 2n * TOKEN,
      voteBalance: DELEGATE_BALANCE + due,
      lastBlock: { id: block.header.id, height: 2, timestamp: block.header.timestamp },
    });
    expect(store.supply().total).toBe(supplyBefore.total + 2n * TOKEN);
    store.close();
  });

  describe('rejects an invalid block whole, leaving the database unchanged', () => {
    let store: BlockStore;
    let good: Block;
    beforeAll(() => {
      store = openStore(chain);
      addBlock(chain, store, [transfer(TOKEN)]);
      good = forgeBlock(chain, store, [transfer(TOKEN, 2n)]);
    });

    function expectRejected(block: Block, code: string, now = nowFor(chain, block)): void {
      const before = dumpDatabase(store.db);
      const tip = store.lastBlock();
      let caught: unknown;
      try {
        store.applyBlock(block, { now });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(BlockRejectedError);
      expect((caught as BlockRejectedError).code).toBe(code);
      expect(dumpDatabase(store.db)).toBe(before);
      expect(store.lastBlock()).toBe(tip);
    }

    const forge = (txs: TransactionData[], options: ForgeOptions) => forgeBlock(chain, store, txs, options);

    it('a bad signature', () => {
      const other = forge([], {});
      expectRejected(
        { ...good, header: { ...good.header, blockSignature: other.header.blockSignature! } },
        'ERR_BLOCK_SIGNATURE',
      );
    });

    it('a generator that does not own the slot', () => {
      const owner = good.header.generatorPublicKey;
      const impostor = chain.delegates.find((d) => d.publicKey !== owner)!;
      expectRejected(forge([transfer(TOKEN, 2n)], { generator: impostor.passphrase }), 'ERR_BLOCK_SLOT');
    });

    it('a wrong previous block id, a wrong height, a slot not after the last one', () => {
      expectRejected(
        forge([], { header: (h) => void (h.previousBlock = 'ab'.repeat(32)) }),
        'ERR_BLOCK_CHAIN',
      );
      expectRejected(forge([], { header: (h) => void (h.height += 1) }), 'ERR_BLOCK_CHAIN');
      expectRejected(forge([], { slot: Math.floor(store.lastBlock().timestamp / 8) }), 'ERR_BLOCK_CHAIN');
    });

    it('a bad payload hash or length', () => {
      expectRejected(
        forge([transfer(TOKEN, 2n)], { header: (h) => void (h.payloadHash = 'cd'.repeat(32)) }),
        'ERR_BLOCK_PAYLOAD',
      );
      expectRejected(
        forge([transfer(TOKEN, 2n)], { header: (h) => void (h.payloadLength = 64) }),
        'ERR_BLOCK_PAYLOAD',
      );
    });

    it('wrong totals', () => {
      expectRejected(
        forge([transfer(TOKEN, 2n)], { header: (h) => void (h.totalAmount += 1n) }),
        'ERR_BLOCK_PAYLOAD',
      );
      expectRejected(
        forge([transfer(TOKEN, 2n)], { header: (h) => void (h.totalFee -= 1n) }),
        'ERR_BLOCK_PAYLOAD',
      );
    });

    it('a wrong reward, a timestamp from the future', () => {
      expectRejected(forge([], { header: (h) => void (h.reward = 3n * TOKEN) }), 'ERR_BLOCK_REWARD');
      expectRejected(good, 'ERR_BLOCK_TIMESTAMP', nowFor(chain, good) - 60_000);
    });

    it('a transaction that cannot be applied (insufficient balance, double spend, replayed nonce)', () => {
      expectRejected(forge([transfer(20_000n * TOKEN, 2n)], {}), 'ERR_BLOCK_TX');
      expectRejected(forge([transfer(TOKEN, 2n), transfer(2n * TOKEN, 2n)], {}), 'ERR_BLOCK_TX');
      expectRejected(forge([transfer(TOKEN, 1n)], {}), 'ERR_BLOCK_TX');
    });

    it('a transaction with a bad signature', () => {
      const tx = transfer(TOKEN, 2n);
      const other = transfer(2n * TOKEN, 2n);
      expectRejected(forge([{ ...tx, signature: other.signature! }], {}), 'ERR_BLOCK_TX');
    });

    it('and then still takes the good block', () => {
      store.applyBlock(good, { now: nowFor(chain, good) });
      expect(store.height()).toBe(3);
    });
  });

  it('revertLastBlock undoes a block exactly', () => {
    const store = openStore(chain);
    addBlock(chain, store, [transfer(TOKEN)]);
    const before = dumpDatabase(store.db);
    addBlock(chain, store, [
      transfer(3n * TOKEN, 2n),
      sign(
        chain,
        { type: 3, nonce: 1n, asset: { votes: [`+${chain.delegates[2]!.publicKey}`] } },
        chain.users[1]!.passphrase,
      ),
    ]);
    store.revertLastBlock();
    expect(dumpDatabase(store.db)).toBe(before);
    expect(() => {
      store.revertLastBlock();
      store.revertLastBlock();
    }).toThrow(/genesis block cannot be reverted/);
    store.close();
  });
});
