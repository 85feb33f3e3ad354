/** GET /transactions… (ark-core-api.md §2.6, §6.3, §6.14, §9.4–§9.6; public-api.md §4.3). */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import {
  SECRET_HASH,
  VTY,
  faucet,
  startApiChain,
  user1,
  user2,
  user3,
  votedDelegate,
  type ApiChain,
} from './support/api-chain';
import { at, items, publicApi } from './support/http';

let chain: ApiChain;
const { api, data } = publicApi(() => chain.server.publicApp);
const idsOf = async (url: string) => (await data(url)).map((tx) => at(tx, 'id'));
const sorted = (ids: unknown[]) => [...ids].sort();
beforeAll(async () => {
  chain = await startApiChain();
});
afterAll(async () => chain?.close());

function storedCount(where = '1 = 1'): number {
  const row = nodeParts(chain.node)
    .store.db.prepare(`SELECT count(*) AS n FROM transactions WHERE ${where}`)
    .get() as {
    n: bigint;
  };
  return Number(row.n);
}

describe('GET /transactions', () => {
  it('lists every transaction newest first with an exact total', async () => {
    const answer = await api('/transactions?limit=2');
    expect(at(answer.body, 'meta', 'totalCount')).toBe(storedCount());
    expect(at(answer.body, 'meta', 'totalCountIsEstimate')).toBe(false);
    // The forger orders a block by fee, so the registration (25 VTY fee) precedes the vote in its block.
    expect(items(answer.body, 'data').map((tx) => at(tx, 'id'))).toEqual([
      chain.txs.user3Transfer.id,
      chain.txs.vote.id,
    ]);
  });

  it('has ARK’s shape with its block: confirmations = last − height + 1, the block timestamp', async () => {
    const tx = chain.txs.helloTransfer;
    const block = nodeParts(chain.node).store.blockByHeight(chain.heights.transfers)!.header;
    const data = at((await api(`/transactions/${tx.id}`)).body, 'data');
    expect(data).toEqual({
      id: tx.id,
      blockId: block.id,
      version: 2,
      type: 0,
      typeGroup: 1,
      amount: (1000n * VTY).toString(),
      fee: tx.fee.toString(),
      sender: faucet.address,
      senderPublicKey: faucet.publicKey,
      recipient: user1.address,
      signature: tx.signature,
      vendorField: 'hello world',
      confirmations: chain.node.height - block.height + 1,
      timestamp: {
        epoch: block.timestamp,
        unix: block.timestamp + 1490101200,
        human: new Date((block.timestamp + 1490101200) * 1000).toISOString(),
      },
      nonce: '1',
    });
    expect(Object.keys(data as object).slice(-3)).toEqual(['confirmations', 'timestamp', 'nonce']);
  });

  it('types without a recipient name the sender as recipient; assets have string amounts', async () => {
    const vote = at((await api(`/transactions/${chain.txs.vote.id}`)).body, 'data');
    expect(vote).toMatchObject({
      type: 3,
      recipient: user1.address,
      sender: user1.address,
      asset: { votes: [`+${votedDelegate.publicKey}`] },
    });
    const payment = at((await api(`/transactions/${chain.txs.multiPayment.id}`)).body, 'data');
    expect(at(payment, 'asset', 'payments')).toEqual([
      { amount: (7n * VTY).toString(), recipientId: user1.address },
      { amount: (9n * VTY).toString(), recipientId: user3.address },
    ]);
  });

  it('transform=false gives the crypto data with blockId, blockHeight and sequence', async () => {
    const raw = at((await api(`/transactions/${chain.txs.lock.id}?transform=false`)).body, 'data');
    expect(raw).toMatchObject({
      version: 2,
      network: 30,
      typeGroup: 1,
      type: 8,
      nonce: '5',
      amount: (3n * VTY).toString(),
      recipientId: user3.address,
      asset: { lock: { secretHash: SECRET_HASH, expiration: { type: 2, value: 100000 } } },
      id: chain.txs.lock.id,
      blockHeight: chain.heights.transfers,
      sequence: 4,
    });
    expect(Object.keys(raw as object).slice(0, 4)).toEqual(['version', 'network', 'typeGroup', 'type']);
  });

  it('404 for an unknown id', async () => {
    expect((await api(`/transactions/${'a'.repeat(64)}`)).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Transaction not found',
    });
  });
});

describe('transaction filters', () => {
  const t = () => chain.txs;
  it('address = sender or recipient, multipayment recipients included', async () => {
    expect(sorted(await idsOf(`/transactions?address=${user1.address}`))).toEqual(
      sorted([t().helloTransfer.id, t().multiPayment.id, t().vote.id, t().user3Transfer.id]),
    );
    expect(sorted(await idsOf(`/transactions?recipientId=${user3.address}`))).toEqual(
      sorted([t().user3Funding.id, t().multiPayment.id, t().lock.id]),
    );
    expect(await idsOf(`/transactions?senderId=${user1.address}`)).toEqual([t().vote.id]);
    expect(sorted(await idsOf(`/transactions?senderId=${user1.address},${user2.address}`))).toEqual(
      sorted([t().vote.id, t().registration.id]),
    );
    expect(await idsOf(`/transactions?senderPublicKey=${user3.publicKey}`)).toEqual([t().user3Transfer.id]);
    expect(await idsOf(`/transactions?address=${addressFromPassphrase('nobody at all', 30)}`)).toEqual([]);
  });

  it('id, blockId, version, sequence, nonce', async () => {
    expect(await idsOf(`/transactions?id=${t().lock.id},${t().vote.id}`)).toEqual([t().vote.id, t().lock.id]);
    const blockId = nodeParts(chain.node).store.blockByHeight(chain.heights.voteAndRegistration)!.header.id!;
    expect(sorted(await idsOf(`/transactions?blockId=${blockId}`))).toEqual(
      sorted([t().vote.id, t().registration.id]),
    );
    expect(await idsOf(`/transactions?senderPublicKey=${faucet.publicKey}&nonce=2`)).toEqual([
      t().wildTransfer.id,
    ]);
    expect(await idsOf(`/transactions?senderPublicKey=${faucet.publicKey}&nonce.from=4&nonce.to=5`)).toEqual([
      t().lock.id,
      t().multiPayment.id,
    ]);
    expect((await idsOf(`/transactions?sequence=4&version=2`)).length).toBe(2);
    expect(await idsOf(`/transactions?sequence.from=4&sequence.to=4&blockId=${blockId}`)).toEqual([]);
  });

  it('type (typeGroup 1 implied), typeGroup, amount and fee ranges', async () => {
    expect(await idsOf(`/transactions?type=6`)).toEqual([t().multiPayment.id]);
    expect(await idsOf(`/transactions?type=6&typeGroup=2`)).toEqual([]);
    expect(await idsOf(`/transactions?type=2&typeGroup=1&senderPublicKey=${user2.publicKey}`)).toEqual([
      t().registration.id,
    ]);
    expect(at((await api('/transactions?type=3')).body, 'meta', 'totalCount')).toBe(
      storedCount('type_group = 1 AND type = 3'),
    );
    expect(await idsOf(`/transactions?amount=${500n * VTY}`)).toEqual([t().user3Funding.id]);
    expect(sorted(await idsOf(`/transactions?amount.from=${2n * VTY}&amount.to=${3n * VTY}`))).toEqual(
      sorted([t().lock.id, t().user3Transfer.id]),
    );
    expect(await idsOf(`/transactions?fee.from=2000000000`)).toEqual([t().registration.id]);
    expect(await idsOf(`/transactions?fee=100000000`)).toEqual([t().vote.id]);
  });

  it('timestamp (the block’s): exact, lists and ranges', async () => {
    const block = nodeParts(chain.node).store.blockByHeight(chain.heights.voteAndRegistration)!.header;
    expect(sorted(await idsOf(`/transactions?timestamp=${block.timestamp}`))).toEqual(
      sorted([t().vote.id, t().registration.id]),
    );
    expect(sorted(await idsOf(`/transactions?timestamp.from=${block.timestamp}`))).toEqual(
      sorted([t().vote.id, t().registration.id, t().user3Transfer.id]),
    );
    expect(
      (await idsOf(`/transactions?timestamp.to=${block.timestamp - 1}&timestamp.from=${block.timestamp - 8}`))
        .length,
    ).toBe(5);
    expect(await idsOf(`/transactions?timestamp.from=999999999`)).toEqual([]);
  });

  it('vendorField is an anchored, case-sensitive LIKE', async () => {
    expect(await idsOf('/transactions?vendorField=hello%25')).toEqual([
      t().user3Transfer.id,
      t().helloTransfer.id,
    ]);
    expect(await idsOf('/transactions?vendorField=hello')).toEqual([]);
    expect(await idsOf('/transactions?vendorField=Hello%25')).toEqual([]);
    expect(await idsOf('/transactions?vendorField=%25again')).toEqual([t().user3Transfer.id]);
    expect(await idsOf('/transactions?vendorField=hello_world')).toEqual([t().helloTransfer.id]);
    expect(await idsOf('/transactions?vendorField=odd%20%25_*%3F%20chars')).toEqual([t().wildTransfer.id]);
    expect(await idsOf('/transactions?vendorField=odd*')).toEqual([]);
  });

  it('asset paths match values and list elements, text and numbers alike', async () => {
    expect(sorted(await idsOf(`/transactions?asset.votes=%2B${votedDelegate.publicKey}`))).toHaveLength(2);
    expect(
      await idsOf(`/transactions?asset.votes=%2B${votedDelegate.publicKey}&senderId=${user1.address}`),
    ).toEqual([t().vote.id]);
    expect(await idsOf(`/transactions?asset.lock.secretHash=${SECRET_HASH}`)).toEqual([t().lock.id]);
    expect(await idsOf(`/transactions?asset.lock.expiration.value=100000`)).toEqual([t().lock.id]);
    expect(await idsOf(`/transactions?asset.delegate.username=api_user2`)).toEqual([t().registration.id]);
    expect(await idsOf(`/transactions?asset.delegate.username=nobody`)).toEqual([]);
  });

  it('orderBy over the whitelist, ties broken by chain order', async () => {
    const byAmount = items((await api('/transactions?orderBy=amount:desc&limit=3')).body, 'data').map((tx) =>
      BigInt(String(at(tx, 'amount'))),
    );
    expect(byAmount).toEqual([...byAmount].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    const first = items((await api('/transactions?orderBy=timestamp:asc&limit=1')).body, 'data')[0];
    expect(at(first, 'confirmations')).toBe(chain.node.height);
    expect(
      (
        await api(
          '/transactions?orderBy=blockId:asc,fee:desc,nonce:asc,senderId:asc,recipientId:desc,type:asc,typeGroup:asc,vendorField:asc,asset:asc,id:asc,version:asc,senderPublicKey:asc,sequence:asc',
        )
      ).status,
    ).toBe(200);
  });

  it('pagination links keep the filters and carry /api', async () => {
    const answer = await api(
      `/transactions?senderPublicKey=${faucet.publicKey}&limit=2&page=2&orderBy=nonce:asc`,
    );
    expect(items(answer.body, 'data').map((tx) => at(tx, 'nonce'))).toEqual(['3', '4']);
    expect(at(answer.body, 'meta')).toMatchObject({
      totalCount: 5,
      pageCount: 3,
      next: `/api/transactions?senderPublicKey=${faucet.publicKey}&limit=2&page=3&transform=true&orderBy=nonce:asc`,
    });
  });
});

describe('unconfirmed transactions (the pool)', () => {
  it('lists the pool: confirmations 0, no blockId, no timestamp for v2', async () => {
    const answer = await api('/transactions/unconfirmed');
    const data = items(answer.body, 'data');
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id: chain.txs.pending.id,
      confirmations: 0,
      sender: user1.address,
      recipient: user2.address,
    });
    expect(at(data[0], 'blockId')).toBeUndefined();
    expect(at(data[0], 'timestamp')).toBeUndefined();
    expect(at(answer.body, 'meta', 'totalCount')).toBe(1);
    expect(items((await api('/transactions/unconfirmed?transform=false')).body, 'data')[0]).toMatchObject({
      typeGroup: 1,
      nonce: '2',
    });
    expect((await api('/transactions/unconfirmed?orderBy=fee:desc,nonce')).status).toBe(200);
    expect((await api('/transactions/unconfirmed?orderBy=height')).body).toMatchObject({
      message: "Unknown orderBy property 'height'",
    });
  });

  it('/transactions/unconfirmed/{id}: raw by default, transformed with transform=true, 404 otherwise', async () => {
    const id = chain.txs.pending.id!;
    expect(at((await api(`/transactions/unconfirmed/${id}`)).body, 'data')).toMatchObject({
      id,
      network: 30,
      recipientId: user2.address,
    });
    expect(at((await api(`/transactions/unconfirmed/${id}?transform=true`)).body, 'data')).toMatchObject({
      id,
      confirmations: 0,
    });
    expect((await api(`/transactions/unconfirmed/${chain.txs.vote.id}`)).body).toMatchObject({
      statusCode: 404,
      message: 'Transaction not found',
    });
  });
});

describe('transaction metadata', () => {
  it('/transactions/fees: static fees of the active types', async () => {
    expect((await api('/transactions/fees')).body).toEqual({
      data: {
        '1': {
          transfer: '10000000',
          secondSignature: '500000000',
          delegateRegistration: '2500000000',
          vote: '100000000',
          multiSignature: '500000000',
          ipfs: '500000000',
          multiPayment: '10000000',
          delegateResignation: '2500000000',
          htlcLock: '10000000',
          htlcClaim: '0',
          htlcRefund: '0',
        },
        '2': { entityRegistration: '5000000000', entityResignation: '500000000', entityUpdate: '500000000' },
      },
    });
  });

  it('/transactions/types', async () => {
    expect((await api('/transactions/types')).body).toEqual({
      data: {
        '1': {
          Transfer: 0,
          SecondSignature: 1,
          DelegateRegistration: 2,
          Vote: 3,
          MultiSignature: 4,
          Ipfs: 5,
          MultiPayment: 6,
          DelegateResignation: 7,
          HtlcLock: 8,
          HtlcClaim: 9,
          HtlcRefund: 10,
        },
        '2': { Entity: 6 },
      },
    });
  });

  it('/transactions/schemas: the properties of each type’s schema', async () => {
    const data = at((await api('/transactions/schemas')).body, 'data');
    expect(Object.keys(at(data, '1') as object)).toHaveLength(11);
    expect(at(data, '1', '0', 'type')).toEqual({ const: 0 });
    expect(at(data, '1', '0', 'amount')).toMatchObject({ type: 'string' });
    expect(at(data, '1', '0', 'recipientId')).toMatchObject({ type: 'string' });
    expect(at(data, '2', '6', 'asset')).toMatchObject({ type: 'object' });
  });
});
