import { afterEach, describe, expect, it } from 'vitest';
import { ClientError, NodeClient, mergeBroadcastAnswers } from '../../src/core/client';
import { deadUrl, fakeClock, startFakeNode, type FakeNode, type PostAnswer } from './support/fake-node';

const started: FakeNode[] = [];
async function node(options: Parameters<typeof startFakeNode>[0] = {}): Promise<FakeNode> {
  const fake = await startFakeNode(options);
  started.push(fake);
  return fake;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

const T1 = '11'.repeat(32);
const T2 = '22'.repeat(32);
const T3 = '33'.repeat(32);
const transactions = [T1, T2, T3].map((id) => ({ id, version: 2, type: 0, fee: '10000000', amount: '1' }));

/** A pool that accepts only the listed ids and refuses the others with `type`. */
function pool(accepted: string[], type = 'ERR_LOW_FEE'): (txs: { id: string }[]) => PostAnswer {
  return (txs) => {
    const ids = txs.map((tx) => tx.id);
    const invalid = ids.filter((id) => !accepted.includes(id));
    return {
      data: { accept: ids.filter((id) => accepted.includes(id)), broadcast: [], excess: [], invalid },
      ...(invalid.length > 0
        ? {
            errors: Object.fromEntries(
              invalid.map((id) => [id, { type, message: `${id.slice(-8)} ${type}` }]),
            ),
          }
        : {}),
    };
  };
}

const client = (urls: string[]) => {
  const clock = fakeClock();
  return new NodeClient(urls, { timeoutMs: 1_000, now: () => clock.now, random: () => 0.5 });
};

describe('broadcast', () => {
  it('sends to several peers in parallel and merges their answers', async () => {
    const a = await node({ post: pool([T1]) });
    const b = await node({ post: pool([T1, T2], 'ERR_DUPLICATE') });
    const c = await node({ post: pool([]) });
    const result = await client([a.url, b.url, c.url]).broadcast(transactions, { peers: 3 });
    for (const peer of [a, b, c]) expect(peer.posted).toEqual([{ transactions }]);
    expect(result.accept.sort()).toEqual([T1, T2]);
    expect(result.invalid).toEqual([T3]);
    expect(Object.keys(result.errors)).toEqual([T3]);
    expect(result.errors[T3]?.message).toContain('ERR_');
    expect(result.peers).toHaveLength(3);
    expect(result.peers.every((peer) => peer.answer !== undefined)).toBe(true);
  });

  it('replaces a failing peer with the next one so n peers receive it', async () => {
    const dead = await deadUrl();
    const broken = await node();
    broken.mode = 'fail500';
    const a = await node();
    const b = await node();
    const spare = await node();
    const c = client([dead, broken.url, a.url, b.url, spare.url]);
    const result = await c.broadcast(transactions, { peers: 2 });
    expect(result.accept.sort()).toEqual([T1, T2, T3]);
    const answered = result.peers.filter((peer) => peer.answer).map((peer) => peer.url);
    expect(answered).toHaveLength(2);
    expect(
      result.peers
        .filter((peer) => peer.error)
        .map((peer) => peer.error?.code)
        .sort(),
    ).toEqual(['ERR_HTTP_5XX', 'ERR_NETWORK']);
    expect(a.posted.length + b.posted.length + spare.posted.length).toBe(2);
  });

  it('fails with every cause when no peer answers, and with the 4xx when the body is refused', async () => {
    const dead = await deadUrl();
    const broken = await node();
    broken.mode = 'fail500';
    let error: unknown;
    try {
      await client([dead, broken.url]).broadcast(transactions, { peers: 2 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).code).toBe('ERR_ALL_PEERS_FAILED');
    expect((error as ClientError).causes).toHaveLength(2);

    const strict = await node();
    await expect(client([strict.url]).broadcast([], { peers: 1 })).rejects.toMatchObject({
      code: 'ERR_HTTP_4XX',
      status: 422,
      message: 'should NOT have fewer than 1 items',
    });
  });

  it('postTransactions goes to one peer with failover', async () => {
    const broken = await node();
    broken.mode = 'fail500';
    const a = await node({ post: pool([T1, T2]) });
    const answer = await client([broken.url, a.url]).postTransactions(transactions);
    expect(answer.accept).toEqual([T1, T2]);
    expect(answer.invalid).toEqual([T3]);
    expect(answer.errors[T3]?.type).toBe('ERR_LOW_FEE');
  });

  it('reads the 2.x form of pool errors (an array per id, ark-core-api.md §7)', async () => {
    const legacy = await node({
      post: (txs) =>
        ({
          data: { accept: [], broadcast: [], excess: [], invalid: txs.map((tx) => tx.id) },
          errors: Object.fromEntries(
            txs.map((tx) => [tx.id, [{ type: 'ERR_APPLY', message: 'Insufficient balance' }]]),
          ),
        }) as unknown as PostAnswer,
    });
    const result = await client([legacy.url]).broadcast(transactions, { peers: 1 });
    expect(result.invalid).toEqual([T1, T2, T3]);
    expect(result.errors[T2]).toEqual({ type: 'ERR_APPLY', message: 'Insufficient balance' });
  });

  it('merges answers: accepted anywhere wins over refused elsewhere', () => {
    const merged = mergeBroadcastAnswers([
      {
        url: 'http://a',
        answer: {
          accept: [],
          broadcast: [],
          excess: [T1],
          invalid: [T2],
          errors: { [T2]: { type: 'ERR_APPLY', message: 'x' } },
        },
      },
      { url: 'http://b', answer: { accept: [T1, T2], broadcast: [T1], excess: [], invalid: [], errors: {} } },
      { url: 'http://c', error: new ClientError('ERR_TIMEOUT', 'late') },
    ]);
    expect(merged.accept).toEqual([T1, T2]);
    expect(merged.broadcast).toEqual([T1]);
    expect(merged.excess).toEqual([]);
    expect(merged.invalid).toEqual([]);
    expect(merged.errors).toEqual({});
  });
});
