/**
 * The apply rate of bench:scale: real blocks (signed by the localnet delegates, transfers signed by the faucet)
 * through BlockStore.applyBlock — the one validation every block passes, the follower's included — on top of a
 * chain, then reverted so the chain is left as it was. Measured on the big chain and on an empty one, in the same
 * process, so the two rates compare.
 */
import { randomInt } from 'node:crypto';
import type { BlockStore } from '../../src/core/node/block-store';
import type { Block } from '../../src/core/protocol/blocks';
import { milestoneAt } from '../../src/core/protocol/networks';
import { roundInfo } from '../../src/core/protocol/rounds';
import { slotNumber } from '../../src/core/protocol/time';
import type { TransactionData } from '../../src/core/protocol/transactions';
import { localnetGenesis, localnetWallets } from '../../src/core/node/localnet';
import { forgeBlock, nowFor, sign, type TestChain } from '../node/support/chain-fixture';

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

export interface ApplyRate {
  emptyBlocksPerSecond: number;
  transfersPerSecond: number;
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
 * Applies `emptyBlocks` empty blocks, then `fullBlocks` blocks of `perBlock` faucet transfers; reverts them all.
 * The blocks come in runs, as a follower downloads them before applying them: each run is forged first (up to the
 * end of the tip's round: the next round's forgers are known only once this one is applied, so a run here is at
 * most 21 blocks where a follower's is 100 or 400, and it is handed over only when its applying starts, where a
 * follower hands a run over while the run before it is applied), handed to the store's read-ahead thread
 * (BlockStore.prefetch, as LocalNode.prepareBlocks does; not with BENCH_SCALE_APPLY_PREFETCH=0), then applied.
 * `batch` blocks of a run share one SQLite transaction (BlockStore.batch), as a follower far behind stores a run
 * (docs/design/sync.md "Batched commits"); 1 (the default) is one transaction a block, as near the tip. The time
 * counted is the hand-off's, applyBlock's and the commits', not forging. `warmInterior` reads the id indexes'
 * interior pages first (warmInteriorPages; the `running` cache state).
 */
export function measureApply(
  store: BlockStore,
  emptyBlocks: number,
  fullBlocks: number,
  perBlock: number,
  batch = APPLY_BATCH,
  warmInterior = false,
): ApplyRate {
  const chain = localnetChain(store);
  const faucet = chain.users[0]!;
  const amountBase = BigInt(randomInt(1_000, MAX_AMOUNT_BASE));
  let applied = 0;
  /** Up to `count` blocks on top of the tip, all in the tip's next round; the first after `skipped` missed slots. */
  const forgeRun = (count: number, transactions: (height: number) => TransactionData[], skipped: number) => {
    const run: Block[] = [];
    const round = roundInfo(store.height() + 1, chain.network).round;
    let last = store.lastBlock();
    while (run.length < count && roundInfo(last.height + 1, chain.network).round === round) {
      const tip = last;
      // forgeBlock forges on the store's tip: here on the run's last block, with the round's forgers.
      const ahead = { lastBlock: () => tip, roundDelegates: (r: number) => store.roundDelegates(r) };
      const blocktime = milestoneAt(chain.network, tip.height + 1).blocktime;
      const slot = slotNumber(tip.timestamp, blocktime) + 1 + (run.length === 0 ? skipped : 0);
      const block = forgeBlock(chain, ahead as unknown as BlockStore, transactions(tip.height + 1), { slot });
      run.push(block);
      last = block.header;
    }
    return run;
  };
  /** Applies `count` blocks run by run; returns the ms of the hand-offs, the applies and the commits. */
  const timed = (count: number, transactions: (height: number) => TransactionData[], skipped = 0): number => {
    let ms = 0;
    for (let done = 0; done < count;) {
      const run = forgeRun(count - done, transactions, done === 0 ? skipped : 0);
      const start = performance.now();
      if (PREFETCH) store.prefetch(run);
      for (let i = 0; i < run.length; i += batch) {
        const chunk = run.slice(i, i + batch);
        const apply = () => {
          for (const block of chunk) {
            store.applyBlock(block, { now: nowFor(chain, block) });
            applied++;
          }
        };
        if (batch === 1) apply();
        else store.batch(apply);
      }
      ms += performance.now() - start;
      done += run.length;
    }
    return ms;
  };
  if (warmInterior) warmInteriorPages(store);
  try {
    // Untimed first blocks, a round of them: the first one on a freshly opened store pays for its statements and
    // caches (about 300 ms on the 1,000,001-block chain), which is start-up, not the rate a running follower applies
    // at; and each forger's first block reads the pages its own rows are written into (its wallet's and delegate's
    // rows, its entries in the rounds' and the generators' indexes), which a running follower rewrites every round
    // and so always has cached.
    const round = milestoneAt(chain.network, store.height() + 1).activeDelegates;
    timed(round, () => [], randomInt(MAX_SKIPPED_SLOTS));
    // The read-ahead threads start at the first hand-off (the round above) and take some 50–100 ms of CPU each to
    // start: once in a follower's life, but inside the timed blocks here unless they are waited for.
    waitForReadAhead(store);
    const emptyMs = timed(emptyBlocks, () => []);
    let nonce = store.state().wallet(faucet.address).nonce;
    const fullMs = timed(fullBlocks, (height) =>
      Array.from({ length: perBlock }, (_, k) =>
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
      ),
    );
    return {
      emptyBlocksPerSecond: emptyBlocks / (emptyMs / 1000),
      transfersPerSecond: (fullBlocks * perBlock) / (fullMs / 1000),
    };
  } finally {
    for (let i = 0; i < applied; i++) store.revertLastBlock();
  }
}
