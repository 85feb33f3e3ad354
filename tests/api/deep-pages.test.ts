/**
 * Deep pages of the block lists cost one page, not every block before it (read-model/blocks.ts): an unfiltered
 * list in height order seeks its first height (heights are contiguous from 1) instead of walking an OFFSET, and a
 * delegate's blocks are a walk of blocks_generator_height in height order, with no sort. The answers are the ones
 * an OFFSET gives (blocks.test.ts checks pages); here, what SQLite is asked to do.
 */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiChain, type ApiChain } from './support/api-chain';
import { get } from './support/http';
import { recordQueries, type RecordedQuery } from './support/query-recorder';

let chain: ApiChain;
let recorded: RecordedQuery[];
beforeAll(async () => {
  chain = await startApiChain({ responseCache: false });
  for (let i = 0; i < 4; i++) chain.step();
  recorded = recordQueries(chain.server);
});
afterAll(async () => chain?.close());

async function rowQuery(url: string): Promise<{ query: RecordedQuery; plan: string[]; heights: number[] }> {
  recorded.length = 0;
  const answer = await get(chain.server.publicApp, url);
  expect(answer.status).toBe(200);
  const query = recorded.find((q) => q.sql.includes(' LIMIT ? OFFSET ?'));
  if (!query) throw new Error(`no page query for ${url}`);
  const plan = (
    nodeParts(chain.node)
      .store.db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .all(...query.params) as {
      detail: string;
    }[]
  ).map((row) => row.detail);
  const heights = (answer.body as { data: { height: number }[] }).data.map((block) => block.height);
  return { query, plan, heights };
}

describe('deep pages of blocks', () => {
  it('an unfiltered page in height order starts at its height, with no offset to walk', async () => {
    const tip = chain.node.height;
    const desc = await rowQuery('/api/blocks?page=3&limit=2');
    expect(desc.query.params.slice(-2)).toEqual([2, 0]);
    expect(desc.heights).toEqual([tip - 4, tip - 5]);
    const asc = await rowQuery('/api/blocks?page=2&limit=2&orderBy=height:asc');
    expect(asc.query.params.slice(-2)).toEqual([2, 0]);
    expect(asc.heights).toEqual([3, 4]);
  });

  it("a delegate's blocks walk (generator, height) in order, without sorting", async () => {
    const generator = nodeParts(chain.node).store.lastBlock().generatorPublicKey;
    const { plan, heights } = await rowQuery(`/api/delegates/${generator}/blocks?limit=1`);
    expect(heights).toEqual([chain.node.height]);
    expect(plan.join(' | ')).toContain('USING INDEX blocks_generator_height');
    expect(plan.join(' | ')).not.toContain('TEMP B-TREE');
  });
});
