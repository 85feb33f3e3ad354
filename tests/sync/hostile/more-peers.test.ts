/**
 * The app's own node follows at least three peers where the network has them (core/host/followed-host.ts
 * `minPeers`, core/host/peer-admission.ts): its configured peer, then those it lists at `/api/peers`, each admitted only when
 * it serves the network's rules — so that one hostile peer is outvoted, and a listed peer with other rules is not
 * taken on.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startApiChain, type ApiChain } from '../../api/support/api-chain';
import { follow, until, type Followed } from './harness';
import { otherBlocktime } from './mutations';
import { passThrough, send, startPeer, type HostilePeer, type Mutation } from './proxy';

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

/** Answers `/api/peers` with `listed` (ARK's shape: the P2P port, and the API port under `ports`). */
function listing(listed: () => HostilePeer[]): Mutation {
  return async (exchange) => {
    if (exchange.url.pathname !== '/api/peers') return passThrough(exchange);
    const data = listed().map((peer) => {
      const port = Number(new URL(peer.url).port);
      return {
        ip: new URL(peer.url).hostname,
        port: 4001,
        ports: { '@arkecosystem/core-api': port },
        version: '3.9.1',
        height: 1,
        latency: 1,
      };
    });
    await send(
      exchange.res,
      200,
      { 'content-type': 'application/json' },
      JSON.stringify({ meta: { count: data.length }, data }),
    );
  };
}

it('follows the peers its peer lists, up to three, and not one serving other rules', async () => {
  const second = await startPeer(chain.server);
  const otherRules = await startPeer(chain.server, otherBlocktime(4));
  const third = await startPeer(chain.server);
  const first = await startPeer(
    chain.server,
    listing(() => [otherRules, second, third]),
  );
  peers.push(first, second, otherRules, third);
  const f = (followed = await follow(chain, [first], { minPeers: 3 }));
  await until(() => f.host.follower.status().peers.length >= 3, 'three followed peers');
  const urls = f.host.follower.status().peers.map((peer) => peer.url);
  expect(urls).toEqual(expect.arrayContaining([first.url, second.url, third.url]));
  expect(urls).not.toContain(otherRules.url);
  expect(
    f.logs.some((line) => line.startsWith(`peer ${otherRules.url} refused: it serves other rules`)),
  ).toBe(true);
  await until(() => f.host.node.height === chain.node.height, 'the sync');
});
