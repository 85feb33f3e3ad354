/** /blockchain and /blocks (ark-core-api.md §6.1, §6.2, §6.13; public-api.md §4.1, §4.2). */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFromPublicKey } from '../../src/core/protocol/crypto';
import { startApiChain, VTY, faucet, type ApiChain } from './support/api-chain';
import { at, get, items } from './support/http';

let chain: ApiChain;
const api = (url: string) => get(chain.server.publicApp, `/api${url}`);
const heightsOf = async (url: string) =>
  items((await api(url)).body, 'data').map((block) => at(block, 'height'));
beforeAll(async () => {
  chain = await startApiChain();
});
afterAll(async () => chain?.close());

describe('GET /blockchain', () => {
  it('gives the last block and the supply', async () => {
    const last = nodeParts(chain.node).store.lastBlock();
    expect((await api('/blockchain')).body).toEqual({
      data: {
        block: { height: last.height, id: last.id },
        supply: nodeParts(chain.node).store.supply().total.toString(),
      },
    });
  });
});

describe('GET /blocks', () => {
  it('lists every block, newest first, with an exact total and /api links', async () => {
    const answer = await api('/blocks?limit=3');
    const height = chain.node.height;
    expect(at(answer.body, 'meta')).toEqual({
      totalCountIsEstimate: false,
      count: 3,
      pageCount: Math.ceil(height / 3),
      totalCount: height,
      next: '/api/blocks?limit=3&transform=true&page=2',
      previous: null,
      self: '/api/blocks?limit=3&transform=true&page=1',
      first: '/api/blocks?limit=3&transform=true&page=1',
      last: `/api/blocks?limit=3&transform=true&page=${Math.ceil(height / 3)}`,
    });
    expect(items(answer.body, 'data').map((b) => at(b, 'height'))).toEqual([height, height - 1, height - 2]);
  });

  it('has ARK’s transformed shape: forged.amount includes multipayments, confirmations = last − height', async () => {
    const block = nodeParts(chain.node).store.blockByHeight(chain.heights.transfers)!;
    const answer = await api(`/blocks/${chain.heights.transfers}`);
    const data = at(answer.body, 'data');
    expect(Object.keys(data as object)).toEqual([
      'id',
      'version',
      'height',
      'previous',
      'forged',
      'payload',
      'generator',
      'signature',
      'confirmations',
      'transactions',
      'timestamp',
    ]);
    const { header } = block;
    expect(data).toMatchObject({
      id: header.id,
      height: header.height,
      previous: header.previousBlock,
      forged: {
        reward: '200000000',
        fee: header.totalFee.toString(),
        amount: (header.totalAmount + 16n * VTY).toString(),
        total: (header.reward + header.totalFee).toString(),
      },
      payload: { hash: header.payloadHash, length: header.payloadLength },
      generator: {
        address: addressFromPublicKey(header.generatorPublicKey, 30),
        publicKey: header.generatorPublicKey,
      },
      signature: header.blockSignature,
      confirmations: chain.node.height - header.height,
      transactions: 5,
      timestamp: { epoch: header.timestamp, unix: header.timestamp + 1490101200 },
    });
    expect(at(data, 'generator', 'username')).toMatch(/^genesis_\d+$/);
    expect(at(data, 'timestamp', 'human')).toBe(
      new Date((header.timestamp + 1490101200) * 1000).toISOString(),
    );
  });

  it('transform=false gives the 13 raw columns', async () => {
    const answer = await api('/blocks?transform=false&height=1');
    const raw = items(answer.body, 'data')[0];
    expect(Object.keys(raw as object)).toEqual([
      'id',
      'version',
      'timestamp',
      'previousBlock',
      'height',
      'numberOfTransactions',
      'totalAmount',
      'totalFee',
      'reward',
      'payloadLength',
      'payloadHash',
      'generatorPublicKey',
      'blockSignature',
    ]);
    expect(raw).toMatchObject({ height: 1, reward: '0', totalFee: '0', totalAmount: '12500000000000000' });
    expect(at(answer.body, 'meta', 'self')).toBe('/api/blocks?transform=false&height=1&page=1&limit=100');
  });

  it('filters: height lists and ranges, id, generator, timestamp, previousBlock, counts and amounts', async () => {
    const h = chain.heights.transfers;
    const block = nodeParts(chain.node).store.blockByHeight(h)!.header;
    const previous = nodeParts(chain.node).store.blockByHeight(h - 1)!.header;
    expect(await heightsOf('/blocks?height=2,3')).toEqual([3, 2]);
    expect(await heightsOf('/blocks?height.from=2&height.to=4')).toEqual([4, 3, 2]);
    expect(await heightsOf('/blocks?height.from=7')).toEqual([8, 7]);
    expect(await heightsOf(`/blocks?id=${block.id}`)).toEqual([h]);
    expect(await heightsOf(`/blocks?previousBlock=${previous.id}`)).toEqual([h]);
    expect(await heightsOf(`/blocks?previousBlock=${'0'.repeat(64)}`)).toEqual([1]);
    expect(await heightsOf(`/blocks?timestamp=${block.timestamp}`)).toEqual([h]);
    expect(
      await heightsOf(`/blocks?timestamp.from=${block.timestamp}&timestamp.to=${block.timestamp + 8}`),
    ).toEqual([h + 1, h]);
    expect(await heightsOf('/blocks?numberOfTransactions.from=1&height.from=2')).toEqual([6, 5, 4]);
    expect(await heightsOf(`/blocks?totalAmount=${block.totalAmount}`)).toEqual([h]);
    expect(await heightsOf(`/blocks?totalFee.from=1`)).toEqual([6, 5, 4]);
    expect(await heightsOf(`/blocks?reward=0`)).toEqual([1]);
    expect(await heightsOf(`/blocks?payloadHash=${block.payloadHash}`)).toEqual([h]);
    expect(await heightsOf(`/blocks?blockSignature=${block.blockSignature}`)).toEqual([h]);
    expect(await heightsOf(`/blocks?version=0&payloadLength.from=1`)).toEqual([6, 5, 4, 1]);
    const byGenerator = await heightsOf(`/blocks?generatorPublicKey=${block.generatorPublicKey}`);
    expect(byGenerator).toContain(h);
    expect(await heightsOf(`/blocks?generatorPublicKey=${faucet.publicKey}`)).toEqual([]);
  });

  it('sorts with orderBy (DB dialect) and pages with page, limit and offset', async () => {
    expect(await heightsOf('/blocks?orderBy=height:asc&limit=3')).toEqual([1, 2, 3]);
    expect(await heightsOf('/blocks?orderBy=timestamp:asc&limit=2&page=2')).toEqual([3, 4]);
    expect(await heightsOf('/blocks?orderBy=numberOfTransactions:desc,height:asc&limit=2')).toEqual([1, 4]);
    expect(await heightsOf('/blocks?orderBy=height:asc&limit=2&page=2&offset=5')).toEqual([6, 7]);
    const page = await api('/blocks?orderBy=height:asc&limit=2&page=2');
    expect(at(page.body, 'meta', 'next')).toBe(
      '/api/blocks?limit=2&page=3&transform=true&orderBy=height:asc',
    );
    expect(at(page.body, 'meta', 'previous')).toBe(
      '/api/blocks?limit=2&page=1&transform=true&orderBy=height:asc',
    );
    const past = await api('/blocks?page=1000');
    expect(items(past.body, 'data')).toEqual([]);
    expect(at(past.body, 'meta', 'totalCount')).toBe(chain.node.height);
  });
});

describe('single blocks', () => {
  it('/blocks/first and /blocks/last, transformed and raw', async () => {
    expect(at((await api('/blocks/first')).body, 'data', 'height')).toBe(1);
    expect(at((await api('/blocks/first?transform=false')).body, 'data', 'totalAmount')).toBe(
      '12500000000000000',
    );
    const last = await api('/blocks/last');
    expect(at(last.body, 'data', 'height')).toBe(chain.node.height);
    expect(at(last.body, 'data', 'confirmations')).toBe(0);
  });

  it('/blocks/{id|height}: a number up to the height is a height, anything else an id; 404 otherwise', async () => {
    const block = nodeParts(chain.node).store.blockByHeight(3)!.header;
    expect(at((await api('/blocks/3')).body, 'data', 'id')).toBe(block.id);
    expect(at((await api(`/blocks/${block.id}`)).body, 'data', 'height')).toBe(3);
    for (const missing of ['f'.repeat(64), '999999']) {
      expect((await api(`/blocks/${missing}`)).body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Block not found',
      });
    }
    expect((await api('/blocks/3?foo=1')).status).toBe(422);
  });

  it('/blocks/{id|height}/transactions: block-less transaction shape, filters, 404', async () => {
    const h = chain.heights.transfers;
    const answer = await api(`/blocks/${h}/transactions?orderBy=sequence:asc`);
    const data = items(answer.body, 'data');
    expect(data.map((tx) => at(tx, 'id'))).toEqual([
      chain.txs.helloTransfer.id,
      chain.txs.wildTransfer.id,
      chain.txs.user3Funding.id,
      chain.txs.multiPayment.id,
      chain.txs.lock.id,
    ]);
    for (const tx of data) {
      expect(at(tx, 'confirmations')).toBe(0);
      expect(at(tx, 'timestamp')).toBeUndefined();
      expect(at(tx, 'blockId')).toBe(nodeParts(chain.node).store.blockByHeight(h)!.header.id);
    }
    expect(at(answer.body, 'meta', 'totalCount')).toBe(5);
    const byId = await api(
      `/blocks/${nodeParts(chain.node).store.blockByHeight(h)!.header.id}/transactions?vendorField=hello%25`,
    );
    expect(items(byId.body, 'data').map((tx) => at(tx, 'id'))).toEqual([chain.txs.helloTransfer.id]);
    const raw = await api(`/blocks/${h}/transactions?transform=false&limit=1&orderBy=sequence:asc`);
    expect(items(raw.body, 'data')[0]).toMatchObject({
      id: chain.txs.helloTransfer.id,
      blockHeight: h,
      sequence: 0,
    });
    expect((await api(`/blocks/${'e'.repeat(64)}/transactions`)).body).toMatchObject({
      statusCode: 404,
      message: 'Block not found',
    });
    expect((await api('/blocks/nonsense/transactions')).body).toMatchObject({
      statusCode: 404,
      message: 'Block not found',
    });
  });
});
