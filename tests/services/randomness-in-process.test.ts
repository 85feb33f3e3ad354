/**
 * The Randomness screen on a chain whose node runs in this process reads the node's values directly (ChainAccess
 * `randomness`): no request goes to this process's own secondary port. The fetch given to it refuses every call, so
 * a read over TCP would make the screen say the interface did not answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalChain } from '../../src/core/chain-access';
import type { FetchLike } from '../../src/core/client';
import { Randomness } from '../../src/core/services/chain/randomness';
import type { Networks } from '../../src/core/services/networks/networks';
import { trngValues } from '../../src/shared/lib/trng';
import { startApiChain, type ApiChain } from '../api/support/api-chain';

let chain: ApiChain;
const asked: string[] = [];
const refusingFetch: FetchLike = (url) => {
  asked.push(url);
  return Promise.reject(new Error(`no request expected: ${url}`));
};

beforeAll(async () => {
  chain = await startApiChain();
}, 120_000);
afterAll(() => chain?.close());

describe('randomness of a chain in this process', () => {
  it('reads /trng and /trng-1 values from the node itself, with their blocks, and fetches nothing', async () => {
    const local = new LocalChain({
      networkId: 'localnet',
      node: chain.node,
      api: { queries: chain.server.queries, url: 'http://127.0.0.1:4003/api' },
    });
    const networks = { chain: () => local } as unknown as Networks;
    const answer = await new Randomness(networks, refusingFetch).read();
    expect(asked).toEqual([]);
    if (!answer.available) throw new Error(answer.reason);
    expect(answer.secondaryUrl).toBe('http://127.0.0.1:4004');
    expect(answer.latest.blockId).toBe(chain.node.lastBlock().id);
    expect(answer.latest.values).toEqual(trngValues(answer.latest.blockId));
    expect(answer.latest.blockHeight).toBe(chain.node.height);
    expect(answer.previous?.blockHeight).toBe(chain.node.height - 1);
  });
});
