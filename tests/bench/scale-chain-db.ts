/**
 * The chain of `npm run bench:scale`: a localnet database of mainnet's shape built directly in SQLite, and grown in
 * steps (1 M blocks, then more on top of the same database), so that the cost of every route can be measured at
 * each size. Kept in `.votary-data/bench-scale/` (gitignored; `$VOTARY_BENCH_DIR` moves it) and reused: a later
 * run only adds the blocks it lacks.
 *
 * The rows are the node's own: written through its writers (BlockRepository.insert, RoundRepository.save) row by
 * row, or in bulk in their stored encoding directly (scale-block-writer.ts), proven equal table by table by
 * tests/bench/scale-bulk-load.test.ts — so the encoding, the indexes and the API's counters are a real chain's.
 * Synthetic, as the issue allows: one block in `txEvery` holds one transaction, the rest are empty (mainnet is
 * mostly empty blocks);
 * the transactions are real AIP-11 bytes of every Core type with placeholder signatures (ids = SHA256 of the
 * bytes), from `wallets` synthetic wallets; each HTLC lock also gets its `locks` row. Block signatures are
 * placeholders and forgers' rewards are not credited, so `votary node verify` does not pass here; a node started
 * on it still forges and applies the next blocks (the apply-rate measurement does).
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { normalizeZ } from '@noble/curves/abstract/curve.js';
import { hash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { openDatabase } from '../../src/core/db';
import { RoundRepository, type StoredTransaction } from '../../src/core/db/repositories';
import { LOCALNET_NAME, localnet, localnetWallets } from '../../src/core/node/localnet';
import { chainDatabasePath, openLocalnetChain } from '../../src/core/node/chain-files';
import { storedTransaction } from '../../src/core/node/block-store/stored-transaction';
import type { StateView } from '../../src/core/node/state';
import { milestoneAt } from '../../src/core/protocol/networks';
import { forgerIndex, roundInfo, shuffleDelegates } from '../../src/core/protocol/rounds';
import { slotNumber } from '../../src/core/protocol/time';
import { base58checkEncode } from '../../src/core/protocol/crypto/base58check';
import { ripemd160 } from '../../src/core/protocol/hash';
import { toHex } from '../../src/core/protocol/hex';
import { serializeTransaction } from '../../src/core/protocol/transactions';
import type { BenchWallet } from './api-chain-db';
import { compactWriter, nodeWriter } from './scale-block-writer';
import { beginBulkLoad, bulkLoadInterrupted, type IndexLayout, type StepLog } from './scale-bulk-load';
import { sha256Hex, transactionAt, VTY } from './scale-transactions';

export interface ScaleShape {
  /** One block in `txEvery` holds a transaction. */
  txEvery: number;
  wallets: number;
  /** Transfers only (the disk cost of a transfer), instead of every type. */
  transfersOnly?: boolean;
}

const SHAPE_KEY = 'bench.scaleShape';
const BATCH = 50_000;
/** 71 bytes, the length of a DER ECDSA signature: a placeholder. */
const PLACEHOLDER_SIGNATURE = `3045${'00'.repeat(69)}`;

/**
 * The wallets of bench:api's `benchWallets` (the keys 0x5eed·G, (0x5eed+1)·G, …), their points made affine a chunk
 * at a time (one field inversion per chunk instead of one per key) and their addresses hashed without re-checking
 * the point: minutes → seconds for 300,000 wallets.
 */
export function scaleWallets(count: number): BenchWallet[] {
  const CHUNK = 4096;
  const wallets: BenchWallet[] = [];
  let point = secp256k1.Point.BASE.multiply(0x5eedn);
  while (wallets.length < count) {
    const chunk = [];
    for (let i = 0; i < Math.min(CHUNK, count - wallets.length); i++) {
      chunk.push(point);
      point = point.add(secp256k1.Point.BASE);
    }
    for (const affine of normalizeZ(secp256k1.Point, chunk)) {
      const key = affine.toBytes(true);
      // addressFromPublicKey's formula without its point check (a square root a key): these points are on the curve.
      const payload = new Uint8Array(21);
      payload[0] = localnet.network.pubKeyHash;
      payload.set(ripemd160(key), 1);
      wallets.push({ publicKey: toHex(key), address: base58checkEncode(payload) });
    }
  }
  return wallets;
}

function delegateKeys(): string[] {
  return localnetWallets()
    .filter((wallet) => wallet.role === 'delegate')
    .map((wallet) => wallet.publicKey);
}

/** The height of the chain in `dataDir`, 0 when there is none or it was built with another shape. */
export function scaleChainHeight(dataDir: string, shape: ScaleShape): number {
  const file = chainDatabasePath(dataDir, LOCALNET_NAME);
  if (!existsSync(file)) return 0;
  const db = openDatabase(file);
  try {
    const marker = db
      .prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?')
      .get(SHAPE_KEY)?.value;
    if (marker !== JSON.stringify(shape) || bulkLoadInterrupted(db)) return 0;
    return Number(db.prepare<[], { h: bigint }>('SELECT max(height) AS h FROM blocks').get()?.h ?? 0n);
  } finally {
    db.close();
  }
}

/**
 * Grows the chain in `dataDir` to `target` blocks (creating it, with its wallets, when there is none of this
 * shape). `progress` gets the height after each batch. `bulk` (the default) writes the rows in their stored
 * encoding directly (scale-block-writer.ts `compactWriter`) without the secondary indexes and counting triggers,
 * restored at the end (scale-bulk-load.ts); `bulk: false` writes them through the node's own writers row by row,
 * for the comparison test. `indexLayout` is the bulk load's (scale-bulk-load.ts): 'follower' keeps the indexes
 * through the load. `log` gets a line per step of the bulk load's finish with its time.
 */
export function growScaleChain(
  dataDir: string,
  target: number,
  shape: ScaleShape,
  progress: (height: number) => void,
  {
    bulk = true,
    indexLayout = 'sorted',
    log,
  }: { bulk?: boolean; indexLayout?: IndexLayout; log?: StepLog } = {},
): void {
  const wallets = scaleWallets(shape.wallets);
  const delegates = delegateKeys();
  if (scaleChainHeight(dataDir, shape) === 0) createScaleChain(dataDir, shape, wallets, delegates);

  const store = openLocalnetChain(dataDir);
  const network = store.network;
  const tip = store.lastBlock();
  store.close();
  const db = openDatabase(chainDatabasePath(dataDir, LOCALNET_NAME));
  try {
    // A build, not a chain in service: a crash loses at most the batch being written (the tip is read again);
    // a crash during a bulk load starts the chain over (scaleChainHeight).
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -1000000');
    const load = bulk ? beginBulkLoad(db, indexLayout) : undefined;
    const rounds = new RoundRepository(db);
    const milestone = milestoneAt(network, tip.height + 1);
    const constants = {
      version: milestone.block.version,
      reward: BigInt(milestone.reward),
      blockSignature: PLACEHOLDER_SIGNATURE,
    };
    const writer = bulk ? compactWriter(db, constants) : nodeWriter(db, constants);
    const insertLock = db.prepare(
      `INSERT INTO locks (id, sender_public_key, sender_address, recipient_address, amount, secret_hash,
         expiration_type, expiration_value, timestamp, height, vendor_field, status, unlock_transaction_id)
       VALUES (?, ?, ?, ?, ?, ?, 2, ?, ?, ?, NULL, 'locked', NULL)`,
    );
    const addresses = new Map(wallets.map((wallet) => [wallet.publicKey, wallet.address]));
    const state = {
      addressOf: (publicKey: string) => addresses.get(publicKey) ?? '',
    } as unknown as StateView;
    const active = milestone.activeDelegates;
    const { blocktime } = milestone;
    if (
      milestoneAt(network, target).activeDelegates !== active ||
      milestoneAt(network, target).blocktime !== blocktime
    ) {
      throw new Error(
        'bench:scale builds within one milestone: activeDelegates or blocktime changes before the target',
      );
    }
    const ranking = rounds.rankingOf(roundInfo(tip.height, network).round);
    const top = ranking.slice(0, active);
    // The first height of the round after `height`'s; BlockStore saves that round's rows with the block before it.
    const first = roundInfo(tip.height + 1, network);
    let nextRoundHeight = first.roundHeight + active;
    let forgers = rounds.forgersOf(first.round);
    let previous: Buffer = Buffer.from(tip.id ?? '', 'hex');

    const insertRange = db.transaction((from: number, to: number) => {
      for (let height = from; height <= to; height++) {
        const timestamp = tip.timestamp + (height - tip.height) * blocktime;
        const owner = forgers[forgerIndex(slotNumber(timestamp, blocktime), active)];
        if (!owner) throw new Error(`no forger for height ${height}`);
        const stored: StoredTransaction[] = [];
        if (height % shape.txEvery === 0) {
          const tx = transactionAt(height / shape.txEvery, wallets, delegates, shape.transfersOnly === true);
          const bytes = serializeTransaction(tx);
          stored.push(storedTransaction({ ...tx, id: sha256Hex(bytes) }, 0, bytes, state));
        }
        const id = sha256(`votary scale block ${height}`);
        writer.block({
          height,
          id,
          previous,
          timestamp,
          generatorPublicKey: owner.publicKey,
          transactions: stored,
          payloadHash: stored.length === 0 ? undefined : sha256(stored.map((tx) => tx.id).join('')),
          totalAmount: stored.reduce((sum, tx) => sum + tx.amount, 0n),
          totalFee: stored.reduce((sum, tx) => sum + tx.fee, 0n),
        });
        if (load) {
          load.counts.block(owner.publicKey);
          for (const tx of stored) load.counts.transaction(tx.typeGroup, tx.type);
        }
        for (const tx of stored) {
          if (tx.type !== 8) continue;
          const lock = JSON.parse(tx.asset ?? '{}') as { lock: { secretHash: string } };
          insertLock.run(
            tx.id,
            tx.senderPublicKey,
            tx.senderAddress,
            tx.recipientAddress,
            tx.amount,
            lock.lock.secretHash,
            1_000_000_000n,
            BigInt(timestamp),
            BigInt(height),
          );
        }
        previous = id;
        if (height + 1 === nextRoundHeight) {
          const next = roundInfo(nextRoundHeight, network).round;
          forgers = shuffleDelegates(top, next);
          writer.round(next, forgers, ranking);
          nextRoundHeight += active;
        }
      }
      writer.flush();
    });
    for (let from = tip.height + 1; from <= target; from += BATCH) {
      const to = Math.min(target, from + BATCH - 1);
      insertRange(from, to);
      progress(to);
    }
    load?.finish(log);
    const checkpoint = performance.now();
    db.pragma('wal_checkpoint(TRUNCATE)');
    log?.(`  checkpoint: ${((performance.now() - checkpoint) / 1000).toFixed(1)} s`);
  } finally {
    db.close();
  }
}

/** SHA256 of a text, as its 32 bytes (one-shot: a third cheaper than a Hash object per block). */
function sha256(text: string): Buffer {
  return hash('sha256', text, 'buffer');
}

/** A new localnet chain (genesis and round 1) with the synthetic wallets, a twentieth of them voting. */
function createScaleChain(
  dataDir: string,
  shape: ScaleShape,
  wallets: readonly BenchWallet[],
  delegates: readonly string[],
): void {
  rmSync(dataDir, { recursive: true, force: true });
  openLocalnetChain(dataDir).close();
  const db = openDatabase(chainDatabasePath(dataDir, LOCALNET_NAME));
  try {
    const insertWallet = db.prepare(
      `INSERT INTO wallets (address, public_key, balance, nonce, second_public_key, multi_signature, vote,
         locked_balance) VALUES (?, ?, ?, 0, NULL, NULL, ?, 0)`,
    );
    db.transaction(() => {
      wallets.forEach((wallet, i) =>
        insertWallet.run(
          wallet.address,
          wallet.publicKey,
          VTY * BigInt((i * 7) % 100_003) + BigInt(i),
          i % 20 === 0 ? delegates[i % delegates.length]! : null,
        ),
      );
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
        SHAPE_KEY,
        JSON.stringify(shape),
      );
    })();
  } finally {
    db.close();
  }
}
