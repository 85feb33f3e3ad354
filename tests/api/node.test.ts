/** /node/*, /peers and the secondary interface (ark-core-api.md §6.10, §9; public-api.md §2.3, §4.6, §4.7, §4.11). */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenAmount, trngValues } from '../../src/core/api';
import { localnet, localnetWallet } from '../../src/core/node/localnet';
import { milestoneAt } from '../../src/core/protocol/networks';
import { epochTimestamp } from '../../src/core/protocol/time';
import { SECONDARY_HOST, startApiChain, type ApiChain } from './support/api-chain';
import { at, get, items } from './support/http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VOTARY_VERSION } from '../../src/core/api';

let chain: ApiChain;
const api = (url: string) => get(chain.server.publicApp, `/api${url}`);
const secondary = (url: string) => get(chain.server.secondaryApp, url, { host: SECONDARY_HOST });
beforeAll(async () => {
  chain = await startApiChain();
});
afterAll(async () => chain?.close());

describe('node', () => {
  it('/node/status and /node/syncing: the embedded node is the chain, so it is synced', async () => {
    const last = nodeParts(chain.node).store.lastBlock();
    expect((await api('/node/status')).body).toEqual({
      data: {
        synced: true,
        now: last.height,
        blocksCount: 0,
        timestamp: epochTimestamp(chain.clock.now, localnet),
      },
    });
    expect((await api('/node/syncing')).body).toEqual({
      data: { syncing: false, blocks: 0, height: last.height, id: last.id },
    });
  });

  it('/node/configuration describes the real network, ports and pool settings', async () => {
    const data = at((await api('/node/configuration')).body, 'data');
    expect(data).toMatchObject({
      core: { version: VOTARY_VERSION },
      nethash: localnet.network.nethash,
      slip44: 1,
      wif: 170,
      token: 'VTY',
      symbol: 'Ѵ',
      version: 30,
      ports: { '@arkecosystem/core-api': 4003, 'votary/secondary-api': 4004 },
      constants: JSON.parse(JSON.stringify(milestoneAt(localnet, chain.node.height))) as object,
      transactionPool: {
        dynamicFees: { enabled: true, minFeePool: 3000, minFeeBroadcast: 3000 },
        maxTransactionsInPool: 15000,
        maxTransactionsPerSender: 150,
        maxTransactionsPerRequest: 40,
        maxTransactionAge: 2700,
        maxTransactionBytes: 2000000,
      },
    });
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(VOTARY_VERSION).toBe(pkg.version);
  });

  it('/node/configuration/crypto: network, milestones, the genesis block with its transactions', async () => {
    const data = at((await api('/node/configuration/crypto')).body, 'data');
    expect(at(data, 'network')).toEqual(localnet.network);
    expect(at(data, 'milestones')).toEqual(localnet.milestones);
    expect(at(data, 'genesisBlock', 'id')).toBe(nodeParts(chain.node).store.genesis.header.id);
    expect(items(data, 'genesisBlock', 'transactions')).toHaveLength(
      nodeParts(chain.node).store.genesis.transactions.length,
    );
  });

  it('/node/fees: the last 20 of each type by default, or the last days', async () => {
    const recent = await api('/node/fees');
    expect(at(recent.body, 'meta')).toEqual({});
    expect(at(recent.body, 'data', '1', 'vote')).toEqual({
      avg: '5000000',
      max: '100000000',
      min: '0',
      sum: '100000000',
    });
    expect(at(recent.body, 'data', '1', 'ipfs')).toEqual({ avg: '0', max: '0', min: '0', sum: '0' });
    expect(Object.keys(at(recent.body, 'data', '2') as object)).toEqual([
      'entityRegistration',
      'entityResignation',
      'entityUpdate',
    ]);
    // The whole chain is less than a day old: the genesis votes (fee 0) count too.
    const lastDay = await api('/node/fees?days=1');
    expect(at(lastDay.body, 'meta')).toEqual({ days: 1 });
    expect(at(lastDay.body, 'data', '1', 'vote')).toEqual({
      avg: '4545455',
      max: '100000000',
      min: '0',
      sum: '100000000',
    });
    expect(at(lastDay.body, 'data', '1', 'multiPayment')).toEqual({
      avg: '10000000',
      max: '10000000',
      min: '10000000',
      sum: '10000000',
    });
    expect(at(lastDay.body, 'data', '1', 'ipfs')).toBeUndefined();
    expect((await api('/node/fees?days=1&x=1')).status).toBe(422);
    const now = chain.clock.now;
    try {
      chain.clock.now += 2 * 86_400_000;
      expect((await api('/node/fees?days=1')).body).toEqual({ meta: { days: 1 }, data: {} });
      expect(at((await api('/node/fees?days=3')).body, 'data', '1', 'vote', 'sum')).toBe('100000000');
    } finally {
      chain.clock.now = now;
    }
  });
});

describe('peers: the embedded node has none', () => {
  it('an empty page, and 404 for any valid ip', async () => {
    const answer = await api('/peers?version=3.0.0&orderBy=height:desc&ip=1.2.3.4');
    expect(answer.body).toMatchObject({ meta: { count: 0, totalCount: 0, pageCount: 1 }, data: [] });
    expect(at(answer.body, 'meta', 'self')).toBe(
      '/api/peers?version=3.0.0&ip=1.2.3.4&page=1&limit=100&orderBy=height:desc',
    );
    expect((await api('/peers/1.2.3.4')).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Peer not found',
    });
    expect((await api('/peers/::1')).status).toBe(404);
    expect((await api('/peers/10.0.0.0%2F8')).status).toBe(404);
    expect((await api('/peers?ip=nope')).status).toBe(422);
    expect((await api('/peers?transform=true')).body).toMatchObject({
      message: '"transform" is not allowed',
    });
  });
});

describe('secondary interface', () => {
  it('/blockchain: symbol, chainId, height, supply and funds with 8 fraction digits', async () => {
    const supply = nodeParts(chain.node).store.supply();
    const state = nodeParts(chain.node).store.state();
    const devFund = localnetWallet('devFund').address;
    const communityFund = localnetWallet('communityFund').address;
    expect((await secondary('/blockchain')).body).toEqual({
      symbol: 'Ѵ',
      chainId: localnet.network.nethash,
      height: chain.node.height,
      totalSupply: tokenAmount(supply.total),
      circulation: tokenAmount(supply.circulation),
      burned: { address: localnet.network.burnAddress, amount: tokenAmount(supply.burned) },
      devFund: { address: devFund, amount: tokenAmount(state.wallet(devFund).balance) },
      communityFund: { address: communityFund, amount: tokenAmount(state.wallet(communityFund).balance) },
    });
    expect(at((await secondary('/blockchain')).body, 'totalSupply')).toMatch(/^\d+\.\d{8}$/);
  });

  it('/trng and /trng-1: values anyone can recompute from the block id', async () => {
    const last = nodeParts(chain.node).store.lastBlock();
    const previous = nodeParts(chain.node).store.blockByHeight(last.height - 1)!.header;
    const trng = await secondary('/trng');
    expect(trng.body).toEqual({
      blockId: last.id,
      timestamp: {
        epoch: last.timestamp,
        unix: last.timestamp + 1490101200,
        human: new Date((last.timestamp + 1490101200) * 1000).toISOString(),
      },
      values: trngValues(last.id!),
    });
    expect(
      items(trng.body, 'values').every(
        (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 2 ** 32,
      ),
    ).toBe(true);
    const before = await secondary('/trng-1');
    expect(at(before.body, 'blockId')).toBe(previous.id);
    expect(at(before.body, 'values')).toEqual(trngValues(previous.id!));
    expect((await secondary('/api/blocks')).status).toBe(404);
  });
});
