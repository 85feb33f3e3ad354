/**
 * Every route's queries use an index: each query a request runs is explained with EXPLAIN QUERY
 * PLAN, and a full SCAN of blocks, transactions or wallets fails the test — except the ordered walk of an
 * unfiltered list (a LIMIT read along the primary key or (block_height, sequence), no sort), and the listed
 * filters that no index can serve (docs/design/api.md "Indexes"). Without ANALYZE statistics (the node never
 * runs it) SQLite plans as if every table held about a million rows, so these plans are the ones a large chain
 * gets.
 */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECRET_HASH,
  faucet,
  startApiChain,
  user1,
  user2,
  user3,
  votedDelegate,
  type ApiChain,
} from './support/api-chain';
import { request } from './support/http';
import { recordQueries, type RecordedQuery } from './support/query-recorder';

let chain: ApiChain;
let recorded: RecordedQuery[];
beforeAll(async () => {
  // Without the response cache: every request must reach SQLite, so every route's plan is really checked.
  chain = await startApiChain({ responseCache: false });
  recorded = recordQueries(chain.server);
});
afterAll(async () => chain?.close());

const BIG_TABLE_SCAN = /^SCAN (b|t|w|blocks|transactions|wallets)\b/;

function plan(query: RecordedQuery): string[] {
  const rows = nodeParts(chain.node)
    .store.db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .all(...query.params) as {
    detail: string;
  }[];
  return rows.map((row) => row.detail);
}

/** A LIMIT read along an order the scan already has, with no filter: it stops after `limit` rows. */
function isOrderedWalk(query: RecordedQuery, lines: string[]): boolean {
  return (
    /\bLIMIT\b/.test(query.sql) &&
    !/\bWHERE\b/.test(query.sql) &&
    !lines.some((line) => line.includes('TEMP B-TREE'))
  );
}

/**
 * A deep page's window of row keys (read-model/sql/page-query.ts, the deferred join): the outer query only reads
 * the window's rows by key and sorts those few, so the inner key query is the one whose plan matters.
 */
function keyWindow(query: RecordedQuery): RecordedQuery {
  const inner = /\bWHERE [\w.]+ IN \((SELECT [\s\S]* LIMIT \? OFFSET \?)\)/.exec(query.sql);
  return inner === null ? query : { ...query, sql: inner[1]! };
}

/** The full scans of a GET (or, with a body, a POST) of `url`. */
async function scansOf(url: string, body?: unknown): Promise<string[]> {
  recorded.length = 0;
  const answer = await request(
    chain.server.publicApp,
    body === undefined ? 'GET' : 'POST',
    url,
    body === undefined ? {} : { body },
  );
  expect(answer.status, `${url}: ${answer.text}`).toBeLessThan(300);
  const failures: string[] = [];
  for (const recordedQuery of recorded) {
    const query = keyWindow(recordedQuery);
    const lines = plan(query);
    if (lines.some((line) => BIG_TABLE_SCAN.test(line)) && !isOrderedWalk(query, lines)) {
      failures.push(`${query.sql.replace(/\s+/g, ' ')}\n  → ${lines.join(' | ')}`);
    }
  }
  return failures;
}

const pk = () => faucet.publicKey;
const blockId = () => nodeParts(chain.node).store.blockByHeight(3)!.header.id!;

const INDEXED: (() => string)[] = [
  () => '/api/blockchain',
  () => '/api/blocks',
  () => '/api/blocks?orderBy=height:asc',
  () => '/api/blocks?orderBy=id:asc',
  () => '/api/blocks?orderBy=id:desc',
  () => '/api/blocks?height=3',
  () => '/api/blocks?height.from=2&height.to=5',
  () => `/api/blocks?id=${blockId()}`,
  () => `/api/blocks?previousBlock=${blockId()}`,
  () => '/api/blocks?timestamp.from=8000',
  () => '/api/blocks?timestamp.to=8000',
  () => '/api/blocks?timestamp=8000',
  () => `/api/blocks?generatorPublicKey=${pk()}`,
  () => '/api/blocks/first',
  () => '/api/blocks/last',
  () => '/api/blocks/3',
  () => `/api/blocks/${blockId()}`,
  () => '/api/blocks/4/transactions',
  () => '/api/transactions',
  () => '/api/transactions?orderBy=timestamp:asc',
  () => `/api/transactions?address=${user1.address}`,
  () => `/api/transactions?senderId=${user1.address}`,
  () => `/api/transactions?recipientId=${user3.address}`,
  () => `/api/transactions?senderPublicKey=${pk()}`,
  () => `/api/transactions?senderPublicKey=${pk()}&nonce=2`,
  () => `/api/transactions?id=${'a'.repeat(64)}`,
  () => `/api/transactions?blockId=${blockId()}`,
  () => '/api/transactions?type=3',
  () => '/api/transactions?type=6&typeGroup=1',
  () => '/api/transactions?typeGroup=2',
  () => '/api/transactions?timestamp.from=8000&timestamp.to=9000',
  () => '/api/transactions?timestamp=8000',
  () => '/api/transactions?vendorField=hello%25',
  () => `/api/transactions/${chain.txs.vote.id}`,
  () => '/api/transactions/unconfirmed',
  () => '/api/node/fees',
  () => '/api/node/fees?days=7',
  () => '/api/node/status',
  () => '/api/node/syncing',
  () => '/api/node/configuration',
  () => '/api/peers',
  () => '/api/locks',
  () => '/api/locks?orderBy=amount:desc',
  () => `/api/locks?lockId=${chain.txs.lock.id!}`,
  () => `/api/locks?senderPublicKey=${pk()}`,
  () => `/api/locks?recipientId=${user3.address}`,
  () => `/api/locks?secretHash=${SECRET_HASH}`,
  () => '/api/locks?isExpired=false&amount.from=1',
  () => '/api/locks?timestamp.epoch.from=8000',
  () => `/api/locks/${chain.txs.lock.id!}`,
  () => '/api/entities',
  () => '/api/entities?type=0&data.name=votary%25',
  () => `/api/entities?address=${user1.address}`,
  () => `/api/entities?publicKey=${pk()}`,
  () => '/api/delegates',
  () => '/api/delegates?username=api%25&orderBy=votes:desc',
  () => '/api/delegates/api_user2',
  () => `/api/delegates/${user2.address}`,
  () => `/api/delegates/${votedDelegate.publicKey}`,
  () => `/api/delegates/${votedDelegate.publicKey}/voters`,
  () => `/api/delegates/${votedDelegate.publicKey}/voters?orderBy=balance:asc`,
  () => `/api/delegates/${votedDelegate.publicKey}/voters?balance.from=1&nonce=1`,
  () => `/api/delegates/${votedDelegate.publicKey}/blocks`,
  () => `/api/delegates/${votedDelegate.publicKey}/blocks?orderBy=height:asc`,
  () => '/api/rounds/1/delegates',
  () => '/api/wallets',
  () => '/api/wallets?orderBy=balance:asc',
  () => '/api/wallets/top?page=2&limit=5',
  () => `/api/wallets?address=${user1.address}`,
  () => `/api/wallets?publicKey=${pk()}`,
  () => '/api/wallets?balance.from=1&balance.to=100000000000',
  () => '/api/wallets?nonce=1',
  () => `/api/wallets?attributes.vote=${votedDelegate.publicKey}`,
  () => '/api/wallets?attributes.delegate.username=api_user2',
  () => '/api/wallets?attributes.delegate.voteBalance.from=1',
  () => `/api/wallets?attributes.secondPublicKey=${pk()}`,
  () => '/api/wallets?attributes.multiSignature.min=2',
  () => '/api/wallets?attributes.htlc.lockedBalance.from=1',
  () => `/api/wallets?attributes.htlc.locks.${chain.txs.lock.id!}.amount=300000000`,
  () => '/api/wallets?attributes.ipfs.hashes.QmR45FmbVVrixReBwJkhEKde2qwHYaQzGxu4ZoDeswuF9w=true',
  () => '/api/wallets?attributes.entities.*.data.name=votary',
  () => `/api/wallets/${user1.address}`,
  () => `/api/wallets/${pk()}`,
  () => '/api/wallets/api_user2',
  () => `/api/wallets/${user1.address}/transactions`,
  () => `/api/wallets/${user1.address}/transactions/sent`,
  () => `/api/wallets/${user1.address}/transactions/received`,
  () => `/api/wallets/${user1.address}/votes`,
  () => `/api/wallets/${pk()}/locks`,
  () => '/api/votes',
  () => '/api/votes?orderBy=timestamp:asc',
  () => `/api/votes?senderId=${user1.address}`,
  () => `/api/votes/${chain.txs.vote.id}`,
];

/** Filters and sorts no index serves: a scan is expected (listed in docs/design/api.md). */
const UNINDEXED: (() => string)[] = [
  () => '/api/blocks?numberOfTransactions.from=1',
  () => '/api/blocks?totalAmount.from=1',
  () => '/api/blocks?totalFee=0',
  () => '/api/blocks?reward=0',
  () => '/api/blocks?payloadLength=0',
  () => '/api/blocks?version=0',
  () => `/api/blocks?payloadHash=${'a'.repeat(64)}`,
  () => `/api/blocks?blockSignature=${'a'.repeat(64)}`,
  () => '/api/blocks?orderBy=totalFee:desc',
  () => '/api/transactions?amount.from=1',
  () => '/api/transactions?fee=0',
  () => '/api/transactions?nonce=1',
  () => '/api/transactions?sequence=0',
  () => '/api/transactions?version=2',
  () => '/api/transactions?vendorField=%25again',
  () => `/api/transactions?asset.lock.secretHash=${SECRET_HASH}`,
  () => '/api/transactions?orderBy=amount:desc',
  () => '/api/wallets?address=D%25',
  () => '/api/wallets?publicKey=03%25',
  () => '/api/wallets?orderBy=nonce:desc',
  () => '/api/wallets?orderBy=attributes.delegate.voteBalance:desc',
];

describe('query plans', () => {
  it.each(INDEXED.map((url) => [url]))('%s uses indexes only', async (url) => {
    expect(await scansOf(url())).toEqual([]);
  });

  it.each(UNINDEXED.map((url) => [url]))('%s scans (a documented exception)', async (url) => {
    expect((await scansOf(url())).length).toBeGreaterThan(0);
  });
});

describe('query plans of POST /locks/unlocked', () => {
  it.each([[{}], [{ ids: [SECRET_HASH] }], [{ id: SECRET_HASH }]])('%j uses indexes only', async (body) => {
    expect(await scansOf('/api/locks/unlocked', body)).toEqual([]);
  });
});
