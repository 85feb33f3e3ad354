/**
 * A peer's crypto configuration cannot stop discovery (core/sync/discovery.ts, rules.ts; docs/design/sync.md
 * "Discovery"): JSON.parse takes any nesting, but the rules are compared by walking every level, so an answer
 * nested deeper than MAX_JSON_DEPTH is that peer's bad answer — refused, while the honest peers are followed — and
 * an exceptions list must have the shape of ARK Core 3.9.1's (`exceptions.json`: lists and tables of ids). A stored
 * network.json nested that deep is a clear error naming the file, never a stack overflow.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PeerPool, type FetchLike } from '../../src/core/client';
import { blockHeaderToJson } from '../../src/core/protocol/blocks';
import { transactionToJson } from '../../src/core/protocol/transactions';
import {
  discoverFollowedNetwork,
  followedNetworkOf,
  isSyncError,
  loadNetworkFile,
  type CryptoConfigJson,
} from '../../src/core/sync';
import { createTestChain } from '../node/support/chain-fixture';

const chain = createTestChain();
function config(): CryptoConfigJson {
  return JSON.parse(
    JSON.stringify(
      {
        network: chain.network.network,
        milestones: chain.network.milestones,
        exceptions: {},
        genesisBlock: {
          ...blockHeaderToJson(chain.genesis.header, chain.network),
          transactions: chain.genesis.transactions.map(transactionToJson),
        },
      },
      (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
    ),
  ) as CryptoConfigJson;
}

const HONEST = JSON.stringify({ data: config() });
const DEPTH = 200_000; // 400 kB of brackets, far below the 16 MiB answer cap
const NESTED = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const URLS = ['http://198.51.100.1:4001', 'http://198.51.100.2:4002', 'http://198.51.100.3:4003'];

function fakePeers(bodies: Record<number, string>): FetchLike {
  return (input) => {
    const url = new URL(input);
    const body = url.pathname.endsWith('/node/configuration/crypto')
      ? bodies[Number(url.port)]!
      : JSON.stringify({ data: { core: { version: '3.9.1' } } });
    return Promise.resolve(
      new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  };
}

/** Discovery over two honest peers and a third serving `third`. */
async function discoverWithThird(third: string) {
  expect(third).not.toBe(HONEST);
  const pool = new PeerPool(URLS, { fetch: fakePeers({ 4001: HONEST, 4002: HONEST, 4003: third }) });
  return discoverFollowedNetwork(pool);
}

describe('discovery with a peer serving deeply nested JSON in its crypto configuration', () => {
  it('refuses that peer and follows the honest ones (nesting in the exceptions)', async () => {
    const discovery = await discoverWithThird(
      HONEST.replace('"exceptions":{}', `"exceptions":{"x":${NESTED}}`),
    );
    expect(discovery.peers).toEqual(URLS.slice(0, 2));
    expect(discovery.refused.map((refusal) => refusal.url)).toEqual([URLS[2]]);
    expect(discovery.refused[0]?.reason).toContain('nested deeper than 64 levels');
  });

  it('refuses that peer and follows the honest ones (nesting under a key of the network nothing checks)', async () => {
    const discovery = await discoverWithThird(HONEST.replace('"network":{', `"network":{"x":${NESTED},`));
    expect(discovery.peers).toEqual(URLS.slice(0, 2));
    expect(discovery.refused.map((refusal) => refusal.url)).toEqual([URLS[2]]);
  });
});

describe('the exceptions list a peer serves', () => {
  it('takes ARK Core 3.9.1 keys with lists and tables of ids', async () => {
    const listed = {
      blocks: ['1'],
      transactions: ['a'.repeat(64)],
      blocksTransactions: { '1': [] },
      outlookTable: { '2': '3' },
      transactionIdFixTable: { ['b'.repeat(64)]: 'c'.repeat(64) },
      wrongTransactionOrder: { '4': ['d'.repeat(64)] },
      negativeBalances: { ['02'.padEnd(66, '0')]: { '1': '-5' } },
    };
    const served = { data: { ...config(), exceptions: listed } };
    const pool = new PeerPool([URLS[0]!], { fetch: fakePeers({ 4001: JSON.stringify(served) }) });
    const discovery = await discoverFollowedNetwork(pool);
    expect(discovery.peers).toEqual([URLS[0]]);
    expect([...discovery.exceptions.blocks]).toEqual(['1']);
    expect([...discovery.exceptions.transactions]).toEqual(['a'.repeat(64)]);
  });

  it.each([
    ['a key ARK Core does not read', { blocks: [], nested: [[]] }],
    ['ids that are not strings', { transactions: [{}] }],
    ['a table of other values', { outlookTable: { '1': ['2'] } }],
  ])('is refused with %s, served by a peer or stored', async (_what, exceptions) => {
    const malformed = { ...config(), exceptions };
    const pool = new PeerPool([URLS[0]!], {
      fetch: fakePeers({ 4001: JSON.stringify({ data: malformed }) }),
    });
    await expect(discoverFollowedNetwork(pool)).rejects.toThrow(/exceptions/);
    expect(() => followedNetworkOf(malformed)).toThrow(/the exceptions list is malformed/);
  });
});

describe('a stored network nested too deeply', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('is an error naming the file when it is read', () => {
    dir = mkdtempSync(join(tmpdir(), 'votary-network-file-'));
    const path = join(dir, 'network.json');
    const stored = JSON.stringify({ config: config() }).replace(
      '"exceptions":{}',
      `"exceptions":{"x":${NESTED}}`,
    );
    writeFileSync(path, stored);
    let error: unknown;
    try {
      loadNetworkFile(path);
    } catch (thrown) {
      error = thrown;
    }
    expect(isSyncError(error) && error.code).toBe('ERR_SYNC_NETWORK');
    expect((error as Error).message).toBe(
      `${path} is not a followed network's description: it nests deeper than 64 levels`,
    );
  });

  it('given as the rules anyway, is an error of the network, not a stack overflow', async () => {
    let stored: unknown = [];
    for (let i = 0; i < DEPTH; i++) stored = [stored];
    const pool = new PeerPool(URLS.slice(0, 2), { fetch: fakePeers({ 4001: HONEST, 4002: HONEST }) });
    const honest = config();
    const discovery = discoverFollowedNetwork(pool, {
      stored: [{ ...honest, network: { ...honest.network, x: stored } }],
    });
    await expect(discovery).rejects.toThrow('a network description nests deeper than 64 levels');
    await expect(discovery).rejects.toHaveProperty('code', 'ERR_SYNC_NETWORK');
  });
});
