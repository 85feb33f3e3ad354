import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ChainContext } from '../networks';
import { verifySerialized, type VerifyOutcome } from './verify-serialized';
import type { VerifyRequest, VerifyResponse } from './verify-worker';

interface Pending {
  resolve(outcomes: VerifyOutcome[]): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
}

export interface VerifyPoolOptions {
  /** The bundled verify-worker script (dist/verify-worker.mjs next to the CLI bundle). */
  workerUrl: URL;
  /** Worker threads; defaults to the number of cores. */
  size?: number;
}

/**
 * Spreads deserialize+verify over worker threads: signature verification is CPU-bound and a 2-core machine
 * only reaches the node's throughput target with both cores busy (issue: ≥ 1,000 transfers/s).
 */
export class VerifyPool {
  private readonly workers: PoolWorker[];
  private nextJob = 1;
  private closed = false;

  constructor(options: VerifyPoolOptions) {
    const size = Math.max(1, options.size ?? availableParallelism());
    this.workers = Array.from({ length: size }, () => this.spawn(options.workerUrl));
  }

  private spawn(url: URL): PoolWorker {
    const entry: PoolWorker = { worker: new Worker(url), pending: new Map() };
    entry.worker.unref();
    entry.worker.on('message', (response: VerifyResponse) => {
      const pending = entry.pending.get(response.jobId);
      if (!pending) return;
      entry.pending.delete(response.jobId);
      if ('error' in response) pending.reject(new Error(`verify worker failed: ${response.error}`));
      else pending.resolve(response.outcomes);
    });
    const failAll = (error: Error) => {
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
    if (this.closed) throw new Error('VerifyPool is closed');
    if (items.length < 8 || this.workers.length === 1) {
      return items.map((bytes) => verifySerialized(bytes, ctx));
    }
    const chunkSize = Math.ceil(items.length / this.workers.length);
    const parts = this.workers.map((entry, index) => {
      const chunk = items.slice(index * chunkSize, (index + 1) * chunkSize);
      if (chunk.length === 0) return Promise.resolve([]);
      return this.post(entry, { network: ctx.network, height: ctx.height, items: chunk });
    });
    return (await Promise.all(parts)).flat();
  }

  private post(entry: PoolWorker, request: Omit<VerifyRequest, 'jobId'>): Promise<VerifyOutcome[]> {
    const jobId = this.nextJob++;
    return new Promise((resolve, reject) => {
      entry.pending.set(jobId, { resolve, reject });
      entry.worker.ref();
      entry.worker.postMessage({ ...request, jobId } satisfies VerifyRequest);
    }).finally(() => {
      if (entry.pending.size === 0) entry.worker.unref();
    }) as Promise<VerifyOutcome[]>;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((entry) => entry.worker.terminate()));
  }
}
