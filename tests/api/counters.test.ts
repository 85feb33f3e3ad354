/**
 * The transaction counters (migration 002: all; 005: per type) follow inserts and the cascade of a reverted block.
 */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApiChain, type ApiChain } from './support/api-chain';
import { at, get } from './support/http';

let chain: ApiChain;
beforeAll(async () => {
  chain = await startApiChain();
});
afterAll(async () => chain?.close());

function counts(): { counter: number; rows: number } {
  const db = nodeParts(chain.node).store.db;
  const counter = db.prepare("SELECT value FROM api_counters WHERE name = 'transactions'").get() as {
    value: bigint;
  };
  const rows = db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: bigint };
  return { counter: Number(counter.value), rows: Number(rows.n) };
}

function typeCounts(): { counters: string[]; rows: string[] } {
  const db = nodeParts(chain.node).store.db;
  const line = (row: unknown) => {
    const { type_group, type, n } = row as { type_group: bigint; type: bigint; n: bigint };
    return `${type_group}/${type}: ${n}`;
  };
  return {
    counters: db
      .prepare('SELECT type_group, type, value AS n FROM api_type_counters WHERE value > 0 ORDER BY 1, 2')
      .all()
      .map(line),
    rows: db
      .prepare('SELECT type_group, type, count(*) AS n FROM transactions GROUP BY 1, 2 ORDER BY 1, 2')
      .all()
      .map(line),
  };
}

async function voteTotal(): Promise<unknown> {
  return at((await get(chain.server.publicApp, '/api/votes?limit=1')).body, 'meta', 'totalCount');
}

it('equals count(*) after blocks are applied and reverted', async () => {
  const beforeTypes = typeCounts();
  expect(beforeTypes.counters).toEqual(beforeTypes.rows);
  const votesBefore = await voteTotal();
  const before = counts();
  expect(before.counter).toBe(before.rows);
  while (chain.node.height >= chain.heights.voteAndRegistration)
    nodeParts(chain.node).store.revertLastBlock();
  const after = counts();
  expect(after.counter).toBe(after.rows);
  expect(after.rows).toBe(before.rows - 3);
  expect(
    at((await get(chain.server.publicApp, '/api/transactions?limit=1')).body, 'meta', 'totalCount'),
  ).toBe(after.rows);
  const afterTypes = typeCounts();
  expect(afterTypes.counters).toEqual(afterTypes.rows);
  // The reverted blocks held a vote: /votes answers its total from the per-type counter.
  const votes = nodeParts(chain.node)
    .store.db.prepare('SELECT count(*) AS n FROM transactions WHERE type_group = 1 AND type = 3')
    .get() as { n: bigint };
  expect(await voteTotal()).toBe(Number(votes.n));
  expect(await voteTotal()).toBeLessThan(votesBefore as number);
});
