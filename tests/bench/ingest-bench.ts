/**
 * `npm run bench:ingest`: signed transfers POSTed to the embedded node's public API (`POST /api/transactions`,
 * JSON as ARK clients send it) by 4 concurrent clients in batches of 40, accepted and persisted in the pool, in two
 * shapes: distinct senders (one transfer each), and hot wallets (each batch one sender's 40 consecutive nonces). A
 * real LocalNode on a fresh localnet with its worker pool (dist/verify-worker.mjs, every core), forging paused while
 * measuring so only admission is timed. The clients run in a process of their own (ingest-clients.ts).
 *
 * Beside each shape, the reference's native rate on the same transactions' bytes: ARK Core 3.9.1's
 * @arkecosystem/crypto with bcrypto's native addon on ARK's Node 16 (ingest-native.ts), one thread, as its pool
 * worker deserializes and verifies. Votary and the reference take turns on slices of the same batches (rounds),
 * so a machine shared with other work loads both alike. Reports accepted transfers/s, the reference's rate, their
 * ratio, and the worst event-loop stall while Votary ingested (perf_hooks.monitorEventLoopDelay).
 *
 * Usage: node dist/bench-ingest.mjs [transfers per shape = 8000]
 * Environment: BENCH_INGEST_ROUNDS (4), BENCH_INGEST_WARM (50 untimed batches each side first), ARK_BASE
 * (/var/tmp/ark-core-testnet: the reference; absent → not measured), BENCH_INGEST_ONLY=distinct|hot (one shape),
 * BENCH_INGEST_ARK_API (the local ARK Core node's API, e.g. http://127.0.0.1:17003, started with ARK_NO_RATE_LIMIT=1:
 * its own rate on the same shapes, ingest-ark.cjs, after Votary's; BENCH_INGEST_ARK_COUNT transfers per shape,
 * default 2000), BENCH_INGEST_WORKERS=0 (no verify workers: every signature checked on the node's main thread),
 * VOTARY_SECP256K1=wasm (the WebAssembly verifier), BENCH_INGEST_PROFILE=<dir> (a V8 CPU profile of the node's main
 * thread while Votary ingests, one file a slice, for Chrome DevTools or scripts/profile-summary.mjs).
 */
import { nodeParts } from '../../src/core/node/parts';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApiServer } from '../../src/core/api';
import { LocalNode } from '../../src/core/node/node';
import { localnet, localnetDelegateSecrets } from '../../src/core/node/localnet';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { secp256k1Verifier } from '../../src/core/protocol/crypto/libsecp256k1';
import { toHex } from '../../src/core/protocol/hex';
import {
  serializeTransaction,
  signTransaction,
  transactionToJson,
  type TransactionData,
} from '../../src/core/protocol/transactions';
import { serveClientProcess, startClientProcess } from './ingest-clients';
import { arkCoreRates, startNativeVerifier, type NativeVerifier } from './ingest-native';
import { mainThreadCpuSeconds, mainThreadSchedule, threadCpuSeconds } from './thread-cpu';
import { mainThreadProfiler } from './main-thread-profiler';

// The clients' process is this bundle too: loaded first, so the timing starts with the first request.
if (process.argv.includes('--clients')) serveClientProcess();
else await main();

interface Shape {
  name: 'distinct' | 'hot';
  /** Batches of 40 as JSON bodies, and each batch's transactions serialized in hex (for the reference). */
  bodies: string[];
  hex: string[][];
}

interface ShapeResult {
  transactions: number;
  accepted: number;
  perSecond: number;
  nativePerSecond?: number;
  ratio?: number;
  /** CPU time per accepted transfer: Votary's node process (every thread), the reference's (one thread). */
  cpuMicrosPerTransfer: number;
  /** The node's main thread alone (the event loop: HTTP, JSON, admission, SQLite), where /proc tells it. */
  mainThreadCpuMicrosPerTransfer?: number;
  /**
   * The node's other threads, busiest first (µs a transfer each, threads under 5 µs left out): the verify workers,
   * the checkpointer, V8's garbage collection and compiler threads.
   */
  otherThreadsCpuMicrosPerTransfer?: number[];
  /**
   * The main thread's wall time while Votary ingested, in per cent: on a core, and runnable but waiting for one (its
   * schedstat, Linux). Whether the event loop, which every request passes twice, is kept from running.
   */
  mainThreadSchedule?: { onCorePercent: number; waitingPercent: number };
  /** The clients' process (4 clients posting), which shares the machine's cores with the node. */
  clientCpuMicrosPerTransfer: number;
  nativeCpuMicrosPerTransfer?: number;
  maxEventLoopDelayMs: number;
  /** Each round: Votary's rate, the reference's, and the worst event-loop stall while Votary ingested. */
  rounds: { votary: number; native?: number; stallMs: number; cpuMicrosPerTransfer: number }[];
}

async function main(): Promise<void> {
  const PER_SHAPE = Number(process.argv[2] ?? 8_000);
  const ROUNDS = Number(process.env['BENCH_INGEST_ROUNDS'] ?? 4);
  const ONLY = process.env['BENCH_INGEST_ONLY'];
  const ARK_BASE = process.env['ARK_BASE'] ?? '/var/tmp/ark-core-testnet';
  const CLIENTS = 4;
  const BATCH = 40;
  const PAYMENTS = 128;
  const PORT = 4391;
  /**
   * Untimed batches each side sees first (BENCH_INGEST_WARM): 50 of 40, so both are measured compiled, as a node
   * that has been serving is. With 10, Votary's first timed round still spent 500–560 µs of CPU a transfer against
   * 330–390 in the later ones (the optimizing compiler on V8's background threads: docs/benchmarks.md "Ingest").
   */
  const WARM_BATCHES = Number(process.env['BENCH_INGEST_WARM'] ?? 50);
  const pubKeyHash = localnet.network.pubKeyHash;

  const dataDir = mkdtempSync(join(tmpdir(), 'votary-bench-ingest-'));
  const node = await LocalNode.start({
    dataDir,
    blockTime: 1,
    ...(process.env['BENCH_INGEST_WORKERS'] === '0'
      ? {}
      : { verifyWorkerUrl: new URL('./verify-worker.mjs', import.meta.url) }),
    // Both shapes and the warm-up stay in the pool (forging is paused while timing): ARK's 15,000 would refuse the
    // second shape's last transfers as a full pool, which is not what is measured.
    pool: { maxTransactionsInPool: 2 * PER_SHAPE + WARM_BATCHES * BATCH + 1_000 },
  });
  const api = createApiServer({ node, publicPort: PORT, port: PORT + 1 });
  const { publicUrl } = await api.listen();
  let native: NativeVerifier | undefined;

  try {
    // 1. Fund the senders: multipayments of 128 from the genesis delegates, forged in a few 1-second blocks.
    //    Distinct senders send one transfer each; a hot wallet sends 40 (each batch is one of them).
    const delegates = localnetDelegateSecrets();
    const distinct = Array.from({ length: PER_SHAPE }, (_, i) => `votary ingest bench sender ${i}`);
    const hot = Array.from(
      { length: Math.ceil(PER_SHAPE / BATCH) },
      (_, i) => `votary ingest hot wallet ${i}`,
    );
    // Senders of the warm-up batches, posted before anything is timed (below).
    const warm = Array.from({ length: WARM_BATCHES * BATCH }, (_, i) => `votary ingest warm-up sender ${i}`);
    const senders = [...distinct, ...hot, ...warm];
    const addresses = senders.map((passphrase) => addressFromPassphrase(passphrase, pubKeyHash));
    const ctx = () => ({ network: localnet, height: node.height + 1 });
    const nonces = new Map<string, bigint>();
    const funding: TransactionData[] = [];
    for (let start = 0, k = 0; start < senders.length; start += PAYMENTS, k++) {
      const passphrase = delegates[k % delegates.length]!;
      const current =
        nonces.get(passphrase) ??
        nodeParts(node).store.state().wallet(addressFromPassphrase(passphrase, pubKeyHash)).nonce;
      const nonce = current + 1n;
      nonces.set(passphrase, nonce);
      // 1 VTY a distinct sender, 10 a hot wallet (40 transfers and their fees).
      const payments = addresses.slice(start, start + PAYMENTS).map((recipientId, j) => ({
        recipientId,
        amount: start + j < distinct.length ? 100_000_000n : 1_000_000_000n,
      }));
      funding.push(
        signTransaction({ type: 6, nonce, fee: 50_000_000n, asset: { payments } }, { passphrase }, ctx()),
      );
    }
    const funded = node.addTransactions(funding);
    if (funded.invalid.length > 0) throw new Error(`funding refused: ${JSON.stringify(funded.errors)}`);
    const last = addresses.at(-1)!;
    while (nodeParts(node).pool.size() > 0 || nodeParts(node).store.state().wallet(last).balance === 0n) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    nodeParts(node).forger.pause();

    // 2. The transfers, signed ahead, in batches of 40: JSON bodies for Votary, hex for the reference.
    const transfer = (passphrase: string, nonce: bigint, i: number) =>
      signTransaction(
        { type: 0, nonce, amount: 1_000n + BigInt(i), recipientId: addresses[(i + 1) % PER_SHAPE]! },
        { passphrase },
        ctx(),
      );
    const toShape = (name: Shape['name'], txs: TransactionData[]): Shape => {
      const bodies: string[] = [];
      const hex: string[][] = [];
      for (let i = 0; i < txs.length; i += BATCH) {
        const batch = txs.slice(i, i + BATCH);
        bodies.push(JSON.stringify({ transactions: batch.map(transactionToJson) }));
        hex.push(batch.map((tx) => toHex(serializeTransaction(tx))));
      }
      return { name, bodies, hex };
    };
    const shapes: Shape[] = [];
    if (ONLY !== 'hot')
      shapes.push(
        toShape(
          'distinct',
          distinct.map((p, i) => transfer(p, 1n, i)),
        ),
      );
    if (ONLY !== 'distinct') {
      const txs: TransactionData[] = [];
      hot.forEach((passphrase, w) => {
        for (let n = 1; n <= BATCH && txs.length < PER_SHAPE; n++)
          txs.push(transfer(passphrase, BigInt(n), w));
      });
      shapes.push(toShape('hot', txs));
    }

    native = await startNativeVerifier(ARK_BASE, pubKeyHash, node.height + 1);
    if (native !== undefined) {
      // The reference's JIT warmed on a slice it will see again (it keeps nothing between calls).
      await native.run(shapes[0]!.hex.slice(0, WARM_BATCHES).flat());
    }

    let firstError: string | undefined;
    const profileDir = process.env['BENCH_INGEST_PROFILE'];
    const profiler = profileDir === undefined ? undefined : mainThreadProfiler(profileDir);
    const script = fileURLToPath(import.meta.url);

    /**
     * Votary: the slice's batches from CLIENTS concurrent clients; accepted, seconds, the node process's CPU time
     * (every thread: HTTP, admission, the verify workers) and the worst stall.
     */
    async function votary(bodies: string[]) {
      const clients = await startClientProcess(script);
      await clients.load({ url: `${publicUrl}/transactions`, batches: bodies, clients: CLIENTS });
      const delay = monitorEventLoopDelay({ resolution: 5 });
      await profiler?.start();
      delay.enable();
      const cpu = process.cpuUsage();
      const mainCpu = mainThreadCpuSeconds();
      const scheduleBefore = mainThreadSchedule();
      const threadsBefore = threadCpuSeconds();
      const started = performance.now();
      const result = await clients.run();
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      delay.disable();
      await profiler?.stop();
      firstError ??= result.firstError;
      const cpuSeconds = (used.user + used.system) / 1e6;
      const mainEnd = mainThreadCpuSeconds();
      const scheduleAfter = mainThreadSchedule();
      const schedule =
        scheduleBefore === undefined || scheduleAfter === undefined
          ? undefined
          : {
              cpuMs: scheduleAfter.cpuMs - scheduleBefore.cpuMs,
              runQueueMs: scheduleAfter.runQueueMs - scheduleBefore.runQueueMs,
            };
      const threads = new Map<number, number>();
      for (const [tid, used] of threadCpuSeconds()) {
        if (tid !== process.pid) threads.set(tid, used - (threadsBefore.get(tid) ?? 0));
      }
      const mainCpuSeconds = mainCpu === undefined || mainEnd === undefined ? undefined : mainEnd - mainCpu;
      return {
        accepted: result.accepted,
        seconds,
        cpuSeconds,
        mainCpuSeconds,
        schedule,
        clientCpuSeconds: result.cpuSeconds,
        threads,
        maxDelayMs: delay.max / 1e6,
      };
    }

    async function measure(shape: Shape): Promise<ShapeResult> {
      const per = Math.ceil(shape.bodies.length / ROUNDS);
      let accepted = 0;
      let seconds = 0;
      let verified = 0;
      let nativeSeconds = 0;
      let cpuSeconds = 0;
      let mainCpuSeconds: number | undefined = 0;
      let schedule: { cpuMs: number; runQueueMs: number } | undefined = { cpuMs: 0, runQueueMs: 0 };
      let clientCpuSeconds = 0;
      const threadSeconds = new Map<number, number>();
      let nativeCpuMs = 0;
      let maxDelayMs = 0;
      const rounds: ShapeResult['rounds'] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const bodies = shape.bodies.slice(r * per, (r + 1) * per);
        if (bodies.length === 0) break;
        const items = shape.hex.slice(r * per, (r + 1) * per).flat();
        // Alternate who goes first, so neither always follows the other's leftovers (GC, page cache).
        const runNative = async () => {
          if (native === undefined) return undefined;
          const run = await native.run(items);
          if (run.failed > 0) firstError ??= `reference refused ${run.failed}: ${run.firstError ?? ''}`;
          verified += run.verified;
          nativeSeconds += run.ms / 1000;
          nativeCpuMs += run.cpuMs;
          return Math.round(run.verified / (run.ms / 1000));
        };
        const first = r % 2 === 0 ? undefined : await runNative();
        const v = await votary(bodies);
        const second = r % 2 === 0 ? await runNative() : first;
        accepted += v.accepted;
        seconds += v.seconds;
        cpuSeconds += v.cpuSeconds;
        clientCpuSeconds += v.clientCpuSeconds;
        for (const [tid, used] of v.threads) threadSeconds.set(tid, (threadSeconds.get(tid) ?? 0) + used);
        mainCpuSeconds =
          mainCpuSeconds === undefined || v.mainCpuSeconds === undefined
            ? undefined
            : mainCpuSeconds + v.mainCpuSeconds;
        schedule =
          schedule === undefined || v.schedule === undefined
            ? undefined
            : {
                cpuMs: schedule.cpuMs + v.schedule.cpuMs,
                runQueueMs: schedule.runQueueMs + v.schedule.runQueueMs,
              };
        maxDelayMs = Math.max(maxDelayMs, v.maxDelayMs);
        const votaryRate = Math.round(v.accepted / v.seconds);
        const stallMs = Math.round(v.maxDelayMs);
        const cpuMicrosPerTransfer = Math.round((v.cpuSeconds * 1e6) / v.accepted);
        rounds.push(
          second === undefined
            ? { votary: votaryRate, stallMs, cpuMicrosPerTransfer }
            : { votary: votaryRate, native: second, stallMs, cpuMicrosPerTransfer },
        );
      }
      const perSecond = Math.round(accepted / seconds);
      const nativePerSecond = native === undefined ? undefined : Math.round(verified / nativeSeconds);
      return {
        transactions: shape.bodies.length === 0 ? 0 : shape.hex.flat().length,
        accepted,
        perSecond,
        ...(nativePerSecond === undefined
          ? {}
          : { nativePerSecond, ratio: Math.round((perSecond / nativePerSecond) * 100) / 100 }),
        cpuMicrosPerTransfer: Math.round((cpuSeconds * 1e6) / accepted),
        ...(mainCpuSeconds === undefined
          ? {}
          : { mainThreadCpuMicrosPerTransfer: Math.round((mainCpuSeconds * 1e6) / accepted) }),
        ...(threadSeconds.size === 0
          ? {}
          : {
              otherThreadsCpuMicrosPerTransfer: [...threadSeconds.values()]
                .map((used) => Math.round((used * 1e6) / accepted))
                .filter((micros) => micros >= 5)
                .sort((a, b) => b - a),
            }),
        ...(schedule === undefined
          ? {}
          : {
              mainThreadSchedule: {
                onCorePercent: Math.round(schedule.cpuMs / (seconds * 10)),
                waitingPercent: Math.round(schedule.runQueueMs / (seconds * 10)),
              },
            }),
        clientCpuMicrosPerTransfer: Math.round((clientCpuSeconds * 1e6) / accepted),
        ...(native === undefined
          ? {}
          : { nativeCpuMicrosPerTransfer: Math.round((nativeCpuMs * 1e3) / verified) }),
        maxEventLoopDelayMs: Math.round(maxDelayMs),
        rounds,
      };
    }

    // Votary's first requests compile its whole admission path (the reference was warmed above on as many
    // batches): the warm-up senders' transfers, one each, are posted first, untimed; before it, the first round ran
    // at two thirds of the next rounds' rate with an 89 ms stall (docs/benchmarks.md, "Ingest").
    const warmUp = toShape(
      'distinct',
      warm.map((p, i) => transfer(p, 1n, i)),
    );
    const warmClients = await startClientProcess(script);
    await warmClients.load({ url: `${publicUrl}/transactions`, batches: warmUp.bodies, clients: CLIENTS });
    const warmed = await warmClients.run();
    if (warmed.accepted !== warm.length) throw new Error(`warm-up refused: ${warmed.firstError ?? ''}`);

    const load = loadavg()[0]!.toFixed(1);
    const results: Record<string, ShapeResult> = {};
    for (const shape of shapes) results[shape.name] = await measure(shape);
    const arkApi = process.env['BENCH_INGEST_ARK_API'];
    const arkCore =
      arkApi === undefined
        ? undefined
        : await arkCoreRates(ARK_BASE, arkApi, Number(process.env['BENCH_INGEST_ARK_COUNT'] ?? 2_000));
    console.log(
      JSON.stringify(
        {
          date: new Date().toISOString(),
          cores: availableParallelism(),
          loadAverage: `${load} → ${loadavg()[0]!.toFixed(1)}`,
          clients: CLIENTS,
          batch: BATCH,
          verifier: `libsecp256k1 ${secp256k1Verifier().name}, ${
            process.env['BENCH_INGEST_WORKERS'] === '0' ? 'on the main thread' : 'on the verify workers'
          }`,
          reference:
            native === undefined
              ? 'not measured (no ARK Core install)'
              : `@arkecosystem/crypto, bcrypto ${native.backend}`,
          ...results,
          ...(arkCore === undefined ? {} : { arkCore }),
          ...(firstError === undefined ? {} : { firstError }),
        },
        null,
        2,
      ),
    );
  } finally {
    native?.close();
    await api.close();
    await node.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
