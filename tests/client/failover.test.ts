import { afterEach, describe, expect, it } from 'vitest';
import { NodeClient } from '../../src/core/client';
import { deadUrl, fakeClock, startFakeNode, TX_ID, type FakeNode } from './support/fake-node';
import { failure } from './support/failure';

const started: FakeNode[] = [];
async function node(options: Parameters<typeof startFakeNode>[0] = {}): Promise<FakeNode> {
  const fake = await startFakeNode(options);
  started.push(fake);
  return fake;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

function client(urls: string[], clock = fakeClock(), timeoutMs = 1_000) {
  return new NodeClient(urls, { timeoutMs, now: () => clock.now, random: () => 0.5 });
}

const status = (c: NodeClient, url: string) => c.peerStatuses().find((peer) => peer.url === url)!;

describe('failover', () => {
  it('moves on when a peer refuses the connection', async () => {
    const dead = await deadUrl();
    const live = await node();
    const c = client([dead, live.url]);
    expect((await c.status()).now).toBe(5_000_000);
    expect(live.total()).toBe(1);
    expect(status(c, dead).lastError?.code).toBe('ERR_NETWORK');
    expect(status(c, dead).backoffUntil).toBeDefined();
    // The failed peer is now backing off: the next request goes straight to the live one.
    await c.status();
    expect(live.total()).toBe(2);
    expect(status(c, live.url).height).toBe(5_000_000);
  });

  it('moves on when a peer times out', async () => {
    const slow = await node();
    slow.mode = 'hang';
    const live = await node();
    const c = client([slow.url, live.url], fakeClock(), 200);
    // How long the failover takes is a figure of `npm run bench:latency`, not asserted here.
    expect((await c.syncing()).syncing).toBe(false);
    expect(live.total()).toBe(1);
    expect(status(c, slow.url).lastError?.code).toBe('ERR_TIMEOUT');
  });

  it('moves on when a peer answers 5xx or garbage', async () => {
    const broken = await node();
    broken.mode = 'fail500';
    const garbled = await node();
    garbled.mode = 'garbage';
    const live = await node();
    const c = client([broken.url, garbled.url, live.url]);
    expect((await c.blockchain()).block.height).toBe(5_000_000);
    expect(broken.total() + garbled.total() + live.total()).toBe(3);
    expect(status(c, broken.url).lastError?.code).toBe('ERR_HTTP_5XX');
    expect(status(c, garbled.url).lastError?.code).toBe('ERR_BAD_RESPONSE');
  });

  it('names the peer whose answer it returns, after failover too', async () => {
    const dead = await deadUrl();
    const live = await node();
    const named: string[] = [];
    await client([dead, live.url]).transaction(TX_ID, {
      answeredBy: (url) => named.push(url),
    });
    expect(named).toEqual([live.url]);
  });

  it("reports a single peer's own error, and every cause when all peers fail", async () => {
    const dead = await deadUrl();
    const alone = await failure(client([dead]).status());
    expect(alone.code).toBe('ERR_NETWORK');
    expect(alone.url).toBe(dead);

    const broken = await node();
    broken.mode = 'fail500';
    const all = await failure(client([dead, broken.url]).status());
    expect(all.code).toBe('ERR_ALL_PEERS_FAILED');
    expect(all.causes.map((cause) => cause.error.code)).toEqual(['ERR_NETWORK', 'ERR_HTTP_5XX']);
    expect(all.message).toContain(broken.url);
  });

  it('still tries a backing-off peer when it is the only one (a local node that restarted)', async () => {
    const only = await node();
    const c = client([only.url]);
    only.mode = 'fail500';
    expect((await failure(c.status())).code).toBe('ERR_HTTP_5XX');
    expect(status(c, only.url).backoffUntil).toBeDefined();
    only.mode = 'ok';
    expect((await c.status()).synced).toBe(true);
    expect(status(c, only.url).backoffUntil).toBeUndefined();
  });

  it('honours 429 Retry-After: backs off that peer and asks another', async () => {
    const clock = fakeClock();
    const limited = await node({ retryAfter: '30' });
    limited.mode = 'ratelimit';
    const other = await node();
    const c = client([limited.url, other.url], clock);
    await c.status();
    expect(limited.total()).toBe(1);
    expect(other.total()).toBe(1);
    expect(status(c, limited.url)).toMatchObject({ rateLimited: true, backoffUntil: clock.now + 30_000 });

    // While the Retry-After runs the limited peer is not asked at all, even when the other one fails.
    other.mode = 'fail500';
    limited.mode = 'ok';
    expect((await failure(c.status())).code).toBe('ERR_HTTP_5XX');
    expect(limited.total()).toBe(1);

    // Once it has passed, the peer is used again.
    clock.advance(30_001);
    expect((await c.status()).synced).toBe(true);
    expect(limited.total()).toBe(2);
  });

  it('answers ERR_RATE_LIMITED with retryAfter when every peer is rate limiting', async () => {
    const a = await node({ retryAfter: '20' });
    const b = await node({ retryAfter: '45.5' });
    a.mode = 'ratelimit';
    b.mode = 'ratelimit';
    const c = client([a.url, b.url]);
    const first = await failure(c.status());
    expect(first.code).toBe('ERR_RATE_LIMITED');
    expect(first.retryAfter).toBe(20);
    const again = await failure(c.status());
    expect(again.code).toBe('ERR_RATE_LIMITED');
    expect(again.retryAfter).toBeCloseTo(20);
    expect(a.total() + b.total()).toBe(2); // the second call asked nobody
  });
});

describe('scoring', () => {
  it('prefers the faster healthy peer', async () => {
    const slow = await node({ delayMs: 150 });
    const fast = await node();
    const c = client([slow.url, fast.url]);
    await c.refresh();
    await c.refresh();
    const [slowState, fastState] = c.peerStatuses();
    expect(slowState!.latencyMs!).toBeGreaterThan(fastState!.latencyMs!);
    expect(fastState!.score).toBeGreaterThan(slowState!.score);
    const before = { slow: slow.total(), fast: fast.total() };
    for (let i = 0; i < 3; i++) await c.status();
    expect(slow.total()).toBe(before.slow);
    expect(fast.total()).toBe(before.fast + 3);
  });

  it('uses a recovered peer again once its failures have faded', async () => {
    const clock = fakeClock();
    const fast = await node();
    const slow = await node({ delayMs: 60 });
    const c = client([fast.url, slow.url], clock);
    await c.refresh();
    await c.status();
    expect(fast.hits.get('/api/node/status')).toBe(1);

    fast.mode = 'fail500';
    await c.status(); // fails over to the slow peer
    await c.status(); // the fast one is backing off: straight to the slow one
    expect(fast.hits.get('/api/node/status')).toBe(2);
    expect(slow.hits.get('/api/node/status')).toBe(2);
    expect(status(c, fast.url).lastError?.code).toBe('ERR_HTTP_5XX');

    fast.mode = 'ok';
    clock.advance(5 * 60_000); // backoff over, the failure has faded (half-life 60 s)
    await c.refresh();
    expect(status(c, fast.url).score).toBeGreaterThan(status(c, slow.url).score);
    await c.status();
    expect(fast.hits.get('/api/node/status')).toBe(3);
    expect(status(c, fast.url).consecutiveFailures).toBe(0);
  });

  it('keeps the health of peers that stay when the list changes', async () => {
    const a = await node();
    const b = await node();
    const c = client([a.url]);
    await c.status();
    c.setPeers([`${b.url}/api/`, a.url]);
    expect(c.peerStatuses().map((peer) => peer.url)).toEqual([b.url, a.url]);
    expect(status(c, a.url).lastSuccessAt).toBeDefined();
    expect(status(c, b.url).lastSuccessAt).toBeUndefined();
    expect(() => c.setPeers(['ftp://x'])).toThrow(/http/);
  });
});
