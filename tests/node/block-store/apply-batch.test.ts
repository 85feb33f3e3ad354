/**
 * Several blocks in one SQLite transaction (block-store/apply-batch.ts, docs/design/sync.md "Batched commits"):
 * each block verified as alone, a refused block ends the batch with the blocks before it committed, a local fault
 * commits nothing of it and leaves the store as at its last commit; a round's forgers, read once a round, follow
 * the rounds table through reverts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  applyBatch,
  isBlockRejectedError,
  verifyChain,
  type BlockStore,
} from '../../../src/core/node/block-store';
import type { Block } from '../../../src/core/protocol/blocks';
import { milestoneAt } from '../../../src/core/protocol/networks';
import { roundInfo } from '../../../src/core/protocol/rounds';
import { createTestChain, forgeBlock, nowFor, openStore, type TestChain } from '../support/chain-fixture';
import { dumpDatabase } from '../support/db-dump';

let chain: TestChain;
let dirs: string[] = [];
beforeAll(() => {
  chain = createTestChain();
});
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function fileStore(): { store: BlockStore; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'votary-apply-batch-'));
  dirs.push(dataDir);
  return { store: openStore(chain, dataDir), dataDir };
}

/** `count` valid blocks above genesis, forged (and applied) on a store of their own. */
function validBlocks(count: number): { blocks: Block[]; source: BlockStore } {
  const source = openStore(chain);
  const blocks: Block[] = [];
  for (let i = 0; i < count; i++) {
    const block = forgeBlock(chain, source, []);
    source.applyBlock(block, { now: nowFor(chain, block) });
    blocks.push(block);
  }
  return { blocks, source };
}

const now = () => Date.now();

describe('applyBatch', () => {
  it('commits the verified blocks before a refused one, and returns the refused one with its error', () => {
    const { blocks, source } = validBlocks(2);
    // Signed by a delegate that does not own the slot: refused by applyBlock's slot-owner check.
    const rightful = forgeBlock(chain, source, []).header.generatorPublicKey;
    const intruder = chain.delegates.find((d) => d.publicKey !== rightful)!;
    const bad = forgeBlock(chain, source, [], { generator: intruder.passphrase });
    const { store, dataDir } = fileStore();
    const result = applyBatch(store, [...blocks, bad], { now });
    expect(result.applied.map((block) => block.header.height)).toEqual([2, 3]);
    expect(result.refused?.block).toBe(bad);
    expect(isBlockRejectedError(result.refused?.error)).toBe(true);
    expect(store.height()).toBe(3);
    store.close();
    // Committed: a reopened store starts from block 3.
    const reopened = openStore(chain, dataDir);
    expect(reopened.lastBlock().id).toBe(blocks[1]!.header.id);
    expect(verifyChain(reopened).verified).toBe(true);
    reopened.close();
  });

  it('ends the batch at a block the caller’s check refuses, the blocks before it committed', () => {
    const { blocks } = validBlocks(4);
    const { store } = fileStore();
    const stop = new Error('a rule Votary lacks');
    const result = applyBatch(store, blocks, {
      now,
      before: (block) => {
        if (block.header.height === 4) throw stop;
      },
    });
    expect(result.applied).toHaveLength(2);
    expect(result.refused).toEqual({ block: blocks[2], error: stop });
    expect(store.height()).toBe(3);
    store.close();
  });

  it('commits nothing of a batch a local fault interrupts, and leaves the store as at its last commit', () => {
    const { blocks, source } = validBlocks(5);
    const { store, dataDir } = fileStore();
    applyBatch(store, blocks.slice(0, 1), { now });
    const before = dumpDatabase(store.db);
    // The disk failing while block 5 is written (after blocks 3 and 4 of the batch were). A trigger of the chain's
    // own schema: a batch on a chain file switches temp_store, which drops a connection's temporary triggers.
    store.db.exec(
      `CREATE TRIGGER disk_fails BEFORE INSERT ON blocks WHEN NEW.height = 5
       BEGIN SELECT RAISE(ABORT, 'disk I/O error (simulated)'); END`,
    );
    expect(() => applyBatch(store, blocks.slice(1), { now })).toThrow('disk I/O error (simulated)');
    expect(store.height()).toBe(2);
    expect(store.lastBlock().id).toBe(blocks[0]!.header.id);
    expect(dumpDatabase(store.db)).toBe(before);
    // The state and round caches were dropped with the rollback: the same blocks apply again, to the same state.
    store.db.exec('DROP TRIGGER disk_fails');
    expect(applyBatch(store, blocks.slice(1), { now }).applied).toHaveLength(4);
    expect(store.lastBlock().id).toBe(source.lastBlock().id);
    expect(store.state().walletByPublicKey(blocks[3]!.header.generatorPublicKey)).toEqual(
      source.state().walletByPublicKey(blocks[3]!.header.generatorPublicKey),
    );
    store.close();
    const reopened = openStore(chain, dataDir);
    expect(verifyChain(reopened).verified).toBe(true);
    reopened.close();
  });
});

describe('a round’s forgers, read once a round', () => {
  it('follow the rounds table when the block that selected a round is reverted and another applied', () => {
    const store = openStore(chain);
    const roundLength = milestoneAt(chain.network, 1).activeDelegates;
    // Up to the last block of round 1: round 2's forgers are selected.
    for (let height = 2; height <= roundLength; height++) {
      const block = forgeBlock(chain, store, []);
      store.applyBlock(block, { now: nowFor(chain, block) });
    }
    const next = roundInfo(roundLength + 1, chain.network).round;
    const selected = store.roundDelegates(next);
    expect(selected).toHaveLength(roundLength);
    store.revertLastBlock();
    expect(store.roundDelegates(next)).toEqual([]);
    // Forged again: the round is selected again, and read again; a caller changing the answer changes nothing.
    const block = forgeBlock(chain, store, []);
    store.applyBlock(block, { now: nowFor(chain, block) });
    expect(store.roundDelegates(next)).toEqual(selected);
    const returned = store.roundDelegates(next);
    returned.reverse();
    expect(store.roundDelegates(next)).toEqual(selected);
    store.close();
  });
});

describe("a batch's journals", () => {
  /** The connection's temp_store: 0 DEFAULT (files), 2 MEMORY. */
  const tempStore = (store: BlockStore) => Number(store.db.pragma('temp_store', { simple: true }));

  it('are kept in memory from the outermost batch to its end, nested batches included; the setting is put back after', () => {
    const { blocks, source } = validBlocks(2);
    source.close();
    const { store } = fileStore();
    try {
      expect(tempStore(store)).toBe(0);
      const seen: number[] = [];
      store.batch(() => {
        seen.push(tempStore(store));
        // applyBlock's own batch is a savepoint inside this one.
        for (const block of blocks) store.applyBlock(block, { now: nowFor(chain, block) });
        seen.push(tempStore(store));
      });
      expect(seen).toEqual([2, 2]);
      expect(store.height()).toBe(3);
      expect(tempStore(store)).toBe(0);
    } finally {
      store.close();
    }
  });

  it('the setting is put back after a batch that fails too', () => {
    const { store } = fileStore();
    try {
      expect(() =>
        store.batch(() => {
          throw new Error('a fault inside the batch');
        }),
      ).toThrow('a fault inside the batch');
      expect(tempStore(store)).toBe(0);
    } finally {
      store.close();
    }
  });
});
