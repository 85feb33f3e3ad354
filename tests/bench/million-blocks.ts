/**
 * The 1,000,000-block localnet database of `npm run bench:node` (restart time), built once and
 * reused (`.votary-data/bench-node/`, gitignored).
 *
 * How: a real localnet chain is created (genesis, round 1, recorded block time), then empty blocks 2…N are
 * inserted as rows with prepared statements, 50,000 per SQLite transaction, together with each round's rows
 * (`rounds` in forging order and `round_ranks`), as BlockStore would write them. Forging and signing a million
 * real blocks would take the better part of an hour here (ECDSA signing alone runs ~4,000/s), and the restart
 * reads none of them but the tip: that is why synthetic rows are representative.
 *
 * What is real: heights, chained ids (SHA256), slot-exact timestamps, each block's generator = the owner of
 * its slot in its round, each round's forgers shuffled with the reference shuffle from the genesis ranking,
 * every index and row size of a real chain of empty blocks. What is not: the block signatures are placeholders
 * and the rewards are not credited to the forgers' wallets (the derived state stays the genesis state), so
 * `votary node verify` does not pass on this database. A node started on it still forges the next block.
 */
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { openDatabase } from '../../src/core/db';
import { BlockRepository, RoundRepository } from '../../src/core/db/repositories';
import { chainDatabasePath, openLocalnetChain } from '../../src/core/node/chain-files';
import { LOCALNET_NAME } from '../../src/core/node/localnet';
import { milestoneAt } from '../../src/core/protocol/networks';
import { forgerIndex, isNewRound, roundInfo, shuffleDelegates } from '../../src/core/protocol/rounds';
import { slotNumber } from '../../src/core/protocol/time';

const COMPLETE_KEY = 'bench.syntheticBlocks';
const BATCH = 50_000;
const EMPTY_PAYLOAD_HASH = createHash('sha256').update('').digest('hex');
/** 71 bytes, the length of a DER ECDSA signature: a placeholder, never verified on restart. */
const PLACEHOLDER_SIGNATURE = `30${'45'}${'00'.repeat(69)}`;

interface Slot {
  publicKey: string;
  voteBalance: bigint;
}

function blockId(height: number): string {
  return createHash('sha256').update(`votary bench block ${height}`).digest('hex');
}

/** Whether `dataDir` holds a complete synthetic chain of `blocks` blocks (from an earlier run). */
export function hasMillionBlockDb(dataDir: string, blocks: number): boolean {
  const file = chainDatabasePath(dataDir, LOCALNET_NAME);
  if (!existsSync(file)) return false;
  const db = openDatabase(file);
  try {
    const row = db
      .prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?')
      .get(COMPLETE_KEY);
    return row?.value === String(blocks);
  } finally {
    db.close();
  }
}

/** A block's payload totals, for a caller that fills blocks with transactions (bench:api). */
export interface BlockPayload {
  numberOfTransactions: number;
  totalAmount: bigint;
  totalFee: bigint;
  payloadLength: number;
}

/**
 * What a caller adds to each block (bench:api): `payload(height)` gives the block row's totals, and `fill` writes
 * the block's rows (its transactions) on the same connection, inside the same SQLite transaction, right after
 * the block row. Without it, blocks are empty (bench:node).
 */
export interface BlockFiller {
  prepare(db: ReturnType<typeof openDatabase>): void;
  payload(height: number): BlockPayload;
  fill(height: number, timestamp: number): void;
}

const EMPTY: BlockPayload = { numberOfTransactions: 0, totalAmount: 0n, totalFee: 0n, payloadLength: 0 };

/** Builds the chain of `blocks` blocks (genesis included) in `dataDir`, replacing whatever was there. */
export function buildMillionBlockDb(
  dataDir: string,
  blocks: number,
  progress: (height: number) => void,
  filler?: BlockFiller,
): void {
  rmSync(dataDir, { recursive: true, force: true });
  const store = openLocalnetChain(dataDir);
  const network = store.network;
  const genesis = store.lastBlock();
  store.close();

  const db = openDatabase(chainDatabasePath(dataDir, LOCALNET_NAME));
  try {
    // A build, not a chain in service: a crash means building again (hasMillionBlockDb checks the marker).
    db.pragma('synchronous = OFF');
    const roundRows = new RoundRepository(db);
    const ranking: Slot[] = roundRows.rankingOf(1);
    const milestone = milestoneAt(network, 1);
    const active = milestone.activeDelegates;
    // The node's own writer, so the rows have the stored encoding of a real chain (block-encoding.ts).
    const blockRows = new BlockRepository(db);
    filler?.prepare(db);
    const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    const top = ranking.slice(0, active);
    let forgers: Slot[] = shuffleDelegates(top, 1);
    let previous = genesis.id ?? '';

    const insertRange = db.transaction((from: number, to: number) => {
      for (let height = from; height <= to; height++) {
        const round = roundInfo(height, network).round;
        if (isNewRound(height, network)) forgers = shuffleDelegates(top, round);
        const timestamp = genesis.timestamp + (height - 1) * milestone.blocktime;
        const owner = forgers[forgerIndex(slotNumber(timestamp, milestone.blocktime), active)];
        if (!owner) throw new Error(`round ${round} has no forger for height ${height}`);
        const id = blockId(height);
        const payload = filler?.payload(height) ?? EMPTY;
        blockRows.insert(
          {
            id,
            height,
            version: milestone.block.version,
            timestamp,
            previousBlock: previous,
            numberOfTransactions: payload.numberOfTransactions,
            totalAmount: payload.totalAmount,
            totalFee: payload.totalFee,
            reward: BigInt(milestone.reward),
            payloadLength: payload.payloadLength,
            payloadHash:
              payload.numberOfTransactions === 0
                ? EMPTY_PAYLOAD_HASH
                : createHash('sha256').update(`votary bench payload ${height}`).digest('hex'),
            generatorPublicKey: owner.publicKey,
            blockSignature: PLACEHOLDER_SIGNATURE,
          },
          [],
        );
        filler?.fill(height, timestamp);
        previous = id;
        // BlockStore saves the next round's rows with the last block of a round.
        if (isNewRound(height + 1, network)) {
          const next = roundInfo(height + 1, network).round;
          roundRows.save(next, shuffleDelegates(top, next), ranking);
        }
      }
    });
    for (let from = 2; from <= blocks; from += BATCH) {
      const to = Math.min(blocks, from + BATCH - 1);
      insertRange(from, to);
      progress(to);
    }
    setMeta.run(COMPLETE_KEY, String(blocks));
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
