import type { Migration } from './types';

/**
 * Drops `pool_sender_nonce`: no statement reads the pool by sender (the pool keeps its senders' queues in memory and
 * reads its rows back only whole, after a restart: db/repositories/pool.ts), while every admitted transaction wrote
 * a leaf of it, keyed by a public key, so a random one, and each commit of a group of admitted transactions wrote
 * those pages to the WAL (docs/benchmarks.md "Ingest").
 */
export const poolSenderIndex: Migration = {
  version: 13,
  name: 'pool-sender-index',
  up(db) {
    db.exec('DROP INDEX IF EXISTS pool_sender_nonce');
  },
};
