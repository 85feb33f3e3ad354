/**
 * LocalNode (docs/design/node.md): one process running the localnet chain — the BlockStore
 * (genesis on first run), the transaction pool (reloaded from disk) and the forger — with typed events and a
 * clean shutdown. Every block, forged here or received later, goes through `applyBlock`.
 */
import { EventEmitter } from 'node:events';
import { ProcessLock } from '../fs/process-lock';
import type { Block, BlockHeader } from '../protocol/blocks';
import type { Network } from '../protocol/networks';
import type { TransactionData } from '../protocol/transactions';
import { applyBatch, BlockStore, type BatchResult } from './block-store';
import type { NodeReadSide } from './read-side';
import type { ChainRules } from './transaction-handlers';
import { chainDatabasePath, chainDirectoryName, openLocalnetChain } from './chain-files';
import { Forger, type MissedSlotEvent } from './forger';
import { LOCALNET_NAME, localnetDelegateSecrets } from './localnet';
import {
  GroupedAdmission,
  TransactionPool,
  type AddTransactionsResult,
  type DecodeResult,
  type PoolCandidate,
  type PoolOptionsInput,
} from './transaction-pool';
import { prefetchSignatures } from '../parallel/signature-prefetch';
import { blockChecks } from '../parallel/signature-checks';
import { openVerifyWorkers, type VerifyWorkers } from '../parallel/verify-workers';
import { verifyPostedSignatures } from './posted-signatures';

export interface LocalNodeOptions {
  /** Holds one database per network: `<dataDir>/<network>/chain.db`. */
  dataDir: string;
  /** The chain this node forges: only Votary's own, 'localnet' (the default). Ignored when `followed` is given. */
  network?: string;
  /**
   * A chain this node follows instead of forging (core/sync): its network and its verified genesis block, as
   * discovered from its peers. Its blocks arrive through `applyBlock`; the forger is never started.
   */
  followed?: FollowedChain;
  /**
   * Seconds per slot instead of the milestone's (`--block-time`); whole seconds. Recorded with a new chain; an
   * existing chain keeps the block time it was created with (a different value is BlockTimeConflictError).
   */
  blockTime?: number;
  /** Start the slot timer (default true). Tests may drive `forger.forgeAt` with a fake clock instead. */
  forging?: boolean;
  /** Passphrases the forger holds; default: the 21 genesis delegates of wallets.json (TEST-ONLY secrets). */
  delegateSecrets?: readonly string[];
  pool?: PoolOptionsInput;
  /** Wallets the confirmed state keeps in memory (LRU); default 50,000. */
  walletCacheSize?: number;
  /** Unix milliseconds. */
  now?: () => number;
  /**
   * The bundled verify worker (dist/verify-worker.mjs next to the CLI): with it the node checks signatures in
   * bulk on every core (core/parallel); without it, or when the file is absent (the Electron main bundle),
   * everything is verified inline on the calling thread.
   */
  verifyWorkerUrl?: URL;
}

export interface FollowedChain {
  network: Network;
  genesis: Block;
  /** How its forgers relaxed ARK's rules (ARK Core in test mode). */
  rules?: ChainRules;
}

export interface LocalNodeEvents {
  /** A block was applied (forged here). */
  block: [block: Block];
  /** Blocks were reverted (oldest first); `height` is the new tip. */
  revert: [info: { blocks: Block[]; height: number }];
  /** The pool's content changed. */
  pool: [info: { size: number }];
  /** A slot passed without a block: its owner had no secret here or was offline. */
  'missed-slot': [event: MissedSlotEvent];
  /** Forging a slot failed (e.g. the block was rejected); the next slot is tried again. */
  'forging-error': [error: Error];
}

type Listener<K extends keyof LocalNodeEvents> = (...args: LocalNodeEvents[K]) => void;

export class LocalNode {
  private readonly emitter = new EventEmitter();
  private stopping: Promise<void> | undefined;
  private reads: NodeReadSide | undefined;
  /**
   * POST /transactions' batches committed together (grouped-admission.ts): at most 80 transactions a group, two
   * full requests of ARK's 40, about 20 ms of admission on this project's 2-core reference machine.
   */
  private readonly grouped = new GroupedAdmission((batches) => this.pool.addDecodedBatches(batches), 80);

  private constructor(
    readonly dataDir: string,
    private readonly store: BlockStore,
    private readonly pool: TransactionPool,
    private readonly forger: Forger,
    private readonly now: () => number,
    private readonly lock: ProcessLock,
    private readonly verifyWorkers: VerifyWorkers | undefined,
  ) {}

  /** Boots the node; rejects when the chain cannot be opened (nothing is left running then). */
  static start(options: LocalNodeOptions): Promise<LocalNode> {
    return new Promise((resolve) => resolve(LocalNode.boot(options)));
  }

  private static boot(options: LocalNodeOptions): LocalNode {
    const followed = options.followed;
    const name =
      followed === undefined ? (options.network ?? LOCALNET_NAME) : chainDirectoryName(followed.network);
    if (followed === undefined && name !== LOCALNET_NAME) {
      throw new Error(`only the ${LOCALNET_NAME} network can run as a local node, not "${name}"`);
    }
    // One process per chain database (core/fs/process-lock.ts): a second node on it is refused, naming the first.
    const databasePath = chainDatabasePath(options.dataDir, name);
    const lock = ProcessLock.acquire(`${databasePath}.lock`, `The chain database ${databasePath}`);
    const cache = options.walletCacheSize === undefined ? {} : { walletCacheSize: options.walletCacheSize };
    let store: BlockStore;
    try {
      store =
        followed === undefined
          ? openLocalnetChain(options.dataDir, options.blockTime, cache)
          : BlockStore.open({ dataDir: options.dataDir, directory: name, ...followed, ...cache });
    } catch (error) {
      lock.release();
      throw error;
    }
    const network = store.network;
    const verifyWorkers =
      options.verifyWorkerUrl === undefined ? undefined : openVerifyWorkers(options.verifyWorkerUrl);
    const now = options.now ?? Date.now;
    // The node is built in steps because pool and forger report through it; `self` is set before any event.
    let self: LocalNode | undefined;
    try {
      const pool = TransactionPool.open({
        db: store.db,
        network,
        chain: store,
        now,
        ...(options.pool ? { options: options.pool } : {}),
        onChange: () => self?.emit('pool', { size: pool.size() }),
      });
      const forger = new Forger({
        network,
        chain: {
          lastBlock: () => {
            const last = store.lastBlock();
            return { id: last.id ?? '', height: last.height, timestamp: last.timestamp };
          },
          roundDelegates: (round) => store.roundDelegates(round),
          state: () => store.state(),
        },
        pool,
        apply: (block) => self?.applyBlock(block),
        prepare: (block) => prefetchSignatures(verifyWorkers, blockChecks(block, store.network)),
        // A followed chain's delegates forge elsewhere: this node holds no secret of theirs.
        secrets: followed === undefined ? (options.delegateSecrets ?? localnetDelegateSecrets()) : [],
        now,
        onMissed: (event) => self?.emit('missed-slot', event),
        onError: (error) =>
          self?.emit('forging-error', error instanceof Error ? error : new Error(String(error))),
      });
      self = new LocalNode(options.dataDir, store, pool, forger, now, lock, verifyWorkers);
      if (options.forging !== false && followed === undefined) forger.start();
      return self;
    } catch (error) {
      void verifyWorkers?.close();
      store.close();
      lock.release();
      throw error;
    }
  }

  get network() {
    return this.store.network;
  }

  /** What reads need of the chain and the pool (core/query, the public API): nothing that writes. */
  get readSide(): NodeReadSide {
    const { store, pool } = this;
    this.reads ??= {
      chain: {
        network: store.network,
        db: store.db,
        genesis: store.genesis,
        height: () => store.height(),
        lastBlock: () => store.lastBlock(),
        supply: () => store.supply(),
        balanceOf: (address) => store.state().wallet(address).balance,
      },
      pool: {
        options: pool.options,
        size: () => pool.size(),
        get: (id) => pool.get(id),
        all: () => pool.all(),
      },
    };
    return this.reads;
  }

  get height(): number {
    return this.store.height();
  }

  /** The header of the last block. */
  lastBlock(): BlockHeader {
    return this.store.lastBlock();
  }

  /**
   * What a sender's next transaction must carry as this node sees it: its confirmed state, then its own pooled
   * transactions (ARK: the next nonce follows the sender's pooled ones), and its registered second key.
   */
  senderAccount(
    address: string,
    publicKey: string | undefined,
  ): { nextNonce: bigint; secondPublicKey: string | undefined; balance: bigint } {
    const wallet = this.store.state().wallet(address);
    let nonce = wallet.nonce;
    const key = publicKey ?? wallet.publicKey;
    if (key !== undefined) {
      for (const entry of this.pool.bySender(key)) if (entry.nonce > nonce) nonce = entry.nonce;
    }
    return { nextNonce: nonce + 1n, secondPublicKey: wallet.secondPublicKey, balance: wallet.balance };
  }

  /** Blocks the pool keeps a transaction unforged (ARK maxTransactionAge). */
  get maxTransactionAge(): number {
    return this.pool.options.maxTransactionAge;
  }

  /** The round's forgers (public keys) in forging order, as this node's state scheduled them (empty: not yet). */
  roundDelegates(round: number): string[] {
    return this.store.roundDelegates(round);
  }

  /** The stored header at a height (1 ≤ height ≤ the tip), if any. */
  headerAt(height: number): BlockHeader | undefined {
    return this.store.headerAt(height);
  }

  /**
   * Verifies received blocks' signatures (the block's and every transaction's) ahead on the worker pool, so that
   * `applyBlock` finds the verdicts (a follower's next run, while the current one is applied). Without workers it
   * does nothing and `applyBlock` verifies inline. First the blocks go to the store's read-ahead thread, which
   * reads the index leaves their ids and wallets will touch meanwhile (BlockStore.prefetch).
   */
  async prepareBlocks(blocks: readonly Block[]): Promise<void> {
    this.store.prefetch(blocks);
    if (this.verifyWorkers === undefined) return;
    await prefetchSignatures(
      this.verifyWorkers,
      blocks.flatMap((block) => blockChecks(block, this.store.network)),
    );
  }

  /** The one entry point for a block: validate and store it, then revalidate the pool. */
  applyBlock(block: Block): void {
    this.store.applyBlock(block, { now: this.now() });
    this.pool.afterBlock(block);
    this.emit('block', block);
  }

  /**
   * Validates and stores blocks in order, each exactly as `applyBlock`, all in one SQLite transaction: a follower
   * far behind pays one commit for many blocks (block-store/apply-batch.ts; docs/design/sync.md "Batched commits").
   * The pool and the `block` listeners hear of the blocks only once they are committed.
   */
  applyBlocks(blocks: readonly Block[], before?: (block: Block) => void): BatchResult {
    const result = applyBatch(this.store, blocks, { now: this.now, ...(before ? { before } : {}) });
    if (result.applied.length > 0) {
      this.pool.afterBlock({ transactions: result.applied.flatMap((block) => block.transactions) });
      for (const block of result.applied) this.emit('block', block);
    }
    return result;
  }

  /**
   * Reverts the last `count` blocks, one SQLite transaction each (the genesis block stays). Their transactions
   * go back into the pool, which then admits them again before its own (ARK `readdTransactions`): those that
   * still apply stay, the others leave. With `returnToPool: false` they are dropped instead (a localnet reset or
   * a rollback that empties the pool: re-admitting them would only cost time). Returns the reverted blocks,
   * oldest first.
   */
  revertBlocks(count: number, options: { returnToPool?: boolean } = {}): Block[] {
    if (!Number.isSafeInteger(count) || count < 0 || count > this.height - 1) {
      throw new RangeError(
        `can revert 0 to ${this.height - 1} blocks (the genesis block stays), not ${count}`,
      );
    }
    const reverted: Block[] = [];
    try {
      const returnToPool = options.returnToPool ?? true;
      for (let i = 0; i < count; i++) reverted.unshift(this.store.revertLastBlock({ returnToPool }));
    } finally {
      // Whatever was reverted before a failure is still returned to the pool.
      if (reverted.length > 0) this.pool.afterRevert();
    }
    if (reverted.length > 0) this.emit('revert', { blocks: reverted, height: this.height });
    return reverted;
  }

  /** Reverts blocks until `height` is the tip (1 ≤ height ≤ the current height). */
  revertToHeight(height: number): Block[] {
    if (!Number.isSafeInteger(height) || height < 1 || height > this.height) {
      throw new RangeError(`cannot revert to height ${height}: the chain is at ${this.height}`);
    }
    return this.revertBlocks(this.height - height);
  }

  addTransactions(items: readonly (Uint8Array | TransactionData)[]): AddTransactionsResult {
    return this.pool.addTransactions(items);
  }

  /**
   * Verifies the sender signatures of a batch about to be added on the worker pool, and leaves each verdict on its
   * candidate, which admission then takes instead of verifying on this thread (posted-signatures.ts).
   */
  async prefetchSignatures(candidates: readonly PoolCandidate[]): Promise<void> {
    if (this.verifyWorkers === undefined) return;
    await verifyPostedSignatures(this.verifyWorkers, candidates, this.store.network.network.pubKeyHash);
  }

  /** Adds transactions decoded already (the API decodes each item once and prefetches its signatures). */
  addDecoded(items: readonly DecodeResult[]): AddTransactionsResult {
    return this.pool.addDecoded(items);
  }

  /**
   * addDecoded, committed with the other requests' batches that are ready in this turn of the event loop (one
   * SQLite transaction for them all); resolves once this batch's rows are committed.
   */
  addDecodedGrouped(items: readonly DecodeResult[]): Promise<AddTransactionsResult> {
    return this.grouped.add(items);
  }

  on<K extends keyof LocalNodeEvents>(event: K, listener: Listener<K>): this {
    this.emitter.on(event, listener as (...args: unknown[]) => void);
    return this;
  }

  off<K extends keyof LocalNodeEvents>(event: K, listener: Listener<K>): this {
    this.emitter.off(event, listener as (...args: unknown[]) => void);
    return this;
  }

  once<K extends keyof LocalNodeEvents>(event: K, listener: Listener<K>): this {
    this.emitter.once(event, listener as (...args: unknown[]) => void);
    return this;
  }

  /**
   * Stops the slot timer, closes the database and resolves once the verify workers have exited: a host ending its
   * process next would terminate one inside a native call, which aborts it (parallel/verify-workers.ts). Idempotent.
   */
  stop(): Promise<void> {
    if (this.stopping === undefined) {
      this.forger.stop();
      const workers = this.verifyWorkers?.close();
      this.store.close();
      this.lock.release();
      this.emitter.removeAllListeners();
      this.stopping = workers ?? Promise.resolve();
    }
    return this.stopping;
  }

  private emit<K extends keyof LocalNodeEvents>(event: K, ...args: LocalNodeEvents[K]): void {
    this.emitter.emit(event, ...args);
  }
}
