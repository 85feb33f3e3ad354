/**
 * The delegates' wallets are read once after a node opens its chain (DatabaseState's delegate set, used by every
 * round start). On a chain of hundreds of thousands of wallets that read must walk the `delegates` table and find
 * each wallet by its key, never scan `wallets`; its answer stays every wallet with a delegate row, in the wallets'
 * own order.
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { WalletRepository } from '../../../src/core/db/repositories';
import { emptyWallet } from '../../../src/core/domain';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import { addBlock, createTestChain, openStore } from '../support/chain-fixture';

const chain = createTestChain({ users: 3 });

/** A repository over `db` that remembers the SQL of the last statement it ran with `all`. */
function recordingRepository(db: Database.Database): { repo: WalletRepository; lastSql: () => string } {
  let last = '';
  const recording = new Proxy(db, {
    get(target, key) {
      if (key !== 'prepare') return Reflect.get(target, key) as unknown;
      return (sql: string) => {
        const statement = target.prepare(sql);
        const all = statement.all.bind(statement);
        statement.all = (...params: unknown[]) => {
          last = sql;
          return all(...params);
        };
        return statement;
      };
    },
  });
  return { repo: new WalletRepository(recording), lastSql: () => last };
}

describe("reading the delegates' wallets", () => {
  it('walks the delegates table, not every wallet, and answers every delegate in wallet order', () => {
    const store = openStore(chain);
    addBlock(chain, store);
    const { repo, lastSql } = recordingRepository(store.db);
    // Many wallets without a delegate row, as on a long chain.
    store.db.transaction(() => {
      for (let i = 0; i < 500; i++) {
        repo.save({ ...emptyWallet(addressFromPassphrase(`plain wallet ${i}`, 30)), balance: BigInt(i + 1) });
      }
    })();

    const delegates = repo.delegates();

    const expected = store.db
      .prepare<[], { address: string }>(
        `SELECT w.address FROM wallets w LEFT JOIN delegates d ON d.address = w.address
          WHERE d.username IS NOT NULL ORDER BY w.rowid`,
      )
      .all()
      .map((row) => row.address);
    expect(expected).toHaveLength(21);
    expect(delegates.map((wallet) => wallet.address)).toEqual(expected);
    for (const wallet of delegates) {
      expect(wallet).toEqual(repo.get(wallet.address));
      expect(wallet.delegate?.username).toMatch(/^delegate\d+$/);
    }

    const plan = store.db
      .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${lastSql()}`)
      .all()
      .map((row) => row.detail);
    expect(plan.some((step) => /^SCAN (w|wallets)\b/.test(step))).toBe(false);
    expect(plan.some((step) => /^SEARCH (w|wallets) USING INDEX/.test(step))).toBe(true);
    store.close();
  });
});
