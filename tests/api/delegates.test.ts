/** /delegates… and /rounds/{id}/delegates (ark-core-api.md §6.5, §6.11, §6.15, §10; public-api.md §4.4). */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalOf } from '../../src/core/db/read-model/approval';
import type { Wallet } from '../../src/core/node/state';
import { user1, user2, user3, votedDelegate } from './support/api-chain';
import { lateDelegate, startDposChain, switchTarget, type DposChain } from './support/dpos-chain';
import { at, items, publicApi } from './support/http';

let chain: DposChain;
const { api, data, error } = publicApi(() => chain.server.publicApp);
const names = async (url: string) => (await data(url)).map((d) => at(d, 'username'));
const sortedNames = async (url: string) => (await names(url)).sort();

/** Every delegate wallet of the node's state. */
const delegates = () =>
  nodeParts(chain.node)
    .store.state()
    .delegates()
    .filter((w): w is Readonly<Wallet> & { publicKey: string; delegate: NonNullable<Wallet['delegate']> } =>
      Boolean(w.delegate && w.publicKey),
    );
const byName = (username: string) => delegates().find((w) => w.delegate.username === username)!;
const allNames = () => delegates().map((w) => w.delegate.username);

beforeAll(async () => {
  chain = await startDposChain();
});
afterAll(async () => {
  expect(chain.serverErrors).toEqual([]);
  await chain?.close();
});

describe('GET /delegates', () => {
  it('lists every registered delegate, resigned ones included, by rank then public key', async () => {
    const answer = await api('/delegates');
    expect(at(answer.body, 'meta')).toMatchObject({
      totalCountIsEstimate: false,
      totalCount: delegates().length,
      self: '/api/delegates?page=1&limit=100',
    });
    const list = items(answer.body, 'data');
    const ranked = list.filter((d) => at(d, 'rank') !== undefined);
    expect(ranked.map((d) => at(d, 'rank'))).toEqual(ranked.map((_, index) => index + 1));
    // Unranked last (the resigned api_user3, api_late registered after the round start), by public key.
    const unranked = list.slice(ranked.length);
    expect(unranked.map((d) => at(d, 'username')).sort()).toEqual(['api_late', 'api_user3']);
    const keys = unranked.map((d) => at(d, 'publicKey') as string);
    expect(keys).toEqual([...keys].sort());
    expect(list).toHaveLength(24);
  });

  it('has ARK’s shape: live votes, the round-start rank, approval, forged totals, the last block', async () => {
    const wallet = byName(switchTarget.username!);
    const delegate = wallet.delegate;
    const last = nodeParts(chain.node).store.blockByHeight(delegate.lastBlock!.height)!.header;
    const found = (await data(`/delegates?username=${delegate.username}`))[0];
    expect(found).toEqual({
      username: delegate.username,
      address: wallet.address,
      publicKey: wallet.publicKey,
      votes: delegate.voteBalance.toString(),
      rank: delegate.rank,
      isResigned: false,
      blocks: {
        produced: delegate.producedBlocks,
        last: {
          id: last.id,
          height: last.height,
          timestamp: {
            epoch: last.timestamp,
            unix: last.timestamp + 1490101200,
            human: new Date((last.timestamp + 1490101200) * 1000).toISOString(),
          },
        },
      },
      production: { approval: approvalOf(delegate.voteBalance, nodeParts(chain.node).store.supply().total) },
      forged: {
        fees: delegate.forgedFees.toString(),
        rewards: delegate.forgedRewards.toString(),
        total: (delegate.forgedFees + delegate.forgedRewards).toString(),
      },
    });
    expect(Object.keys(found as object)).toEqual([
      'username',
      'address',
      'publicKey',
      'votes',
      'rank',
      'isResigned',
      'blocks',
      'production',
      'forged',
    ]);
    // The vote switch moved user1's weight onto this delegate (votes are live).
    expect(delegate.voteBalance).toBeGreaterThan(byName('genesis_3').delegate.voteBalance);
  });

  it('omits rank for resigned and not-yet-ranked delegates, and blocks.last before a first block', async () => {
    const [resigned] = await data('/delegates?username=api_user3');
    expect(resigned).toMatchObject({ isResigned: true, blocks: { produced: 0 } });
    expect(at(resigned, 'rank')).toBeUndefined();
    expect(at(resigned, 'blocks', 'last')).toBeUndefined();
    const [late] = await data('/delegates?username=api_late');
    expect(late).toMatchObject({ isResigned: false, address: lateDelegate.address });
    expect(at(late, 'rank')).toBeUndefined();
    const [registered] = await data('/delegates?username=api_user2');
    expect(at(registered, 'rank')).toBe(22);
  });

  it('filters on username, address and public key, with unanchored % wildcards and comma lists', async () => {
    expect(await names('/delegates?username=api_user2')).toEqual(['api_user2']);
    expect(await sortedNames('/delegates?username=api%25')).toEqual(['api_late', 'api_user2', 'api_user3']);
    expect(await sortedNames('/delegates?username=user%25')).toEqual(['api_user2', 'api_user3']);
    expect(await sortedNames('/delegates?username=api_user2,api_late')).toEqual(['api_late', 'api_user2']);
    expect(await names('/delegates?username=API_USER2')).toEqual([]);
    expect(await names(`/delegates?address=${user2.address}`)).toEqual(['api_user2']);
    expect(await names(`/delegates?publicKey=${user3.publicKey}`)).toEqual(['api_user3']);
    const prefix = user3.publicKey.slice(0, 12);
    expect(await names(`/delegates?publicKey=${prefix}%25`)).toEqual(['api_user3']);
    expect(await names(`/delegates?address=${user2.address.slice(3, 12)}%25`)).toEqual(['api_user2']);
  });

  it('filters on votes, rank and isResigned', async () => {
    const user2Votes = byName('api_user2').delegate.voteBalance;
    expect(await names(`/delegates?votes=${user2Votes}`)).toEqual(['api_user2']);
    expect(await sortedNames('/delegates?votes.to=0')).toEqual(['api_late', 'api_user3']);
    const rich = delegates().filter((w) => w.delegate.voteBalance >= 1n);
    expect((await names('/delegates?votes.from=1')).length).toBe(rich.length);
    expect(await names('/delegates?rank=22')).toEqual(['api_user2']);
    expect((await data('/delegates?rank.from=2&rank.to=4')).map((d) => at(d, 'rank'))).toEqual([2, 3, 4]);
    expect(await names('/delegates?isResigned=true')).toEqual(['api_user3']);
    expect((await names('/delegates?isResigned=FALSE')).length).toBe(23);
  });

  it('filters on blocks, production and forged', async () => {
    const forgers = delegates().filter((w) => w.delegate.producedBlocks > 0);
    expect((await names('/delegates?blocks.produced.from=1')).length).toBe(forgers.length);
    expect(await sortedNames('/delegates?blocks.produced=0')).toEqual(
      allNames()
        .filter((name) => byName(name).delegate.producedBlocks === 0)
        .sort(),
    );
    const wallet = byName(switchTarget.username!);
    const last = wallet.delegate.lastBlock!;
    const epoch = last.timestamp;
    expect(await names(`/delegates?blocks.last.id=${last.id}`)).toEqual([wallet.delegate.username]);
    expect(await names(`/delegates?blocks.last.height=${last.height}`)).toEqual([wallet.delegate.username]);
    expect(await names(`/delegates?blocks.last.timestamp.epoch=${epoch}`)).toEqual([
      wallet.delegate.username,
    ]);
    expect(await names(`/delegates?blocks.last.timestamp.unix=${epoch + 1490101200}`)).toEqual([
      wallet.delegate.username,
    ]);
    const human = new Date((epoch + 1490101200) * 1000).toISOString();
    expect(await names(`/delegates?blocks.last.timestamp.human=${human}`)).toEqual([
      wallet.delegate.username,
    ]);
    const recent = delegates().filter((w) => (w.delegate.lastBlock?.height ?? 0) >= last.height);
    expect((await names(`/delegates?blocks.last.height.from=${last.height}`)).length).toBe(recent.length);
    expect((await names(`/delegates?blocks.last.timestamp.epoch.from=${epoch}`)).length).toBe(recent.length);
    // Approval: the genesis delegates hold about 0.16 % each; the registered ones almost nothing.
    expect(await sortedNames('/delegates?production.approval=0')).toEqual([
      'api_late',
      'api_user2',
      'api_user3',
    ]);
    expect((await names('/delegates?production.approval.from=0.1')).length).toBe(21);
    const feeEarners = delegates().filter((w) => w.delegate.forgedFees > 0n);
    expect((await names('/delegates?forged.fees.from=1')).length).toBe(feeEarners.length);
    expect(feeEarners.length).toBeGreaterThan(0);
    expect((await names('/delegates?forged.rewards.to=0')).length).toBe(24 - forgers.length);
    const top = feeEarners[0]!.delegate;
    expect(await names(`/delegates?forged.total=${top.forgedFees + top.forgedRewards}`)).toContain(
      top.username,
    );
  });

  it('sorts in the memory dialect, direction optional, undefined last, then rank and public key', async () => {
    const byVotes = await data('/delegates?orderBy=votes:desc');
    const votes = byVotes.map((d) => BigInt(at(d, 'votes') as string));
    expect(votes).toEqual([...votes].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const ascending = await names('/delegates?orderBy=username');
    expect(ascending).toEqual([...allNames()].sort());
    expect(await names('/delegates?orderBy=username:DESC')).toEqual([...ascending].reverse());
    const byLast = await data('/delegates?orderBy=blocks.last.height:desc');
    // Delegates that never forged have no blocks.last: last whatever the direction.
    const tail = byLast.slice(-3).map((d) => at(d, 'username'));
    expect(tail.sort()).toEqual(['api_late', 'api_user2', 'api_user3']);
    const byRankDesc = (await data('/delegates?orderBy=rank:desc')).map((d) => at(d, 'rank'));
    expect(byRankDesc.slice(0, 2)).toEqual([22, 21]);
    expect(byRankDesc.slice(-2)).toEqual([undefined, undefined]);
  });

  it('paginates with offset and links', async () => {
    const answer = await api('/delegates?limit=5&page=2');
    expect(at(answer.body, 'meta')).toMatchObject({
      count: 5,
      pageCount: 5,
      next: '/api/delegates?limit=5&page=3',
      previous: '/api/delegates?limit=5&page=1',
    });
    expect(items(answer.body, 'data').map((d) => at(d, 'rank'))).toEqual([6, 7, 8, 9, 10]);
    expect((await data('/delegates?offset=20&limit=2')).map((d) => at(d, 'rank'))).toEqual([21, 22]);
  });

  it('answers bad queries with ARK’s 422 messages', async () => {
    expect(await error('/delegates?rank.from=0')).toEqual({
      status: 422,
      message: '"rank.from" must be greater than or equal to 1',
    });
    expect(await error('/delegates?isResigned=yes')).toEqual({
      status: 422,
      message: '"isResigned" must be a boolean',
    });
    expect(await error('/delegates?transform=false')).toEqual({
      status: 422,
      message: '"transform" is not allowed',
    });
    expect(await error('/delegates?foo=1')).toEqual({ status: 422, message: '"foo" is not allowed' });
    expect(await error('/delegates?blocks.missed=1')).toEqual({
      status: 422,
      message: '"blocks.missed" is not allowed',
    });
    expect(await error('/delegates?orderBy=missed:desc')).toEqual({
      status: 422,
      message: "Unknown orderBy property 'missed'",
    });
    expect(await error('/delegates?orderBy=votes:up')).toEqual({
      status: 422,
      message: "Unexpected orderBy direction 'up' for property 'votes'",
    });
    expect((await error('/delegates?votes=abc')).status).toBe(422);
    expect((await error('/delegates?production.approval.from=-1')).status).toBe(422);
    expect((await error('/delegates?limit=101')).status).toBe(422);
  });
});

describe('GET /delegates/{id}', () => {
  it('gives the same delegate by address, public key and username; any query is accepted', async () => {
    const wallet = byName('api_user2');
    const forms = [wallet.address, wallet.publicKey, 'api_user2'];
    const answers = await Promise.all(forms.map((id) => api(`/delegates/${id}?anything=1`)));
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
    expect(at(answers[0]!.body, 'data')).toEqual((await data('/delegates?username=api_user2'))[0]);
  });

  it('is 404 "Wallet not found" without a wallet, "Delegate not found" for a wallet that is not one', async () => {
    expect(await error('/delegates/nobody_here')).toEqual({ status: 404, message: 'Wallet not found' });
    expect(await error(`/delegates/${'02'.padEnd(66, 'a')}`)).toEqual({
      status: 404,
      message: 'Wallet not found',
    });
    expect(await error(`/delegates/${user1.address}`)).toEqual({
      status: 404,
      message: 'Delegate not found',
    });
    expect(await error(`/delegates/${user1.publicKey}`)).toEqual({
      status: 404,
      message: 'Delegate not found',
    });
    // fastify's path parameters are at most 100 characters (414); no username is that long (20 at most).
    expect((await error(`/delegates/${'x'.repeat(257)}`)).status).toBe(414);
  });
});

describe('GET /delegates/{id}/voters', () => {
  it('lists the current voters only, richest first', async () => {
    const target = byName(switchTarget.username!);
    const voters = await data(`/delegates/${target.publicKey}/voters`);
    expect(voters.map((v) => at(v, 'address')).sort()).toEqual([target.address, user1.address].sort());
    const balances = voters.map((v) => BigInt(at(v, 'balance') as string));
    expect(balances).toEqual([...balances].sort((a, b) => (a < b ? 1 : -1)));
    expect(voters.every((v) => at(v, 'attributes', 'vote') === target.publicKey)).toBe(true);
    // user1 left its first delegate: only the delegate's own vote remains.
    const left = await data(`/delegates/${votedDelegate.publicKey}/voters`);
    expect(left.map((v) => at(v, 'address'))).toEqual([votedDelegate.address]);
    expect((await data('/delegates/api_user2/voters')).map((v) => at(v, 'address'))).toEqual([user3.address]);
    expect(await data('/delegates/api_late/voters')).toEqual([]);
  });

  it('takes the wallet filters and the memory orderBy', async () => {
    const target = `/delegates/${switchTarget.username!}/voters`;
    const one = async (query: string) => (await data(`${target}?${query}`)).map((v) => at(v, 'address'));
    expect(await one(`address=${user1.address}`)).toEqual([user1.address]);
    expect(await one(`publicKey=${user1.publicKey}`)).toEqual([user1.address]);
    expect(await one('balance.to=2000000000000')).toEqual([user1.address]);
    expect(await one('balance.from=2000000000000')).toEqual([switchTarget.address]);
    const user1Balance = nodeParts(chain.node).store.state().wallet(user1.address).balance;
    expect(await one(`balance=${user1Balance}`)).toEqual([user1.address]);
    expect(await one('nonce=6')).toEqual([user1.address]);
    const delegateNonce = nodeParts(chain.node).store.state().wallet(switchTarget.address).nonce;
    expect(await one(`nonce.from=0&nonce.to=${delegateNonce}`)).toEqual([switchTarget.address]);
    expect(await one('orderBy=balance:asc')).toEqual([user1.address, switchTarget.address]);
    expect(await one('orderBy=nonce:desc')).toEqual([user1.address, switchTarget.address]);
    expect((await error(`${target}?orderBy=height:desc`)).message).toBe("Unknown orderBy property 'height'");
    expect((await error(`${target}?transform=true`)).message).toBe('"transform" is not allowed');
  });

  it('is 404 like /delegates/{id}', async () => {
    expect(await error('/delegates/nobody_here/voters')).toEqual({
      status: 404,
      message: 'Wallet not found',
    });
    expect(await error(`/delegates/${user1.address}/voters`)).toEqual({
      status: 404,
      message: 'Delegate not found',
    });
  });
});
