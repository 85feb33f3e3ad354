import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { migrate, openDatabase } from '../../db';
import { BlockRepository, MetaRepository, PoolRepository, RoundRepository } from '../../db/repositories';
import { deserializeTransaction, type TransactionData } from '../../protocol/transactions';
import type { Block, BlockHeader } from '../../protocol/blocks';
import { isExceptionBlock, milestoneAt, transactionRulesHeight, type Network } from '../../protocol/networks';
import { isNewRound, roundInfo } from '../../protocol/rounds';
import { nethashOf } from '../genesis';
import {
  applyTransaction,
  applyTrustedTransaction,
  isApplyError,
  revertTransaction,
  type ChainRules,
  type HandlerContext,
} from '../transaction-handlers';
import { DatabaseState, StateOverlay, type StateView } from '../state';
import { ChainThreads } from './chain-threads';
import { BlockRejectedError } from './errors';
import { applyForgerReward, revertForgerReward } from './forger-reward';
import { RoundForgers } from './round-forgers';
import { restoreRound, selectRound, type RoundSelection } from './rounds';
import { appliedOrder, checkExceptionBlock, checkSingleVersion, ForgedIds } from './history-rules';
import { returnToPool } from './return-to-pool';
import { storedTransaction } from './stored-transaction';
import { checkBlockIntegrity, checkChaining, checkSlotOwner } from './validate-block';
import type { ApplyBlockOptions, BlockStoreOptions, Supply } from './options';

const META = {
  network: 'network',
  nethash: 'nethash',
  genesisAmount: 'supply.genesis',
  rewards: 'supply.rewards',
};

/**
 * The chain on disk (design "Storage"): blocks, transactions and the derived state in one SQLite database per
 * network. applyBlock and revertLastBlock are each one SQLite transaction (a savepoint inside `batch`'s), so a
 * crash leaves whole blocks; opening an existing database reads the tip and state from disk without replaying
 * anything.
 */
export class BlockStore {
  readonly network: Network;
  readonly db: Database.Database;
  readonly genesis: Block;
  private readonly blocks: BlockRepository;
  private readonly rounds: RoundRepository;
  private readonly meta: MetaRepository;
  private readonly confirmed: DatabaseState;
  private readonly pool: PoolRepository;
  private tip: BlockHeader;
  private readonly rules: ChainRules | undefined;
  private readonly forgedIds: ForgedIds;
  private readonly forgers: RoundForgers;
  private threads: ChainThreads | undefined;

  static open(options: BlockStoreOptions): BlockStore {
    let file = ':memory:';
    if (options.dataDir !== undefined) {
      const dir = join(options.dataDir, options.directory ?? options.network.network.name);
      mkdirSync(dir, { recursive: true });
      file = join(dir, 'chain.db');
    }
    const db = openDatabase(file);
    try {
      migrate(db);
      const store = new BlockStore(db, options);
      if (file !== ':memory:') store.threads = ChainThreads.start(db, file);
      return store;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  private constructor(db: Database.Database, options: BlockStoreOptions) {
    const { network, genesis } = options;
    this.db = db;
    this.network = network;
    this.genesis = genesis;
    this.blocks = new BlockRepository(db);
    this.rounds = new RoundRepository(db);
    this.meta = new MetaRepository(db);
    this.confirmed = new DatabaseState(
      db,
      network.network.pubKeyHash,
      options.walletCacheSize === undefined ? {} : { walletCacheSize: options.walletCacheSize },
    );
    this.pool = new PoolRepository(db);
    this.forgedIds = new ForgedIds((id) => this.blocks.hasTransaction(id));
    this.forgers = new RoundForgers((round) => this.rounds.forgersOf(round).map((slot) => slot.publicKey));
    this.rules = options.rules;
    const nethash = nethashOf(genesis);
    if (network.network.nethash !== nethash) {
      throw new Error(
        `network ${network.network.name} has nethash ${network.network.nethash}, its genesis block ${nethash}`,
      );
    }
    const last = this.blocks.lastHeader();
    if (last) {
      const stored = this.meta.get(META.nethash);
      if (stored !== nethash) {
        throw new Error(
          `the database belongs to the chain with nethash ${stored ?? '(none)'}, not ${nethash}`,
        );
      }
      this.tip = last;
    } else {
      this.tip = this.applyGenesis(genesis);
    }
  }

  /** What a scratch copy of this chain must be opened with besides network and genesis (verify-chain.ts). */
  options(): Pick<BlockStoreOptions, 'rules'> {
    return this.rules === undefined ? {} : { rules: this.rules };
  }

  // Reads -------------------------------------------------------------------------------------------------

  lastBlock(): BlockHeader {
    return this.tip;
  }

  height(): number {
    return this.tip.height;
  }

  /** The stored header at a height, without its transactions. */
  headerAt(height: number): BlockHeader | undefined {
    return this.blocks.header(height);
  }

  blockByHeight(height: number): Block | undefined {
    const header = this.blocks.header(height);
    return header && this.withTransactions(header);
  }

  blockById(id: string): Block | undefined {
    const header = this.blocks.headerById(id);
    return header && this.withTransactions(header);
  }

  /** The round's forgers (public keys) in forging order. */
  roundDelegates(round: number): string[] {
    return this.forgers.of(round);
  }

  /** Every round's forgers in forging order with their vote balance at the round start (for verifyChain). */
  roundRows(): { round: number; publicKey: string; voteBalance: bigint }[] {
    return this.rounds.all();
  }

  /** The confirmed state. Read-only: overlays (StateOverlay) build on it. */
  state(): DatabaseState {
    return this.confirmed;
  }

  supply(): Supply {
    const total =
      BigInt(this.meta.get(META.genesisAmount) ?? '0') + BigInt(this.meta.get(META.rewards) ?? '0');
    const burnAddress = this.network.network.burnAddress;
    const burned = burnAddress === undefined ? 0n : this.confirmed.wallet(burnAddress).balance;
    return { total, burned, circulation: total - burned };
  }

  // Writes ------------------------------------------------------------------------------------------------

  /**
   * The one validation for forged and received blocks (design "Forging"): chaining, `Block.verify()`, the
   * generator owning the slot, one transaction version, no transaction forged before, then every transaction
   * against the state on an overlay (history-rules.ts). A block of the network's exceptions list is only checked
   * to follow the tip (ARK's exception handler). Only when all pass is the block written, in one SQLite
   * transaction. Throws BlockRejectedError, with nothing changed, otherwise.
   */
  applyBlock(block: Block, options: ApplyBlockOptions = {}): void {
    const { header } = block;
    const ids = block.transactions.map((tx) => tx.id);
    if (isExceptionBlock(this.network, header.id, ids)) {
      checkExceptionBlock(
        header,
        this.tip,
        (id) => this.blocks.headerById(id) !== undefined,
        (publicKey) => this.confirmed.walletByPublicKey(publicKey).delegate !== undefined,
      );
    } else {
      checkChaining(header, this.tip, this.network);
      if (options.skipBlockVerification !== true) {
        checkBlockIntegrity(block, this.network, options.now ?? Date.now());
      }
      checkSingleVersion(block);
      checkSlotOwner(header, this.roundDelegates(roundInfo(header.height, this.network).round), this.network);
    }
    this.forgedIds.check(block);

    const overlay = new StateOverlay(this.confirmed);
    const ctx = this.contextFor(header);
    // ARK stores a version 1 transaction with the sender's count of transactions so far as its nonce
    // (core-database migration 20190905000000 set_row_nonce), which its API then shows.
    const countedNonces = new Map<TransactionData, bigint>();
    for (const tx of appliedOrder(block, this.network)) {
      try {
        applyTransaction(tx, overlay, ctx);
        if (tx.version === 1) countedNonces.set(tx, overlay.walletByPublicKey(tx.senderPublicKey).nonce);
      } catch (error) {
        if (!isApplyError(error)) throw error;
        throw new BlockRejectedError(
          'ERR_BLOCK_TX',
          `block ${header.height}: transaction ${block.transactions.indexOf(tx)} (${tx.id ?? '?'}) cannot be applied: ${error.message}`,
        );
      }
    }
    applyForgerReward(overlay, header);
    const selection = this.maybeSelectRound(overlay, header.height);
    this.batch(() => {
      this.blocks.insert(header, this.storedTransactions(block, overlay, countedNonces));
      this.confirmed.write(overlay.changes());
      if (selection) {
        this.rounds.save(selection.round, selection.forgers, selection.ranking);
        this.forgers.forget();
      }
      this.addRewards(header.reward);
      for (const tx of block.transactions) if (tx.id !== undefined) this.pool.remove(tx.id);
    });
    this.tip = header;
  }

  /**
   * Undoes the last block exactly (state, rounds, supply) in one SQLite transaction, and returns it. The genesis
   * block stays. With `returnToPool`, the block's transactions go back into the `pool` table in that same
   * transaction (ARK re-adds a reverted block's transactions to its pool), so a crash cannot lose them; the pool
   * then admits them again (TransactionPool.afterRevert), arrived at the block's time and previous height.
   */
  revertLastBlock(options: { returnToPool?: boolean } = {}): Block {
    const header = this.tip;
    if (header.height <= 1) throw new Error('the genesis block cannot be reverted');
    const block = this.withTransactions(header);
    const previous = this.blocks.header(header.height - 1);
    if (!previous) throw new Error(`block ${header.height - 1} is missing from the database`);
    const overlay = new StateOverlay(this.confirmed);
    let undoneRound: number | undefined;
    if (isNewRound(header.height + 1, this.network)) {
      undoneRound = roundInfo(header.height + 1, this.network).round;
      const kept = undoneRound - 1;
      restoreRound(overlay, this.rounds.rankingOf(kept), this.rounds.forgersOf(undoneRound), (publicKey) =>
        this.rounds.lastActiveRound(publicKey, kept),
      );
    }
    revertForgerReward(
      overlay,
      header,
      this.blocks.lastForgedBefore(header.generatorPublicKey, header.height),
    );
    const ctx = this.contextFor(header, previous);
    for (const tx of [...appliedOrder(block, this.network)].reverse()) revertTransaction(tx, overlay, ctx);
    this.batch(() => {
      this.confirmed.write(overlay.changes());
      if (undoneRound !== undefined) {
        this.rounds.remove(undoneRound);
        this.forgers.forget();
      }
      this.blocks.remove(header.height);
      this.addRewards(-header.reward);
      if (options.returnToPool === true) returnToPool(this.pool, block, this.network, previous.height);
    });
    this.tip = previous;
    return block;
  }

  /**
   * Runs `body` as one SQLite transaction: a block's writes (applyBlock, revertLastBlock), or many blocks applied
   * with those methods, each then a savepoint inside it (docs/design/sync.md "Batched commits"): one commit for many
   * blocks. What `body` returns normally is committed, blocks refused before it included; when it throws, nothing of
   * it is, and the store's tip and caches (which may hold rows rolled back) go back to the last committed block.
   * Synchronous, so no reader of this connection (the API, the wallet) runs before the whole batch is committed, and
   * other connections see only committed blocks.
   *
   * The outermost batch keeps its statement and savepoint journals in memory (`temp_store = MEMORY` from its BEGIN to
   * its end; SQLite decides where they go when a transaction begins). By default SQLite writes each to a temporary
   * file once it passes 64 KiB, and a block's savepoint or a statement whose B-tree splits passes that: on a 40 M-block
   * chain those writes were 7 % of the applying thread's CPU (docs/benchmarks.md "Scale: the apply rate at 40 M with
   * the read-ahead a run ahead"). A journal holds the pages one block or one statement changed, and is
   * emptied when that ends. The setting is put back after the batch, so that the API's and migrations' sorts on this
   * connection keep spilling to files instead of growing in memory (with temp_store = MEMORY SQLite's sorter never
   * writes a file: vdbesort.c). Changing it drops the connection's temporary tables and triggers, which the node has
   * none of. A chain in memory keeps its journals in memory already, and is left alone.
   */
  batch<T>(body: () => T): T {
    const outermost = !this.db.inTransaction && !this.db.memory;
    if (outermost) this.db.pragma('temp_store = MEMORY');
    try {
      return this.db.transaction(body)();
    } catch (error) {
      this.confirmed.forget();
      this.forgers.forget();
      this.tip = this.blocks.lastHeader() ?? this.tip;
      throw error;
    } finally {
      if (outermost) this.db.pragma('temp_store = DEFAULT');
    }
  }

  /** Blocks about to be applied, to the read-ahead threads (chain-threads.ts); never blocks or throws. */
  prefetch(blocks: readonly Block[]): boolean {
    return this.threads?.prefetch(blocks) ?? false;
  }

  /** What the read-ahead threads have done (LeafPrefetcher.progress); undefined before the first hand-off. */
  prefetchProgress(): { posted: number; done: number; found: number } | undefined {
    return this.threads?.prefetchProgress();
  }

  close(): void {
    this.threads?.close();
    if (this.db.open) this.db.close();
  }

  // Internals ---------------------------------------------------------------------------------------------

  /** The genesis block takes the trusted path: no slot owner yet, and its sender may go negative. */
  private applyGenesis(genesis: Block): BlockHeader {
    const { header } = genesis;
    if (header.height !== 1) throw new Error(`the genesis block has height ${header.height}`);
    const overlay = new StateOverlay(this.confirmed);
    const ctx: HandlerContext = {
      network: this.network,
      height: 1,
      lastBlock: { height: 0, timestamp: header.timestamp },
      timestamp: header.timestamp,
    };
    for (const tx of genesis.transactions) applyTrustedTransaction(tx, overlay, ctx);
    // ARK knows the genesis generator's wallet from block 1 on, with its key and nothing else (ARK Core testnet
    // lists it among its wallets: balance 0, nonce 0).
    const generator = overlay.mutableWallet(overlay.addressOf(header.generatorPublicKey));
    generator.publicKey ??= header.generatorPublicKey;
    const selection = selectRound(overlay, 1, milestoneAt(this.network, 1).activeDelegates);
    this.batch(() => {
      this.blocks.insert(header, this.storedTransactions(genesis, overlay));
      this.confirmed.write(overlay.changes());
      this.rounds.save(selection.round, selection.forgers, selection.ranking);
      this.meta.set(META.network, this.network.network.name);
      this.meta.set(META.nethash, nethashOf(genesis));
      this.meta.set(META.genesisAmount, header.totalAmount.toString());
      this.meta.set(META.rewards, header.reward.toString());
    });
    return header;
  }

  /** At the last block of a round, the next round's forgers are chosen from the state after it (§7). */
  private maybeSelectRound(overlay: StateOverlay, height: number): RoundSelection | undefined {
    if (!isNewRound(height + 1, this.network)) return undefined;
    const next = roundInfo(height + 1, this.network);
    return selectRound(overlay, next.round, next.maxDelegates);
  }

  private contextFor(header: BlockHeader, previous: BlockHeader = this.tip): HandlerContext {
    return {
      network: this.network,
      height: header.height,
      lastBlock: { height: previous.height, timestamp: previous.timestamp },
      timestamp: header.timestamp,
      ...(this.rules === undefined ? {} : { rules: this.rules }),
    };
  }

  private storedTransactions(
    block: Block,
    state: StateView,
    countedNonces?: ReadonlyMap<TransactionData, bigint>,
  ) {
    return block.transactions.map((tx, index) => {
      const nonce = countedNonces?.get(tx);
      const stored = nonce === undefined ? tx : { ...tx, nonce };
      return storedTransaction(stored, index, block.transactionBytes?.[index], state);
    });
  }

  private addRewards(delta: bigint): void {
    const rewards = BigInt(this.meta.get(META.rewards) ?? '0') + delta;
    this.meta.set(META.rewards, rewards.toString());
  }

  private withTransactions(header: BlockHeader): Block {
    const ctx = { network: this.network, height: transactionRulesHeight(header.height) };
    const genesis = header.height === 1;
    const transactionBytes = this.blocks.transactions(header.height);
    const transactions: TransactionData[] = transactionBytes.map((bytes) =>
      deserializeTransaction(bytes, ctx, { genesis }),
    );
    return { header, transactions, transactionBytes };
  }
}
