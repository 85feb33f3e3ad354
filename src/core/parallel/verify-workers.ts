import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ChainContext } from '../protocol/networks';
import { verifySerialized, type VerifyOutcome } from './verify-serialized';
import { fromHex } from '../protocol/hex';
import { packChecks } from './packed-checks';
import { reportSecp256k1Fallback } from './secp256k1-report';
import type { SignatureCheck } from './signature-checks';
import type { VerifyRequest, VerifyResponse } from './verify-worker';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a job answers: deserialize+verify outcomes, or signature verdicts (with addresses when asked). */
type Answer = VerifyOutcome[] | { verdicts: boolean[]; addresses?: string[] };

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Why the worker stopped (it failed to load, threw, or exited): work posted to it is refused at once. */
  dead: Error | undefined;
  /** Settles when the thread has exited. */
  exited: Promise<void>;
}

/** How long close() lets a worker finish its queued checks and exit by itself before terminating it. */
const CLOSE_GRACE_MS = 10_000;

export interface VerifySignaturesOptions {
  /**
   * true: every check in one message to the least busy worker instead of a part to each. For the small batches
   * several clients send at once (POST /transactions, at most 40): the batches already keep every worker busy,
   * and each message wakes a worker thread, which costs the main thread (bench:ingest, docs/benchmarks.md).
   */
  oneWorker?: boolean;
  /**
   * A network's address version (pubKeyHash): each verified key's address is derived on the worker too
   * (signature-checks.ts checkAddresses) and answered beside its verdict.
   */
  addressVersion?: number;
}

/** Verdicts in the order of the checks, and with `addressVersion` each verified key's address ('' otherwise). */
export interface VerifiedSignatures {
  verdicts: boolean[];
  addresses?: string[];
}

export interface VerifyWorkersOptions {
  /** The bundled verify-worker script (dist/verify-worker.mjs next to the CLI bundle). */
  workerUrl: URL;
  /** Worker threads; defaults to the number of cores. */
  size?: number;
}

/**
 * Spreads deserialize+verify over worker threads: signature verification is CPU-bound and a 2-core machine
 * only reaches the node's throughput target with both cores busy (issue: ≥ 1,000 transfers/s).
 */
export class VerifyWorkers {
  private readonly workers: PoolWorker[];
  private nextJob = 1;
  private closed = false;

  constructor(options: VerifyWorkersOptions) {
    const size = Math.max(1, options.size ?? availableParallelism());
    this.workers = Array.from({ length: size }, () => this.spawn(options.workerUrl));
  }

  private spawn(url: URL): PoolWorker {
    const worker = new Worker(url);
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const entry: PoolWorker = { worker, pending: new Map(), dead: undefined, exited };
    entry.worker.unref();
    entry.worker.on('message', (response: VerifyResponse) => {
      const pending = entry.pending.get(response.jobId);
      if (!pending) return;
      entry.pending.delete(response.jobId);
      if ('error' in response) pending.reject(new Error(`verify worker failed: ${response.error}`));
      else if ('outcomes' in response) pending.resolve(response.outcomes);
      else
        pending.resolve(
          response.addresses === undefined
            ? { verdicts: response.verdicts }
            : { verdicts: response.verdicts, addresses: response.addresses },
        );
    });
    const failAll = (error: Error) => {
      entry.dead ??= error;
      for (const pending of entry.pending.values()) pending.reject(error);
      entry.pending.clear();
    };
    entry.worker.on('error', failAll);
    entry.worker.on('exit', (code) => {
      if (!this.closed) failAll(new Error(`verify worker exited with code ${code}`));
    });
    return entry;
  }

  get size(): number {
    return this.workers.length;
  }

  /** Outcomes in the order of `items`. Small batches are verified inline: posting costs more than it saves. */
  async verifyMany(items: Uint8Array[], ctx: ChainContext): Promise<VerifyOutcome[]> {
    if (this.closed) throw new Error('VerifyWorkers is closed');
    if (items.length < 8 || this.workers.length === 1) {
      return items.map((bytes) => verifySerialized(bytes, ctx));
    }
    const chunkSize = Math.ceil(items.length / this.workers.length);
    const parts = this.workers.map((entry, index) => {
      const chunk = items.slice(index * chunkSize, (index + 1) * chunkSize);
      if (chunk.length === 0) return Promise.resolve([]);
      return this.post(entry, { kind: 'serialized', network: ctx.network, height: ctx.height, items: chunk });
    });
    return (await Promise.all(parts)).flatMap((answer) => {
      if (!Array.isArray(answer))
        throw new Error('verify worker answered verdicts to serialized transactions');
      return answer;
    });
  }

  /**
   * Signature checks spread over the workers, answers in the order of `checks`. The main thread stays free
   * meanwhile (the API keeps answering while a block is verified).
   */
  async verifySignatures(
    checks: readonly SignatureCheck[],
    options: VerifySignaturesOptions = {},
  ): Promise<boolean[]> {
    return (await this.verifySignaturesAndAddresses(checks, options)).verdicts;
  }

  /** verifySignatures, with each verified key's address when `options.addressVersion` is given. */
  async verifySignaturesAndAddresses(
    checks: readonly SignatureCheck[],
    options: VerifySignaturesOptions = {},
  ): Promise<VerifiedSignatures> {
    if (this.closed) throw new Error('VerifyWorkers is closed');
    const { addressVersion } = options;
    if (checks.length === 0)
      return addressVersion === undefined ? { verdicts: [] } : { verdicts: [], addresses: [] };
    const targets = options.oneWorker === true ? [this.leastBusy()] : this.workers;
    const chunkSize = Math.ceil(checks.length / targets.length);
    const parts = targets.map(async (entry, index): Promise<VerifiedSignatures> => {
      const chunk = checks.slice(index * chunkSize, (index + 1) * chunkSize);
      if (chunk.length === 0) return { verdicts: [], addresses: [] };
      const version = addressVersion === undefined ? {} : { addressVersion };
      // One transferred buffer a worker (packed-checks.ts), unless a part is too long to pack.
      const packed = packChecks(chunk);
      const answer =
        packed === undefined
          ? await this.post(entry, { kind: 'signatures', checks: chunk, ...version })
          : await this.post(entry, { kind: 'packed', packed, ...version }, [packed.buffer]);
      if (Array.isArray(answer)) throw new Error('verify worker answered outcomes to signature checks');
      return answer;
    });
    const answers = await Promise.all(parts);
    const verdicts = answers.flatMap((answer) => answer.verdicts);
    if (addressVersion === undefined) return { verdicts };
    return {
      verdicts,
      addresses: answers.flatMap((answer) => answer.addresses ?? answer.verdicts.map(() => '')),
    };
  }

  /** The live worker with the fewest jobs waiting (the first worker when none lives: posting then refuses). */
  private leastBusy(): PoolWorker {
    let best: PoolWorker | undefined;
    for (const entry of this.workers) {
      if (entry.dead !== undefined) continue;
      if (best === undefined || entry.pending.size < best.pending.size) best = entry;
    }
    return best ?? this.workers[0]!;
  }

  private post(
    entry: PoolWorker,
    request: DistributiveOmit<Exclude<VerifyRequest, { kind: 'close' }>, 'jobId'>,
    transfer: ArrayBuffer[] = [],
  ): Promise<Answer> {
    // A worker that is gone answers nothing: the caller verifies inline instead of waiting for it.
    if (entry.dead !== undefined) return Promise.reject(entry.dead);
    const jobId = this.nextJob++;
    return new Promise<Answer>((resolve, reject) => {
      entry.pending.set(jobId, { resolve, reject });
      entry.worker.ref();
      entry.worker.postMessage({ ...request, jobId }, transfer);
    }).finally(() => {
      if (entry.pending.size === 0) entry.worker.unref();
    });
  }

  /**
   * Asks each worker to exit once the checks queued to it are answered, and waits for it. Not terminate(): a worker
   * terminated inside a native call — libsecp256k1's addon creating its context while the worker warms up — aborts
   * the whole process (bcrypto asserts that napi_create_external succeeded: SIGABRT, measured 7 times in 40 when
   * `votary node` was stopped the moment it printed its ready line). terminate() stays the fallback for a worker
   * that has not exited after CLOSE_GRACE_MS.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.workers.map(async (entry) => {
        // Held while closing: an unreferenced worker would let the process end, and Node terminate it, meanwhile.
        entry.worker.ref();
        entry.worker.postMessage({ kind: 'close' } satisfies VerifyRequest);
        let timer: NodeJS.Timeout | undefined;
        const overdue = new Promise<'overdue'>((resolve) => {
          timer = setTimeout(() => resolve('overdue'), CLOSE_GRACE_MS);
        });
        const outcome = await Promise.race([entry.exited, overdue]);
        clearTimeout(timer);
        if (outcome === 'overdue') await entry.worker.terminate();
      }),
    );
  }
}

/**
 * A pool on the bundled worker script, or undefined when the script is not there (an unbundled host). Each worker
 * gets a first check at once: loading libsecp256k1 and warming the JIT cost about 250 ms, paid at start rather than
 * by the first block. The host is told here when libsecp256k1's native addon did not load (secp256k1-report.ts).
 */
export function openVerifyWorkers(workerUrl: URL, size?: number): VerifyWorkers | undefined {
  reportSecp256k1Fallback();
  if (workerUrl.protocol !== 'file:' || !existsSync(fileURLToPath(workerUrl))) return undefined;
  const workers = new VerifyWorkers({ workerUrl, ...(size === undefined ? {} : { size }) });
  const generator = fromHex('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');
  const warmUp: SignatureCheck[] = Array.from({ length: workers.size * 2 }, (_, i) => ({
    algorithm: i % 2 === 0 ? 'ecdsa' : 'schnorr',
    hash: new Uint8Array(32).fill(i + 1),
    signature: new Uint8Array(64).fill(1),
    publicKey: generator,
  }));
  workers.verifySignatures(warmUp).catch(() => undefined);
  return workers;
}
