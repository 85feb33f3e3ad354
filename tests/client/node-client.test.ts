import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeClient } from '../../src/core/client';
import { ADDRESS, PUBLIC_KEY, TX_ID, startFakeNode, type FakeNode } from './support/fake-node';
import { failure } from './support/failure';

let node: FakeNode;
let client: NodeClient;

beforeAll(async () => {
  node = await startFakeNode();
  client = new NodeClient([node.url], { timeoutMs: 2_000 });
});
afterAll(() => node.close());

describe('NodeClient routes', () => {
  it('reads node metadata with amounts as bigint', async () => {
    const config = await client.configuration();
    expect(config.token).toBe('DARK');
    expect(config.constants.blocktime).toBe(8);
    expect(await client.status()).toEqual({
      synced: true,
      now: 5_000_000,
      blocksCount: 0,
      timestamp: 190000010,
    });
    expect((await client.syncing()).height).toBe(5_000_000);
    expect((await client.blockchain()).supply).toBe(16884880200000004n);
    const fees = await client.fees(7);
    expect(fees.days).toBe(7);
    expect(fees.byTypeGroup['1']?.transfer).toEqual({
      avg: 9783112n,
      max: 50000000n,
      min: 3000000n,
      sum: 978311200000n,
    });
    // ARK sends numeric zeros for types without transactions (ark-core-api.md §9.7).
    expect(fees.byTypeGroup['1']?.vote?.avg).toBe(0n);
    expect((await client.fees()).days).toBeUndefined();
    const crypto = await client.cryptoConfiguration();
    expect(crypto.network.name).toBe('devnet');
    expect(crypto.genesisBlock.totalAmount).toBe('12500000000000000');
  });

  it('reads blocks, transactions, wallets, delegates, locks, peers and rounds', async () => {
    const block = await client.lastBlock();
    expect(block.forged.total).toBe(220000000n);
    const tx = await client.transaction(TX_ID);
    expect(tx.amount).toBe(100000000n);
    expect(tx.nonce).toBe(5n);
    expect(tx.timestamp?.unix).toBe(1680101192);
    const list = await client.transactions({ type: [0, 6], limit: 10 });
    expect(list.meta.totalCount).toBe(1);
    expect(list.data[0]?.id).toBe(TX_ID);
    const wallet = await client.wallet(ADDRESS);
    expect(wallet.balance).toBe(2546130000000n);
    expect(wallet.attributes.vote).toBe(PUBLIC_KEY);
    expect(wallet.attributes.delegate?.voteBalance).toBe(250000000000000n);
    expect((await client.walletLocks(ADDRESS)).data[0]?.amount).toBe(500000000n);
    const delegates = await client.delegates();
    expect(delegates.data[0]?.rank).toBe(7);
    expect(delegates.data[0]?.forged.total).toBe(40370200000000n);
    expect((await client.delegate('arkpool')).production.approval).toBe(1.48);
    expect((await client.peers()).data[0]?.latency).toBe(37);
    expect(await client.roundDelegates(3)).toEqual([{ publicKey: PUBLIC_KEY, votes: 345678901234567n }]);
  });

  it('reports a 4xx with the server message and does not retry it elsewhere', async () => {
    const other = await startFakeNode();
    try {
      const twoPeers = new NodeClient([node.url, other.url]);
      const error = await failure(twoPeers.wallet('Dnobody00000000000000000000000000'));
      expect(error.code).toBe('ERR_HTTP_4XX');
      expect(error.status).toBe(404);
      expect(error.message).toBe('Wallet not found');
      expect(other.total()).toBe(0);
      // A 404 is a working peer's answer: no backoff.
      expect(twoPeers.peerStatuses()[0]?.backoffUntil).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('refuses an answer that does not match the ARK shape with ERR_BAD_RESPONSE', async () => {
    const server = await startFakeNode();
    // A wallet with a fractional balance and no nonce: not an ARK wallet.
    const shaped = await startOddServer({ data: { address: ADDRESS, balance: 1.5, attributes: {} } });
    try {
      const error = await failure(new NodeClient([shaped.url]).wallet(ADDRESS));
      expect(error.code).toBe('ERR_BAD_RESPONSE');
      expect(error.message).toMatch(/balance|nonce/);
      server.mode = 'garbage';
      const html = await failure(new NodeClient([server.url]).status());
      expect(html.code).toBe('ERR_BAD_RESPONSE');
      expect(html.message).toContain('did not answer with JSON');
    } finally {
      await shaped.close();
      await server.close();
    }
  });
});

/** A server answering one fixed JSON body on every route. */
async function startOddServer(body: unknown) {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ forceCloseConnections: true });
  app.get('/*', () => body);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}
