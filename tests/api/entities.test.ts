/** GET /entities, /entities/{id} (ark-core-api.md §6.8, §6.18; public-api.md §4.5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user1, user2, user3 } from './support/api-chain';
import { at, items, publicApi } from './support/http';
import { IPFS_2, startLockEntityChain, type LockEntityChain } from './support/lock-entity-chain';

let chain: LockEntityChain;
const { api, data } = publicApi(() => chain.server.publicApp);
const namesOf = async (url: string) => (await data(url)).map((entity) => at(entity, 'data', 'name'));
const messageOf = async (url: string) => {
  const answer = await api(url);
  expect(answer.status, answer.text).toBe(422);
  return at(answer.body, 'message');
};

beforeAll(async () => {
  chain = await startLockEntityChain();
});
afterAll(async () => {
  expect(chain?.serverErrors).toEqual([]);
  await chain?.close();
});

const ALL = ['another_one', 'votary_business', 'votary_plugin'];

describe('GET /entities', () => {
  it('lists every entity, resigned ones too, by name, with an exact total', async () => {
    const answer = await api('/entities');
    expect(answer.status).toBe(200);
    expect(at(answer.body, 'meta')).toMatchObject({
      totalCountIsEstimate: false,
      count: 3,
      totalCount: 3,
      self: '/api/entities?page=1&limit=100',
    });
    expect(items(answer.body, 'data').map((entity) => at(entity, 'data', 'name'))).toEqual(ALL);
  });

  it('has ARK’s entity shape: the update’s data, the resignation', async () => {
    const { business, resigning, plugin } = chain.more;
    const data = items((await api('/entities')).body, 'data');
    expect(data).toEqual([
      {
        id: resigning.id,
        address: user3.address,
        publicKey: user3.publicKey,
        isResigned: true,
        type: 0,
        subType: 0,
        data: { name: 'another_one' },
      },
      {
        id: business.id,
        address: user1.address,
        publicKey: user1.publicKey,
        isResigned: false,
        type: 0,
        subType: 0,
        // The update replaced the IPFS hash; the name stays.
        data: { name: 'votary_business', ipfsData: IPFS_2 },
      },
      {
        id: plugin.id,
        address: user2.address,
        publicKey: user2.publicKey,
        isResigned: false,
        type: 2,
        subType: 1,
        data: { name: 'votary_plugin' },
      },
    ]);
    expect(Object.keys(data[0] as object)).toEqual([
      'id',
      'address',
      'publicKey',
      'isResigned',
      'type',
      'subType',
      'data',
    ]);
  });

  it('filters: id, address, publicKey (values, lists, wildcards), isResigned, type, subType', async () => {
    const { business, plugin } = chain.more;
    expect(await namesOf(`/entities?id=${business.id!}`)).toEqual(['votary_business']);
    expect(await namesOf(`/entities?id=${business.id!},${plugin.id!}`)).toEqual([
      'votary_business',
      'votary_plugin',
    ]);
    expect(await namesOf(`/entities?id=${plugin.id!.slice(0, 12)}%25`)).toEqual(['votary_plugin']);
    expect(await namesOf(`/entities?id=${'c'.repeat(64)}`)).toEqual([]);
    expect(await namesOf(`/entities?address=${user2.address}`)).toEqual(['votary_plugin']);
    expect(await namesOf(`/entities?address=${user1.address},${user3.address}`)).toEqual([
      'another_one',
      'votary_business',
    ]);
    expect(await namesOf(`/entities?publicKey=${user3.publicKey}`)).toEqual(['another_one']);
    expect(await namesOf(`/entities?publicKey=%25${user1.publicKey.slice(-6)}`)).toEqual(['votary_business']);
    expect(await namesOf('/entities?isResigned=true')).toEqual(['another_one']);
    expect(await namesOf('/entities?isResigned=false')).toEqual(['votary_business', 'votary_plugin']);
    expect(await namesOf('/entities?type=0')).toEqual(['another_one', 'votary_business']);
    expect(await namesOf('/entities?type=2,4')).toEqual(['votary_plugin']);
    expect(await namesOf('/entities?subType=1')).toEqual(['votary_plugin']);
    expect(await namesOf('/entities?type=0&subType=1')).toEqual([]);
    expect(await namesOf('/entities?type=255')).toEqual([]);
  });

  it('filters on data.name and data.ipfsData: equality and unanchored, case-sensitive wildcards', async () => {
    expect(await namesOf('/entities?data.name=votary_plugin')).toEqual(['votary_plugin']);
    expect(await namesOf('/entities?data.name=votary')).toEqual([]);
    expect(await namesOf('/entities?data.name=votary%25')).toEqual(['votary_business', 'votary_plugin']);
    expect(await namesOf('/entities?data.name=%25_one')).toEqual(['another_one']);
    expect(await namesOf('/entities?data.name=%25O%25')).toEqual([]);
    expect(await namesOf('/entities?data.name=%25o%25')).toEqual(ALL);
    expect(await namesOf(`/entities?data.ipfsData=${IPFS_2}`)).toEqual(['votary_business']);
    // The hash the update replaced is no longer the entity's.
    expect(await namesOf('/entities?data.ipfsData=QmR45%25')).toEqual([]);
    expect(await namesOf('/entities?data.name=votary%25&data.ipfsData=Qm%25')).toEqual(['votary_business']);
  });

  it('sorts (memory dialect, tie-breaker data.name:asc, undefined last) and pages', async () => {
    expect(await namesOf('/entities?orderBy=data.name:desc')).toEqual([...ALL].reverse());
    expect(await namesOf('/entities?orderBy=type:desc')).toEqual([
      'votary_plugin',
      'another_one',
      'votary_business',
    ]);
    expect(await namesOf('/entities?orderBy=type')).toEqual([
      'another_one',
      'votary_business',
      'votary_plugin',
    ]);
    expect(await namesOf('/entities?orderBy=isResigned:desc')).toEqual([
      'another_one',
      'votary_business',
      'votary_plugin',
    ]);
    // Only the business has ipfsData: the others (undefined) come last in both directions.
    expect((await namesOf('/entities?orderBy=data.ipfsData:asc'))[0]).toBe('votary_business');
    expect((await namesOf('/entities?orderBy=data.ipfsData:desc'))[0]).toBe('votary_business');
    const page = await api('/entities?limit=2&page=2');
    expect(items(page.body, 'data').map((entity) => at(entity, 'data', 'name'))).toEqual(['votary_plugin']);
    expect(at(page.body, 'meta')).toMatchObject({
      count: 1,
      pageCount: 2,
      totalCount: 3,
      next: null,
      previous: '/api/entities?limit=2&page=1',
    });
    expect(await namesOf('/entities?limit=1&offset=2')).toEqual(['votary_plugin']);
  });

  it('answers 422 with ARK’s messages', async () => {
    expect(await messageOf('/entities?type=256')).toBe('"type" must be less than or equal to 255');
    expect(await messageOf('/entities?subType=-1')).toBe('"subType" must be greater than or equal to 0');
    expect(await messageOf('/entities?type=x')).toBe('"type" does not match any of the allowed types');
    expect(await messageOf('/entities?isResigned=yes')).toBe('"isResigned" must be a boolean');
    expect(await messageOf('/entities?data.foo=1')).toBe('"data.foo" is not allowed');
    expect(await messageOf('/entities?transform=true')).toBe('"transform" is not allowed');
    expect(await messageOf('/entities?foo=1')).toBe('"foo" is not allowed');
    expect(await messageOf('/entities?id=xyz')).toBe('"id" does not match any of the allowed types');
    expect(await messageOf('/entities?orderBy=data')).toBe("Unknown orderBy property 'data'");
    expect(await messageOf('/entities?orderBy=type:sideways')).toBe(
      "Unexpected orderBy direction 'sideways' for property 'type'",
    );
  });
});

describe('GET /entities/{id}', () => {
  it('gives one entity by its registration id, resigned or not', async () => {
    const [first] = items((await api('/entities')).body, 'data');
    const answer = await api(`/entities/${chain.more.resigning.id!}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: first });
    expect((await api(`/entities/${chain.more.resigning.id!.toUpperCase()}?any=thing`)).body).toEqual({
      data: first,
    });
  });

  it('404 for an unknown id (an update’s id is not an entity); 422 for a malformed one', async () => {
    for (const id of [chain.more.businessUpdate.id!, 'd'.repeat(64)]) {
      const answer = await api(`/entities/${id}`);
      expect(answer.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Entity not found' });
    }
    expect(await messageOf('/entities/xyz')).toBe('"id" must only contain hexadecimal characters');
    expect(await messageOf(`/entities/${'a'.repeat(65)}`)).toBe('"id" length must be 64 characters long');
  });
});
