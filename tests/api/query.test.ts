import { describe, expect, it } from 'vitest';
import { parseQueryString, stringifyQuery } from '../../src/core/api/http/query-string';
import { dbOrderBy, memoryOrderBy, sortInMemory, valueAt } from '../../src/core/db/read-model/query/order-by';
import { linkBase, pageWindow, paginate } from '../../src/core/api/query/pagination';
import { likeToGlob } from '../../src/core/db/read-model/sql/filter';
import { StatementCache } from '../../src/core/db/read-model/sql/statement-cache';
import { tokenAmount, trngValues } from '../../src/core/api';
import { openDatabase } from '../../src/core/db';
import { sha256 } from '../../src/core/protocol/hash';
import { toHex } from '../../src/core/protocol/hex';

describe('query-string parsing (ark-core-api.md §2.1)', () => {
  it('splits commas, nests dots, decodes + as a space and keeps the order keys were sent in', () => {
    expect(parseQueryString('height=10,11,12&height2.from=1&height2.to=5&v=a+b%2Bc&x')).toEqual({
      height: ['10', '11', '12'],
      height2: { from: '1', to: '5' },
      v: 'a b+c',
      x: '',
    });
    expect(Object.keys(parseQueryString('b=1&a=2&c.d=3'))).toEqual(['b', 'a', 'c']);
  });

  it('turns repeated keys into a list and keeps malformed escapes as text', () => {
    expect(parseQueryString('page=1&page=2')).toEqual({ page: ['1', '2'] });
    expect(parseQueryString('a=%zz&b=%E2%82%AC')).toEqual({ a: '%zz', b: '€' });
  });

  it('never writes through __proto__ or constructor', () => {
    const parsed = parseQueryString('__proto__.polluted=1&constructor.prototype.x=2');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(Object.keys(parsed)).toEqual(['__proto__', 'constructor']);
  });

  it('stringifies back with dots and commas, percent-encoding the rest', () => {
    expect(
      stringifyQuery([
        ['height', { from: '1', to: '2' }],
        ['id', ['a', 'b']],
        ['v', 'x y&z'],
        ['page', 2],
      ]),
    ).toBe('height.from=1&height.to=2&id=a,b&v=x%20y%26z&page=2');
  });
});

describe('pagination (§2.3, §3) with /api links (public-api.md §2.1)', () => {
  it('offset overrides (page − 1) × limit', () => {
    expect(pageWindow({})).toEqual({ page: 1, limit: 100, start: 0 });
    expect(pageWindow({ page: 3, limit: 10 })).toEqual({ page: 3, limit: 10, start: 20 });
    expect(pageWindow({ page: 3, limit: 10, offset: 5 })).toEqual({ page: 3, limit: 10, start: 5 });
  });

  it('builds ARK links: client keys, then transform/page/limit, then orderBy; the /api prefix kept', () => {
    const page = paginate(
      linkBase('/api/blocks/?page=2&limit=10&orderBy=height:asc', true),
      pageWindow({ page: 2, limit: 10 }),
      35,
      [1],
    );
    expect(page.meta).toEqual({
      totalCountIsEstimate: false,
      count: 1,
      pageCount: 4,
      totalCount: 35,
      next: '/api/blocks?page=3&limit=10&transform=true&orderBy=height:asc',
      previous: '/api/blocks?page=1&limit=10&transform=true&orderBy=height:asc',
      self: '/api/blocks?page=2&limit=10&transform=true&orderBy=height:asc',
      first: '/api/blocks?page=1&limit=10&transform=true&orderBy=height:asc',
      last: '/api/blocks?page=4&limit=10&transform=true&orderBy=height:asc',
    });
  });

  it('an empty list has one page; a far page has no previous link', () => {
    const empty = paginate(linkBase('/api/peers', false), pageWindow({}), 0, []);
    expect(empty.meta).toMatchObject({
      pageCount: 1,
      next: null,
      previous: null,
      self: '/api/peers?page=1&limit=100',
    });
    const far = paginate(linkBase('/api/blocks?page=9', true), pageWindow({ page: 9 }), 150, []);
    expect(far.meta.previous).toBeNull();
    expect(far.meta.next).toBeNull();
  });
});

describe('orderBy dialects (§2.4)', () => {
  const columns = { height: 'b.height', id: 'b.id', address: { unsortable: 'no' } };
  it('DB dialect: whitelisted properties, tie-breakers appended once', () => {
    expect(dbOrderBy(['id:ASC', 'height:desc'], columns, [], ['b.height'])).toEqual([
      'b.id ASC',
      'b.height DESC',
    ]);
    expect(dbOrderBy('id:asc', columns, [], ['b.height'])).toEqual(['b.id ASC', 'b.height ASC']);
    expect(dbOrderBy(undefined, columns, [{ property: 'height', direction: 'asc' }], ['b.height'])).toEqual([
      'b.height ASC',
    ]);
    expect(() => dbOrderBy('foo:asc', columns, [], [])).toThrow("Unknown orderBy property 'foo'");
    expect(() => dbOrderBy('constructor:asc', columns, [], [])).toThrow(
      "Unknown orderBy property 'constructor'",
    );
    expect(() => dbOrderBy('address:asc', columns, [], [])).toThrow('no');
  });

  it('memory dialect: optional direction, ARK messages', () => {
    const sortable = (path: string) => ['balance', 'a.b'].includes(path);
    expect(memoryOrderBy(['balance', 'a.b:DESC'], sortable)).toEqual([
      { property: 'balance', direction: 'asc' },
      { property: 'a.b', direction: 'desc' },
    ]);
    expect(() => memoryOrderBy('nope', sortable)).toThrow("Unknown orderBy property 'nope'");
    expect(() => memoryOrderBy('balance:invalid-direction', sortable)).toThrow(
      "Unexpected orderBy direction 'invalid-direction' for property 'balance'",
    );
  });

  it('sorts in memory with undefined then null last, bigints natively, stable', () => {
    const list = [{ v: 2n, k: 1 }, { v: null, k: 2 }, { k: 3 }, { v: 10n, k: 4 }, { v: 2n, k: 5 }];
    expect(sortInMemory(list, [{ property: 'v', direction: 'desc' }]).map((x) => x.k)).toEqual([
      4, 1, 5, 2, 3,
    ]);
    expect(sortInMemory(list, [{ property: 'v', direction: 'asc' }]).map((x) => x.k)).toEqual([
      1, 5, 4, 2, 3,
    ]);
    expect(valueAt({ a: { b: 1 } }, 'a.b')).toBe(1);
    expect(valueAt({ a: 1 }, 'constructor')).toBeUndefined();
  });
});

describe('helpers', () => {
  it('LIKE patterns become case-sensitive GLOBs with GLOB metacharacters escaped', () => {
    expect(likeToGlob('hello%')).toBe('hello*');
    expect(likeToGlob('a_b')).toBe('a?b');
    expect(likeToGlob('odd *?[ chars')).toBe('odd [*][?][[] chars');
  });

  it('tokenAmount prints 8 fraction digits', () => {
    expect(tokenAmount(12_500_000_000_000_000n)).toBe('125000000.00000000');
    expect(tokenAmount(1n)).toBe('0.00000001');
    expect(tokenAmount(-150_000_000n)).toBe('-1.50000000');
  });

  it('trngValues are the 8 big-endian uint32 words of SHA-256 of the block id text', () => {
    const blockId = 'ab'.repeat(32);
    const hex = toHex(sha256(blockId));
    expect(trngValues(blockId)).toEqual(
      Array.from({ length: 8 }, (_, i) => parseInt(hex.slice(i * 8, i * 8 + 8), 16)),
    );
  });

  it('the statement cache reuses statements and evicts the least recently used', () => {
    const db = openDatabase(':memory:');
    const cache = new StatementCache(db, 2);
    const one = cache.get('SELECT 1');
    cache.get('SELECT 2');
    expect(cache.get('SELECT 1')).toBe(one);
    cache.get('SELECT 3');
    expect(cache.size).toBe(2);
    expect(cache.get('SELECT 1')).toBe(one);
    db.close();
  });
});
