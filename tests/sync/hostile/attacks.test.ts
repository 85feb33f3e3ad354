/**
 * Each attack of the catalogue (mutations.ts) against a follower with an honest peer beside the hostile one: the
 * follower never ends, never bans the honest peer, stores only what verifies (verifyChain), completes the sync
 * through the honest peer, and its status and API say only what it verified. docs/design/sync.md "Hostile peers".
 */
import { nodeParts } from '../../../src/core/node/parts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyChain } from '../../../src/core/node/block-store';
import { startApiChain, type ApiChain } from '../../api/support/api-chain';
import { askedForBlocks, follow, gate, until, type Followed } from './harness';
import {
  claimsAheadServesEmpty,
  flippedSignatureFork,
  hugeClaim,
  hugeNumbers,
  millionsOfNumbers,
  mistyped,
  notFoundTransactions,
  otherBlocktime,
  randomKeyFork,
  rateLimited,
  redirectTo,
  relabelledType,
  trickle,
  truncated,
} from './mutations';
import { passThrough, startPeer, type HostilePeer, type Mutation } from './proxy';

let chain: ApiChain;
let peers: HostilePeer[] = [];
let followed: Followed | undefined;

beforeEach(async () => {
  chain = await startApiChain();
});

afterEach(async () => {
  await followed?.close();
  followed = undefined;
  for (const peer of peers) await peer.close();
  peers = [];
  await chain.close();
});

async function peer(mutation: Mutation = passThrough): Promise<HostilePeer> {
  const started = await startPeer(chain.server, mutation);
  peers.push(started);
  return started;
}

const statusOf = (f: Followed, p: HostilePeer) => f.host.follower.status().peers.find((s) => s.url === p.url);

async function api(f: Followed, path: string): Promise<Record<string, unknown>> {
  const answer = await f.host.api.publicApp.inject({
    url: `/api${path}`,
    headers: { host: '127.0.0.1:4003' },
  });
  return answer.json<{ data: Record<string, unknown> }>().data;
}

/** What every attack must leave true: running, the honest peer never banned, the chain verified and complete. */
async function expectHonestSync(f: Followed, honest: HostilePeer): Promise<void> {
  await until(() => f.host.node.height === chain.node.height, 'the sync through the honest peer').catch(
    (error: unknown) => {
      console.log(JSON.stringify(f.host.follower.status(), null, 1), f.logs);
      throw error;
    },
  );
  await until(() => f.host.follower.status().state === 'synced', 'synced');
  expect(f.ended()).toBe(false);
  expect(statusOf(f, honest)?.banned).toBeUndefined();
  expect(f.host.node.lastBlock().id).toBe(chain.node.lastBlock().id);
  expect(verifyChain(nodeParts(f.host.node).store).verified).toBe(true);
}

/** More blocks on the honest chain (empty ones, one per slot). */
function grow(blocks: number): void {
  for (let i = 0; i < blocks; i++) chain.step();
}

describe('a hostile peer cannot stop the follower', () => {
  it('a deep fake fork (one flipped signature digit, ids recomputed) is banned; the follower keeps following', async () => {
    // Longer than the revert bound (three rounds of 21: 63 blocks), so that the fake fork below is deeper.
    grow(70);
    let active = false;
    const hostile = await peer();
    const honest = await peer();
    hostile.mutation = (exchange) => (active ? flippedSignatureFork(chain, () => 2) : passThrough)(exchange);
    const f = (followed = await follow(chain, [hostile, honest]));
    await expectHonestSync(f, honest);
    // From now on its chain differs from height 2 up: deeper than the follower reverts.
    active = true;
    const held = honest.mutation;
    honest.mutation = gate(() => statusOf(f, hostile)?.banned !== undefined, held);
    await until(() => statusOf(f, hostile)?.banned !== undefined, 'the ban');
    expect(statusOf(f, hostile)?.banned?.reason).toMatch(/signature does not verify/);
    expect(f.logs.some((line) => line.startsWith('fork:'))).toBe(false);
    grow(2);
    await expectHonestSync(f, honest);
  });

  it('a 55-deep fork signed by a key that is no delegate is banned before anything is reverted', async () => {
    grow(60);
    let active = false;
    const hostile = await peer();
    const honest = await peer();
    hostile.mutation = (exchange) =>
      (active ? randomKeyFork(chain, () => chain.node.height - 54) : passThrough)(exchange);
    const f = (followed = await follow(chain, [hostile, honest]));
    await expectHonestSync(f, honest);
    const tip = f.host.node.lastBlock().id;
    active = true;
    const held = honest.mutation;
    honest.mutation = gate(() => statusOf(f, hostile)?.banned !== undefined, held);
    await until(() => statusOf(f, hostile)?.banned !== undefined, 'the ban');
    expect(statusOf(f, hostile)?.banned?.reason).toMatch(/forged by|slot belongs/);
    expect(f.logs.some((line) => line.startsWith('fork:'))).toBe(false);
    expect(f.host.node.lastBlock().id).toBe(tip);
    await expectHonestSync(f, honest);
  });

  it('fake forks at several depths are banned, and nothing is reverted', async () => {
    grow(12);
    for (const depth of [1, 3, 10]) {
      let active = false;
      const hostile = await peer();
      const honest = await peer();
      hostile.mutation = (exchange) =>
        (active ? flippedSignatureFork(chain, () => chain.node.height - depth + 1, 1) : passThrough)(
          exchange,
        );
      const f = (followed = await follow(chain, [hostile, honest]));
      await expectHonestSync(f, honest);
      active = true;
      honest.mutation = gate(() => statusOf(f, hostile)?.banned !== undefined);
      await until(() => statusOf(f, hostile)?.banned !== undefined, `the ban at depth ${depth}`);
      expect(
        f.logs.some((line) => line.startsWith('fork:')),
        `depth ${depth}`,
      ).toBe(false);
      expect(f.host.node.lastBlock().id).toBe(chain.node.lastBlock().id);
      await followed.close();
      followed = undefined;
    }
  });

  it('a verified fork deeper than the revert bound stops following that peer only, and says so', async () => {
    const honest = await peer();
    const f = (followed = await follow(chain, [honest], { follower: { maxRevert: 2 } }));
    await expectHonestSync(f, honest);
    // The peer's own chain moves to a fork 3 blocks deep (its delegates, later slots), one block longer.
    chain.node.revertBlocks(3);
    chain.clock.now += chain.blockTime * 1000;
    grow(4);
    await until(() => statusOf(f, honest)?.diverged !== undefined, 'the peer marked as on another chain');
    expect(f.ended()).toBe(false);
    const status = f.host.follower.status();
    expect(status.state).toBe('stalled');
    expect(status.reason).toMatch(/follows another chain/);
    expect(statusOf(f, honest)?.diverged).toMatch(/more than 2 blocks back/);
    // Still serving its verified chain.
    expect(await api(f, '/node/syncing')).toMatchObject({ height: f.host.node.height });
    expect(verifyChain(nodeParts(f.host.node).store).verified).toBe(true);
  });
});

describe('a hostile peer cannot freeze the follower', () => {
  it('claiming 3 blocks more and serving empty pages: doubted, backed off; the honest peer completes the sync', async () => {
    const hostile = await peer(claimsAheadServesEmpty(3));
    const honest = await peer();
    honest.mutation = gate(() => askedForBlocks(hostile));
    const f = (followed = await follow(chain, [hostile, honest]));
    await expectHonestSync(f, honest);
    expect(statusOf(f, hostile)?.claimBelieved).toBe(false);
    expect(f.host.follower.status().blocksBehind).toBe(0);
  });

  it('a 404 on a block’s transactions is the peer’s failure: it backs off and the honest peer completes', async () => {
    const hostile = await peer(notFoundTransactions);
    const honest = await peer();
    honest.mutation = gate(() => hostile.requests.some((path) => path.endsWith('/transactions')));
    const f = (followed = await follow(chain, [hostile, honest]));
    await expectHonestSync(f, honest);
    expect(statusOf(f, hostile)?.lastError).toMatch(/404/);
  });

  it('a Core transaction relabelled with a plugin’s type (id kept): the honest peer’s bytes refute it, the peer is banned', async () => {
    const hostile = await peer(relabelledType(9000));
    const honest = await peer();
    honest.mutation = gate(() => hostile.requests.some((path) => path.endsWith('/transactions')));
    const f = (followed = await follow(chain, [hostile, honest]));
    await expectHonestSync(f, honest);
    expect(statusOf(f, hostile)?.banned?.reason).toMatch(
      /as typeGroup 9000, type 3, but .* served that transaction's bytes, which hash to its id, as /,
    );
  });

  it('millions of numbers as a block’s transactions: refused without a stack overflow, the peer banned', async () => {
    const hostile = await peer(millionsOfNumbers);
    const honest = await peer();
    honest.mutation = gate(() => statusOf(followed!, hostile)?.banned !== undefined);
    const f = (followed = await follow(chain, [hostile, honest]));
    await expectHonestSync(f, honest);
    expect(statusOf(f, hostile)?.banned?.reason).toMatch(/in one page of 100/);
    expect(f.logs.join('\n')).not.toMatch(/call stack/);
  });

  for (const [name, mutation] of [
    ['truncated JSON', truncated],
    ['mistyped JSON', mistyped],
    ['huge numbers', hugeNumbers],
  ] as const) {
    it(`${name}: the peer fails (backs off or is banned), the honest peer completes`, async () => {
      let armed = false;
      const hostile = await peer((exchange) => (armed ? mutation : passThrough)(exchange));
      const honest = await peer();
      honest.mutation = gate(
        () => armed && askedForBlocks(hostile) && statusOf(followed!, hostile)?.lastError !== undefined,
      );
      const f = (followed = await follow(chain, [hostile, honest]));
      armed = true;
      await expectHonestSync(f, honest);
      expect(statusOf(f, hostile)?.lastError).toBeDefined();
    });
  }

  it('trickled bytes: the exchange times out, the peer backs off, the honest peer completes', async () => {
    let armed = false;
    const hostile = await peer((exchange) => (armed ? trickle(4, 100) : passThrough)(exchange));
    const honest = await peer();
    honest.mutation = gate(() => statusOf(followed!, hostile)?.lastError !== undefined);
    const f = (followed = await follow(chain, [hostile, honest], { timeoutMs: 500 }));
    armed = true;
    await expectHonestSync(f, honest);
    expect(statusOf(f, hostile)?.lastError).toMatch(/did not answer within 500 ms/);
  });

  it('a 429 with Retry-After is honoured: the peer is not asked again meanwhile, and not banned', async () => {
    let armed = false;
    const hostile = await peer((exchange) => (armed ? rateLimited(3600) : passThrough)(exchange));
    const honest = await peer();
    const f = (followed = await follow(chain, [hostile, honest]));
    armed = true;
    const before = hostile.requests.length;
    await expectHonestSync(f, honest);
    grow(3);
    await expectHonestSync(f, honest);
    expect(hostile.requests.length - before).toBeLessThanOrEqual(1);
    expect(statusOf(f, hostile)?.banned).toBeUndefined();
  });
});

describe('the network’s rules are fixed', () => {
  it('a peer serving another blocktime (same nethash), listed first, is refused; the honest one is not banned', async () => {
    const hostile = await peer(otherBlocktime(4));
    const honest = await peer();
    const f = (followed = await follow(chain, [hostile, honest]));
    expect(f.host.discovery.refused).toEqual([
      {
        url: hostile.url,
        reason: expect.stringMatching(
          /other rules for this network \(milestones\[0\]\.blocktime is 4, the network's is 8/,
        ) as unknown,
      },
    ]);
    expect(f.host.discovery.network.milestones[0]).toMatchObject({ blocktime: 8 });
    await expectHonestSync(f, honest);
  });

  it('on a restart, the network stored beside the chain decides, whoever is listed first', async () => {
    const honest = await peer();
    const first = await follow(chain, [honest]);
    await expectHonestSync(first, honest);
    await first.close({ keepData: true });
    const hostile = await peer(otherBlocktime(16));
    const f = (followed = await follow(chain, [hostile, honest], { dataDir: first.dataDir }));
    expect(f.host.discovery.peers).toEqual([honest.url]);
    expect(f.host.discovery.refused[0]?.reason).toMatch(/stored beside the chain/);
    grow(2);
    await expectHonestSync(f, honest);
  });
});

describe('bounded work and truth', () => {
  it('a 302 to another origin is refused: nothing is asked of the redirect target', async () => {
    const elsewhere = await peer();
    const hostile = await peer(redirectTo(elsewhere.url));
    const honest = await peer();
    const f = (followed = await follow(chain, [hostile, honest]));
    await expectHonestSync(f, honest);
    expect(elsewhere.requests).toEqual([]);
    expect(f.host.discovery.refused[0]?.reason).toMatch(/redirect \(302\)/);
  });

  it('a huge claimed height is not believed: not by /node/syncing, /node/status, /peers or the status', async () => {
    const hostile = await peer(hugeClaim());
    const honest = await peer();
    const f = (followed = await follow(chain, [hostile, honest]));
    await expectHonestSync(f, honest);
    const status = f.host.follower.status();
    expect(status.blocksBehind).toBe(0);
    expect(status.target).toBe(chain.node.height);
    expect(statusOf(f, hostile)).toMatchObject({ claimBelieved: false, height: 9_007_199_254_740_990 });
    expect(statusOf(f, hostile)?.claimDoubt).toMatch(/allows at most/);
    expect(await api(f, '/node/syncing')).toMatchObject({ syncing: false, blocks: 0 });
    expect(await api(f, '/node/status')).toMatchObject({ synced: true, blocksCount: 0 });
    const listed = (
      await f.host.api.publicApp.inject({ url: '/api/peers', headers: { host: '127.0.0.1:4003' } })
    ).json<{ data: { height: number }[] }>();
    expect(listed.data.every((p) => p.height <= chain.node.height)).toBe(true);
  });

  it('a stalled follower says why in words: which peer, what failed, no URL with a query', async () => {
    const honest = await peer();
    const f = (followed = await follow(chain, [honest]));
    await expectHonestSync(f, honest);
    honest.mutation = gate(() => false);
    grow(1);
    chain.clock.now += 4 * chain.blockTime * 1000;
    await until(
      () => f.host.follower.status().state === 'stalled' && statusOf(f, honest)?.lastError !== undefined,
      'the stall',
    );
    const status = f.host.follower.status();
    expect(status.reason).toContain(new URL(honest.url).host);
    expect(status.reason).toMatch(/503|busy/);
    expect(status.reason).not.toMatch(/\?|transform=/);
    expect(status.blocksBehind).toBeLessThanOrEqual(status.heightBound - status.height);
    expect(await api(f, '/node/status')).toMatchObject({ synced: false });
  });
});
