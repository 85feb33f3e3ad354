/** The transaction counter of migration 002 follows inserts and the cascade of a reverted block. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApiChain, type ApiChain } from './support/api-chain';
import { at, get } from './support/http';

let chain: ApiChain;
beforeAll(async () => {
  chain = await startApiChain();
});
afterAll(async () => chain?.close());

function counts(): { counter: number; rows: number } {
  const db = chain.node.store.db;
  const counter = db.prepare("SELECT value FROM api_counters WHERE name = 'transactions'").get() as {
    value: bigint;
  };
  const rows = db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: bigint };
  return { counter: Number(counter.value), rows: Number(rows.n) };
}

it('equals count(*) after blocks are applied and reverted', async () => {
  const before = counts();
  expect(before.counter).toBe(before.rows);
  while (chain.node.height >= chain.heights.voteAndRegistration) chain.node.store.revertLastBlock();
  const after = counts();
  expect(after.counter).toBe(after.rows);
  expect(after.rows).toBe(before.rows - 3);
  expect(
    at((await get(chain.server.publicApp, '/api/transactions?limit=1')).body, 'meta', 'totalCount'),
  ).toBe(after.rows);
});
