/**
 * A musig.db written before the store kept sizes, signature counts and per-participant flags (the first release's
 * two tables) opens with its proposals whole: the new columns are added and filled from each row, so the limits
 * and the paged, ready/pending list answer for them at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ProposalStore } from '../../src/core/musig-server';
import { transactionToJson } from '../../src/core/protocol/transactions';
import { ASSET, KEYS, MULTI_KEY, spend } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'votary-musig-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a store of the first release', () => {
  it('keeps its proposals and answers the new queries for them', () => {
    const path = join(dir, 'musig.db');
    const old = new Database(path);
    old.exec(`
      CREATE TABLE proposals (id TEXT PRIMARY KEY, sender TEXT NOT NULL, data TEXT NOT NULL, asset TEXT NOT NULL,
        received_at INTEGER NOT NULL);
      CREATE TABLE participants (id TEXT NOT NULL REFERENCES proposals (id) ON DELETE CASCADE,
        public_key TEXT NOT NULL, PRIMARY KEY (public_key, id));
    `);
    const insert = (id: string, signers: number[], nonce: bigint) => {
      old
        .prepare('INSERT INTO proposals VALUES (?, ?, ?, ?, ?)')
        .run(
          id,
          MULTI_KEY,
          JSON.stringify(transactionToJson(spend(signers, nonce))),
          JSON.stringify(ASSET),
          1,
        );
      for (const key of KEYS) old.prepare('INSERT INTO participants VALUES (?, ?)').run(id, key);
    };
    insert('a'.repeat(64), [0], 1n);
    insert('b'.repeat(64), [0, 2], 2n);
    old.close();

    const store = new ProposalStore(path);
    try {
      const all = store.list({ publicKey: KEYS[1]!, viewers: [KEYS[1]!], offset: 0, limit: 10 });
      expect(all.map((p) => p.id)).toEqual(['a'.repeat(64), 'b'.repeat(64)]);
      const ready = store.list({
        publicKey: KEYS[1]!,
        viewers: [KEYS[1]!],
        ready: true,
        offset: 0,
        limit: 10,
      });
      expect(ready.map((p) => p.id)).toEqual(['b'.repeat(64)]);
      // Participant 1 signed neither: both wait for it; participant 2 signed one.
      expect(store.countWaitingFor(KEYS[1]!)).toBe(2);
      expect(store.countWaitingFor(KEYS[2]!)).toBe(1);
      expect(store.totals().count).toBe(2);
      expect(store.totals().bytes).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  });
});
