/**
 * The large localnet database of `npm run bench:api`: 1,000,001 blocks (million-blocks.ts), 2 transactions
 * in each block after the genesis (2,000,000), 100,000 wallets and 10,000 open HTLC locks, built once and reused
 * from `.votary-data/bench-api/` (gitignored; `$VOTARY_BENCH_DIR` moves it).
 *
 * Synthetic rows, as the issue allows: every transaction is a real AIP-11 transfer (every 20th a vote, every 10th
 * with a memo) serialized by the protocol library, so the API decodes it as it decodes any stored transaction, but
 * its signature is a placeholder (signing two million transactions would take hours here). Ids are the SHA256 of
 * those bytes, as for a real transaction. Wallet balances and nonces are plausible but are not the sum of the
 * transactions; the delegates' vote balances stay the genesis ones. Every row goes through the schema's indexes and
 * triggers (the API's counters) exactly as the node's own writes do.
 */
import { existsSync } from 'node:fs';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { openDatabase } from '../../src/core/db';
import { LOCALNET_NAME, localnet, localnetWallets } from '../../src/core/node/localnet';
import { chainDatabasePath } from '../../src/core/node/chain-files';
import { addressFromPublicKey } from '../../src/core/protocol/crypto';
import { toHex } from '../../src/core/protocol/hex';
import { serializeTransaction, type TransactionData } from '../../src/core/protocol/transactions';
import { buildMillionBlockDb } from './million-blocks';
import { sha256Hex, SyntheticTransactionFiller, type SyntheticTransaction } from './synthetic-transactions';

export const API_BENCH_SIZE = {
  blocks: 1_000_001,
  transactionsPerBlock: 2,
  wallets: 100_000,
  locks: 10_000,
} as const;

const COMPLETE_KEY = 'bench.apiChain';
const MARKER = JSON.stringify(API_BENCH_SIZE);
const VTY = 100_000_000n;

export interface BenchWallet {
  address: string;
  publicKey: string;
}

/** 100,000 distinct valid keys, cheaply: the points k·G for consecutive k (one point addition each). */
export function benchWallets(count: number): BenchWallet[] {
  const wallets: BenchWallet[] = [];
  let point = secp256k1.Point.BASE.multiply(0x5eedn);
  for (let i = 0; i < count; i++) {
    const publicKey = toHex(point.toBytes(true));
    wallets.push({ publicKey, address: addressFromPublicKey(publicKey, localnet.network.pubKeyHash) });
    point = point.add(secp256k1.Point.BASE);
  }
  return wallets;
}

export function hasApiBenchDb(dataDir: string): boolean {
  const file = chainDatabasePath(dataDir, LOCALNET_NAME);
  if (!existsSync(file)) return false;
  const db = openDatabase(file);
  try {
    const row = db
      .prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?')
      .get(COMPLETE_KEY);
    return row?.value === MARKER;
  } finally {
    db.close();
  }
}

/** The i-th synthetic transaction: sender i mod N (its nonce counts its turns), recipient a scattered wallet. */
function transactionAt(
  i: number,
  wallets: readonly BenchWallet[],
  delegates: readonly string[],
): SyntheticTransaction {
  const sender = wallets[i % wallets.length]!;
  const nonce = BigInt(Math.floor(i / wallets.length) + 1);
  const signature = sha256Hex(`sig ${i}`) + sha256Hex(`sig' ${i}`);
  const tx: TransactionData =
    i % 20 === 0
      ? {
          version: 2,
          network: localnet.network.pubKeyHash,
          typeGroup: 1,
          type: 3,
          nonce,
          senderPublicKey: sender.publicKey,
          fee: VTY,
          amount: 0n,
          asset: { votes: [`+${delegates[i % delegates.length]!}`] },
          signature,
        }
      : {
          version: 2,
          network: localnet.network.pubKeyHash,
          typeGroup: 1,
          type: 0,
          nonce,
          senderPublicKey: sender.publicKey,
          fee: VTY / 10n,
          amount: VTY + BigInt(i),
          recipientId: wallets[(i * 7919 + 13) % wallets.length]!.address,
          expiration: 0,
          ...(i % 10 === 5 ? { vendorField: `bench memo ${i}` } : {}),
          signature,
        };
  const bytes = serializeTransaction(tx);
  return { tx, bytes, id: sha256Hex(bytes), senderAddress: sender.address };
}

/** The synthetic rows with a page cache big enough for them (api-chain-db's 2,000,000 transactions). */
class ApiTransactionFiller extends SyntheticTransactionFiller {
  override prepare(db: ReturnType<typeof openDatabase>): void {
    // The random-key indexes (ids, addresses) of 2,000,000 rows: a 2 GiB page cache keeps inserts off the disk.
    db.pragma('cache_size = -2000000');
    super.prepare(db);
  }
}

/** Builds the whole database (about 2.5 GB) in `dataDir`, replacing whatever was there. */
export function buildApiBenchDb(dataDir: string, progress: (stage: string, done: number) => void): void {
  const wallets = benchWallets(API_BENCH_SIZE.wallets);
  progress('wallet keys', wallets.length);
  const delegates = localnetDelegateKeys();
  buildMillionBlockDb(
    dataDir,
    API_BENCH_SIZE.blocks,
    (height) => progress('blocks', height),
    new ApiTransactionFiller(API_BENCH_SIZE.transactionsPerBlock, (i) =>
      transactionAt(i, wallets, delegates),
    ),
  );

  const db = openDatabase(chainDatabasePath(dataDir, LOCALNET_NAME));
  try {
    db.pragma('synchronous = OFF');
    const sent = Math.floor(
      ((API_BENCH_SIZE.blocks - 1) * API_BENCH_SIZE.transactionsPerBlock) / API_BENCH_SIZE.wallets,
    );
    const insertWallet = db.prepare(
      `INSERT INTO wallets (address, public_key, balance, nonce, second_public_key, multi_signature, vote,
         locked_balance) VALUES (?, ?, ?, ?, NULL, NULL, ?, ?)`,
    );
    const lockAmount = (k: number) => VTY + BigInt(k);
    db.transaction(() => {
      wallets.forEach((wallet, i) => {
        insertWallet.run(
          wallet.address,
          wallet.publicKey,
          VTY * BigInt((i * 7) % 100_003) + BigInt(i),
          BigInt(sent),
          i % 20 === 0 ? delegates[i % delegates.length]! : null,
          i < API_BENCH_SIZE.locks ? lockAmount(i) : 0n,
        );
      });
    })();
    progress('wallets', wallets.length);

    const timestampOf = db.prepare<[bigint], { timestamp: bigint }>(
      'SELECT timestamp FROM blocks WHERE height = ?',
    );
    const insertLock = db.prepare(
      `INSERT INTO locks (id, sender_public_key, sender_address, recipient_address, amount, secret_hash,
         expiration_type, expiration_value, timestamp, height, vendor_field, status, unlock_transaction_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'locked', NULL)`,
    );
    db.transaction(() => {
      for (let k = 0; k < API_BENCH_SIZE.locks; k++) {
        const height = 2 + k * 97;
        const timestamp = timestampOf.get(BigInt(height))!.timestamp;
        // A fifth expire at a past height; the others far in the future (by height or by timestamp).
        const [type, value] =
          k % 5 === 0
            ? [2, height + 100]
            : k % 2 === 0
              ? [2, 5_000_000]
              : [1, Number(timestamp) + 10_000_000];
        insertLock.run(
          sha256Hex(`bench lock ${k}`),
          wallets[k]!.publicKey,
          wallets[k]!.address,
          wallets[(k + 1) % wallets.length]!.address,
          lockAmount(k),
          sha256Hex(`bench secret ${k}`),
          BigInt(type),
          BigInt(value),
          timestamp,
          BigInt(height),
          k % 3 === 0 ? `bench lock ${k}` : null,
        );
      }
    })();
    progress('locks', API_BENCH_SIZE.locks);
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(COMPLETE_KEY, MARKER);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

function localnetDelegateKeys(): string[] {
  return localnetWallets()
    .filter((wallet) => wallet.role === 'delegate')
    .map((wallet) => wallet.publicKey);
}
