import type Database from 'better-sqlite3';
import { isEmptyWallet } from '../../domain';
import type { DelegateAttributes, Wallet } from '../../domain';

/** The row as SQLite returns it (safeIntegers: INTEGER columns are bigint). */
export interface WalletRow {
  address: string;
  public_key: string | null;
  balance: bigint;
  nonce: bigint;
  second_public_key: string | null;
  multi_signature: string | null;
  vote: string | null;
  locked_balance: bigint;
  business: string | null;
  username: string | null;
  vote_balance: bigint | null;
  produced_blocks: bigint | null;
  forged_fees: bigint | null;
  forged_rewards: bigint | null;
  last_block_id: string | null;
  last_block_height: bigint | null;
  last_block_timestamp: bigint | null;
  resigned: bigint | null;
  rank: bigint | null;
  round: bigint | null;
}

const SELECT = `SELECT w.*, d.username, d.vote_balance, d.produced_blocks, d.forged_fees, d.forged_rewards,
  d.last_block_id, d.last_block_height, d.last_block_timestamp, d.resigned, d.rank, d.round
  FROM wallets w LEFT JOIN delegates d ON d.address = w.address`;

/** A delegate's vote balance and forging record, as `forgingRecord` binds them. */
type ForgingRecordParams = [bigint, number, bigint, bigint, string | null, number | null, number | null];
/** public_key, address, username, the forging record, resigned, rank, round. */
type DelegateParams = [string, string, string, ...ForgingRecordParams, number, number | null, number | null];

/** The wallets and delegates tables, read and written as Wallet objects (a delegate row is a wallet's delegate). */
export class WalletRepository {
  private readonly byAddress;
  private readonly byUsername;
  private readonly allDelegates;
  private readonly everything;
  private readonly upsertWallet;
  private readonly deleteWallet;
  private readonly upsertDelegate;
  private readonly deleteDelegate;
  private readonly updateBalance;
  private readonly updateBalanceAndNonce;
  private readonly updateForgingRecord;

  constructor(db: Database.Database) {
    this.byAddress = db.prepare<[string], WalletRow>(`${SELECT} WHERE w.address = ?`);
    this.byUsername = db.prepare<[string], WalletRow>(`${SELECT} WHERE d.username = ?`);
    // Driven by `delegates` (tens to hundreds of rows), each wallet found by its key: the LEFT JOIN above,
    // filtered on the delegate's username, scanned every wallet instead — 80–230 ms on 300,000 wallets, paid by the
    // first block a node applies (docs/benchmarks.md "Scale: the apply rate at 40 M, statement by statement"). CROSS JOIN fixes SQLite's
    // loop order (https://sqlite.org/optoverview.html#crossjoin); ORDER BY keeps the wallets' own order, as the scan
    // returned them.
    this.allDelegates = db.prepare<[], WalletRow>(
      `SELECT w.*, d.username, d.vote_balance, d.produced_blocks, d.forged_fees, d.forged_rewards,
         d.last_block_id, d.last_block_height, d.last_block_timestamp, d.resigned, d.rank, d.round
       FROM delegates d CROSS JOIN wallets w ON w.address = d.address
       ORDER BY w.rowid`,
    );
    this.everything = db.prepare<[], WalletRow>(`${SELECT} ORDER BY w.address`);
    this.upsertWallet = db.prepare<
      [
        string,
        string | null,
        bigint,
        bigint,
        string | null,
        string | null,
        string | null,
        bigint,
        string | null,
      ]
    >(
      `INSERT INTO wallets (address, public_key, balance, nonce, second_public_key, multi_signature, vote,
         locked_balance, business) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (address) DO UPDATE SET public_key = excluded.public_key, balance = excluded.balance,
         nonce = excluded.nonce, second_public_key = excluded.second_public_key,
         multi_signature = excluded.multi_signature, vote = excluded.vote, locked_balance = excluded.locked_balance,
         business = excluded.business`,
    );
    this.deleteWallet = db.prepare<[string]>('DELETE FROM wallets WHERE address = ?');
    this.upsertDelegate = db.prepare<DelegateParams>(
      `INSERT INTO delegates (public_key, address, username, vote_balance, produced_blocks, forged_fees,
         forged_rewards, last_block_id, last_block_height, last_block_timestamp, resigned, rank, round)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (public_key) DO UPDATE SET username = excluded.username, vote_balance = excluded.vote_balance,
         produced_blocks = excluded.produced_blocks, forged_fees = excluded.forged_fees,
         forged_rewards = excluded.forged_rewards, last_block_id = excluded.last_block_id,
         last_block_height = excluded.last_block_height, last_block_timestamp = excluded.last_block_timestamp,
         resigned = excluded.resigned, rank = excluded.rank, round = excluded.round`,
    );
    this.deleteDelegate = db.prepare<[string]>('DELETE FROM delegates WHERE address = ?');
    this.updateBalance = db.prepare<[bigint, string]>('UPDATE wallets SET balance = ? WHERE address = ?');
    this.updateBalanceAndNonce = db.prepare<[bigint, bigint, string]>(
      'UPDATE wallets SET balance = ?, nonce = ? WHERE address = ?',
    );
    // Rank and round too, though most writes leave them as they were: `delegates` indexes neither (only
    // vote_balance), so writing an unchanged value costs no index entry, and a round's start, which re-ranks every
    // delegate, takes the same narrow write.
    this.updateForgingRecord = db.prepare<[...ForgingRecordParams, number | null, number | null, string]>(
      `UPDATE delegates SET vote_balance = ?, produced_blocks = ?, forged_fees = ?, forged_rewards = ?, last_block_id = ?,
         last_block_height = ?, last_block_timestamp = ?, rank = ?, round = ? WHERE public_key = ?`,
    );
  }

  get(address: string): Wallet | undefined {
    const row = this.byAddress.get(address);
    return row && walletFromRow(row);
  }

  getByUsername(username: string): Wallet | undefined {
    const row = this.byUsername.get(username);
    return row && walletFromRow(row);
  }

  delegates(): Wallet[] {
    return this.allDelegates.all().map(walletFromRow);
  }

  /** Every stored wallet, by address (for `verifyChain`). */
  all(): Wallet[] {
    return this.everything.all().map(walletFromRow);
  }

  /** Writes a wallet and its delegate row; a wallet left empty (by a revert) is deleted. */
  save(wallet: Readonly<Wallet>): void {
    if (isEmptyWallet(wallet)) {
      this.deleteDelegate.run(wallet.address);
      this.deleteWallet.run(wallet.address);
      return;
    }
    this.upsertWallet.run(
      wallet.address,
      wallet.publicKey ?? null,
      wallet.balance,
      wallet.nonce,
      wallet.secondPublicKey ?? null,
      wallet.multiSignature ? JSON.stringify(wallet.multiSignature) : null,
      wallet.vote ?? null,
      wallet.lockedBalance,
      wallet.business ? JSON.stringify(wallet.business) : null,
    );
    const delegate = wallet.delegate;
    if (!delegate || wallet.publicKey === undefined) {
      this.deleteDelegate.run(wallet.address);
      return;
    }
    this.upsertDelegate.run(
      wallet.publicKey,
      wallet.address,
      delegate.username,
      ...forgingRecord(delegate),
      delegate.resigned ? 1 : 0,
      delegate.rank ?? null,
      delegate.round ?? null,
    );
  }

  /**
   * Writes a wallet whose stored rows are `stored` (as last read or written). When only its balance, its nonce and
   * its delegate's forging record and vote balance changed — a block's generator at every block, a transfer's sender
   * and recipient — narrow UPDATEs that leave every other column's index alone (the upsert rewrites every index of
   * both tables: seven of `wallets` with the API's); anything else as `save`. The rows written are the same either
   * way.
   */
  saveChanged(wallet: Readonly<Wallet>, stored: Readonly<Wallet> | undefined): void {
    if (
      stored === undefined ||
      isEmptyWallet(wallet) ||
      isEmptyWallet(stored) ||
      !sameBesidesBalanceAndNonce(wallet, stored) ||
      !sameDelegateBesidesRecordAndRank(wallet.delegate, stored.delegate) ||
      // The forging record is written by the delegate's key (delegates' primary key).
      (wallet.delegate !== undefined && wallet.publicKey === undefined)
    ) {
      this.save(wallet);
      return;
    }
    if (wallet.nonce !== stored.nonce) {
      this.updateBalanceAndNonce.run(wallet.balance, wallet.nonce, wallet.address);
    } else if (wallet.balance !== stored.balance) {
      this.updateBalance.run(wallet.balance, wallet.address);
    }
    const delegate = wallet.delegate;
    if (delegate === undefined || wallet.publicKey === undefined) return;
    this.updateForgingRecord.run(
      ...forgingRecord(delegate),
      delegate.rank ?? null,
      delegate.round ?? null,
      wallet.publicKey,
    );
  }
}

/** A delegate's vote balance and forging record, bound in this order by the upsert and by the narrow UPDATE. */
function forgingRecord(delegate: NonNullable<Wallet['delegate']>): ForgingRecordParams {
  return [
    delegate.voteBalance,
    delegate.producedBlocks,
    delegate.forgedFees,
    delegate.forgedRewards,
    delegate.lastBlock?.id ?? null,
    delegate.lastBlock?.height ?? null,
    delegate.lastBlock?.timestamp ?? null,
  ];
}

/** The wallet's columns but its balance and nonce, as `save` writes them. */
function sameBesidesBalanceAndNonce(a: Readonly<Wallet>, b: Readonly<Wallet>): boolean {
  return (
    a.address === b.address &&
    a.publicKey === b.publicKey &&
    a.secondPublicKey === b.secondPublicKey &&
    JSON.stringify(a.multiSignature) === JSON.stringify(b.multiSignature) &&
    a.vote === b.vote &&
    a.lockedBalance === b.lockedBalance &&
    JSON.stringify(a.business) === JSON.stringify(b.business)
  );
}

/**
 * The delegate's columns but its forging record (produced blocks, forged fees and rewards, last block), its vote
 * balance (which moves with the balance of a delegate voting for itself), and its rank and round (set for every
 * delegate at each round's start).
 */
function sameDelegateBesidesRecordAndRank(
  a: DelegateAttributes | undefined,
  b: DelegateAttributes | undefined,
): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.username === b.username && a.resigned === b.resigned;
}

/** A wallet row joined with its delegate row as the chain state's Wallet (the one mapping of those columns). */
export function walletFromRow(row: WalletRow): Wallet {
  const wallet: Wallet = {
    address: row.address,
    balance: row.balance,
    nonce: row.nonce,
    lockedBalance: row.locked_balance,
  };
  if (row.public_key !== null) wallet.publicKey = row.public_key;
  if (row.second_public_key !== null) wallet.secondPublicKey = row.second_public_key;
  if (row.multi_signature !== null) {
    wallet.multiSignature = JSON.parse(row.multi_signature) as Wallet['multiSignature'];
  }
  if (row.vote !== null) wallet.vote = row.vote;
  if (row.business !== null) wallet.business = JSON.parse(row.business) as Wallet['business'];
  if (row.username !== null) wallet.delegate = delegateFromRow(row, row.username);
  return wallet;
}

function delegateFromRow(row: WalletRow, username: string): DelegateAttributes {
  const delegate: DelegateAttributes = {
    username,
    voteBalance: row.vote_balance ?? 0n,
    producedBlocks: Number(row.produced_blocks ?? 0n),
    forgedFees: row.forged_fees ?? 0n,
    forgedRewards: row.forged_rewards ?? 0n,
    resigned: row.resigned === 1n,
  };
  if (row.last_block_id !== null && row.last_block_height !== null && row.last_block_timestamp !== null) {
    delegate.lastBlock = {
      id: row.last_block_id,
      height: Number(row.last_block_height),
      timestamp: Number(row.last_block_timestamp),
    };
  }
  if (row.rank !== null) delegate.rank = Number(row.rank);
  if (row.round !== null) delegate.round = Number(row.round);
  return delegate;
}
