/**
 * Nothing a client sends reaches the 500 handler: random paths, query strings and bodies at
 * every route, and the answer is always below 500 with the Boom shape for errors.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faucet, startApiChain, user1, type ApiChain } from './support/api-chain';
import { request } from './support/http';

let chain: ApiChain;
beforeAll(async () => {
  chain = await startApiChain();
});
afterAll(async () => {
  expect(chain.serverErrors).toEqual([]);
  await chain?.close();
});

const ROUTES = [
  '/',
  '/api/blockchain',
  '/api/blocks',
  '/api/blocks/first',
  '/api/blocks/last',
  '/api/blocks/{id}',
  '/api/blocks/{id}/transactions',
  '/api/transactions',
  '/api/transactions/{id}',
  '/api/transactions/unconfirmed',
  '/api/transactions/unconfirmed/{id}',
  '/api/transactions/fees',
  '/api/transactions/types',
  '/api/transactions/schemas',
  '/api/node/configuration',
  '/api/node/configuration/crypto',
  '/api/node/fees',
  '/api/node/status',
  '/api/node/syncing',
  '/api/peers',
  '/api/peers/{id}',
  '/api/locks',
  '/api/locks/{id}',
  '/api/entities',
  '/api/entities/{id}',
  '/api/delegates',
  '/api/delegates/{id}',
  '/api/delegates/{id}/voters',
  '/api/delegates/{id}/blocks',
  '/api/rounds/{id}/delegates',
  '/api/wallets',
  '/api/wallets/top',
  '/api/wallets/{id}',
  '/api/wallets/{id}/transactions',
  '/api/wallets/{id}/transactions/sent',
  '/api/wallets/{id}/transactions/received',
  '/api/wallets/{id}/votes',
  '/api/wallets/{id}/locks',
  '/api/votes',
  '/api/votes/{id}',
];
const SECONDARY = ['/blockchain', '/trng', '/trng-1'];

const KEYS = [
  'page',
  'limit',
  'offset',
  'orderBy',
  'transform',
  'id',
  'height',
  'height.from',
  'height.to',
  'timestamp',
  'timestamp.from',
  'timestamp.to',
  'previousBlock',
  'generatorPublicKey',
  'numberOfTransactions.from',
  'totalAmount',
  'payloadHash',
  'address',
  'senderId',
  'recipientId',
  'senderPublicKey',
  'blockId',
  'sequence.from',
  'nonce',
  'type',
  'typeGroup',
  'vendorField',
  'amount.to',
  'fee',
  'asset',
  'asset.votes',
  'asset.lock.secretHash',
  'asset.a.b.c',
  'days',
  'ip',
  'version',
  'lockId',
  'isExpired',
  'expirationType',
  'expirationValue.from',
  'secretHash',
  'timestamp.epoch',
  'timestamp.unix.to',
  'timestamp.human',
  'isResigned',
  'subType',
  'data.name',
  'data.ipfsData',
  'data',
  'username',
  'votes.from',
  'rank',
  'rank.to',
  'blocks.produced',
  'blocks.last.height.from',
  'blocks.last.timestamp.human',
  'production.approval',
  'forged.total.to',
  'balance',
  'balance.from',
  'nonce.to',
  'attributes',
  'attributes.vote',
  'attributes.delegate.username',
  'attributes.delegate.voteBalance.from',
  'attributes.delegate.resigned',
  'attributes.multiSignature.publicKeys',
  'attributes.htlc.locks.*.amount',
  'attributes.ipfs.hashes.*',
  'attributes.entities.*.data.name',
  '__proto__',
  'constructor.prototype',
  'a..b',
  '.',
  'x',
];

const value = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1',
    '1.5',
    '1e309',
    '9007199254740993',
    'true',
    'TRUE',
    'false',
    'null',
    '%',
    '%25',
    'height:asc',
    'foo:desc',
    'amount:asc,height:desc',
    'address:asc',
    'rank:desc',
    'votes',
    'balance:asc',
    'attributes.delegate.rank:desc',
    'attributes.htlc.locks',
    'api_user2',
    'genesis_1',
    faucet.publicKey,
    user1.address,
    'a'.repeat(64),
    '1,2,3',
    ',',
    ',,',
  ),
  fc.integer().map(String),
  fc.array(fc.string(), { maxLength: 5 }).map((parts) => parts.join(',')),
);
const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ minLength: 1, maxLength: 12 }));
const encode = (text: string, raw: boolean) => (raw ? text.replace(/[#&?]/g, '') : encodeURIComponent(text));
const queryString = fc
  .array(fc.tuple(key, value, fc.boolean()), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v, raw]) => `${encode(k, raw)}=${encode(v, raw)}`).join('&'));
const hex = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength, maxLength });
const segment = fc.oneof(
  fc.string({ maxLength: 80 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom(
    '1',
    '0',
    '999999999999',
    'a'.repeat(64),
    '0'.repeat(64),
    '1.2.3.4',
    '::1',
    '%2F',
    '..',
    'first',
    'api_user2',
    'genesis_1',
    user1.address,
    faucet.publicKey,
  ),
);

function expectClientSafe(status: number, text: string, context = text): void {
  expect(status, context).toBeLessThan(500);
  if (status >= 400)
    expect(JSON.parse(text)).toMatchObject({
      statusCode: status,
      error: expect.any(String) as string,
      message: expect.any(String) as string,
    });
}

describe('no 5xx for anything a client sends', () => {
  it('GET: random paths and query strings on every route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        segment,
        queryString,
        fc.boolean(),
        async (route, id, query, slash) => {
          const path = route.replace('{id}', id) + (slash ? '/' : '');
          const answer = await request(
            chain.server.publicApp,
            'GET',
            query === '' ? path : `${path}?${query}`,
          );
          expectClientSafe(answer.status, answer.text);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('GET on the secondary interface', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SECONDARY), queryString, async (path, query) => {
        const answer = await request(chain.server.secondaryApp, 'GET', `${path}?${query}`, {
          headers: { host: '127.0.0.1:4004' },
        });
        expectClientSafe(answer.status, answer.text);
      }),
      { numRuns: 100 },
    );
  });

  it('POST /transactions: random JSON, random transaction-like items, random text', async () => {
    const txLike = fc.record(
      {
        version: fc.oneof(fc.constantFrom(1, 2), fc.integer()),
        network: fc.oneof(fc.constant(30), fc.integer()),
        typeGroup: fc.oneof(fc.constantFrom(1, 2), fc.integer()),
        type: fc.integer({ min: -1, max: 12 }),
        nonce: fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String), fc.string()),
        senderPublicKey: fc.oneof(fc.constant(faucet.publicKey), fc.string()),
        fee: fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String), fc.integer()),
        amount: fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String), fc.string()),
        recipientId: fc.oneof(fc.constant(user1.address), fc.string()),
        vendorField: fc.string(),
        asset: fc.jsonValue(),
        signature: fc.oneof(hex(128, 128), fc.string()),
        id: fc.oneof(hex(64, 64), fc.string()),
      },
      { requiredKeys: [] },
    );
    const item = fc.oneof(txLike, fc.jsonValue(), hex(0, 400));
    const body = fc.oneof(
      fc.record({ transactions: fc.array(item, { maxLength: 45 }) }),
      fc.jsonValue(),
      fc.record({ transactions: fc.jsonValue() }),
    );
    await fc.assert(
      fc.asyncProperty(body, queryString, async (payload, query) => {
        const answer = await request(chain.server.publicApp, 'POST', `/api/transactions?${query}`, {
          body: payload,
        });
        expectClientSafe(answer.status, answer.text);
      }),
      { numRuns: 300 },
    );
  });

  it('POST with raw text and odd content types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
          'nonsense',
        ),
        fc.constantFrom('/api/transactions', '/api/blocks', '/api/transactions/unconfirmed'),
        async (payload, contentType, path) => {
          const answer = await request(chain.server.publicApp, 'POST', path, {
            payload,
            headers: { 'content-type': contentType },
          });
          expectClientSafe(answer.status, answer.text);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('no 5xx from POST /locks/unlocked', () => {
  it('random bodies (ids, id, anything) and query strings', async () => {
    const lockId = fc.oneof(hex(64, 64), fc.constant(chain.txs.lock.id!), fc.string(), fc.integer());
    const body = fc.oneof(
      fc.record({ ids: fc.oneof(fc.array(lockId, { maxLength: 30 }), lockId) }, { requiredKeys: [] }),
      fc.record({ id: fc.oneof(fc.array(lockId, { maxLength: 30 }), lockId) }, { requiredKeys: [] }),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(body, queryString, async (payload, query) => {
        const answer = await request(chain.server.publicApp, 'POST', `/api/locks/unlocked?${query}`, {
          body: payload,
        });
        expectClientSafe(answer.status, answer.text);
      }),
      { numRuns: 300 },
    );
  });
});

/** Every query parameter the routes read as a number (page, limits, ranges, heights, amounts, days …). */
const NUMERIC_KEYS = KEYS.filter(
  (k) =>
    /^(page|limit|offset|height|timestamp|nonce|type|typeGroup|fee|days|rank|balance|votes|sequence)\b/.test(
      k,
    ) ||
    /\.(from|to)$/.test(k) ||
    /^(amount|totalAmount|expirationValue|production|forged|blocks)\b/.test(k),
);
const HUGE = [
  '1e309',
  '-1e309',
  '1e308',
  '9e99',
  '-9e99',
  'Infinity',
  'NaN',
  '1e-400',
  '99999999999999999999999',
];

describe('no 5xx for deep nesting and non-finite or huge numbers', () => {
  it('every numeric parameter of every route with values beyond any integer', async () => {
    for (const route of ROUTES) {
      const path = route.replace('{id}', 'genesis_1');
      for (const key of NUMERIC_KEYS) {
        for (const huge of HUGE) {
          const answer = await request(chain.server.publicApp, 'GET', `${path}?${key}=${huge}`);
          expectClientSafe(answer.status, answer.text, `${path}?${key}=${huge} → ${answer.text}`);
        }
      }
    }
    for (const path of SECONDARY) {
      for (const huge of HUGE) {
        const answer = await request(chain.server.secondaryApp, 'GET', `${path}?limit=${huge}`, {
          headers: { host: '127.0.0.1:4004' },
        });
        expectClientSafe(answer.status, answer.text);
      }
    }
  });

  it('bodies nested 100,000 levels deep on every POST route', async () => {
    const deepArray = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const deepObject = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    for (const path of ['/api/transactions', '/api/locks/unlocked', '/api/blocks']) {
      for (const payload of [
        deepArray,
        deepObject,
        `{"transactions":${deepArray}}`,
        `{"transactions":[${deepObject}]}`,
        `{"ids":${deepArray}}`,
      ]) {
        const answer = await request(chain.server.publicApp, 'POST', path, {
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expectClientSafe(answer.status, answer.text, `${path} → ${answer.text.slice(0, 200)}`);
      }
    }
  });
});
