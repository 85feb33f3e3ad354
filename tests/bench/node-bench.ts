/**
 * `npm run bench:node`: the embedded node on this machine.
 *
 * (a) Full blocks of 150 transfers through BlockStore.applyBlock on an on-disk chain (WAL): every block's 150
 *     senders are new (1,500 genesis-funded wallets), so the verifier's parsed-key cache never helps. "With
 *     signatures" is the one validation every block goes through; "without" is the same call with
 *     `skipBlockVerification`, which leaves out Block.verify() (block + transaction signatures, and the payload
 *     rules it checks, which cost microseconds) and keeps chaining, slot owner, every state rule and the write.
 * (b) Pool ingest: TransactionPool.addTransactions of pre-signed transfers in batches of 40, as transaction data
 *     (what POST /api/transactions receives) and as serialized bytes; 2 per sender.
 * (c) Restart: LocalNode.start on a localnet database of 1,000,000 blocks (million-blocks.ts: synthetic rows,
 *     built once and reused from .votary-data/bench-node/ or $VOTARY_BENCH_DIR).
 */
import { nodeParts } from '../../src/core/node/parts';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { verifyChain, verifyChainInParallel, type BlockStore } from '../../src/core/node/block-store';
import { LocalNode } from '../../src/core/node/node';
import { clearVerdicts } from '../../src/core/protocol/crypto/verdicts';
import { blockChecks } from '../../src/core/parallel/signature-checks';
import { prefetchSignatures } from '../../src/core/parallel/signature-prefetch';
import { openVerifyWorkers, type VerifyWorkers } from '../../src/core/parallel/verify-workers';
import { TransactionPool } from '../../src/core/node/transaction-pool';
import { serializeTransaction, type TransactionData } from '../../src/core/protocol/transactions';
import {
  createTestChain,
  forgeBlock,
  nowFor,
  openStore,
  sign,
  type TestChain,
} from '../node/support/chain-fixture';
import { buildMillionBlockDb, hasMillionBlockDb } from './million-blocks';

const PER_BLOCK = 150;
const BLOCKS = 10;
const POOL_BATCH = 40;
const MILLION = 1_000_000;
const RESTARTS = 7;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Transfers with nonce `nonce` from users[from … from+count-1]. */
function transfers(chain: TestChain, from: number, count: number, nonce: bigint): TransactionData[] {
  return Array.from({ length: count }, (_, i) => {
    const sender = chain.users[from + i]!;
    const recipient = chain.users[(from + i + 1) % chain.users.length]!;
    return sign(
      chain,
      { type: 0, nonce, amount: 1_000n + BigInt(i), recipientId: recipient.address },
      sender.passphrase,
    );
  });
}

/** Milliseconds per block through applyBlock, each block forged (untimed) on top of the store's tip. */
function applyBlocks(
  chain: TestChain,
  store: BlockStore,
  batches: TransactionData[][],
  skip: boolean,
): number[] {
  return batches.map((txs) => {
    const block = forgeBlock(chain, store, txs);
    const start = performance.now();
    store.applyBlock(block, { now: nowFor(chain, block), skipBlockVerification: skip });
    return performance.now() - start;
  });
}

/**
 * The same with the signature checks on the worker pool (every core) first: milliseconds from the block in hand
 * to the block stored, prefetch included (what the node's forger and replay do).
 */
async function applyBlocksWithPool(
  chain: TestChain,
  store: BlockStore,
  batches: TransactionData[][],
  workers: VerifyWorkers,
): Promise<number[]> {
  const times: number[] = [];
  for (const txs of batches) {
    const block = forgeBlock(chain, store, txs);
    const start = performance.now();
    await prefetchSignatures(workers, blockChecks(block, chain.network));
    store.applyBlock(block, { now: nowFor(chain, block) });
    times.push(performance.now() - start);
  }
  return times;
}

function poolIngest(
  chain: TestChain,
  dataDir: string,
  txs: readonly TransactionData[],
  asBytes: boolean,
): number {
  const store = openStore(chain, dataDir);
  try {
    const pool = TransactionPool.open({ db: store.db, network: chain.network, chain: store });
    const items = asBytes ? txs.map((tx) => serializeTransaction(tx)) : txs;
    const start = performance.now();
    let accepted = 0;
    for (let i = 0; i < items.length; i += POOL_BATCH) {
      accepted += pool.addTransactions(items.slice(i, i + POOL_BATCH)).accept.length;
    }
    const seconds = (performance.now() - start) / 1000;
    if (accepted !== items.length) throw new Error(`the pool accepted ${accepted} of ${items.length}`);
    return items.length / seconds;
  } finally {
    store.close();
  }
}

async function restartTimes(dataDir: string): Promise<{ height: number; times: number[]; forged: boolean }> {
  if (!hasMillionBlockDb(dataDir, MILLION + 1)) {
    console.log(`building the ${MILLION.toLocaleString('en')}-block database in ${dataDir} (once)…`);
    const start = performance.now();
    buildMillionBlockDb(dataDir, MILLION + 1, (height) => process.stdout.write(`\r  height ${height}`));
    console.log(`\n  built in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  }
  // A first open applies any migration added since the database was built: not a restart.
  await (await LocalNode.start({ dataDir, forging: false })).stop();
  const times: number[] = [];
  let height = 0;
  for (let i = 0; i < RESTARTS; i++) {
    const start = performance.now();
    const node = await LocalNode.start({ dataDir, forging: false });
    times.push(performance.now() - start);
    height = node.height;
    await node.stop();
  }
  // The synthetic chain is consistent enough to continue: forge the next block, then take it back.
  const node = await LocalNode.start({ dataDir, forging: false });
  const outcome = nodeParts(node).forger.forgeAt(Date.now());
  if (outcome.kind === 'forged') node.revertBlocks(1);
  await node.stop();
  return { height, times, forged: outcome.kind === 'forged' };
}

async function main(): Promise<void> {
  console.log(`Votary node benchmark · node ${process.version} · ${availableParallelism()} cores`);
  const work = mkdtempSync(join(tmpdir(), 'votary-bench-node-'));
  try {
    console.log(
      `preparing a chain with ${BLOCKS * PER_BLOCK} funded wallets and ${2 * BLOCKS * PER_BLOCK} signed transfers…`,
    );
    const chain = createTestChain({ users: BLOCKS * PER_BLOCK });
    const first = Array.from({ length: BLOCKS }, (_, b) => transfers(chain, b * PER_BLOCK, PER_BLOCK, 1n));
    const second = Array.from({ length: BLOCKS }, (_, b) => transfers(chain, b * PER_BLOCK, PER_BLOCK, 2n));

    const store = openStore(chain, join(work, 'a'));
    const verified = applyBlocks(chain, store, first, false);
    // Then the nonce-2 transfers of the same senders, without Block.verify().
    const unverified = applyBlocks(chain, store, second, true);
    // Then nonce 3 with the signatures verified on every core first.
    const workers = openVerifyWorkers(new URL('./verify-worker.mjs', import.meta.url));
    if (workers === undefined)
      throw new Error('dist/verify-worker.mjs is missing: run scripts/build-cli.mjs');
    const third = Array.from({ length: BLOCKS }, (_, b) => transfers(chain, b * PER_BLOCK, PER_BLOCK, 3n));
    // The event loop's worst stall meanwhile: what an API request would wait for while a block is verified.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const parallel = await applyBlocksWithPool(chain, store, third, workers);
    loop.disable();
    const worstStallMs = loop.max / 1e6;
    // Then nonce 4 as the node forges: admitted to its pool first (which verifies each once), then the block.
    const txPool = TransactionPool.open({ db: store.db, network: chain.network, chain: store });
    const fourth = Array.from({ length: BLOCKS }, (_, b) => transfers(chain, b * PER_BLOCK, PER_BLOCK, 4n));
    const forged = fourth.map((txs) => {
      const admitted = txPool.addTransactions(txs);
      if (admitted.accept.length !== txs.length)
        throw new Error(`the pool refused ${JSON.stringify(admitted.errors)}`);
      const block = forgeBlock(chain, store, txs);
      const start = performance.now();
      store.applyBlock(block, { now: nowFor(chain, block) });
      const ms = performance.now() - start;
      txPool.afterBlock(block);
      return ms;
    });
    // Replay (`votary node verify`) of these 40 full blocks, on one thread and with the worker pool: the median
    // of three runs each (one run is under two seconds, and the machine is noisy).
    const replayedTransactions = 4 * BLOCKS * PER_BLOCK;
    const replayRuns = async (run: () => Promise<boolean>): Promise<number> => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        clearVerdicts();
        const started = performance.now();
        if (!(await run())) throw new Error('replay failed');
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[1]!;
    };
    const replayInlineMs = await replayRuns(() => Promise.resolve(verifyChain(store).verified));
    const replayPoolMs = await replayRuns(async () => (await verifyChainInParallel(store, workers)).verified);
    await workers.close();
    store.close();

    const allTransfers = [...first.flat(), ...second.flat()];
    // Each ingest verifies from scratch: no verdict left by the blocks above or by the other ingest.
    clearVerdicts();
    const poolData = poolIngest(chain, join(work, 'b1'), allTransfers, false);
    clearVerdicts();
    const poolBytes = poolIngest(chain, join(work, 'b2'), allTransfers, true);

    const restartDir = process.env['VOTARY_BENCH_DIR'] ?? join(process.cwd(), '.votary-data', 'bench-node');
    const restart = await restartTimes(restartDir);

    const results = {
      blockApplyMs: { mean: mean(verified), median: median(verified), max: Math.max(...verified) },
      blockApplyWorkerPoolMs: { mean: mean(parallel), median: median(parallel), max: Math.max(...parallel) },
      blockApplyFromPoolMs: { mean: mean(forged), median: median(forged), max: Math.max(...forged) },
      worstEventLoopStallWithWorkerPoolMs: worstStallMs,
      replayTransactionsPerSecond: {
        inline: replayedTransactions / (replayInlineMs / 1000),
        workerPool: replayedTransactions / (replayPoolMs / 1000),
      },
      transfersPerSecondWithSignatures: PER_BLOCK / (mean(verified) / 1000),
      transfersPerSecondWithoutSignatures: PER_BLOCK / (mean(unverified) / 1000),
      blockApplyWithoutSignaturesMs: mean(unverified),
      poolIngestPerSecond: { data: poolData, bytes: poolBytes },
      restart: {
        height: restart.height,
        medianMs: median(restart.times),
        maxMs: Math.max(...restart.times),
        forgedNext: restart.forged,
      },
    };
    const rows: [string, string][] = [
      ['full block (150 transfers): validate + apply, mean', `${results.blockApplyMs.mean.toFixed(0)} ms`],
      [
        'full block: median / max',
        `${results.blockApplyMs.median.toFixed(0)} / ${results.blockApplyMs.max.toFixed(0)} ms`,
      ],
      [
        'transfers applied/s, with signature verification',
        results.transfersPerSecondWithSignatures.toFixed(0),
      ],
      [
        'full block, signatures on every core first: mean / max',
        `${results.blockApplyWorkerPoolMs.mean.toFixed(0)} / ${results.blockApplyWorkerPoolMs.max.toFixed(0)} ms`,
      ],
      [
        'worst event-loop stall while blocks are verified on the pool and applied',
        `${results.worstEventLoopStallWithWorkerPoolMs.toFixed(0)} ms`,
      ],
      [
        'full block forged from the pool (verified on admission): mean / max',
        `${results.blockApplyFromPoolMs.mean.toFixed(0)} / ${results.blockApplyFromPoolMs.max.toFixed(0)} ms`,
      ],
      [
        'replay (votary node verify) of 40 full blocks, transactions/s: inline / worker pool',
        `${results.replayTransactionsPerSecond.inline.toFixed(0)} / ${results.replayTransactionsPerSecond.workerPool.toFixed(0)}`,
      ],
      ['transfers applied/s, without Block.verify()', results.transfersPerSecondWithoutSignatures.toFixed(0)],
      ['full block without Block.verify(), mean', `${results.blockApplyWithoutSignaturesMs.toFixed(1)} ms`],
      ['pool ingest/s, transaction data, batches of 40', poolData.toFixed(0)],
      ['pool ingest/s, serialized bytes, batches of 40', poolBytes.toFixed(0)],
      [
        `restart (LocalNode.start) at height ${restart.height.toLocaleString('en')}, median`,
        `${results.restart.medianMs.toFixed(0)} ms`,
      ],
      ['restart, max', `${results.restart.maxMs.toFixed(0)} ms`],
    ];
    for (const [what, value] of rows) console.log(`${what.padEnd(80)} ${value.padStart(14)}`);
    console.log(
      `targets: full block < 500 ms: ${results.blockApplyMs.max < 500 ? 'met' : 'NOT met'}; restart < 1000 ms: ${results.restart.maxMs < 1000 ? 'met' : 'NOT met'}`,
    );
    console.log(JSON.stringify(results));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
