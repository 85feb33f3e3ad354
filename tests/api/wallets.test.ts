/** /wallets… (ark-core-api.md §6.6, §6.16; public-api.md §4.10). */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_HASH, faucet, user1, user2, user3, votedDelegate } from './support/api-chain';
import {
  IPFS_HASH,
  MULTISIG,
  lateDelegate,
  multisigAddress,
  multisigPublicKey,
  secondPublicKey,
  startDposChain,
  switchTarget,
  user4,
  type DposChain,
} from './support/dpos-chain';
import { at, items, publicApi } from './support/http';

let chain: DposChain;
const { api, data, error } = publicApi(() => chain.server.publicApp);
const addresses = async (url: string) => (await data(url)).map((w) => at(w, 'address'));
const sorted = async (url: string) => (await addresses(url)).sort();
const walletCount = () =>
  Number(
    (nodeParts(chain.node).store.db.prepare('SELECT count(*) AS n FROM wallets').get() as { n: bigint }).n,
  );
const stored = () => nodeParts(chain.node).store.state().snapshot().wallets;
const lockId = () => chain.txs.lock.id!;

beforeAll(async () => {
  chain = await startDposChain();
});
afterAll(async () => {
  expect(chain.serverErrors).toEqual([]);
  await chain?.close();
});

describe('GET /wallets', () => {
  it('lists every wallet, empty ones included, richest first, with an exact total', async () => {
    const answer = await api('/wallets');
    expect(at(answer.body, 'meta')).toMatchObject({
      totalCountIsEstimate: false,
      totalCount: walletCount(),
      self: '/api/wallets?page=1&limit=100',
    });
    const list = items(answer.body, 'data');
    expect(list).toHaveLength(walletCount());
    const balances = list.map((w) => BigInt(at(w, 'balance') as string));
    expect(balances).toEqual([...balances].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    // The multisignature wallet holds nothing and has never sent: it is listed all the same.
    expect(list.find((w) => at(w, 'address') === multisigAddress)).toMatchObject({
      balance: '0',
      nonce: '0',
    });
    expect(await api('/wallets/top')).toMatchObject({ body: { data: list } });
  });

  it('keeps the counter right: the total is the table’s count', () => {
    const row = nodeParts(chain.node)
      .store.db.prepare("SELECT value FROM api_counters WHERE name = 'wallets'")
      .get() as {
      value: bigint;
    };
    expect(Number(row.value)).toBe(walletCount());
  });

  it('has ARK 3.x’s five fields with the attribute bag', async () => {
    const wallet = nodeParts(chain.node).store.state().wallet(user2.address);
    const [found] = await data(`/wallets?address=${user2.address}`);
    expect(found).toEqual({
      address: user2.address,
      publicKey: user2.publicKey,
      balance: wallet.balance.toString(),
      nonce: '2',
      attributes: {
        delegate: {
          username: 'api_user2',
          voteBalance: wallet.delegate!.voteBalance.toString(),
          forgedFees: '0',
          forgedRewards: '0',
          producedBlocks: 0,
          rank: 22,
          // ARK registers a delegate with round 0; it stays until the delegate forges in a round (ARK Core testnet,
          // docs/interop.md).
          round: 0,
        },
        secondPublicKey,
      },
    });
    expect(Object.keys(found as object)).toEqual(['address', 'publicKey', 'balance', 'nonce', 'attributes']);
  });

  it('assembles votes, IPFS hashes, entities, HTLC locks, multisignature and delegate state', async () => {
    const one = async (address: string) => at((await api(`/wallets/${address}`)).body, 'data', 'attributes');
    expect(await one(user1.address)).toEqual({
      vote: switchTarget.publicKey,
      ipfs: { hashes: { [IPFS_HASH]: true } },
      entities: {
        [chain.dpos.entity.id!]: { type: 0, subType: 0, data: { name: 'api_entity', ipfsData: IPFS_HASH } },
      },
    });
    const lock = chain.txs.lock;
    const lockBlock = nodeParts(chain.node).store.blockByHeight(chain.heights.transfers)!.header;
    expect(at(await one(faucet.address), 'htlc')).toEqual({
      locks: {
        [lock.id!]: {
          amount: lock.amount.toString(),
          recipientId: user3.address,
          timestamp: lockBlock.timestamp,
          secretHash: SECRET_HASH,
          expiration: { type: 2, value: 100_000 },
        },
      },
      lockedBalance: lock.amount.toString(),
    });
    expect(at((await api(`/wallets/${multisigAddress}`)).body, 'data')).toEqual({
      address: multisigAddress,
      publicKey: multisigPublicKey,
      balance: '0',
      nonce: '0',
      attributes: { multiSignature: MULTISIG },
    });
    expect(await one(user3.address)).toMatchObject({
      vote: user2.publicKey,
      delegate: { username: 'api_user3', resigned: true, producedBlocks: 0 },
    });
    expect(at(await one(user3.address), 'delegate', 'rank')).toBeUndefined();
    const forger = nodeParts(chain.node).store.state().wallet(switchTarget.address).delegate!;
    const last = nodeParts(chain.node).store.blockByHeight(forger.lastBlock!.height)!.header;
    expect(at(await one(switchTarget.address), 'delegate')).toEqual({
      username: switchTarget.username,
      voteBalance: forger.voteBalance.toString(),
      forgedFees: forger.forgedFees.toString(),
      forgedRewards: forger.forgedRewards.toString(),
      producedBlocks: forger.producedBlocks,
      rank: forger.rank,
      round: forger.round,
      // ARK Core 3.9.1 keeps the whole header of the delegate's last block, with its ids in hex too.
      lastBlock: {
        version: last.version,
        timestamp: forger.lastBlock!.timestamp,
        height: forger.lastBlock!.height,
        numberOfTransactions: last.numberOfTransactions,
        totalAmount: last.totalAmount.toString(),
        totalFee: last.totalFee.toString(),
        reward: last.reward.toString(),
        payloadLength: last.payloadLength,
        payloadHash: last.payloadHash,
        generatorPublicKey: switchTarget.publicKey,
        blockSignature: last.blockSignature,
        previousBlockHex: last.previousBlock,
        previousBlock: last.previousBlock,
        idHex: forger.lastBlock!.id,
        id: forger.lastBlock!.id,
      },
    });
    // A cold wallet (it has only received) has no public key.
    const cold = at((await api(`/wallets/${user4.address}`)).body, 'data');
    expect(cold).toEqual({
      address: user4.address,
      balance: (100n * 100_000_000n).toString(),
      nonce: '0',
      attributes: {},
    });
  });

  it('filters on address, publicKey, balance and nonce (wildcards unanchored, lists OR)', async () => {
    expect(await addresses(`/wallets?address=${user1.address}`)).toEqual([user1.address]);
    expect(await sorted(`/wallets?address=${user1.address},${user2.address}`)).toEqual(
      [user1.address, user2.address].sort(),
    );
    const middle = user1.address.slice(5, 15);
    expect(await addresses(`/wallets?address=${middle}%25`)).toEqual([user1.address]);
    expect(await addresses(`/wallets?publicKey=${user3.publicKey}`)).toEqual([user3.address]);
    expect(await addresses(`/wallets?publicKey=%25${user3.publicKey.slice(-20)}`)).toEqual([user3.address]);
    const balance = nodeParts(chain.node).store.state().wallet(user2.address).balance;
    expect(await addresses(`/wallets?balance=${balance}`)).toEqual([user2.address]);
    expect(await addresses('/wallets?balance=0')).toEqual([multisigAddress]);
    const poor = stored().filter((w) => w.balance <= 100n * 100_000_000n);
    expect(await sorted('/wallets?balance.to=10000000000')).toEqual(poor.map((w) => w.address).sort());
    const middleClass = stored().filter((w) => w.balance >= 1n && w.balance <= 100_000_000_000n);
    expect(await sorted('/wallets?balance.from=1&balance.to=100000000000')).toEqual(
      middleClass.map((w) => w.address).sort(),
    );
    expect(await addresses('/wallets?nonce=6')).toEqual([user1.address]);
    const active = stored().filter((w) => w.nonce >= 2n);
    expect(await sorted('/wallets?nonce.from=2')).toEqual(active.map((w) => w.address).sort());
  });

  it('filters on attributes with dot notation, as ARK matches its attribute bag', async () => {
    const attr = (query: string) => sorted(`/wallets?attributes.${query}`);
    expect(await attr('delegate.username=api_user2')).toEqual([user2.address]);
    expect(await attr('delegate.username=api_%25')).toEqual(
      [user2.address, user3.address, lateDelegate.address].sort(),
    );
    expect(await attr('delegate.resigned=true')).toEqual([user3.address]);
    // ARK sets `resigned` only when true: false matches no wallet.
    expect(await attr('delegate.resigned=false')).toEqual([]);
    expect(await attr('delegate.rank=22')).toEqual([user2.address]);
    expect((await attr('delegate.rank.from=1')).length).toBe(22);
    expect((await attr('delegate.voteBalance.from=1')).length).toBe(22);
    expect(await attr(`vote=${user2.publicKey}`)).toEqual([user3.address]);
    expect(await attr(`vote=${switchTarget.publicKey},${user2.publicKey}`)).toEqual(
      [user1.address, user3.address, switchTarget.address].sort(),
    );
    expect(await attr(`secondPublicKey=${secondPublicKey}`)).toEqual([user2.address]);
    expect(await attr('multiSignature.min=2')).toEqual([multisigAddress]);
    expect(await attr(`multiSignature.publicKeys=${user2.publicKey}`)).toEqual([multisigAddress]);
    expect(await attr('htlc.lockedBalance.from=1')).toEqual([faucet.address]);
    expect(await attr(`htlc.locks.${lockId()}.secretHash=${SECRET_HASH}`)).toEqual([faucet.address]);
    expect(await attr(`htlc.locks.*.recipientId=${user3.address}`)).toEqual([faucet.address]);
    expect(await attr(`htlc.locks.*.expiration.value.from=100000`)).toEqual([faucet.address]);
    expect(await attr(`ipfs.hashes.${IPFS_HASH}=true`)).toEqual([user1.address]);
    expect(await attr('entities.*.data.name=api_entity')).toEqual([user1.address]);
    expect(await attr(`entities.${chain.dpos.entity.id!}.type=0`)).toEqual([user1.address]);
    expect(await attr('delegate.username=api_user2&attributes.secondPublicKey=' + secondPublicKey)).toEqual([
      user2.address,
    ]);
    // Paths the bag does not have match nothing; a scalar never equals an object.
    expect(await attr('nothing=1')).toEqual([]);
    expect(await attr('delegate=api_user2')).toEqual([]);
    expect(await error('/wallets?attributes.delegate.rank=first')).toEqual({
      status: 422,
      message: '"attributes.delegate.rank" must be a number',
    });
    expect(await error('/wallets?attributes.delegate.resigned=yes')).toEqual({
      status: 422,
      message: '"attributes.delegate.resigned" must be a boolean',
    });
  });

  it('sorts in the memory dialect, then balance:desc; missing values last', async () => {
    const ascending = (await data('/wallets?orderBy=balance:asc')).map((w) =>
      BigInt(at(w, 'balance') as string),
    );
    expect(ascending).toEqual([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(await addresses('/wallets?orderBy=address')).toEqual(
      stored()
        .map((w) => w.address)
        .sort(),
    );
    const byNonce = await data('/wallets?orderBy=nonce:desc');
    const nonces = byNonce.map((w) => BigInt(at(w, 'nonce') as string));
    expect(nonces).toEqual([...nonces].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    // Equal nonces (0 for most wallets) keep ARK's tie-breaker, balance:desc.
    const zero = byNonce.filter((w) => at(w, 'nonce') === '0').map((w) => BigInt(at(w, 'balance') as string));
    expect(zero).toEqual([...zero].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const byKey = await data('/wallets?orderBy=publicKey:desc');
    const keyed = byKey.filter((w) => at(w, 'publicKey') !== undefined);
    expect(byKey.slice(0, keyed.length)).toEqual(keyed);
    const keys = keyed.map((w) => at(w, 'publicKey') as string);
    expect(keys).toEqual([...keys].sort().reverse());
    const byVotes = await data('/wallets?orderBy=attributes.delegate.voteBalance:desc');
    const votes = byVotes
      .slice(0, 24)
      .map((w) => BigInt(at(w, 'attributes', 'delegate', 'voteBalance') as string));
    expect(votes).toEqual([...votes].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(at(byVotes[24], 'attributes', 'delegate')).toBeUndefined();
    // A path no wallet has leaves the order to the tie-breaker (balance:desc), as in ARK.
    expect(await addresses('/wallets?orderBy=attributes.nothing.here')).toEqual(await addresses('/wallets'));
    expect(await error('/wallets?orderBy=attributes.ipfs.hashes:asc')).toEqual({
      status: 422,
      message: "orderBy property 'attributes.ipfs.hashes' cannot be sorted on",
    });
    expect(await error('/wallets?orderBy=height:desc')).toEqual({
      status: 422,
      message: "Unknown orderBy property 'height'",
    });
    expect(await error('/wallets?orderBy=balance:invalid-direction')).toEqual({
      status: 422,
      message: "Unexpected orderBy direction 'invalid-direction' for property 'balance'",
    });
  });

  it('paginates without overlap (ties broken by address)', async () => {
    const all = await addresses('/wallets');
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.length / 7); page += 1) {
      pages.push(...(await addresses(`/wallets?limit=7&page=${page}`)));
    }
    expect(pages).toEqual(all);
    expect(await addresses('/wallets?offset=3&limit=2')).toEqual(all.slice(3, 5));
    const answer = await api('/wallets?limit=100&page=2&offset=3');
    expect(at(answer.body, 'meta', 'previous')).toBe('/api/wallets?limit=100&page=1&offset=3');
  });

  it('answers bad queries with 422', async () => {
    expect(await error('/wallets?address=AXXX')).toEqual({
      status: 422,
      message: '"address" does not match any of the allowed types',
    });
    expect(await error('/wallets?transform=true')).toEqual({
      status: 422,
      message: '"transform" is not allowed',
    });
    expect(await error('/wallets?balance=abc')).toMatchObject({ status: 422 });
    expect(await error('/wallets?nonce.from=-1')).toMatchObject({ status: 422 });
    expect(await error('/wallets?foo=1')).toEqual({ status: 422, message: '"foo" is not allowed' });
  });
});

describe('GET /wallets/{id}', () => {
  it('finds a wallet by address, public key and username', async () => {
    const forms = [user2.address, user2.publicKey, 'api_user2'];
    const answers = await Promise.all(forms.map((id) => api(`/wallets/${id}`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
    expect(at(answers[0]!.body, 'data')).toEqual((await data(`/wallets?address=${user2.address}`))[0]);
  });

  it('is 404 "Wallet not found" for what no wallet has', async () => {
    expect(await error('/wallets/nobody_here')).toEqual({ status: 404, message: 'Wallet not found' });
    expect(await error(`/wallets/${'D'.padEnd(34, 'x')}`)).toEqual({
      status: 404,
      message: 'Wallet not found',
    });
    expect(await error(`/wallets/${'03'.padEnd(66, 'b')}`)).toEqual({
      status: 404,
      message: 'Wallet not found',
    });
  });
});

describe('the chain fixture', () => {
  it('holds the votes the tests rely on', () => {
    const state = nodeParts(chain.node).store.state();
    expect(state.wallet(user1.address).vote).toBe(switchTarget.publicKey);
    expect(state.wallet(votedDelegate.address).vote).toBe(votedDelegate.publicKey);
  });
});

// Last: it reverts blocks.
describe('the wallet counter', () => {
  it('follows wallets deleted by a revert (a wallet left empty is removed)', async () => {
    const counter = () =>
      Number(
        (
          nodeParts(chain.node)
            .store.db.prepare("SELECT value FROM api_counters WHERE name = 'wallets'")
            .get() as {
            value: bigint;
          }
        ).value,
      );
    let reverted = 0;
    while (
      nodeParts(chain.node)
        .store.state()
        .snapshot()
        .wallets.some((w) => w.address === user4.address)
    ) {
      nodeParts(chain.node).store.revertLastBlock();
      reverted += 1;
      expect(counter()).toBe(walletCount());
    }
    expect(reverted).toBeGreaterThan(1);
    expect(at((await api('/wallets?limit=1')).body, 'meta', 'totalCount')).toBe(walletCount());
    expect(await error(`/wallets/${user4.address}`)).toEqual({ status: 404, message: 'Wallet not found' });
  });
});
