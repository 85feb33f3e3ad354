/** GET /locks, /locks/{id}, POST /locks/unlocked (ark-core-api.md §6.7, §6.17, §8; public-api.md §4.9). */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localnet } from '../../src/core/node/localnet';
import { formatTimestamp } from '../../src/core/protocol/time';
import { SECRET_HASH, VTY, faucet, user1, user2, user3 } from './support/api-chain';
import { at, items, request, publicApi } from './support/http';
import { EXPIRE_HASH, startLockEntityChain, type LockEntityChain } from './support/lock-entity-chain';
import { recordQueries, type RecordedQuery } from './support/query-recorder';

let chain: LockEntityChain;
const { api, data } = publicApi(() => chain.server.publicApp);
const idsOf = async (url: string) => (await data(url)).map((lock) => at(lock, 'lockId'));
const unlocked = (url: string, body?: unknown) =>
  request(chain.server.publicApp, 'POST', `/api/locks/unlocked${url}`, body === undefined ? {} : { body });
const txIdsOf = async (url: string, body?: unknown) => {
  const answer = await unlocked(url, body);
  if (answer.status !== 200) throw new Error(`${url} ${JSON.stringify(body)}: ${answer.text}`);
  return items(answer.body, 'data').map((tx) => at(tx, 'id'));
};
const messageOf = async (url: string) => {
  const answer = await api(url);
  expect(answer.status, answer.text).toBe(422);
  return at(answer.body, 'message');
};

/** The two open locks: the expired one (newest) and api-chain's active one. */
let expired: string;
let active: string;
beforeAll(async () => {
  chain = await startLockEntityChain();
  expired = chain.more.lockToExpire.id!;
  active = chain.txs.lock.id!;
});
afterAll(async () => {
  expect(chain?.serverErrors).toEqual([]);
  await chain?.close();
});

describe('GET /locks', () => {
  it('lists the open locks (claimed and refunded ones left), newest first, exact total', async () => {
    const answer = await api('/locks');
    expect(answer.status).toBe(200);
    expect(at(answer.body, 'meta')).toEqual({
      totalCountIsEstimate: false,
      count: 2,
      pageCount: 1,
      totalCount: 2,
      next: null,
      previous: null,
      self: '/api/locks?page=1&limit=100',
      first: '/api/locks?page=1&limit=100',
      last: '/api/locks?page=1&limit=100',
    });
    expect(items(answer.body, 'data').map((lock) => at(lock, 'lockId'))).toEqual([expired, active]);
  });

  it('has ARK’s lock shape; isExpired is judged against the last block', async () => {
    const [first, second] = items((await api('/locks')).body, 'data');
    const lockBlock = nodeParts(chain.node)
      .store.db.prepare(
        'SELECT b.timestamp AS ts FROM transactions t JOIN blocks b ON b.height = t.block_height WHERE t.id = ?',
      )
      .get(expired) as { ts: bigint };
    expect(first).toEqual({
      lockId: expired,
      senderPublicKey: faucet.publicKey,
      isExpired: true,
      amount: (6n * VTY).toString(),
      secretHash: EXPIRE_HASH,
      recipientId: user3.address,
      timestamp: formatTimestamp(Number(lockBlock.ts), localnet),
      expirationType: 2,
      expirationValue: chain.more.lockToExpire.asset!.lock!.expiration.value,
      vendorField: 'expire soon',
    });
    expect(Object.keys(first as object)).toEqual([
      'lockId',
      'senderPublicKey',
      'isExpired',
      'amount',
      'secretHash',
      'recipientId',
      'timestamp',
      'expirationType',
      'expirationValue',
      'vendorField',
    ]);
    // No vendorField key at all when the lock transaction had none.
    expect(second).toMatchObject({ lockId: active, isExpired: false, amount: (3n * VTY).toString() });
    expect(Object.hasOwn(second as object, 'vendorField')).toBe(false);
  });

  it('filters on ids, keys, addresses and hashes, with comma lists and % wildcards', async () => {
    expect(await idsOf(`/locks?lockId=${active}`)).toEqual([active]);
    expect(await idsOf(`/locks?lockId=${active.toUpperCase()}`)).toEqual([]);
    expect(await idsOf(`/locks?lockId=${active},${expired}`)).toEqual([expired, active]);
    expect(await idsOf(`/locks?lockId=${active.slice(10, 30)}%25`)).toEqual([active]);
    expect(await idsOf(`/locks?lockId=${chain.more.lockToClaim.id!}`)).toEqual([]);
    expect(await idsOf(`/locks?senderPublicKey=${faucet.publicKey}`)).toEqual([expired, active]);
    expect(await idsOf(`/locks?senderPublicKey=${user1.publicKey}`)).toEqual([]);
    expect(await idsOf(`/locks?recipientId=${user3.address}`)).toEqual([expired, active]);
    expect(await idsOf(`/locks?recipientId=${user2.address}`)).toEqual([]);
    expect(await idsOf(`/locks?recipientId=%25${user3.address.slice(-5)}`)).toEqual([expired, active]);
    expect(await idsOf(`/locks?secretHash=${SECRET_HASH}`)).toEqual([active]);
    expect(await idsOf(`/locks?secretHash=${EXPIRE_HASH.slice(0, 8)}%25`)).toEqual([expired]);
  });

  it('filters on isExpired, the expiration and the amount (values and ranges)', async () => {
    const expiredAt = chain.more.lockToExpire.asset!.lock!.expiration.value;
    expect(await idsOf('/locks?isExpired=true')).toEqual([expired]);
    expect(await idsOf('/locks?isExpired=FALSE')).toEqual([active]);
    expect(await idsOf('/locks?expirationType=2')).toEqual([expired, active]);
    expect(await idsOf('/locks?expirationType=1')).toEqual([]);
    expect(await idsOf('/locks?expirationType=1,2')).toEqual([expired, active]);
    expect(await idsOf(`/locks?expirationValue=${expiredAt}`)).toEqual([expired]);
    expect(await idsOf(`/locks?expirationValue.from=${expiredAt + 1}`)).toEqual([active]);
    expect(await idsOf(`/locks?expirationValue.to=${expiredAt}`)).toEqual([expired]);
    expect(await idsOf('/locks?expirationValue=100000,1')).toEqual([active]);
    expect(await idsOf(`/locks?amount=${3n * VTY}`)).toEqual([active]);
    expect(await idsOf(`/locks?amount.from=${4n * VTY}`)).toEqual([expired]);
    expect(await idsOf(`/locks?amount.from=${2n * VTY}&amount.to=${6n * VTY}`)).toEqual([expired, active]);
    expect(await idsOf('/locks?amount=99999999999999999999999')).toEqual([]);
    expect(await idsOf('/locks?amount.to=99999999999999999999999')).toEqual([expired, active]);
  });

  it('filters on the lock block’s timestamp: epoch, unix (values, ranges) and the human text', async () => {
    const [first] = items((await api('/locks')).body, 'data');
    const stamp = at(first, 'timestamp') as { epoch: number; unix: number; human: string };
    expect(await idsOf(`/locks?timestamp.epoch=${stamp.epoch}`)).toEqual([expired]);
    expect(await idsOf(`/locks?timestamp.epoch.from=${stamp.epoch}`)).toEqual([expired]);
    expect(await idsOf(`/locks?timestamp.epoch.to=${stamp.epoch - 1}`)).toEqual([active]);
    expect(await idsOf(`/locks?timestamp.unix=${stamp.unix}`)).toEqual([expired]);
    expect(await idsOf(`/locks?timestamp.unix.from=${stamp.unix + 1}`)).toEqual([]);
    expect(await idsOf(`/locks?timestamp.unix.to=${stamp.unix}`)).toEqual([expired, active]);
    expect(await idsOf(`/locks?timestamp.human=${stamp.human}`)).toEqual([expired]);
    expect(await idsOf('/locks?timestamp.human=2017-03-21T15:14:24Z')).toEqual([]);
    expect(await idsOf('/locks?timestamp.human=not a date')).toEqual([]);
    expect(await idsOf('/locks?timestamp.human=2017-03-21%25')).toEqual([expired, active]);
    expect(await idsOf(`/locks?timestamp.human=%25${stamp.human.slice(11, 19)}%25`)).toEqual([expired]);
    expect(await idsOf(`/locks?timestamp.epoch=${stamp.epoch}&timestamp.unix=${stamp.unix - 1}`)).toEqual([]);
  });

  it('filters on vendorField: equality and unanchored, case-sensitive wildcards', async () => {
    expect(await idsOf('/locks?vendorField=expire+soon')).toEqual([expired]);
    expect(await idsOf('/locks?vendorField=expire')).toEqual([]);
    expect(await idsOf('/locks?vendorField=soon%25')).toEqual([expired]);
    expect(await idsOf('/locks?vendorField=%25pire%25so%25')).toEqual([expired]);
    expect(await idsOf('/locks?vendorField=SOON%25')).toEqual([]);
  });

  it('sorts (memory dialect: direction optional, undefined last) and pages', async () => {
    expect(await idsOf('/locks?orderBy=amount')).toEqual([active, expired]);
    expect(await idsOf('/locks?orderBy=amount:desc')).toEqual([expired, active]);
    expect(await idsOf('/locks?orderBy=timestamp.epoch:asc')).toEqual([active, expired]);
    expect(await idsOf('/locks?orderBy=isExpired:asc')).toEqual([active, expired]);
    expect(await idsOf('/locks?orderBy=expirationValue:desc')).toEqual([active, expired]);
    // The lock without a vendorField sorts last in both directions.
    expect(await idsOf('/locks?orderBy=vendorField:asc')).toEqual([expired, active]);
    expect(await idsOf('/locks?orderBy=vendorField:desc')).toEqual([expired, active]);
    const page2 = await api('/locks?limit=1&page=2');
    expect(items(page2.body, 'data').map((lock) => at(lock, 'lockId'))).toEqual([active]);
    expect(at(page2.body, 'meta')).toMatchObject({
      count: 1,
      pageCount: 2,
      totalCount: 2,
      next: null,
      previous: '/api/locks?limit=1&page=1',
    });
    expect(await idsOf('/locks?limit=1&offset=1')).toEqual([active]);
    expect(await idsOf('/locks?page=3&limit=1')).toEqual([]);
  });

  it('answers 422 with ARK’s messages', async () => {
    expect(await messageOf('/locks?orderBy=foo')).toBe("Unknown orderBy property 'foo'");
    expect(await messageOf('/locks?orderBy=timestamp:desc')).toBe("Unknown orderBy property 'timestamp'");
    expect(await messageOf('/locks?orderBy=amount:up')).toBe(
      "Unexpected orderBy direction 'up' for property 'amount'",
    );
    expect(await messageOf('/locks?transform=false')).toBe('"transform" is not allowed');
    expect(await messageOf('/locks?foo=1')).toBe('"foo" is not allowed');
    expect(await messageOf('/locks?isExpired=yes')).toBe('"isExpired" must be a boolean');
    expect(await messageOf('/locks?lockId=xyz')).toBe('"lockId" does not match any of the allowed types');
    expect(await messageOf('/locks?amount=-1')).toBe('"amount" does not match any of the allowed types');
    expect(await messageOf('/locks?expirationValue.from=abc')).toBe(
      '"expirationValue" does not match any of the allowed types',
    );
    expect(await messageOf('/locks?timestamp.foo=1')).toBe('"timestamp.foo" is not allowed');
    expect(await messageOf('/locks?timestamp.epoch.from=x')).toBe(
      '"timestamp.epoch" does not match any of the allowed types',
    );
    expect(await messageOf('/locks?limit=101')).toBe(
      '"limit" must be less than or equal to ref:global:configuration.plugins.pagination.limit',
    );
    expect(await messageOf('/locks?page=0')).toBe('"page" must be a positive number');
  });
});

describe('GET /locks/{id}', () => {
  it('gives one open lock, the same as in the list', async () => {
    const [, second] = items((await api('/locks')).body, 'data');
    const answer = await api(`/locks/${active}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: second });
    expect((await api(`/locks/${active.toUpperCase()}`)).body).toEqual({ data: second });
    // No query schema (ARK): any query is accepted.
    expect((await api(`/locks/${active}?whatever=1`)).status).toBe(200);
  });

  it('404 for claimed, refunded and unknown locks; 422 for a malformed id', async () => {
    for (const id of [chain.more.lockToClaim.id!, chain.more.lockToRefund.id!, 'a'.repeat(64)]) {
      const answer = await api(`/locks/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Lock not found' });
    }
    expect(await messageOf('/locks/xyz')).toBe('"id" must only contain hexadecimal characters');
    expect(await messageOf('/locks/abc')).toBe('"id" length must be 64 characters long');
  });
});

describe('POST /locks/unlocked', () => {
  it('gives the claim and refund transactions of the locks named by ARK’s ids or the spec’s id', async () => {
    const { claim, refund, lockToClaim, lockToRefund } = chain.more;
    expect(await txIdsOf('', { ids: [lockToClaim.id] })).toEqual([claim.id]);
    expect(await txIdsOf('', { id: lockToRefund.id })).toEqual([refund.id]);
    expect(await txIdsOf('', { id: [lockToClaim.id, lockToRefund.id] })).toEqual([refund.id, claim.id]);
    expect(await txIdsOf('', { ids: [lockToClaim.id], id: lockToRefund.id!.toUpperCase() })).toEqual([
      refund.id,
      claim.id,
    ]);
    // Open and unknown locks have no unlocking transaction.
    expect(await txIdsOf('', { ids: [active, expired, 'b'.repeat(64)] })).toEqual([]);
  });

  it('without ids lists the unlocking transactions of every unlocked lock, paginated', async () => {
    const { claim, refund } = chain.more;
    expect(await txIdsOf('')).toEqual([refund.id, claim.id]);
    expect(await txIdsOf('', {})).toEqual([refund.id, claim.id]);
    expect(await txIdsOf('?orderBy=timestamp:asc')).toEqual([claim.id, refund.id]);
    expect(await txIdsOf('?orderBy=type:asc')).toEqual([claim.id, refund.id]);
    const page = await unlocked('?limit=1&page=2', {});
    expect(items(page.body, 'data').map((tx) => at(tx, 'id'))).toEqual([claim.id]);
    expect(at(page.body, 'meta')).toEqual({
      totalCountIsEstimate: false,
      count: 1,
      pageCount: 2,
      totalCount: 2,
      next: null,
      previous: '/api/locks/unlocked?limit=1&page=1',
      self: '/api/locks/unlocked?limit=1&page=2',
      first: '/api/locks/unlocked?limit=1&page=1',
      last: '/api/locks/unlocked?limit=1&page=2',
    });
    expect(await txIdsOf('?offset=1', {})).toEqual([claim.id]);
  });

  it('items are transactions with their block, as /transactions/{id} gives them', async () => {
    const [item] = items((await unlocked('', { ids: [chain.more.lockToClaim.id] })).body, 'data');
    const single = await api(`/transactions/${chain.more.claim.id!}`);
    expect(item).toEqual(at(single.body, 'data'));
    expect(item).toMatchObject({ type: 9, typeGroup: 1, sender: user1.address });
  });

  it('answers 422 for bad bodies and queries', async () => {
    const message = async (url: string, body: unknown) => {
      const answer = await unlocked(url, body);
      expect(answer.status, answer.text).toBe(422);
      return at(answer.body, 'message');
    };
    const id = chain.more.lockToClaim.id!;
    expect(await message('', { ids: id })).toBe('"ids" must be an array');
    expect(await message('', { ids: [] })).toBe('"ids" must contain at least 1 items');
    expect(await message('', { ids: [id, id] })).toBe('"ids[1]" contains a duplicate value');
    expect(await message('', { ids: ['xyz'] })).toBe('"ids[0]" must only contain hexadecimal characters');
    expect(await message('', { ids: ['abc'] })).toBe('"ids[0]" length must be 64 characters long');
    const many = Array.from({ length: 26 }, (_, i) => i.toString(16).padStart(64, '0'));
    expect(await message('', { ids: many })).toBe('"ids" must contain less than or equal to 25 items');
    expect(await message('', { id: 5 })).toBe('"id" does not match any of the allowed types');
    expect(await message('', { foo: 1 })).toBe('"foo" is not allowed');
    expect(await message('', [id])).toBe('"value" must be of type object');
    expect(await message('?transform=true', {})).toBe('"transform" is not allowed');
    expect(await message('?orderBy=foo:asc', {})).toBe("Unknown orderBy property 'foo'");
    expect(await message('?orderBy=amount', {})).toBe(
      '"orderBy" with value "amount" fails to match the required pattern: /^[a-z._]{1,40}:(asc|desc)$/i',
    );
    expect(await message('?limit=0', {})).toBe('"limit" must be greater than or equal to 1');
  });
});

describe('lock query plans', () => {
  /** The plan of each query a request runs (SQLite plans without statistics: the node never runs ANALYZE). */
  async function plansOf(url: string): Promise<string[]> {
    const recorded: RecordedQuery[] = recordQueries(chain.server);
    // Bypass the response cache: another query string each time.
    const answer = await api(`${url}&page=1&limit=${7 + Math.floor(Math.random() * 90)}`);
    expect(answer.status, answer.text).toBe(200);
    return recorded.map((query) =>
      (
        nodeParts(chain.node)
          .store.db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
          .all(...query.params) as {
          detail: string;
        }[]
      )
        .map((row) => row.detail)
        .join(' | '),
    );
  }

  it.each([
    ['senderPublicKey', () => faucet.publicKey, 'api_locks_sender_key_order'],
    ['recipientId', () => user3.address, 'api_locks_recipient_order'],
    ['secretHash', () => SECRET_HASH, 'api_locks_secret_hash_order'],
  ])('a %s filter seeks its own index, never walks every open lock', async (key, value, index) => {
    const plans = await plansOf(`/locks?${key}=${value()}`);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan).toContain(index);
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });

  it.each([['/locks?orderBy=timestamp.unix:desc'], ['/locks?orderBy=amount:desc']])(
    '%s pages along an index, without sorting',
    async (url) => {
      for (const plan of await plansOf(url)) expect(plan).not.toMatch(/TEMP B-TREE|SCAN/);
    },
  );
});
