import type Database from 'better-sqlite3';
import { migrate, openDatabase } from '../../../src/core/db';
import { applyTransaction } from '../../../src/core/node/transaction-handlers';
import { localnet } from '../../../src/core/node/localnet';
import { TransactionPool, type PoolOptionsInput } from '../../../src/core/node/transaction-pool';
import { EmptyState, StateOverlay } from '../../../src/core/node/state';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import type { ChainContext } from '../../../src/core/protocol/networks';
import {
  signTransaction,
  type TransactionData,
  type TransactionDraft,
} from '../../../src/core/protocol/transactions';

export const network = localnet;
export const signCtx: ChainContext = { network, height: 1 };

/** Test wallets (plain test passphrases, never secrets of anything). */
export const alice = 'pool test alice';
export const bob = 'pool test bob';
export const carol = 'pool test carol';
export const dave = 'pool test dave';
export const recipient = addressFromPassphrase('pool test recipient', 30);

export function transfer(
  passphrase: string,
  nonce: bigint,
  extra: Partial<TransactionDraft> = {},
): TransactionData {
  return signTransaction(
    { type: 0, nonce, amount: 1_000n, recipientId: recipient, ...extra },
    { passphrase },
    signCtx,
  );
}

/**
 * A pool over a state the test controls: a confirmed state (an overlay over the empty state, funded directly)
 * and a chain tip it moves by hand. The pool table lives in its own migrated SQLite database.
 */
export class PoolHarness {
  state = new StateOverlay(new EmptyState(30));
  height = 10;
  timestamp = 80;
  clock = 1_700_000_000_000;
  pool: TransactionPool;

  constructor(
    readonly options: PoolOptionsInput = {},
    readonly db: Database.Database = PoolHarness.database(),
  ) {
    this.pool = this.open();
  }

  static database(file = ':memory:'): Database.Database {
    const db = openDatabase(file);
    migrate(db);
    return db;
  }

  open(): TransactionPool {
    this.pool = TransactionPool.open({
      db: this.db,
      network,
      chain: {
        lastBlock: () => ({ height: this.height, timestamp: this.timestamp }),
        state: () => this.state,
      },
      options: this.options,
      now: () => this.clock++,
    });
    return this.pool;
  }

  fund(passphrase: string, balance: bigint): void {
    this.state.mutableWallet(addressFromPassphrase(passphrase, 30)).balance = balance;
  }

  /** A block holding `txs` on top of the confirmed state, then the pool's revalidation. */
  confirm(...txs: TransactionData[]): void {
    const ctx = {
      network,
      height: this.height + 1,
      lastBlock: { height: this.height, timestamp: this.timestamp },
    };
    for (const tx of txs) applyTransaction(tx, this.state, ctx);
    this.height++;
    this.timestamp += 8;
    this.pool.afterBlock({ transactions: txs });
  }

  /** Empty blocks. */
  advance(blocks: number): void {
    for (let i = 0; i < blocks; i++) this.confirm();
  }

  nextContext() {
    return {
      network,
      height: this.height + 1,
      lastBlock: { height: this.height, timestamp: this.timestamp },
      timestamp: this.timestamp + 8,
    };
  }

  poolRows(): string[] {
    return this.db
      .prepare<[], { id: string }>('SELECT id FROM pool ORDER BY id')
      .all()
      .map((row) => row.id);
  }
}
