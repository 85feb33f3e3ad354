/**
 * Version 1 transactions carry no nonce: the only thing that keeps one from being forged twice is its id
 * (core-blockchain `processor/block-processor.ts` checkBlockContainsForgedTransactions). Every block looks each of
 * its ids up, so `transactions.id` must stay indexed, whatever the storage layout becomes.
 */
import { describe, expect, it } from 'vitest';
import { BlockRepository } from '../../../src/core/db/repositories/blocks';
import { ForgedIds } from '../../../src/core/node/block-store/history-rules';
import { createTestChain, openStore } from '../support/chain-fixture';

describe('forged transaction ids', () => {
  it('are looked up through an index, never a scan of the transactions table', () => {
    const store = openStore(createTestChain());
    const plan = store.db
      .prepare<[string], { detail: string }>('EXPLAIN QUERY PLAN SELECT id FROM transactions WHERE id = ?')
      .all('00');
    expect(plan.map((row) => row.detail).join('; ')).toMatch(
      /^SEARCH transactions USING (COVERING )?INDEX .*\(id=\?\)$/,
    );
    store.close();
  });

  it('knows the genesis block’s transactions', () => {
    const chain = createTestChain();
    const store = openStore(chain);
    const blocks = new BlockRepository(store.db);
    const ids = new ForgedIds((id) => blocks.hasTransaction(id));
    expect(chain.genesis.transactions.every((tx) => ids.has(tx.id!))).toBe(true);
    expect(ids.has('ff'.repeat(32))).toBe(false);
    store.close();
  });
});
