/**
 * The routes that grew with the chain (docs/benchmarks.md "Scale") answer from kept counts and index walks:
 * `/blocks` by height or timestamp ranges counts arithmetically (heights are contiguous), a delegate's blocks
 * total comes from `api_generator_counters` (migration 010, kept through forging and reverts), a deep page skips
 * its offset over row keys only (read-model/sql/page-query.ts), and a wallet's votes walk the partial vote index.
 * Each answer is checked against what the chain holds.
 */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiChain, votedDelegate, user1, type ApiChain } from './support/api-chain';
import { at, get, items } from './support/http';
import { recordQueries, type RecordedQuery } from './support/query-recorder';

let chain: ApiChain;
let recorded: RecordedQuery[];
beforeAll(async () => {
  chain = await startApiChain({ responseCache: false });
  // Two rounds and more: every delegate forged at least twice.
  for (let i = 0; i < 45; i++) chain.step();
  recorded = recordQueries(chain.server);
});
afterAll(async () => chain?.close());

const db = () => nodeParts(chain.node).store.db;

async function page(url: string): Promise<{ ids: unknown[]; total: unknown; queries: string[] }> {
  recorded.length = 0;
  const answer = await get(chain.server.publicApp, url);
  expect(answer.status, answer.text).toBe(200);
  return {
    ids: items(answer.body, 'data').map((item) => (item as { id: unknown }).id),
    total: at(answer.body, 'meta', 'totalCount'),
    queries: recorded.map((query) => query.sql),
  };
}

function plan(sql: string, params: readonly unknown[]): string {
  return (
    db()
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...params) as { detail: string }[]
  )
    .map((row) => row.detail)
    .join(' | ');
}

describe('/blocks by height and timestamp ranges', () => {
  it('counts without count(*) and pages by seeking, with the answers of the rows', async () => {
    const tip = chain.node.height;
    const stamp = (height: number) =>
      Number(
        (db().prepare('SELECT timestamp FROM blocks WHERE height = ?').get(height) as { timestamp: bigint })
          .timestamp,
      );
    const heights = (where: string, order: 'DESC' | 'ASC', limit: number, offset: number) =>
      (
        db()
          .prepare(`SELECT height FROM blocks WHERE ${where} ORDER BY height ${order} LIMIT ? OFFSET ?`)
          .all(limit, offset) as { height: bigint }[]
      ).map((row) => Number(row.height));
    const from = stamp(4);
    const to = stamp(tip - 2);

    const after = await page(`/api/blocks?timestamp.from=${from}&limit=3&page=2`);
    expect(after.total).toBe(tip - 4 + 1);
    expect(after.queries.some((sql) => /count\(\*\)/.test(sql))).toBe(false);
    const shown = (await page(`/api/blocks?timestamp.from=${from}&limit=3&page=2`)).ids;
    const byHeight = heights(`timestamp >= ${from}`, 'DESC', 3, 3);
    expect(shown).toEqual(byHeight.map((h) => nodeParts(chain.node).store.blockByHeight(h)!.header.id));

    const both = await page(
      `/api/blocks?timestamp.from=${from}&timestamp.to=${to}&height.from=5&orderBy=height:asc&limit=4&page=2`,
    );
    expect(both.total).toBe(tip - 2 - 5 + 1);
    expect(both.ids).toEqual(
      heights(`timestamp >= ${from} AND timestamp <= ${to} AND height >= 5`, 'ASC', 4, 4).map(
        (h) => nodeParts(chain.node).store.blockByHeight(h)!.header.id,
      ),
    );
    // Past the chain, and an empty range.
    expect((await page(`/api/blocks?timestamp.from=${stamp(tip) + 1}`)).total).toBe(0);
    expect((await page('/api/blocks?height.from=6&height.to=5')).ids).toEqual([]);
    // Another order over the range sorts the range's rows.
    const byReward = await page(`/api/blocks?height.from=3&height.to=9&orderBy=reward:asc&limit=100`);
    expect(byReward.total).toBe(7);
    expect(byReward.ids).toHaveLength(7);
  });
});

describe("a delegate's blocks", () => {
  const forged = (publicKey: string) =>
    Number(
      (
        db()
          .prepare(
            'SELECT count(*) AS n FROM blocks WHERE generator_id = (SELECT id FROM delegate_keys WHERE public_key = ?)',
          )
          .get(publicKey) as { n: bigint }
      ).n,
    );

  it('totals from the kept counter, through forging and reverts', async () => {
    const generator = nodeParts(chain.node).store.blockByHeight(chain.node.height)!.header.generatorPublicKey;
    const first = await page(`/api/delegates/${generator}/blocks?limit=1`);
    expect(first.total).toBe(forged(generator));
    expect(first.queries.some((sql) => /count\(\*\)/.test(sql))).toBe(false);

    nodeParts(chain.node).store.revertLastBlock();
    expect((await page(`/api/delegates/${generator}/blocks?limit=1`)).total).toBe(forged(generator));
    chain.step();
    chain.step();
    expect((await page(`/api/delegates/${generator}/blocks?limit=1`)).total).toBe(forged(generator));
    const counters = db()
      .prepare(
        `SELECT c.blocks AS kept, (SELECT count(*) FROM blocks b WHERE b.generator_id = c.generator_id) AS rows
           FROM api_generator_counters c`,
      )
      .all() as { kept: bigint; rows: bigint }[];
    for (const row of counters) expect(row.kept).toBe(row.rows);
  });

  it('a deep page is the same slice as the whole list', async () => {
    const generator = nodeParts(chain.node).store.blockByHeight(chain.node.height)!.header.generatorPublicKey;
    const all = await page(`/api/delegates/${generator}/blocks?limit=100`);
    const deep = await page(`/api/delegates/${generator}/blocks?limit=1&page=2`);
    expect(deep.ids).toEqual(all.ids.slice(1, 2));
  });
});

describe('deep pages of lists in chain order seek from a kept mark: no row skipped', () => {
  it.each([
    ['/api/transactions', '', 'transactions_block_sequence'],
    ['/api/transactions', '&orderBy=timestamp:asc', 'transactions_block_sequence'],
    ['/api/transactions', '&type=0', 'api_transactions_type_order'],
    ['/api/votes', '', 'api_transactions_type_order'],
    [`/api/delegates/${votedDelegate.publicKey}/blocks`, '', 'blocks_generator_height'],
    [`/api/delegates/${votedDelegate.publicKey}/blocks`, '&orderBy=height:asc', 'blocks_generator_height'],
  ])('%s%s', async (route, query, index) => {
    const all = await page(`${route}?limit=100${query}`);
    expect(all.ids.length).toBeGreaterThanOrEqual(2);
    for (const at of [2, all.ids.length]) {
      const deep = await page(`${route}?limit=1&page=${at}${query}`);
      expect(deep.ids).toEqual(all.ids.slice(at - 1, at));
      expect(deep.total).toBe(all.total);
      expect(deep.queries.some((sql) => /count\(\*\)/.test(sql))).toBe(false);
      const rows = recorded.find(
        (q) => /LIMIT \? OFFSET \?/.test(q.sql) && /serialized|block_signature/.test(q.sql),
      )!;
      // The page's rows start where the seek found its first one: nothing is skipped.
      expect(rows.params.at(-1)).toBe(0);
      expect(plan(rows.sql, rows.params)).toMatch(new RegExp(`SEARCH \\w+ USING (COVERING )?INDEX ${index}`));
    }
    expect((await page(`${route}?limit=1&page=${all.ids.length + 1}${query}`)).ids).toEqual([]);
  });
});

describe('deep pages skip over row keys only', () => {
  it.each([['/api/wallets', 'w']])('%s', async (route, alias) => {
    const all = await page(`${route}?limit=100`);
    const deep = await page(`${route}?limit=1&page=2`);
    expect(deep.ids).toEqual(all.ids.slice(1, 2));
    expect(deep.total).toBe(all.total);
    const rows = recorded.find((query) => /LIMIT \? OFFSET \?/.test(query.sql))!;
    const inner = /IN \((SELECT [\s\S]* LIMIT \? OFFSET \?)\)/.exec(rows.sql);
    expect(inner, rows.sql).not.toBeNull();
    // The skipped rows are never read: the window's keys come from an index alone (or the table's own key).
    expect(plan(inner![1]!, rows.params)).toMatch(
      new RegExp(`(SCAN|SEARCH) ${alias} USING (COVERING INDEX|INTEGER PRIMARY KEY)`),
    );
  });
});

it("a wallet's votes walk only its own votes", async () => {
  const answer = await page(`/api/wallets/${user1.address}/votes`);
  const query = recorded.find((q) => /type = 3/.test(q.sql) && /LIMIT/.test(q.sql))!;
  expect(plan(query.sql, query.params)).toContain('api_transactions_vote_sender');
  const votes = db()
    .prepare(
      'SELECT count(*) AS n FROM transactions WHERE sender_address = ? AND type_group = 1 AND type = 3',
    )
    .get(user1.address) as { n: bigint };
  expect(answer.total).toBe(Number(votes.n));
});

describe('totals a counter keeps', () => {
  const count = (sql: string, ...params: unknown[]) =>
    Number(
      (
        db()
          .prepare(sql)
          .get(...params) as { n: bigint }
      ).n,
    );

  it.each([
    ['/api/transactions?type=3', 'SELECT count(*) AS n FROM transactions WHERE type_group = 1 AND type = 3'],
    [
      '/api/transactions?type=0&typeGroup=1',
      'SELECT count(*) AS n FROM transactions WHERE type_group = 1 AND type = 0',
    ],
    ['/api/transactions?typeGroup=1', 'SELECT count(*) AS n FROM transactions WHERE type_group = 1'],
    ['/api/transactions?typeGroup=2', 'SELECT count(*) AS n FROM transactions WHERE type_group = 2'],
  ])('%s', async (url, sql) => {
    const answer = await page(url);
    expect(answer.total).toBe(count(sql));
    expect(answer.queries.some((q) => /count\(\*\)/.test(q))).toBe(false);
  });

  it('/locks (the open locks, kept by migration 012)', async () => {
    const answer = await page('/api/locks?limit=1');
    expect(answer.total).toBe(count("SELECT count(*) AS n FROM locks WHERE status = 'locked'"));
    expect(answer.queries.some((q) => /count\(\*\)/.test(q))).toBe(false);
  });

  it('/blocks?generatorPublicKey= one key', async () => {
    const generator = nodeParts(chain.node).store.blockByHeight(chain.node.height)!.header.generatorPublicKey;
    const answer = await page(`/api/blocks?generatorPublicKey=${generator}&limit=1&page=2`);
    expect(answer.total).toBe(
      count(
        'SELECT count(*) AS n FROM blocks WHERE generator_id = (SELECT id FROM delegate_keys WHERE public_key = ?)',
        generator,
      ),
    );
    expect(answer.queries.some((q) => /count\(\*\)/.test(q))).toBe(false);
    const all = await page(`/api/blocks?generatorPublicKey=${generator}&limit=100`);
    expect(answer.ids).toEqual(all.ids.slice(1, 2));
  });
});
