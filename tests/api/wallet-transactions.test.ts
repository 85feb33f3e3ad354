/** /wallets/{id}/transactions…, /wallets/{id}/votes and /wallets/{id}/locks (ark-core-api.md §6.6; public-api.md §4.10). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faucet, user1 } from './support/api-chain';
import { startDposChain, user4, type DposChain } from './support/dpos-chain';
import { at, publicApi } from './support/http';

let chain: DposChain;
const { api, data, error } = publicApi(() => chain.server.publicApp);
const ids = async (url: string) => (await data(url)).map((tx) => at(tx, 'id'));
const lockId = () => chain.txs.lock.id!;

beforeAll(async () => {
  chain = await startDposChain();
});
afterAll(async () => {
  expect(chain.serverErrors).toEqual([]);
  await chain?.close();
});

describe('GET /wallets/{id}/transactions…', () => {
  it('equals /transactions with address, senderId, recipientId; the vote list is its sent votes', async () => {
    for (const id of [user1.address, user1.publicKey]) {
      expect(await ids(`/wallets/${id}/transactions`)).toEqual(
        await ids(`/transactions?address=${user1.address}`),
      );
      expect(await ids(`/wallets/${id}/transactions/sent`)).toEqual(
        await ids(`/transactions?senderId=${user1.address}`),
      );
      expect(await ids(`/wallets/${id}/transactions/received`)).toEqual(
        await ids(`/transactions?recipientId=${user1.address}`),
      );
    }
    expect(await ids(`/wallets/${user1.address}/votes`)).toEqual([
      chain.dpos.voteSwitch.id,
      chain.txs.vote.id,
    ]);
    // Received includes multipayments; sent by username works too.
    expect(await ids(`/wallets/${user1.address}/transactions/received`)).toContain(chain.txs.multiPayment.id);
    expect(await ids('/wallets/api_user2/transactions/sent')).toEqual([
      chain.dpos.secondSignature.id,
      chain.txs.registration.id,
    ]);
  });

  it('uses the transaction-with-block resource, transform=false for the raw one, and the criteria', async () => {
    const [vote] = await data(`/wallets/${user1.address}/votes?limit=1`);
    expect(vote).toMatchObject({
      id: chain.dpos.voteSwitch.id,
      type: 3,
      timestamp: expect.any(Object) as object,
    });
    expect(at(vote, 'confirmations')).toBeGreaterThan(0);
    const [raw] = await data(`/wallets/${user1.address}/transactions?transform=false&limit=1`);
    expect(raw).toMatchObject({
      blockHeight: expect.any(Number) as number,
      sequence: expect.any(Number) as number,
    });
    expect(await ids(`/wallets/${user1.address}/transactions?type=3&orderBy=timestamp:asc`)).toEqual([
      chain.txs.vote.id,
      chain.dpos.voteSwitch.id,
    ]);
    const answer = await api(`/wallets/${user1.address}/transactions/sent?limit=2`);
    expect(at(answer.body, 'meta', 'self')).toBe(
      `/api/wallets/${user1.address}/transactions/sent?limit=2&transform=true&page=1`,
    );
  });

  it('gives an empty page for a wallet without a public key', async () => {
    for (const path of ['transactions/sent', 'votes']) {
      const answer = await api(`/wallets/${user4.address}/${path}`);
      expect(answer.body).toEqual({
        meta: {
          totalCountIsEstimate: false,
          count: 0,
          pageCount: 1,
          totalCount: 0,
          next: null,
          previous: null,
          self: `/api/wallets/${user4.address}/${path}?transform=true&page=1&limit=100`,
          first: `/api/wallets/${user4.address}/${path}?transform=true&page=1&limit=100`,
          last: `/api/wallets/${user4.address}/${path}?transform=true&page=1&limit=100`,
        },
        data: [],
      });
    }
    expect(await ids(`/wallets/${user4.address}/transactions/received`)).toHaveLength(1);
  });

  it('validates the id with ARK’s stricter schema, and 404s unknown wallets', async () => {
    expect(await error('/wallets/Some_Name/votes')).toEqual({
      status: 422,
      message: '"id" does not match any of the allowed types',
    });
    expect(await error('/wallets/nobody_here/transactions')).toEqual({
      status: 404,
      message: 'Wallet not found',
    });
    expect(await error(`/wallets/${user1.address}/transactions?orderBy=height`)).toMatchObject({
      status: 422,
    });
  });
});

describe('GET /wallets/{id}/locks', () => {
  it('lists the wallet’s open locks with the lock criteria', async () => {
    const locks = await data(`/wallets/${faucet.address}/locks`);
    expect(locks.map((l) => at(l, 'lockId'))).toEqual([lockId()]);
    expect(locks[0]).toEqual((await data(`/locks?lockId=${lockId()}`))[0]);
    expect(await data(`/wallets/${faucet.publicKey}/locks?isExpired=true`)).toEqual([]);
    expect(await data(`/wallets/${user1.address}/locks`)).toEqual([]);
    expect(await error('/wallets/nobody_here/locks')).toEqual({ status: 404, message: 'Wallet not found' });
    expect(await error(`/wallets/${faucet.address}/locks?orderBy=nothing`)).toEqual({
      status: 422,
      message: "Unknown orderBy property 'nothing'",
    });
  });
});
