/**
 * The kept total of open locks (migration 012, `/locks`) is the rows' own count through everything the lock
 * repository does: a lock written, claimed or refunded (rewritten with INSERT OR REPLACE), reopened by a revert,
 * deleted with its reverted lock transaction — and on a database that held locks before the migration.
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, openDatabase } from '../../../src/core/db';
import { OPEN_LOCKS } from '../../../src/core/db/migrations/012-api-seek-marks';
import { LockRepository } from '../../../src/core/db/repositories/locks';
import type { Lock, LockStatus } from '../../../src/core/domain';

function lock(n: number, status: LockStatus): Lock {
  return {
    id: n.toString(16).padStart(64, '0'),
    senderPublicKey: '02'.padEnd(66, '1'),
    senderAddress: 'sender',
    recipientAddress: 'recipient',
    amount: BigInt(n),
    secretHash: 'ab'.repeat(32),
    expiration: { type: 2, value: 100 + n },
    timestamp: n,
    height: n,
    status,
    ...(status === 'locked' ? {} : { unlockTransactionId: `unlock${n}` }),
  };
}

function expectKept(db: Database.Database): void {
  const kept = db.prepare('SELECT value FROM api_counters WHERE name = ?').get(OPEN_LOCKS) as {
    value: bigint;
  };
  const fresh = db.prepare("SELECT count(*) AS n FROM locks WHERE status = 'locked'").get() as { n: bigint };
  expect(kept.value).toBe(fresh.n);
}

describe('the open locks total', () => {
  it('is kept through writes, claims, refunds, reverts and deletes', () => {
    const db = openDatabase(':memory:');
    migrate(db);
    const locks = new LockRepository(db);
    for (let n = 1; n <= 20; n++) locks.save(lock(n, 'locked').id, lock(n, 'locked'));
    expectKept(db);
    for (let n = 1; n <= 8; n++) locks.save(lock(n, 'claimed').id, lock(n, n % 2 ? 'claimed' : 'refunded'));
    expectKept(db);
    // The same status written again counts once.
    locks.save(lock(12, 'locked').id, lock(12, 'locked'));
    locks.save(lock(2, 'refunded').id, lock(2, 'refunded'));
    expectKept(db);
    // A revert reopens a claimed lock, and deletes a lock whose transaction it reverts.
    locks.save(lock(3, 'locked').id, lock(3, 'locked'));
    locks.save(lock(15, 'locked').id, null);
    locks.save(lock(4, 'refunded').id, null);
    expectKept(db);
    db.prepare("UPDATE locks SET status = 'claimed' WHERE id = ?").run(lock(16, 'locked').id);
    db.prepare("UPDATE locks SET status = 'locked' WHERE id = ?").run(lock(5, 'locked').id);
    expectKept(db);
    const open = db.prepare('SELECT value FROM api_counters WHERE name = ?').get(OPEN_LOCKS) as {
      value: bigint;
    };
    expect(open.value).toBe(12n);
    db.close();
  });

  it('is counted by the migration on a database that held locks before it', () => {
    const db = openDatabase(':memory:');
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 11),
    );
    const locks = new LockRepository(db);
    for (let n = 1; n <= 9; n++) locks.save(lock(n, 'locked').id, lock(n, n % 3 ? 'locked' : 'claimed'));
    migrate(db);
    expectKept(db);
    locks.save(lock(1, 'claimed').id, lock(1, 'claimed'));
    expectKept(db);
    db.close();
  });
});
