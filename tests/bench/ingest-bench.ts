/**
 * `npm run bench:ingest`: signed transfers POSTed to the embedded node's public API (`POST /api/transactions`,
 * JSON as ARK clients send it), distinct senders, accepted and persisted in the pool. A real LocalNode on a fresh
 * localnet with its worker pool (dist/verify-worker.mjs, every core), forging paused while measuring so only
 * admission is timed. Reports accepted transfers/s for batches of 40 and of 1 from 4 concurrent clients, and
 * the worst event-loop stall meanwhile (perf_hooks.monitorEventLoopDelay). The clients run on a worker thread
 * of their own, as a wallet or an exchange posts from another process: their JSON and HTTP work does not share
 * the node's event loop (it shares the machine's two cores).
 *
 * Usage: node dist/bench-ingest.mjs [senders=8000]
 */
import { nodeParts } from '../../src/core/node/parts';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { createApiServer } from '../../src/core/api';
import { LocalNode } from '../../src/core/node/node';
import { localnet, localnetDelegateSecrets } from '../../src/core/node/localnet';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import {
  signTransaction,
  transactionToJson,
  type TransactionData,
} from '../../src/core/protocol/transactions';

interface ClientJob {
  url: string;
  batches: string[];
  clients: number;
}

interface ClientResult {
  accepted: number;
  firstError?: string;
}

/** The client side: `clients` loops POSTing the prepared bodies in turn; accepted transactions counted. */
async function runClients({ url, batches, clients }: ClientJob): Promise<ClientResult> {
  let firstError: string | undefined;
  let next = 0;
  let accepted = 0;
  async function post(body: string): Promise<number> {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const parsed = (await answer.json()) as {
      data?: { accept: string[] };
      errors?: unknown;
      message?: string;
    };
    if (firstError === undefined && (parsed.errors !== undefined || parsed.data === undefined)) {
      firstError = JSON.stringify(parsed.errors ?? parsed).slice(0, 400);
    }
    return parsed.data?.accept.length ?? 0;
  }
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < batches.length) {
        const taken = await post(batches[next++]!);
        accepted += taken;
      }
    }),
  );
  return firstError === undefined ? { accepted } : { accepted, firstError };
}

if (!isMainThread) {
  // Loaded: the job comes next, so the timing starts with the first request and not with this bundle's loading.
  parentPort!.once('message', (job: ClientJob) => {
    void runClients(job).then((result) => parentPort!.postMessage(result));
  });
  parentPort!.postMessage('ready');
} else {
  await main();
}

async function main(): Promise<void> {
  const SENDERS = Number(process.argv[2] ?? 8_000);
  const CLIENTS = 4;
  const PAYMENTS = 128;
  const PORT = 4391;

  const dataDir = mkdtempSync(join(tmpdir(), 'votary-bench-ingest-'));
  const node = await LocalNode.start({
    dataDir,
    blockTime: 1,
    verifyWorkerUrl: new URL('./verify-worker.mjs', import.meta.url),
  });
  const api = createApiServer({ node, publicPort: PORT, port: PORT + 1 });
  const { publicUrl } = await api.listen();

  try {
    // 1. Fund the senders: multipayments of 128 from the genesis delegates, forged in a few 1-second blocks.
    const delegates = localnetDelegateSecrets();
    const senders = Array.from({ length: SENDERS }, (_, i) => `votary ingest bench sender ${i}`);
    const addresses = senders.map((passphrase) =>
      addressFromPassphrase(passphrase, localnet.network.pubKeyHash),
    );
    const ctx = () => ({ network: localnet, height: node.height + 1 });
    const nonces = new Map<string, bigint>();
    const funding: TransactionData[] = [];
    for (let start = 0, k = 0; start < SENDERS; start += PAYMENTS, k++) {
      const passphrase = delegates[k % delegates.length]!;
      const current =
        nonces.get(passphrase) ??
        nodeParts(node).store.state().wallet(addressFromPassphrase(passphrase, localnet.network.pubKeyHash))
          .nonce;
      const nonce = current + 1n;
      nonces.set(passphrase, nonce);
      const payments = addresses
        .slice(start, start + PAYMENTS)
        .map((recipientId) => ({ recipientId, amount: 100_000_000n }));
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

    // 2. One transfer per sender (nonce 1), signed ahead, as JSON.
    const sign = (passphrase: string, i: number) =>
      transactionToJson(
        signTransaction(
          { type: 0, nonce: 1n, amount: 1_000n + BigInt(i), recipientId: addresses[(i + 1) % SENDERS]! },
          { passphrase },
          ctx(),
        ),
      );
    const half = Math.floor(SENDERS / 2);
    const batched = senders.slice(0, half).map(sign);
    const single = senders
      .slice(half, half + Math.min(2_000, SENDERS - half))
      .map((p, i) => sign(p, half + i));

    let firstError: string | undefined;

    /** Accepted per second, `size` per POST, CLIENTS posting concurrently; and the worst event-loop delay. */
    async function ingest(items: unknown[], size: number) {
      const batches: string[] = [];
      for (let i = 0; i < items.length; i += size) {
        batches.push(JSON.stringify({ transactions: items.slice(i, i + size) }));
      }
      const job: ClientJob = { url: `${publicUrl}/transactions`, batches, clients: CLIENTS };
      const worker = new Worker(new URL(import.meta.url));
      const ready = new Promise<void>((resolve) => worker.once('message', () => resolve()));
      await ready;
      const done = new Promise<ClientResult>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const started = performance.now();
      worker.postMessage(job);
      const { accepted, firstError: error } = await done;
      const seconds = (performance.now() - started) / 1000;
      delay.disable();
      await worker.terminate();
      firstError ??= error;
      return {
        transactions: items.length,
        accepted,
        perSecond: Math.round(accepted / seconds),
        maxEventLoopDelayMs: Math.round(delay.max / 1e6),
      };
    }

    const forty = await ingest(batched, 40);
    const one = await ingest(single, 1);
    console.log(
      JSON.stringify(
        {
          date: new Date().toISOString(),
          cores: availableParallelism(),
          clients: CLIENTS,
          batchesOf40: forty,
          batchesOf1: one,
          ...(firstError === undefined ? {} : { firstError }),
        },
        null,
        2,
      ),
    );
  } finally {
    await api.close();
    await node.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
