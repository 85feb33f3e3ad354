/** The response cache of chain-only GET routes (src/core/api/http/response-cache.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChainRoute } from '../../src/core/api/http/response-cache';
import { localnet } from '../../src/core/node/localnet';
import { signTransaction } from '../../src/core/protocol/transactions';
import { startApiChain, user2, user3, type ApiChain } from './support/api-chain';
import { at, get, items } from './support/http';
import { recordQueries, type RecordedQuery } from './support/query-recorder';

let chain: ApiChain;
let recorded: RecordedQuery[];
const api = (url: string) => get(chain.server.publicApp, `/api${url}`);
beforeAll(async () => {
  chain = await startApiChain();
  recorded = recordQueries(chain.server);
});
afterAll(async () => {
  expect(chain?.serverErrors).toEqual([]);
  await chain?.close();
});

describe('response cache', () => {
  it('answers a repeated GET without querying, with the same body and headers', async () => {
    recorded.length = 0;
    const first = await api('/transactions?limit=3');
    expect(recorded.length).toBeGreaterThan(0);
    recorded.length = 0;
    const second = await api('/transactions?limit=3');
    expect(recorded).toEqual([]);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['x-block-height']).toBe(String(chain.node.height));
    // Another query string is another entry.
    recorded.length = 0;
    await api('/transactions?limit=2');
    expect(recorded.length).toBeGreaterThan(0);
  });

  it('a new block drops every entry', async () => {
    const before = await api('/blocks?limit=1');
    chain.step();
    const after = await api('/blocks?limit=1');
    expect(at(items(after.body, 'data')[0], 'height')).toBe(
      (at(items(before.body, 'data')[0], 'height') as number) + 1,
    );
    expect(after.headers['x-block-height']).toBe(String(chain.node.height));
  });

  it('never caches errors, the pool or the node’s status', async () => {
    const missing = 'e'.repeat(64);
    expect((await api(`/transactions/${missing}`)).status).toBe(404);
    recorded.length = 0;
    expect((await api(`/transactions/${missing}`)).status).toBe(404);
    expect(recorded.length).toBeGreaterThan(0);

    const pendingBefore = items((await api('/transactions/unconfirmed')).body, 'data').length;
    const tx = signTransaction(
      { type: 0, nonce: 2n, amount: 1n, recipientId: user3.address },
      { passphrase: user2.passphrase },
      { network: localnet, height: chain.node.height + 1 },
    );
    expect(chain.node.addTransactions([tx]).accept).toEqual([tx.id]);
    expect(items((await api('/transactions/unconfirmed')).body, 'data')).toHaveLength(pendingBefore + 1);
    expect((await api(`/transactions/unconfirmed/${tx.id!}`)).status).toBe(200);
  });

  it('knows which routes answer from the chain alone', () => {
    for (const route of [
      '/api/blocks',
      '/api/blocks/:id',
      '/api/transactions/:id',
      '/api/wallets/:id/locks',
    ]) {
      expect(isChainRoute(route), route).toBe(true);
    }
    for (const route of [
      '/api/transactions/unconfirmed',
      '/api/transactions/unconfirmed/:id',
      '/api/node/status',
      '/api/node/configuration',
      '/api/peers',
      '/',
      '/api/blocksx',
    ]) {
      expect(isChainRoute(route), route).toBe(false);
    }
  });
});
