/**
 * ARK mainnet and devnet in one step (client/known-networks.ts, Networks.addKnown): listed without contacting
 * anything, added from the seed relays that answer with the right nethash, more peers taken from `/api/peers`.
 * The seeds' addresses are routed to local fake nodes by the client's fetch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_NETWORKS, type FetchLike } from '../../src/core/client';
import type { AppCore } from '../../src/core/services';
import { devnet, mainnet } from '../../src/core/protocol/networks';
import { startFakeNode, type FakeNode } from '../client/support/fake-node';
import { call, openCore, PASSWORD, removeDir, tempDir } from './support';

const [mainnetSeeds, devnetSeeds] = [KNOWN_NETWORKS[0]!.seeds, KNOWN_NETWORKS[1]!.seeds];
let first: FakeNode;
let second: FakeNode;
let other: FakeNode;
let dir: string;
let core: AppCore;
/** Requests that left for a seed or an announced peer (not the embedded node's loopback API). */
const outside: string[] = [];

beforeAll(async () => {
  [first, second, other] = await Promise.all([
    startFakeNode({ network: mainnet }),
    startFakeNode({ network: mainnet }),
    startFakeNode({ network: devnet }),
  ]);
  // Two mainnet seeds answer, a third answers as another network, the peer they announce (1.2.3.4:4003) is the
  // second node again; every other address refuses the connection.
  const routes = new Map<string, string>([
    [mainnetSeeds[0]!, first.url],
    [mainnetSeeds[1]!, second.url],
    [mainnetSeeds[2]!, other.url],
    ['http://1.2.3.4:4003', second.url],
  ]);
  const fetchVia: FetchLike = (input, init) => {
    const url = new URL(input);
    if (url.hostname === '127.0.0.1') return fetch(input, init);
    outside.push(input);
    const target = routes.get(url.origin);
    if (target === undefined) {
      return Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
    }
    return fetch(`${target}${url.pathname}${url.search}`, init);
  };
  dir = tempDir();
  core = await openCore(dir, { client: { fetch: fetchVia, timeoutMs: 2_000 } });
  await call(core, 'vault:create', { password: PASSWORD });
});
afterAll(async () => {
  await core?.close();
  removeDir(dir);
  await Promise.all([first, second, other].map((node) => node?.close()));
});

async function failure(
  channel: 'networks:add-known',
  request: unknown,
): Promise<{ code: string; message: string }> {
  const result = await core.handleRequest(channel, request);
  if (result.ok) throw new Error(`${channel} succeeded`);
  return result.error;
}

describe('ARK’s own networks', () => {
  it('are listed with their seeds, and listing them contacts nothing', async () => {
    expect(await call(core, 'networks:known')).toEqual([
      {
        key: 'ark-mainnet',
        name: 'ARK mainnet',
        token: 'ARK',
        nethash: mainnet.network.nethash,
        seeds: 64,
        added: false,
      },
      {
        key: 'ark-devnet',
        name: 'ARK devnet',
        token: 'DARK',
        nethash: devnet.network.nethash,
        seeds: 5,
        added: false,
      },
    ]);
    expect(mainnetSeeds[0]).toBe('http://5.196.105.32:4003');
    expect(devnetSeeds).toHaveLength(5);
    expect(outside).toEqual([]);
  });

  it('the seeds serve plain http: nothing is contacted before the person confirms it', async () => {
    expect((await failure('networks:add-known', { key: 'ark-mainnet' })).code).toBe('ERR_PLAIN_HTTP');
    expect(outside).toEqual([]);
  });

  it('adds mainnet from the seeds that answer with its nethash, and more peers from /api/peers', async () => {
    const added = await call(core, 'networks:add-known', { key: 'ark-mainnet', allowPlainHttp: true });
    expect(added).toMatchObject({ kind: 'remote', name: 'ARK mainnet', nethash: mainnet.network.nethash });
    // The first seed that answered, and the announced peer; the other answering seed only if it was among the
    // candidates checked (a dozen of the 64, in random order). Never the seed of another network.
    expect(added.peers.length).toBeGreaterThanOrEqual(2);
    expect(added.peers).toContain('http://1.2.3.4:4003');
    for (const peer of added.peers)
      expect([mainnetSeeds[0], mainnetSeeds[1], 'http://1.2.3.4:4003']).toContain(peer);
    expect(added.peers).not.toContain(mainnetSeeds[2]);
    const known = await call(core, 'networks:known');
    expect(known.find((network) => network.key === 'ark-mainnet')?.added).toBe(true);
    // A second click gives the same network, nothing new.
    const again = await call(core, 'networks:add-known', { key: 'ark-mainnet', allowPlainHttp: true });
    expect(again.id).toBe(added.id);
    expect(
      (await call(core, 'networks:list')).filter((network) => network.nethash === mainnet.network.nethash),
    ).toHaveLength(1);
  });

  it('says so when no seed answers, and adds nothing', async () => {
    const error = await failure('networks:add-known', { key: 'ark-devnet', allowPlainHttp: true });
    expect(error.code).toBe('ERR_SEEDS_UNREACHABLE');
    expect(error.message).toMatch(/None of the 5 seed nodes of ARK devnet answered/);
    expect((await call(core, 'networks:known')).find((network) => network.key === 'ark-devnet')?.added).toBe(
      false,
    );
  });

  it('refuses a key it does not know', async () => {
    const result = await core.handleRequest('networks:add-known', {
      key: 'ark-testnet',
    });
    expect(result.ok).toBe(false);
  });
});
