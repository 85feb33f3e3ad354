/**
 * The public API routes bench:scale times, with real values from the chain (a busy wallet, a transaction, a block
 * id, a delegate, a lock): every list's first page, a deep page (halfway through its total) and, for the lists
 * that seek (read-model/seek.ts), the last page too; each filter and orderBy ARK's clients use, and the lookups.
 * Labels hide the sampled values.
 */
import type { openDatabase } from '../../src/core/db';
import { blockRowColumns, blockRowFrom } from '../../src/core/db/block-encoding';

export interface ScaleRoute {
  label: string;
  path: string;
}

export function scaleRoutes(db: ReturnType<typeof openDatabase>): ScaleRoute[] {
  const one = <T>(sql: string, ...params: unknown[]): T => {
    const row = db.prepare(sql).get(...params) as T | undefined;
    if (row === undefined) throw new Error(`the bench chain has no row for: ${sql}`);
    return row;
  };
  const n = (sql: string) => Number(one<{ n: bigint }>(sql).n);
  const height = n('SELECT max(height) AS n FROM blocks');
  const mid = Math.floor(height / 2);
  const block = one<{ id: string; previous_block: string; generator_public_key: string; timestamp: bigint }>(
    `SELECT ${blockRowColumns('b')} FROM ${blockRowFrom('b')} WHERE b.height = ?`,
    mid,
  );
  const tx = one<{
    id: string;
    sender_address: string;
    sender_public_key: string;
    recipient_address: string;
  }>(
    `SELECT id, sender_address, sender_public_key, recipient_address FROM transactions
      WHERE block_height >= ? AND type = 0 ORDER BY block_height LIMIT 1`,
    mid,
  );
  const withTx = one<{ h: bigint }>(
    'SELECT block_height AS h FROM transactions WHERE block_height >= ? LIMIT 1',
    mid,
  ).h;
  const transactions = n("SELECT value AS n FROM api_counters WHERE name = 'transactions'");
  const wallets = n("SELECT value AS n FROM api_counters WHERE name = 'wallets'");
  const votes = n('SELECT value AS n FROM api_type_counters WHERE type_group = 1 AND type = 3');
  const locks = n("SELECT count(*) AS n FROM locks WHERE status = 'locked'");
  const lockId = one<{ id: string }>('SELECT id FROM locks ORDER BY id LIMIT 1').id;
  const delegate = block.generator_public_key;
  const delegateBlocks = n(
    `SELECT count(*) AS n FROM blocks WHERE generator_id = (SELECT id FROM delegate_keys WHERE public_key = '${delegate}')`,
  );
  const deep = (total: number) => Math.max(1, Math.floor(total / 100 / 2));
  /** The last page: the longest skip an OFFSET walk makes (a seek's cost is the same at any page). */
  const last = (total: number) => Math.max(1, Math.ceil(total / 100));
  const address = tx.sender_address;
  const round = Math.floor(mid / 21);

  const r = (label: string, path: string): ScaleRoute => ({ label, path });
  return [
    r('/blockchain', '/blockchain'),
    r('/blocks?limit=100', '/blocks?limit=100'),
    r('/blocks?limit=100&page={deep}', `/blocks?limit=100&page=${deep(height)}`),
    r('/blocks?orderBy=height:asc&limit=100', '/blocks?orderBy=height:asc&limit=100'),
    r('/blocks?orderBy=id:asc&limit=100', '/blocks?orderBy=id:asc&limit=100'),
    r('/blocks?height.from={h}&height.to={h+99}', `/blocks?height.from=${mid}&height.to=${mid + 99}`),
    r('/blocks?timestamp.from={t}', `/blocks?timestamp.from=${block.timestamp}`),
    r('/blocks?id={id}', `/blocks?id=${block.id}`),
    r('/blocks?previousBlock={id}', `/blocks?previousBlock=${block.previous_block}`),
    r('/blocks?generatorPublicKey={key}', `/blocks?generatorPublicKey=${delegate}`),
    r('/blocks/first', '/blocks/first'),
    r('/blocks/last', '/blocks/last'),
    r('/blocks/{height}', `/blocks/${mid}`),
    r('/blocks/{id}', `/blocks/${block.id}`),
    r('/blocks/{height}/transactions', `/blocks/${withTx}/transactions`),
    r('/transactions?limit=100', '/transactions?limit=100'),
    r('/transactions?limit=100&page={deep}', `/transactions?limit=100&page=${deep(transactions)}`),
    r('/transactions?limit=100&page={last}', `/transactions?limit=100&page=${last(transactions)}`),
    r('/transactions?orderBy=timestamp:asc', '/transactions?orderBy=timestamp:asc&limit=100'),
    r('/transactions?type=6', '/transactions?type=6&limit=100'),
    r(
      '/transactions?typeGroup=1&type=8&page={deep}',
      `/transactions?typeGroup=1&type=8&limit=100&page=${deep(transactions / 20)}`,
    ),
    r('/transactions?address={address}', `/transactions?address=${address}&limit=100`),
    r('/transactions?senderId={address}', `/transactions?senderId=${address}&limit=100`),
    r('/transactions?recipientId={address}', `/transactions?recipientId=${tx.recipient_address}&limit=100`),
    r(
      '/transactions?senderPublicKey={key}',
      `/transactions?senderPublicKey=${tx.sender_public_key}&limit=100`,
    ),
    r('/transactions?blockId={id}', `/transactions?blockId=${block.id}`),
    r('/transactions?vendorField=scale*', '/transactions?vendorField=scale%2A&limit=100'),
    r('/transactions/{id}', `/transactions/${tx.id}`),
    r('/votes', '/votes?limit=100'),
    r('/votes?page={deep}', `/votes?limit=100&page=${deep(votes)}`),
    r('/votes?page={last}', `/votes?limit=100&page=${last(votes)}`),
    r('/wallets?limit=100', '/wallets?limit=100'),
    r('/wallets?limit=100&page={deep}', `/wallets?limit=100&page=${deep(wallets)}`),
    r('/wallets/top', '/wallets/top?limit=100'),
    r('/wallets/{address}', `/wallets/${address}`),
    r('/wallets/{address}/transactions', `/wallets/${address}/transactions?limit=100`),
    r('/wallets/{address}/votes', `/wallets/${address}/votes`),
    r('/delegates', '/delegates?limit=100'),
    r('/delegates/{key}', `/delegates/${delegate}`),
    r('/delegates/{key}/blocks', `/delegates/${delegate}/blocks?limit=100`),
    r(
      '/delegates/{key}/blocks?page={deep}',
      `/delegates/${delegate}/blocks?limit=100&page=${deep(delegateBlocks)}`,
    ),
    r(
      '/delegates/{key}/blocks?page={last}',
      `/delegates/${delegate}/blocks?limit=100&page=${last(delegateBlocks)}`,
    ),
    r('/delegates/{key}/voters', `/delegates/${delegate}/voters?limit=100`),
    r('/rounds/{round}/delegates', `/rounds/${round}/delegates`),
    r('/locks', '/locks?limit=100'),
    r('/locks?page={deep}', `/locks?limit=100&page=${deep(locks)}`),
    r('/locks?orderBy=amount:desc', '/locks?orderBy=amount:desc&limit=100'),
    r('/locks/{id}', `/locks/${lockId}`),
    r('/node/fees', '/node/fees'),
    r('/node/configuration', '/node/configuration'),
  ];
}
