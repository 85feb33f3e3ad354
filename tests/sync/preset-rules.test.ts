/**
 * Who decides a followed network's rules at discovery (src/core/sync/rules.ts, docs/design/sync.md "Discovery"). On
 * a preset Votary ships (here its localnet) the rules are Votary's — the network, the milestones, the exceptions
 * Votary ships (none for localnet) and the genesis block's header — so a peer listed first that serves the preset
 * with exceptions of its own, or with another genesis block, is refused and the honest peers are followed. Its
 * exceptions would stop the follower before any block or transaction they list (raw-block.ts checkNotExcepted).
 * Without a preset the rules most peers agree on decide, never the first peer alone.
 */
import { describe, expect, it } from 'vitest';
import { PeerPool, type FetchLike } from '../../src/core/client';
import { localnet, localnetGenesis } from '../../src/core/node/localnet';
import { blockHeaderToJson, signBlock, type Block } from '../../src/core/protocol/blocks';
import { keyPairFromPassphrase } from '../../src/core/protocol/crypto';
import { toHex } from '../../src/core/protocol/hex';
import type { Network } from '../../src/core/protocol/networks';
import { transactionToJson } from '../../src/core/protocol/transactions';
import { discoverFollowedNetwork, type CryptoConfigJson } from '../../src/core/sync';
import { createTestChain } from '../node/support/chain-fixture';

function configOf(network: Network, genesis: Block): CryptoConfigJson {
  return JSON.parse(
    JSON.stringify(
      {
        network: { ...network.network },
        milestones: network.milestones,
        exceptions: {},
        genesisBlock: {
          ...blockHeaderToJson(genesis.header, network),
          transactions: genesis.transactions.map(transactionToJson),
        },
      },
      (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
    ),
  ) as CryptoConfigJson;
}

/** Peers at 198.51.100.x:<port>, each answering discovery with its configuration. */
function peersServing(configs: CryptoConfigJson[]): PeerPool {
  const urls = configs.map((_config, index) => `http://198.51.100.${index + 1}:${4001 + index}`);
  const fetch: FetchLike = (input) => {
    const url = new URL(input);
    const config = configs[Number(url.port) - 4001];
    if (config === undefined) return Promise.reject(new TypeError('fetch failed'));
    const body = url.pathname.endsWith('/node/configuration/crypto')
      ? { data: config }
      : { data: { core: { version: '3.9.1' } } };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  };
  return new PeerPool(urls, { fetch });
}

const otherExceptions = { transactions: ['aa'.repeat(32)], blocks: ['bb'.repeat(32)] };

describe('the rules of a preset network (Votary localnet)', () => {
  it('are the preset’s exceptions, not those of a peer listed first: that peer is refused, the honest ones followed', async () => {
    const hostile = { ...configOf(localnet, localnetGenesis()), exceptions: otherExceptions };
    const honest = configOf(localnet, localnetGenesis());
    const discovery = await discoverFollowedNetwork(peersServing([hostile, honest, honest]));
    expect([...discovery.exceptions.transactions]).toEqual([]);
    expect([...discovery.exceptions.blocks]).toEqual([]);
    expect(discovery.peers).toEqual(['http://198.51.100.2:4002', 'http://198.51.100.3:4003']);
    expect(discovery.refused).toEqual([
      {
        url: 'http://198.51.100.1:4001',
        reason: expect.stringMatching(
          /other rules for this network \(exceptions\.blocks is \["b+"\]/,
        ) as unknown,
      },
    ]);
  });

  it('are the preset’s genesis block: a peer listed first serving another (valid) one is refused', async () => {
    // The localnet genesis transactions, under a header of another generator: it hashes to the nethash and verifies.
    const genesis = localnetGenesis();
    const keys = keyPairFromPassphrase('a genesis block of its own');
    const header = signBlock(
      { ...genesis.header, generatorPublicKey: toHex(keys.publicKey) },
      keys.privateKey,
      localnet,
    );
    const hostile = configOf(localnet, { ...genesis, header });
    const honest = configOf(localnet, localnetGenesis());
    const discovery = await discoverFollowedNetwork(peersServing([hostile, honest]));
    expect(discovery.genesis.header.id).toBe(localnet.genesisBlock.id);
    expect(discovery.peers).toEqual(['http://198.51.100.2:4002']);
    expect(discovery.refused[0]?.reason).toMatch(/other rules for this network \(genesisBlock\./);
  });
});

describe('the rules of a network Votary does not ship', () => {
  it('are those most peers agree on: a peer listed first with its own exceptions is refused', async () => {
    const chain = createTestChain();
    const hostile = { ...configOf(chain.network, chain.genesis), exceptions: otherExceptions };
    const honest = configOf(chain.network, chain.genesis);
    const discovery = await discoverFollowedNetwork(peersServing([hostile, honest, honest]));
    expect([...discovery.exceptions.blocks]).toEqual([]);
    expect(discovery.peers).toEqual(['http://198.51.100.2:4002', 'http://198.51.100.3:4003']);
    expect(discovery.refused[0]?.reason).toMatch(/the rules 2 of 3 peers agree on/);
  });

  it('are not decided when as many peers serve one configuration as another', async () => {
    const chain = createTestChain();
    const hostile = { ...configOf(chain.network, chain.genesis), exceptions: otherExceptions };
    const honest = configOf(chain.network, chain.genesis);
    await expect(discoverFollowedNetwork(peersServing([hostile, honest]))).rejects.toThrow(
      /the peers disagree on this network's rules/,
    );
  });
});
