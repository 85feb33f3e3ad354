/**
 * Localnet snapshots, rollback and reset (docs/design/node.md "Localnet controls"). A snapshot is a
 * named point of the chain (height, block id). Rolling back reverts blocks through the node (LocalNode.revertBlocks:
 * one SQLite transaction per block, the pool re-admits their transactions as ARK does), so the node object, its
 * connection and everything holding them (API, ChainWatch, tracker) stay as they are.
 *
 * A snapshot survives a rollback below it: before reverting, the blocks that some snapshot still needs are copied
 * (fully serialized, protocol §6.1) into `snapshot_blocks`; rolling back to a snapshot whose block left the chain
 * reverts to where its branch forks from the current chain and applies the archived blocks again through the one
 * validation (`applyBlock`). The archive keeps only blocks some off-chain snapshot needs.
 *
 * Long rollbacks do not hold the event loop: reverting costs ~3 ms a block and re-applying ~7 ms (signatures), so
 * the work goes in batches with a turn of the event loop between them (the API and IPC keep answering; they see
 * the chain at a whole block at every moment). Forging is paused meanwhile, and a second rollback is refused
 * (ERR_LOCALNET_BUSY) until the first one ends.
 */
import { nodeParts } from '../parts';
import { SnapshotRepository, type ArchivedBlock, type SnapshotRow } from '../../db/repositories/snapshots';
import type { LocalNode } from '../node';
import { deserializeBlock, serializeBlock } from '../../protocol/blocks';
import type { RollbackResult } from '../../../shared/domain/localnet';
import { LocalnetError } from './errors';

export type PoolAfterRollback = 'readmit' | 'flush';

/** Blocks per batch, for event-loop stalls of ~100 ms at most (figures in docs/design/node.md). */
const REVERT_BATCH = 20;
const REAPPLY_BATCH = 15;
const ARCHIVE_BATCH = 50;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What a revert took off the chain. */
interface Reverted {
  blocks: number;
  transactionIds: string[];
}

export interface SnapshotInfo extends SnapshotRow {
  reachable: boolean;
}

/** Where an off-chain snapshot's branch leaves the current chain, and the archived blocks that rebuild it. */
interface SnapshotPath {
  /** The highest height the snapshot shares with the current chain. */
  fork: number;
  /** Archived blocks from fork + 1 up to the snapshot's block, oldest first. */
  blocks: ArchivedBlock[];
}

export class LocalnetSnapshots {
  private readonly repo: SnapshotRepository;
  private running = false;

  constructor(private readonly node: LocalNode) {
    this.repo = new SnapshotRepository(nodeParts(node).store.db);
  }

  /** A rollback or reset is under way. */
  get busy(): boolean {
    return this.running;
  }

  list(): SnapshotInfo[] {
    return this.repo.all().map((row) => ({ ...row, reachable: this.path(row) !== undefined }));
  }

  save(name: string, now: number): SnapshotInfo {
    if (this.repo.get(name)) {
      throw new LocalnetError('ERR_SNAPSHOT_EXISTS', `A snapshot named "${name}" exists already.`);
    }
    const tip = nodeParts(this.node).store.lastBlock();
    const row: SnapshotRow = { name, height: tip.height, blockId: tip.id ?? '', createdAt: now };
    this.repo.insert(row);
    return { ...row, reachable: true };
  }

  remove(name: string): void {
    if (!this.repo.delete(name)) throw unknownSnapshot(name);
    this.prune();
  }

  /** Back to the genesis block with an empty pool: the chain starts over (snapshots stay, archived). */
  reset(): Promise<RollbackResult> {
    return this.toHeight(1, 'flush');
  }

  async toHeight(height: number, pool: PoolAfterRollback): Promise<RollbackResult> {
    const tip = this.node.height;
    if (!Number.isSafeInteger(height) || height < 1 || height > tip) {
      throw new LocalnetError(
        'ERR_HEIGHT_OUT_OF_RANGE',
        `Cannot roll back to height ${height}: the chain is at height ${tip}; choose 1 (genesis) to ${tip}.`,
      );
    }
    return this.exclusive(async () => this.finish(await this.revertTo(height, pool), [], pool));
  }

  async toSnapshot(name: string, pool: PoolAfterRollback): Promise<RollbackResult> {
    const snapshot = this.repo.get(name);
    if (!snapshot) throw unknownSnapshot(name);
    const path = this.path(snapshot);
    if (!path) {
      throw new LocalnetError(
        'ERR_SNAPSHOT_UNREACHABLE',
        `Snapshot "${snapshot.name}" (height ${snapshot.height}) can no longer be restored: its block left the ` +
          'chain and the blocks leading to it were not kept.',
      );
    }
    return this.exclusive(async () => {
      const reverted = await this.revertTo(path.fork, pool);
      const reapplied: string[][] = [];
      for (const archived of path.blocks) {
        if (reapplied.length > 0 && reapplied.length % REAPPLY_BATCH === 0) await this.nextBatch();
        const block = deserializeBlock(archived.serialized, this.node.network);
        try {
          this.node.applyBlock(block);
        } catch (error) {
          throw new LocalnetError(
            'ERR_SNAPSHOT_UNREACHABLE',
            `Snapshot "${snapshot.name}": block ${archived.height} could not be applied again ` +
              `(${error instanceof Error ? error.message : String(error)}); the chain stays at height ` +
              `${this.node.height}.`,
          );
        }
        reapplied.push(block.transactions.flatMap((tx) => (tx.id === undefined ? [] : [tx.id])));
      }
      return this.finish(reverted, reapplied, pool);
    });
  }

  /** One rollback at a time, with forging paused meanwhile (and as it was afterwards). */
  private async exclusive(body: () => Promise<RollbackResult>): Promise<RollbackResult> {
    if (this.running) {
      throw new LocalnetError('ERR_LOCALNET_BUSY', 'A rollback is under way; wait for it to finish.');
    }
    this.running = true;
    const { forger } = nodeParts(this.node);
    const wasPaused = forger.paused;
    forger.pause();
    try {
      return await body();
    } finally {
      this.running = false;
      if (!wasPaused) forger.resume();
    }
  }

  /** Lets the event loop turn; the node must still be open (the app may be closing). */
  private async nextBatch(): Promise<void> {
    await nextTurn();
    if (!nodeParts(this.node).store.db.open) throw new Error('the node stopped during a rollback');
  }

  /**
   * Reverts to `height`, first archiving the blocks some snapshot needs: a snapshot on the chain needs every
   * block up to its own; an off-chain one the blocks up to its fork point.
   */
  private async revertTo(height: number, pool: PoolAfterRollback): Promise<Reverted> {
    const tip = this.node.height;
    const reverted: Reverted = { blocks: 0, transactionIds: [] };
    if (height >= tip) return reverted;
    // Flushing first spares re-admitting, batch after batch, what is dropped at the end anyway.
    if (pool === 'flush') this.flushPool();
    let needed = height;
    for (const row of this.repo.all()) needed = Math.max(needed, this.path(row)?.fork ?? height);
    const last = Math.min(needed, tip);
    for (let from = height + 1; from <= last; from += ARCHIVE_BATCH) {
      if (from > height + 1) await this.nextBatch();
      this.archive(from, Math.min(from + ARCHIVE_BATCH - 1, last));
    }
    while (this.node.height > height) {
      if (reverted.blocks > 0) await this.nextBatch();
      const count = Math.min(REVERT_BATCH, this.node.height - height);
      for (const block of this.node.revertBlocks(count, { returnToPool: pool === 'readmit' })) {
        reverted.blocks++;
        for (const tx of block.transactions) if (tx.id !== undefined) reverted.transactionIds.push(tx.id);
      }
    }
    return reverted;
  }

  /** Copies the chain's blocks `from`…`to` into the archive, in one SQLite transaction. */
  private archive(from: number, to: number): void {
    const { store } = nodeParts(this.node);
    const { network } = this.node;
    store.db.transaction(() => {
      for (let h = from; h <= to; h++) {
        const block = store.blockByHeight(h);
        if (!block) throw new Error(`block ${h} is missing from the chain database`);
        const transactions = block.transactionBytes ?? block.transactions;
        this.repo.archive({
          id: block.header.id ?? '',
          height: h,
          previousBlock: block.header.previousBlock ?? '',
          serialized: serializeBlock({ header: block.header, transactions }, network),
        });
      }
    })();
  }

  /**
   * The reverted blocks' transactions end in one of three places, counted truly: in a re-applied block again, back
   * in the pool, or dropped — the pool re-admits only what still applies to the chain as it now is (ARK Core 3.9.1
   * `core-transaction-pool/src/service.ts` readdTransactions: a transaction whose sender's funds came from a
   * reverted block fails its sender checks and is dropped, as ARK drops it).
   */
  private finish(reverted: Reverted, reapplied: string[][], pool: PoolAfterRollback): RollbackResult {
    if (pool === 'flush') this.flushPool();
    this.prune();
    const parts = nodeParts(this.node);
    const onChainAgain = new Set(reapplied.flat());
    let returned = 0;
    let dropped = 0;
    for (const id of reverted.transactionIds) {
      if (onChainAgain.has(id)) continue;
      if (parts.pool.has(id)) returned++;
      else dropped++;
    }
    const tip = parts.store.lastBlock();
    return {
      reverted: reverted.blocks,
      reapplied: reapplied.length,
      returned,
      dropped,
      height: tip.height,
      lastBlockId: tip.id ?? '',
      poolSize: parts.pool.size(),
    };
  }

  private flushPool(): void {
    nodeParts(this.node).pool.remove(
      nodeParts(this.node)
        .pool.all()
        .map((entry) => entry.id),
    );
  }

  /** On the chain: fork = its own height. Off the chain: walk the archive back to the chain; undefined if lost. */
  private path(snapshot: SnapshotRow): SnapshotPath | undefined {
    if (this.repo.chainBlockId(snapshot.height) === snapshot.blockId) {
      return { fork: snapshot.height, blocks: [] };
    }
    const blocks: ArchivedBlock[] = [];
    let id = snapshot.blockId;
    for (;;) {
      const archived = this.repo.archived(id);
      if (!archived || archived.height <= 1) return undefined;
      blocks.unshift(archived);
      if (this.repo.chainBlockId(archived.height - 1) === archived.previousBlock) {
        return { fork: archived.height - 1, blocks };
      }
      id = archived.previousBlock;
    }
  }

  /** Drops archived blocks no off-chain snapshot needs (those back on the chain included). */
  private prune(): void {
    const keep = new Set<string>();
    for (const row of this.repo.all()) for (const block of this.path(row)?.blocks ?? []) keep.add(block.id);
    const drop = this.repo.archivedIds().filter((id) => !keep.has(id));
    if (drop.length === 0) return;
    nodeParts(this.node).store.db.transaction(() => {
      for (const id of drop) this.repo.unarchive(id);
    })();
  }
}

function unknownSnapshot(name: string): LocalnetError {
  return new LocalnetError('ERR_SNAPSHOT_UNKNOWN', `There is no snapshot named "${name}".`);
}
