/**
 * Work spreads over every usable peer (run-queue.ts, peer-choice.ts): a peer kept within a request budget is asked
 * when it can answer soonest, so a sync far behind keeps all of them busy — each within its own limit — instead of
 * queueing behind the one that delivered best.
 */
import { nodeParts } from '../../src/core/node/parts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiChain, type ApiChain } from '../api/support/api-chain';
import type { FetchLike } from '../../src/core/client';
import { PeerHealth, DEFAULT_PEER_HEALTH_OPTIONS } from '../../src/core/client/peer-health';
import { RateBudget } from '../../src/core/client/rate-budget';
import { verifyChain } from '../../src/core/node/block-store';
import { choosePeer } from '../../src/core/sync/peer-choice';
import { PeerLedger } from '../../src/core/sync/peer-ledger';
import { peersFetch, peerUrl, startFollower, until, type FollowerUnderTest } from './support';

describe('choosing a peer with budgets', () => {
  it('a burst of choices goes round the peers instead of all to the best', () => {
    const now = () => 1_000_000;
    const peers = ['http://a.test', 'http://b.test', 'http://c.test'].map((url) => {
      const peer = new PeerHealth(url, { ...DEFAULT_PEER_HEALTH_OPTIONS, now });
      peer.budget = new RateBudget({ limit: 100, windowMs: 60_000 }, now);
      return peer;
    });
    const ledger = new PeerLedger();
    // a.test delivered best so far.
    ledger.delivered('http://a.test', 100, 1_000);
    const queued = new Map<PeerHealth, number>();
    const chosen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const peer = choosePeer(
        peers,
        ledger,
        () => true,
        (p) => queued.get(p) ?? 0,
      )!;
      queued.set(peer, (queued.get(peer) ?? 0) + 1);
      chosen.push(peer.url);
    }
    expect(new Set(chosen)).toEqual(new Set(peers.map((peer) => peer.url)));
  });

  it('a peer that announced a limit of one a minute is not waited for while one with closer slots is open', () => {
    const now = () => 1_000_000;
    const [fast, slow] = ['http://fast.test', 'http://slow.test'].map((url) => {
      const peer = new PeerHealth(url, { ...DEFAULT_PEER_HEALTH_OPTIONS, now });
      peer.budget = new RateBudget({ limit: 100, windowMs: 60_000 }, now);
      return peer;
    });
    slow!.budget!.setLimit({ limit: 1, windowMs: 60_000 }); // x-ratelimit-limit: 1
    const ledger = new PeerLedger();
    // The fast one has runs queued (its next free slot is seconds away); the slow one is free now, but each further
    // request of a run given to it would wait a minute while the runs behind it wait too.
    const queued = (peer: PeerHealth) => (peer === fast ? 4 : 0);
    expect(choosePeer([fast!, slow!], ledger, () => true, queued)).toBe(fast);
    // Alone, it is still asked (within its limit).
    expect(choosePeer([slow!], ledger, () => true)).toBe(slow);
  });
});

let chain: ApiChain;
let follower: FollowerUnderTest | undefined;

beforeEach(async () => {
  chain = await startApiChain();
});

afterEach(async () => {
  await follower?.close();
  follower = undefined;
  await chain.close();
});

describe('a sync far behind, every peer within a budget', () => {
  it('asks every peer, none of them more often than its limit', async () => {
    for (let i = 0; i < 500; i++) chain.step();
    const ports = [14401, 14402, 14403];
    const sent = new Map<number, number[]>(ports.map((port) => [port, []]));
    const inner = peersFetch(Object.fromEntries(ports.map((port) => [port, { server: chain.server }])));
    const fetch: FetchLike = (input, init) => {
      sent.get(Number(new URL(input).port))?.push(Date.now());
      return inner(input, init);
    };
    const spacingMs = 200;
    follower = await startFollower(
      ports.map((port) => peerUrl(port)),
      fetch,
      { apiRateLimit: { limit: 60_000 / spacingMs, windowMs: 60_000 } },
      false,
    );
    for (const times of sent.values()) times.length = 0; // discovery is not the follower's
    const f = follower;
    f.follower.start();
    await until(() => f.node.height === chain.node.height, 'sync', 60_000);
    expect(verifyChain(nodeParts(f.node).store).verified).toBe(true);
    for (const [port, times] of sent) {
      expect(times.length, `requests to ${port}`).toBeGreaterThan(0);
      for (let i = 1; i < times.length; i++) {
        expect(times[i]! - times[i - 1]!, `spacing at ${port}`).toBeGreaterThanOrEqual(spacingMs - 2);
      }
    }
  });
});
