/**
 * A node answers at most the `limit` a page was asked with (ARK's largest page, 100, when none was: ark-core-api.md
 * §2.3). A longer page is a lie, the peer's ERR_BAD_RESPONSE on every list route (client/schemas/common.ts pageOf),
 * however honest its items: each of them would cost the app work, some a request of their own.
 */
import { describe, expect, it } from 'vitest';
import { NodeClient, type FetchLike } from '../../src/core/client';
import {
  ADDRESS,
  blockFixture,
  delegateFixture,
  lockFixture,
  page,
  transactionFixture,
} from './support/fake-node';
import { failure } from './support/failure';

/** A client whose one peer answers every request with a page of `count` copies of `item`; keeps the URLs asked. */
function pageServer(item: unknown, count: number) {
  const asked: string[] = [];
  const fetch: FetchLike = (url) => {
    asked.push(url);
    const body = JSON.stringify(
      page(
        Array.from({ length: count }, () => item),
        '/any',
      ),
    );
    return Promise.resolve(
      new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  };
  return { client: new NodeClient(['http://127.0.0.1:9'], { fetch, maxAttempts: 1 }), asked };
}

const wallet = { address: ADDRESS, balance: '1', nonce: '0', attributes: {} };
const peer = { ip: '192.0.2.1', port: 4001, version: '3.9.1', height: 1, latency: 3 };

describe('the length of a page', () => {
  it('takes a page as long as the limit asked', async () => {
    const { client } = pageServer(transactionFixture, 25);
    expect((await client.walletTransactions('D', { limit: 25 })).data).toHaveLength(25);
  });

  it('refuses a page longer than the limit asked as the peer’s bad answer', async () => {
    const { client, asked } = pageServer(transactionFixture, 26);
    const error = await failure(client.walletTransactions('D', { page: 1, limit: 25 }));
    expect(error.code).toBe('ERR_BAD_RESPONSE');
    expect(error.message).toContain('at most 25 items');
    expect(asked).toHaveLength(1);
  });

  it('holds a page asked without a limit, or above ARK’s, to 100 items', async () => {
    expect((await pageServer(delegateFixture, 100).client.delegates()).data).toHaveLength(100);
    for (const read of [
      (client: NodeClient) => client.delegates(),
      (client: NodeClient) => client.delegates({ limit: 500 }),
    ]) {
      const error = await failure(read(pageServer(delegateFixture, 101).client));
      expect(error.code).toBe('ERR_BAD_RESPONSE');
      expect(error.message).toContain('at most 100 items');
    }
  });

  it('applies to every list route', async () => {
    const cases: [unknown, (client: NodeClient) => Promise<unknown>][] = [
      [blockFixture(1), (c) => c.blocks({ limit: 2 })],
      [blockFixture(1), (c) => c.delegateBlocks('arkpool', { limit: 2 })],
      [transactionFixture, (c) => c.transactions({ limit: 2 })],
      [transactionFixture, (c) => c.unconfirmedTransactions({ limit: 2 })],
      [transactionFixture, (c) => c.walletVotes('D', { limit: 2 })],
      [delegateFixture, (c) => c.delegates({ limit: 2 })],
      [wallet, (c) => c.wallets({ limit: 2 })],
      [wallet, (c) => c.delegateVoters('arkpool', { limit: 2 })],
      [lockFixture, (c) => c.locks({ limit: 2 })],
      [lockFixture, (c) => c.walletLocks('D', { limit: 2 })],
      [peer, (c) => c.peers({ limit: 2 })],
    ];
    for (const [item, read] of cases) {
      await expect(read(pageServer(item, 2).client)).resolves.toBeDefined();
      const error = await failure(read(pageServer(item, 3).client));
      expect(error.code).toBe('ERR_BAD_RESPONSE');
    }
    const unlocking = await failure(pageServer(transactionFixture, 101).client.unlockingTransactions(['ab']));
    expect(unlocking.code).toBe('ERR_BAD_RESPONSE');
  });
});
