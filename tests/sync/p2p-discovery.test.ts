/**
 * Finding P2P interfaces in the peers' lists (core/sync/p2p-discovery.ts, docs/design/sync.md "P2P"): ARK Core's
 * `/api/peers` names each peer's ip and P2P port; a followed node takes the valid entries, asks each for its status
 * and downloads from those of the network's nethash — the public API stays the fallback. A list is a claim: host
 * names, bad ports, special addresses (unless the user configured such a peer), repeats (an IPv4-mapped IPv6
 * address is its IPv4 address) and junk are ignored. A few entries of a few lists are taken, in turns (core-p2p
 * `network-monitor.ts` discoverPeers), so that one long list read first does not push the others back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFollowedHost, type FollowedHost } from '../../src/core/host';
import { verifyChain } from '../../src/core/node/block-store';
import { nodeParts } from '../../src/core/node/parts';
import { isSpecialHost, p2pUrlsFromList } from '../../src/core/sync';
import { PeerPool } from '../../src/core/client';
import { admitP2pUrls, listedP2pUrls, MAX_P2P_PER_LIST } from '../../src/core/sync/p2p-discovery';
import { decodeGetStatusResponse, encodeGetStatusResponse } from '../../src/core/p2p';
import { startApiChain, type ApiChain } from '../api/support/api-chain';
import { startListingApiPeer, type ListingApiPeer } from './listing-api-peer';
import { startP2pPeer, type P2pTestPeer } from './p2p-peer-server';
import { until } from './support';

describe('P2P interfaces from a peer list', () => {
  it('takes public IP addresses with a valid port, each once, and ignores everything else', () => {
    const list: unknown[] = [
      { ip: '5.39.9.245', port: 4001, ports: { '@arkecosystem/core-api': 4003 } },
      { ip: '5.39.9.245', port: 4001 },
      { ip: '2a01:4f8:c17:1::1', port: 4001 },
      { ip: 'node.example.com', port: 4001 },
      { ip: '5.39.9.246', port: 0 },
      { ip: '5.39.9.247', port: 70_000 },
      { ip: '5.39.9.248', port: 4001.5 },
      { ip: '5.39.9.249', port: '4001' },
      { ip: '5.39.9.250/x', port: 4001 },
      { ip: '5.39.9.250 ', port: 4001 },
      { ip: '127.0.0.1', port: 4001 },
      { ip: '10.1.2.3', port: 4001 },
      { ip: '192.168.1.10', port: 4001 },
      { ip: '172.20.0.5', port: 4001 },
      { ip: '169.254.169.254', port: 80 },
      { ip: '0.0.0.0', port: 4001 },
      { ip: '224.0.0.1', port: 4001 },
      { ip: '::1', port: 4001 },
      { ip: '::ffff:127.0.0.1', port: 4001 },
      { ip: 'fd00::1', port: 4001 },
      { ip: 'fe80::1', port: 4001 },
      null,
      'ws://5.39.9.251:4001',
      { port: 4001 },
    ];
    expect(p2pUrlsFromList(list, { specialAllowed: false })).toEqual([
      'ws://5.39.9.245:4001',
      'ws://[2a01:4f8:c17:1::1]:4001',
    ]);
    // The user configured a peer on a private network: such entries are taken too (host names still are not).
    expect(p2pUrlsFromList(list, { specialAllowed: true })).toContain('ws://10.1.2.3:4001');
    expect(p2pUrlsFromList(list, { specialAllowed: true })).not.toContain('ws://node.example.com:4001');
    expect(isSpecialHost('localhost')).toBe(true);
    expect(isSpecialHost('[::1]')).toBe(true);
    expect(isSpecialHost('8.8.8.8')).toBe(false);
  });

  it('takes an IPv4-mapped IPv6 entry as its IPv4 address: one interface, whichever spelling', () => {
    const list = [
      { ip: '5.39.9.245', port: 4001 },
      { ip: '::ffff:5.39.9.245', port: 4001 },
      { ip: '0:0:0:0:0:ffff:527:9f6', port: 4001 },
    ];
    expect(p2pUrlsFromList(list, { specialAllowed: false })).toEqual([
      'ws://5.39.9.245:4001',
      'ws://5.39.9.246:4001',
    ]);
  });

  it('takes a few entries, not as many as a list holds', () => {
    const list = Array.from({ length: 100 }, (_, i) => ({ ip: `5.39.${i}.1`, port: 4001 }));
    expect(p2pUrlsFromList(list, { specialAllowed: false })).toHaveLength(MAX_P2P_PER_LIST);
    expect(
      p2pUrlsFromList(list, { specialAllowed: false, known: new Set(['ws://5.39.0.1:4001']), limit: 2 }),
    ).toEqual(['ws://5.39.1.1:4001', 'ws://5.39.2.1:4001']);
  });
});

describe('reading the peers’ lists', () => {
  const apis: ListingApiPeer[] = [];
  afterEach(async () => {
    for (const api of apis.splice(0)) await api.close();
  });

  it('takes a few entries of each list, in turns: a long list read first does not push the others back', async () => {
    const long = await startListingApiPeer(
      undefined,
      Array.from({ length: 100 }, (_, i) => ({ ip: '5.39.9.1', port: 5000 + i })),
    );
    const short = await startListingApiPeer(undefined, [{ ip: '5.39.9.2', port: 4001 }]);
    apis.push(long, short);
    const pool = new PeerPool([long.url, short.url]);
    const urls = await listedP2pUrls(pool, { configured: [long.url, short.url] });
    expect(urls).toHaveLength(MAX_P2P_PER_LIST + 1);
    expect(urls.slice(0, 2)).toEqual(['ws://5.39.9.1:5000', 'ws://5.39.9.2:4001']);
    // Those already known are skipped, not counted: the list's next entries are taken, as many.
    expect(await listedP2pUrls(pool, { configured: [], known: new Set(urls) })).toEqual(
      Array.from({ length: MAX_P2P_PER_LIST }, (_, i) => `ws://5.39.9.1:${5050 + i}`),
    );
  });
});

describe('admitting a listed P2P interface', () => {
  let chain: ApiChain | undefined;
  const p2pPeers: P2pTestPeer[] = [];

  afterEach(async () => {
    for (const peer of p2pPeers.splice(0)) await peer.close();
    await chain?.close();
    chain = undefined;
  });

  it('refuses one whose getStatus answer is longer than core-p2p’s client takes (100 kB)', async () => {
    // core-p2p reads every answer but getBlocks' within DEFAULT_MAX_PAYLOAD_CLIENT (`constants.ts`, and
    // `peer-communicator.ts` emit): a listed interface is anyone's, and a dozen are probed at once.
    const c = (chain = await startApiChain());
    c.step();
    const nethash = nodeParts(c.node).store.network.network.nethash;
    const padded = await startP2pPeer(c.node, nethash, ({ path, answer }) => {
      if (path !== 'p2p.peer.getStatus') return undefined;
      const status = decodeGetStatusResponse(answer);
      return { payload: encodeGetStatusResponse({ ...status, version: 'x'.repeat(1024 * 1024) }) };
    });
    const honest = await startP2pPeer(c.node, nethash);
    p2pPeers.push(padded, honest);
    const probe = { timeoutMs: 2_000, connectTimeoutMs: 2_000 };
    expect(await admitP2pUrls([padded.url, honest.url], nethash, probe)).toEqual([honest.url]);
  });
});

describe('a followed node finding P2P interfaces', () => {
  let chain: ApiChain | undefined;
  let listing: ListingApiPeer | undefined;
  let host: FollowedHost | undefined;
  const p2pPeers: P2pTestPeer[] = [];
  let dataDir: string | undefined;

  afterEach(async () => {
    await host?.close();
    host = undefined;
    for (const peer of p2pPeers.splice(0)) await peer.close();
    await listing?.close();
    listing = undefined;
    await chain?.close();
    chain = undefined;
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('downloads from the P2P interfaces its peer lists, and only from those of its network', async () => {
    const c = (chain = await startApiChain());
    for (let i = 0; i < 1_200; i++) c.step();
    const nethash = nodeParts(c.node).store.network.network.nethash;
    const honest = await startP2pPeer(c.node, nethash);
    const otherNetwork = await startP2pPeer(c.node, '00'.repeat(32));
    p2pPeers.push(honest, otherNetwork);
    const portOf = (url: string) => Number(new URL(url).port);
    // The peer's public API, on a socket as a remote node's is, its /api/peers answered as ARK Core answers it.
    const listed = [
      { ip: 'p2p.example.com', port: portOf(honest.url) },
      { ip: '127.0.0.1', port: 0 },
      { ip: '127.0.0.1', port: portOf(otherNetwork.url), ports: { '@arkecosystem/core-api': 4003 } },
      { ip: '127.0.0.1', port: portOf(honest.url), ports: { '@arkecosystem/core-api': 4003 } },
      'junk',
    ];
    const apiUrl = (listing = await startListingApiPeer(c.server, listed)).url;
    const lines: string[] = [];
    dataDir = mkdtempSync(join(tmpdir(), 'votary-p2p-discovery-'));
    const h = (host = await openFollowedHost({
      dataDir,
      peers: [apiUrl],
      log: (line) => lines.push(line),
    }));
    h.follower.start();
    await until(() => h.node.height === c.node.height, 'sync', 60_000);

    expect(verifyChain(nodeParts(h.node).store).verified).toBe(true);
    expect(honest.getBlocksAt.length).toBeGreaterThan(0);
    expect(otherNetwork.getBlocksAt).toEqual([]);
    const urls = h.follower.status().peers.map((peer) => peer.url);
    expect(urls).toContain(honest.url);
    expect(urls).not.toContain(otherNetwork.url);
    expect(urls.filter((url) => url.startsWith('ws://'))).toEqual([honest.url]);
    expect(lines.join('\n')).toContain(`P2P interface(s) the peers list too: ${honest.url}`);
  });
});
