/** /votes and /votes/{id} (ark-core-api.md §6.4, §6.14 (b), §6.20; public-api.md §4.8). */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user1, user3, votedDelegate } from './support/api-chain';
import { startDposChain, switchTarget, type DposChain } from './support/dpos-chain';
import { at, items, publicApi } from './support/http';

let chain: DposChain;
const { api, data, error } = publicApi(() => chain.server.publicApp);
const ids = async (url: string) => (await data(url)).map((tx) => at(tx, 'id'));
const voteCount = () =>
  Number(
    (
      nodeParts(chain.node)
        .store.db.prepare('SELECT count(*) AS n FROM transactions WHERE type_group = 1 AND type = 3')
        .get() as { n: bigint }
    ).n,
  );

beforeAll(async () => {
  chain = await startDposChain();
});
afterAll(async () => {
  expect(chain.serverErrors).toEqual([]);
  await chain?.close();
});

describe('GET /votes', () => {
  it('lists every vote transaction, newest first, as /transactions?type=3 does', async () => {
    const answer = await api('/votes');
    expect(at(answer.body, 'meta')).toMatchObject({
      totalCountIsEstimate: false,
      totalCount: voteCount(),
      self: '/api/votes?transform=true&page=1&limit=100',
    });
    const list = items(answer.body, 'data');
    expect(list.every((tx) => at(tx, 'type') === 3 && at(tx, 'typeGroup') === 1)).toBe(true);
    expect(list.map((tx) => at(tx, 'id'))).toEqual(await ids('/transactions?type=3'));
    expect(
      list
        .slice(0, 2)
        .map((tx) => at(tx, 'id'))
        .sort(),
    ).toEqual([chain.dpos.voteSwitch.id, chain.dpos.voteForRegistered.id].sort());
  });

  it('has the block-less shape: confirmations 0, no timestamp for v2, asset.votes', async () => {
    const tx = chain.dpos.voteSwitch;
    const found = (await api(`/votes?id=${tx.id}`)).body;
    const [vote] = items(found, 'data');
    expect(vote).toEqual({
      id: tx.id,
      blockId: expect.any(String) as string,
      version: 2,
      type: 3,
      typeGroup: 1,
      amount: '0',
      fee: tx.fee.toString(),
      sender: user1.address,
      senderPublicKey: user1.publicKey,
      recipient: user1.address,
      signature: tx.signature,
      asset: { votes: [`-${votedDelegate.publicKey}`, `+${switchTarget.publicKey}`] },
      confirmations: 0,
      nonce: '3',
    });
  });

  it('takes the transaction criteria, but the type is always the vote’s (as ARK overrides it)', async () => {
    expect(await ids(`/votes?senderId=${user3.address}`)).toEqual([chain.dpos.voteForRegistered.id]);
    expect(await ids(`/votes?senderPublicKey=${user1.publicKey}&orderBy=timestamp:asc`)).toEqual([
      chain.txs.vote.id,
      chain.dpos.voteSwitch.id,
    ]);
    expect(await ids('/votes?type=0&typeGroup=2&limit=3')).toEqual(await ids('/votes?limit=3'));
    const raw = items((await api('/votes?transform=false&limit=1')).body, 'data')[0];
    expect(raw).toMatchObject({
      type: 3,
      blockHeight: expect.any(Number) as number,
      sequence: expect.any(Number) as number,
    });
    expect(at((await api('/votes?limit=2&page=2')).body, 'meta', 'previous')).toBe(
      '/api/votes?limit=2&page=1&transform=true',
    );
  });

  it('answers bad queries with 422', async () => {
    expect(await error('/votes?orderBy=height')).toMatchObject({ status: 422 });
    expect(await error('/votes?foo=1')).toEqual({ status: 422, message: '"foo" is not allowed' });
    expect(await error('/votes?senderId=AXXX')).toEqual({
      status: 422,
      message: '"senderId" length must be 34 characters long',
    });
  });
});

describe('GET /votes/{id}', () => {
  it('gives a vote by id, transformed or raw', async () => {
    const tx = chain.txs.vote;
    const answer = await api(`/votes/${tx.id}`);
    expect(at(answer.body, 'data')).toEqual(items((await api(`/votes?id=${tx.id}`)).body, 'data')[0]);
    expect(at((await api(`/votes/${tx.id}?transform=false`)).body, 'data')).toMatchObject({
      id: tx.id,
      asset: { votes: [`+${votedDelegate.publicKey}`] },
    });
  });

  it('is 404 "Vote not found" for other transactions and unknown ids, 422 for malformed ones', async () => {
    expect(await error(`/votes/${chain.txs.helloTransfer.id}`)).toEqual({
      status: 404,
      message: 'Vote not found',
    });
    expect(await error(`/votes/${'0'.repeat(64)}`)).toEqual({ status: 404, message: 'Vote not found' });
    expect(await error('/votes/abc')).toEqual({
      status: 422,
      message: '"id" length must be 64 characters long',
    });
    expect(await error(`/votes/${chain.txs.vote.id}?page=1`)).toEqual({
      status: 422,
      message: '"page" is not allowed',
    });
  });
});
