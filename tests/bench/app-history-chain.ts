/**
 * The localnet chain of `npm run bench:app`'s scroll run (issue 5 §5): one wallet with a 100,000-transaction
 * history, written into a fresh data directory before `votary serve` opens it. 2,001 blocks (genesis + 2,000),
 * 50 transactions in each, every one of them to or from the history wallet, through buildMillionBlockDb's block
 * rows and rounds (million-blocks.ts).
 *
 * Synthetic rows, as bench:api's (api-chain-db.ts): every transaction is a real AIP-11 transfer or vote serialized
 * by the protocol library — so the API decodes it as any stored transaction and the wallet page shows it as it
 * would a real one — but its signature is a placeholder (signing 100,000 transactions would dominate the run).
 * Ids are the SHA256 of those bytes. The wallets' balances and nonces are plausible, not the sum of the rows.
 */
import type { Statement } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { openDatabase } from '../../src/core/db';
import { LOCALNET_NAME, localnet, localnetWallets } from '../../src/core/node/localnet';
import { chainDatabasePath } from '../../src/core/node/node';
import { serializeTransaction, type TransactionData } from '../../src/core/protocol/transactions';
import { benchWallets, type BenchWallet } from './api-chain-db';
import { buildMillionBlockDb, type BlockFiller, type BlockPayload } from './million-blocks';

export const HISTORY_SIZE = {
  transactions: 100_000,
  perBlock: 50,
  counterparts: 500,
} as const;

const VTY = 100_000_000n;

export interface HistoryChain {
  /** The address whose history holds every transaction. */
  address: string;
  transactions: number;
  blocks: number;
}

interface Row {
  tx: TransactionData;
  bytes: Uint8Array;
  id: string;
  senderAddress: string;
}

function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The i-th transaction of the history: even ones the history wallet sends (every 25th of them a vote), odd
 * ones a counterpart sends to it; every 10th carries a memo. Each sender's nonce counts its own transactions.
 */
class HistoryRows {
  private readonly nonces = new Map<string, bigint>();

  constructor(
    private readonly owner: BenchWallet,
    private readonly counterparts: readonly BenchWallet[],
    private readonly delegate: string,
  ) {}

  at(i: number): Row {
    const other = this.counterparts[i % this.counterparts.length]!;
    const outgoing = i % 2 === 0;
    const sender = outgoing ? this.owner : other;
    const nonce = (this.nonces.get(sender.address) ?? 0n) + 1n;
    this.nonces.set(sender.address, nonce);
    const common = {
      version: 2,
      network: localnet.network.pubKeyHash,
      typeGroup: 1,
      nonce,
      senderPublicKey: sender.publicKey,
      signature: sha256Hex(`history sig ${i}`) + sha256Hex(`history sig' ${i}`),
    } as const;
    const tx: TransactionData =
      outgoing && i % 50 === 0
        ? { ...common, type: 3, fee: VTY, amount: 0n, asset: { votes: [`+${this.delegate}`] } }
        : {
            ...common,
            type: 0,
            fee: VTY / 10n,
            amount: VTY * BigInt(1 + (i % 97)) + BigInt(i),
            recipientId: outgoing ? other.address : this.owner.address,
            expiration: 0,
            ...(i % 10 === 5 ? { vendorField: `bench history ${i}` } : {}),
          };
    const bytes = serializeTransaction(tx);
    return { tx, bytes, id: sha256Hex(bytes), senderAddress: sender.address };
  }
}

/** Writes each block's 50 transactions with the block (BlockFiller, million-blocks.ts). */
class HistoryFiller implements BlockFiller {
  private insert: Statement<unknown[]> | undefined;
  private pending: { height: number; rows: Row[] } | undefined;

  constructor(private readonly source: HistoryRows) {}

  prepare(db: ReturnType<typeof openDatabase>): void {
    this.insert = db.prepare<unknown[]>(
      `INSERT INTO transactions (id, block_height, sequence, version, type_group, type, timestamp, nonce,
         sender_public_key, sender_address, recipient_address, amount, fee, vendor_field, asset, serialized)
       VALUES (?, ?, ?, 2, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  private rowsOf(height: number): Row[] {
    if (this.pending?.height !== height) {
      const first = (height - 2) * HISTORY_SIZE.perBlock;
      const rows = Array.from({ length: HISTORY_SIZE.perBlock }, (_, k) => this.source.at(first + k));
      this.pending = { height, rows };
    }
    return this.pending.rows;
  }

  payload(height: number): BlockPayload {
    if (height < 2) return { numberOfTransactions: 0, totalAmount: 0n, totalFee: 0n, payloadLength: 0 };
    const rows = this.rowsOf(height);
    return {
      numberOfTransactions: rows.length,
      totalAmount: rows.reduce((sum, row) => sum + row.tx.amount, 0n),
      totalFee: rows.reduce((sum, row) => sum + row.tx.fee, 0n),
      payloadLength: rows.reduce((sum, row) => sum + row.bytes.length, 0),
    };
  }

  fill(height: number, timestamp: number): void {
    if (height < 2 || !this.insert) return;
    this.rowsOf(height).forEach((row, sequence) => {
      const { tx } = row;
      this.insert!.run(
        row.id,
        BigInt(height),
        BigInt(sequence),
        BigInt(tx.type),
        BigInt(timestamp),
        tx.nonce,
        tx.senderPublicKey,
        row.senderAddress,
        tx.recipientId ?? null,
        tx.amount,
        tx.fee,
        tx.vendorField ?? null,
        tx.asset?.votes ? JSON.stringify({ votes: tx.asset.votes }) : null,
        row.bytes,
      );
    });
  }
}

/** Builds the chain in `dataDir` (which it empties first); returns the history wallet's address. */
export function buildHistoryChain(dataDir: string): HistoryChain {
  const [owner, ...counterparts] = benchWallets(1 + HISTORY_SIZE.counterparts);
  const delegate = localnetWallets().find((wallet) => wallet.role === 'delegate');
  if (!owner || !delegate) throw new Error('the localnet has no delegate to vote for');
  const blocks = 1 + HISTORY_SIZE.transactions / HISTORY_SIZE.perBlock;
  buildMillionBlockDb(
    dataDir,
    blocks,
    () => undefined,
    new HistoryFiller(new HistoryRows(owner, counterparts, delegate.publicKey)),
  );

  const db = openDatabase(chainDatabasePath(dataDir, LOCALNET_NAME));
  try {
    db.pragma('synchronous = OFF');
    const insertWallet = db.prepare(
      `INSERT INTO wallets (address, public_key, balance, nonce, second_public_key, multi_signature, vote,
         locked_balance) VALUES (?, ?, ?, ?, NULL, NULL, ?, 0)`,
    );
    const sentEach = BigInt(HISTORY_SIZE.transactions / 2 / HISTORY_SIZE.counterparts);
    db.transaction(() => {
      insertWallet.run(
        owner.address,
        owner.publicKey,
        VTY * 1_000_000n,
        BigInt(HISTORY_SIZE.transactions / 2),
        delegate.publicKey,
      );
      counterparts.forEach((wallet, i) =>
        insertWallet.run(wallet.address, wallet.publicKey, VTY * BigInt(1_000 + i), sentEach, null),
      );
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { address: owner.address, transactions: HISTORY_SIZE.transactions, blocks };
}
