/**
 * RemoteChain (src/core/chain-access/remote-chain.ts) against a fake ARK node: the account takes the node's nonce or what
 * the app has sent, whichever is higher (a remote pool cannot be read); signed transactions go out as ARK's JSON;
 * watching polls, says a new height once, and an outage once until the node answers again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RemoteChain, DEFAULT_MAX_TRANSACTION_AGE, type ChainEvent } from '../../src/core/chain-access';
import { NodeClient, type FetchLike } from '../../src/core/client';
import { devnet } from '../../src/core/protocol/networks';
import { signTransaction } from '../../src/core/protocol/transactions';
import { ADDRESS, BLOCK_ID, startFakeNode, type FakeNode } from '../client/support/fake-node';

let fake: FakeNode;
let chain: RemoteChain;

beforeAll(async () => {
  fake = await startFakeNode({ network: devnet, height: 5_000 });
  chain = new RemoteChain('devnet', new NodeClient([fake.url], { timeoutMs: 500, maxAttempts: 1 }), {
    pollMs: 50,
  });
});
afterAll(() => fake?.close());

/** Waits until `count` events were said (vitest's waitUntil, polling every 20 ms for up to 2 s). */
const until = (events: ChainEvent[], count: number) =>
  vi.waitUntil(() => events.length >= count, { timeout: 2_000, interval: 20 });

describe('RemoteChain', () => {
  it('takes the node’s nonce, or the highest the app has in flight', async () => {
    expect(chain.inProcess).toBe(false);
    const confirmed = await chain.account(ADDRESS, undefined);
    expect(confirmed).toEqual({
      height: 5_000,
      nextNonce: 43n,
      secondPublicKey: undefined,
      balance: 2_546_130_000_000n,
      maxAge: DEFAULT_MAX_TRANSACTION_AGE,
    });
    expect((await chain.account(ADDRESS, undefined, 50n)).nextNonce).toBe(51n);
    expect((await chain.account(ADDRESS, undefined, 10n)).nextNonce).toBe(43n);
  });

  it('broadcasts signed transactions as ARK’s JSON', async () => {
    const signed = signTransaction(
      { type: 0, nonce: 43n, amount: 1n, recipientId: ADDRESS },
      { passphrase: 'votary remote chain sender' },
      { network: devnet, height: 5_000 },
    );
    const answer = await chain.broadcast([signed]);
    expect(answer.accept).toEqual([signed.id]);
    const [body] = fake.posted as { transactions: Record<string, unknown>[] }[];
    expect(body?.transactions[0]).toMatchObject({ id: signed.id, amount: '1', nonce: '43' });
  });

  it('polls while watched: a new height once, an outage once, and the node answering again', async () => {
    const events: ChainEvent[] = [];
    const unwatch = chain.watch((event) => events.push(event));
    await until(events, 2);
    expect(events).toEqual([
      {
        kind: 'block',
        tip: {
          height: expect.any(Number) as number,
          id: BLOCK_ID,
          transactions: expect.any(Number) as number,
        },
      },
      { kind: 'sync', height: 5_000, syncing: false, blocksBehind: 0 },
    ]);
    // The same height again: nothing new.
    const syncs = fake.hits.get('/api/node/syncing') ?? 0;
    for (let i = 0; i < 50 && (fake.hits.get('/api/node/syncing') ?? 0) < syncs + 3; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(events).toHaveLength(2);

    fake.mode = 'fail500';
    await until(events, 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(events.slice(2)).toEqual([
      { kind: 'unreachable', reason: expect.stringContaining('500') as string },
    ]);
    fake.mode = 'ok';
    await until(events, 4);
    expect(events[3]).toEqual({ kind: 'reachable' });

    unwatch();
    const after = events.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(events).toHaveLength(after);
  });

  it('polls once at a time: a tick while the last poll waits for its answer is skipped, not queued', async () => {
    const slow = await startFakeNode({ network: devnet, height: 5_000, delayMs: 150 });
    let inFlight = 0;
    let most = 0;
    const counting: FetchLike = async (input, init) => {
      most = Math.max(most, ++inFlight);
      try {
        return await fetch(input, init);
      } finally {
        inFlight--;
      }
    };
    const reads = new NodeClient([slow.url], { timeoutMs: 2_000, maxAttempts: 1, fetch: counting });
    const watched = new RemoteChain('devnet', reads, { pollMs: 20 });
    const events: ChainEvent[] = [];
    const unwatch = watched.watch((event) => events.push(event));
    await vi.waitUntil(() => (slow.hits.get('/api/node/syncing') ?? 0) >= 3, {
      timeout: 5_000,
      interval: 20,
    });
    unwatch();
    await slow.close();
    expect(most).toBe(1);
  });
});
