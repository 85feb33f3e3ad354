/**
 * The apply rate of bench:scale: real blocks (signed by the localnet delegates, transfers signed by the faucet)
 * through BlockStore.applyBlock — the one validation every block passes, the follower's included — on top of a
 * chain, then reverted so the chain is left as it was. A turn's blocks are forged first (forgeTurn, rolled back),
 * then applied timed (measureApply), so that they can reach the read-ahead a run ahead of their applying, as a
 * follower's downloaded runs do. Measured on the big chain and on an empty one, in the same process, so the two
 * rates compare.
 */
import { randomInt } from 'node:crypto';
import type { BlockStore } from '../../src/core/node/block-store';
import type { Block } from '../../src/core/protocol/blocks';
import { milestoneAt } from '../../src/core/protocol/networks';
import { slotNumber } from '../../src/core/protocol/time';
import type { TransactionData } from '../../src/core/protocol/transactions';
import { localnetGenesis, localnetWallets } from '../../src/core/node/localnet';
import { blockChecks } from '../../src/core/parallel/signature-checks';
import { prefetchSignatures } from '../../src/core/parallel/signature-prefetch';
import type { VerifyWorkers } from '../../src/core/parallel/verify-workers';
import { forgeBlock, nowFor, sign, type TestChain } from '../node/support/chain-fixture';
import { mainThreadSchedule } from './thread-cpu';

/**
 * Each turn's blocks are new blocks: the first is forged after a random number of missed slots (up to this many;
 * a later slot is valid chaining), so every block id of the turn differs from the last turn's and the last run's,
 * and the transfers' amounts start at a random base, so every transaction id does too. Forging the same blocks in
 * every run (same heights, timestamps, delegates: same ids) measured the warm case: from the second run on, the
 * index leaves of those ids were in the OS page cache, where a follower's new ids are always cold.
 */
const MAX_SKIPPED_SLOTS = 1 << 20;
const MAX_AMOUNT_BASE = 1_000_000_000;
/**
 * BENCH_SCALE_APPLY_BATCH=N: blocks per SQLite transaction (default 1, one a block as near the tip; a follower far
 * behind stores a run of up to 100 blocks from a public API, 400 from P2P, in one).
 */
const APPLY_BATCH = Math.max(1, Math.floor(Number(process.env['BENCH_SCALE_APPLY_BATCH'] ?? 1)) || 1);
/**
 * What the OS page cache holds of each chain when its turn starts (BENCH_SCALE_APPLY_CACHE; applyCacheOption):
 * - `running` (the default): the chain's file is dropped from the cache (os-page-cache.ts), then the interior pages
 *   of the two id indexes are read (warmInteriorPages) — a follower that has applied a while on a chain larger than
 *   the memory it has for it: its own look-ups keep the interior pages cached, while each new id's leaf is cold;
 * - `restart`: dropped, nothing read — a follower just restarted on a machine that has not read the chain since;
 * - `as-is`: whatever earlier runs left cached. Every figure before the cache was set (docs/benchmarks.md) was
 *   this, and it varied from run to run with what the machine had read before.
 */
export type ApplyCache = 'running' | 'restart' | 'as-is';

export function applyCacheOption(value: string | undefined): ApplyCache {
  if (value === undefined || value === 'running') return 'running';
  if (value === 'restart' || value === 'as-is') return value;
  throw new Error(`BENCH_SCALE_APPLY_CACHE: 'running', 'restart' or 'as-is', not '${value}'`);
}
/** BENCH_SCALE_APPLY_PREFETCH=0: the runs are not handed to the read-ahead thread (to measure it). */
const PREFETCH = process.env['BENCH_SCALE_APPLY_PREFETCH'] !== '0';
/**
 * Where the signatures of the applied blocks are verified (BENCH_SCALE_APPLY_VERIFY; applyVerifyOption):
 * - `workers` (the default): as the follower does (LocalNode.prepareBlocks, sync/run-queue.ts), on the verify
 *   workers, each run's while the run before it is applied, and its applying waits for them; `applyBlock` then
 *   takes the verdicts (protocol/crypto/verdicts.ts) instead of verifying;
 * - `inline`: by `applyBlock` itself on the applying thread, as a node without workers does. Every figure of the
 *   apply rate in docs/benchmarks.md before 2026-11-27 (third session) was this.
 */
export type ApplyVerify = 'workers' | 'inline';

export function applyVerifyOption(value: string | undefined): ApplyVerify {
  if (value === undefined || value === 'workers') return 'workers';
  if (value === 'inline') return value;
  throw new Error(`BENCH_SCALE_APPLY_VERIFY: 'workers' or 'inline', not '${value}'`);
}

export interface ApplyRate {
  emptyBlocksPerSecond: number;
  transfersPerSecond: number;
  /**
   * The applying thread over the timed runs of both kinds: wall time, its time on a core, and its time waiting for
   * one (undefined where the OS does not tell: mainThreadSchedule).
   */
  thread?: { wallMs: number; cpuMs: number; runQueueMs: number };
}

/** A TestChain view of the localnet store: what forgeBlock and sign need (network, delegates' secrets). */
function localnetChain(store: BlockStore): TestChain {
  const wallets = localnetWallets();
  const account = (w: (typeof wallets)[number]) => ({
    passphrase: w.passphrase,
    publicKey: w.publicKey,
    address: w.address,
  });
  const faucet = wallets.find((w) => w.role === 'faucet');
  if (!faucet) throw new Error('localnet has no faucet wallet');
  return {
    network: store.network,
    genesis: localnetGenesis(),
    genesisAccount: account(faucet),
    delegates: wallets.filter((w) => w.role === 'delegate').map(account),
    users: [account(faucet)],
  };
}

/**
 * Looks up `probes` ids spread evenly over the key space of `blocks_id` and of the transactions' primary key: each
 * look-up reads the pages from the root to one leaf, so every interior page is read (a 40 M chain's `blocks_id`
 * has some 5,000 above its 440,000 leaves) while only a few per cent of the leaves are. A follower's own look-ups
 * and inserts keep those interior pages cached once it has applied some thousands of blocks.
 */
export function warmInteriorPages(store: BlockStore, probes = 20_000): void {
  const block = store.db.prepare('SELECT 1 FROM blocks WHERE id >= ? ORDER BY id LIMIT 1');
  const transaction = store.db.prepare('SELECT 1 FROM transactions WHERE id >= ? ORDER BY id LIMIT 1');
  for (let i = 0; i < probes; i++) {
    const key = Buffer.alloc(32);
    key.writeUInt32BE(Math.floor((i / probes) * 2 ** 32));
    block.get(key);
    if (i % 5 === 0) transaction.get(key.toString('hex'));
  }
}

/** Waits (at most 10 s) until the read-ahead threads have looked up every key handed to them so far. */
function waitForReadAhead(store: BlockStore): void {
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  const deadline = performance.now() + 10_000;
  for (;;) {
    const progress = store.prefetchProgress();
    if (progress === undefined || progress.done >= progress.posted || performance.now() > deadline) return;
    Atomics.wait(sleeper, 0, 0, 5);
  }
}

/**
 * A turn's blocks, forged on the chain's tip (forgeTurn): a round of warm-up blocks, then runs of empty blocks,
 * then runs of blocks of transfers. The last run of each kind (`tail`) is not timed: it is the run a follower has
 * downloaded and handed to the read-ahead while it applies the one before it.
 */
export interface ApplyTurn {
  warmUp: Block[];
  empty: Block[][];
  full: Block[][];
  /** Transactions in the timed runs of transfers. */
  transfers: number;
}

/** The shape of a turn: how many blocks are timed, and in runs of how many. */
export interface TurnShape {
  emptyBlocks: number;
  fullBlocks: number;
  perBlock: number;
  /** Blocks a run (the last may be shorter). A follower's runs are 100 blocks from a public API, 400 from P2P. */
  emptyRun: number;
  fullRun: number;
}

/** Thrown inside forgeTurn's SQLite transaction to roll it back; never escapes. */
class RollBack extends Error {}

/** `blocks` in runs of `size`, the last shorter. */
function runsOf(blocks: Block[], size: number): Block[][] {
  const runs: Block[][] = [];
  for (let i = 0; i < blocks.length; i += size) runs.push(blocks.slice(i, i + size));
  return runs;
}

/**
 * Forges a turn's blocks on the store's tip: the blocks of a round's next rounds can be forged only once the round
 * is applied (its end selects the next forgers), so each block is applied as it is forged — all in one SQLite
 * transaction that is then rolled back (BlockStore.batch: the tip and the caches too). Nothing of it reaches the
 * file: the chain, the layout of its pages included, is left exactly as it was, so the timed applying of the same
 * blocks (measureApply) meets the pages as a follower meets them. What this reads stays in the OS page cache and in
 * the connection's: the caller closes the store and sets the cache again before timing.
 * The first block comes after a random number of missed slots (MAX_SKIPPED_SLOTS). Each kind gets one run more
 * than is timed: its tail.
 */
export function forgeTurn(store: BlockStore, shape: TurnShape): ApplyTurn {
  const chain = localnetChain(store);
  const faucet = chain.users[0]!;
  const amountBase = BigInt(randomInt(1_000, MAX_AMOUNT_BASE));
  const forge = (
    count: number,
    transactions: (height: number) => TransactionData[],
    skipped = 0,
  ): Block[] => {
    const blocks: Block[] = [];
    while (blocks.length < count) {
      const tip = store.lastBlock();
      const blocktime = milestoneAt(chain.network, tip.height + 1).blocktime;
      const slot = slotNumber(tip.timestamp, blocktime) + 1 + (blocks.length === 0 ? skipped : 0);
      const block = forgeBlock(chain, store, transactions(tip.height + 1), { slot });
      store.applyBlock(block, { now: nowFor(chain, block) });
      blocks.push(block);
    }
    return blocks;
  };
  let turn: ApplyTurn | undefined;
  try {
    store.batch(() => {
      const round = milestoneAt(chain.network, store.height() + 1).activeDelegates;
      const warmUp = forge(round, () => [], randomInt(MAX_SKIPPED_SLOTS));
      const empty = runsOf(
        forge(shape.emptyBlocks + shape.emptyRun, () => []),
        shape.emptyRun,
      );
      let nonce = store.state().wallet(faucet.address).nonce;
      const signed = (height: number) =>
        Array.from({ length: shape.perBlock }, (_, k) =>
          sign(
            chain,
            {
              type: 0,
              nonce: ++nonce,
              amount: amountBase + BigInt(k),
              recipientId: chain.delegates[k % 21]!.address,
            },
            faucet.passphrase,
            height,
          ),
        );
      const full = runsOf(forge(shape.fullBlocks + shape.fullRun, signed), shape.fullRun);
      // Counted from the timed runs (all but the tail), which hold more than fullBlocks when fullRun does not divide it.
      const transfers = full
        .slice(0, -1)
        .reduce((sum, run) => sum + run.reduce((n, b) => n + b.transactions.length, 0), 0);
      turn = { warmUp, empty, full, transfers };
      throw new RollBack('forgeTurn rolls its transaction back');
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  if (turn === undefined) throw new Error('forgeTurn: the turn was not forged');
  return turn;
}

/**
 * Applies a turn forged by forgeTurn on this chain (the store reopened since), as a follower far behind applies
 * what it downloaded (sync/run-queue.ts): each run is handed to the store's read-ahead threads (BlockStore.prefetch,
 * as LocalNode.prepareBlocks does; not with BENCH_SCALE_APPLY_PREFETCH=0) while the run before it is applied, so
 * that its index leaves are read meanwhile, and, given `workers` (ApplyVerify `workers`), to the verify workers,
 * which verify its signatures meanwhile; a run's applying first waits for its own. A follower has up to three runs
 * ready ahead; here one. The warm-up round
 * is applied untimed (the first blocks on a freshly opened store pay for its statements and caches, some 300 ms on
 * the 1,000,001-block chain, and each forger's first block reads the pages its own rows are written into, which a
 * running follower rewrites every round and so always has cached), and so is the empty blocks' tail, while the
 * first run of transfers is handed over. Then the read-ahead threads are waited for (they start at the first
 * hand-off and take some 50–100 ms of CPU each, once in a follower's life), and the first timed run's signatures.
 *
 * `options.batch` blocks of a run share one SQLite transaction (BlockStore.batch), as a follower far behind stores a
 * run (docs/design/sync.md "Batched commits"); 1 (the default) is one transaction a block, as near the tip. The time
 * counted is the hand-offs', the waits for verdicts, applyBlock's and the commits'. `warmInterior` reads the id
 * indexes' interior pages first (warmInteriorPages; the `running` cache state). Every block applied is reverted at
 * the end.
 */
export interface MeasureOptions {
  /** Blocks a SQLite transaction (default BENCH_SCALE_APPLY_BATCH, else 1). */
  batch?: number;
  /** Read the id indexes' interior pages first (the `running` cache state). */
  warmInterior?: boolean;
  /** The follower's verify workers (ApplyVerify `workers`); without them `applyBlock` verifies inline. */
  workers?: VerifyWorkers;
  /** Called as each timed window opens and closes (a profiler's switch: scale-bench.ts BENCH_SCALE_APPLY_PERF). */
  window?: { open: () => void; close: () => void };
}

export async function measureApply(
  store: BlockStore,
  turn: ApplyTurn,
  options: MeasureOptions = {},
): Promise<ApplyRate> {
  const { batch = APPLY_BATCH, warmInterior = false, workers, window } = options;
  const chain = localnetChain(store);
  let applied = 0;
  /** Each handed-off run's signatures, verified on the workers (resolved at once without them). */
  const verified = new Map<Block[], Promise<void>>();
  const handOff = (run: Block[] | undefined) => {
    if (run === undefined) return;
    if (PREFETCH) store.prefetch(run);
    verified.set(
      run,
      prefetchSignatures(
        workers,
        run.flatMap((block) => blockChecks(block, store.network)),
      ),
    );
  };
  const apply = async (run: Block[]) => {
    await verified.get(run);
    for (let i = 0; i < run.length; i += batch) {
      const chunk = run.slice(i, i + batch);
      const body = () => {
        for (const block of chunk) {
          store.applyBlock(block, { now: nowFor(chain, block) });
          applied++;
        }
      };
      if (batch === 1) body();
      else store.batch(body);
    }
  };
  const thread = { wallMs: 0, cpuMs: 0, runQueueMs: 0 };
  let scheduled = true;
  /** Applies every run but the tail, each while the next is handed over; returns the ms it took. */
  const timed = async (runs: Block[][]): Promise<number> => {
    window?.open();
    const before = mainThreadSchedule();
    const start = performance.now();
    for (let k = 0; k < runs.length - 1; k++) {
      handOff(runs[k + 1]);
      await apply(runs[k]!);
    }
    const ms = performance.now() - start;
    const after = mainThreadSchedule();
    window?.close();
    thread.wallMs += ms;
    if (before === undefined || after === undefined) scheduled = false;
    else {
      thread.cpuMs += after.cpuMs - before.cpuMs;
      thread.runQueueMs += after.runQueueMs - before.runQueueMs;
    }
    return ms;
  };
  if (warmInterior) warmInteriorPages(store);
  try {
    handOff(turn.warmUp);
    handOff(turn.empty[0]);
    await apply(turn.warmUp);
    waitForReadAhead(store);
    await verified.get(turn.empty[0]!);
    const emptyMs = await timed(turn.empty);
    handOff(turn.full[0]);
    await apply(turn.empty.at(-1)!);
    waitForReadAhead(store);
    await verified.get(turn.full[0]!);
    const fullMs = await timed(turn.full);
    const emptyBlocks = turn.empty.slice(0, -1).reduce((sum, run) => sum + run.length, 0);
    return {
      emptyBlocksPerSecond: emptyBlocks / (emptyMs / 1000),
      transfersPerSecond: turn.transfers / (fullMs / 1000),
      ...(scheduled ? { thread } : {}),
    };
  } finally {
    // The tail's checks too: nothing of this turn is left verifying when the next starts (never rejects).
    await Promise.all(verified.values());
    for (let i = 0; i < applied; i++) store.revertLastBlock();
  }
}
