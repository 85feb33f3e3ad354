import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { addressFromPublicKey } from '../../../../src/core/protocol/crypto';
import { fromHex } from '../../../../src/core/protocol/hex';
import { devnet } from '../../../../src/core/protocol/networks';
import { VerifyWorkers } from '../../../../src/core/parallel/verify-workers';
import { verifySerialized } from '../../../../src/core/parallel/verify-serialized';
import { transactionCheck } from '../../../../src/core/parallel/signature-checks';
import { deserializeTransaction } from '../../../../src/core/protocol/transactions';
import negative from '../../../fixtures/vectors/negative.json';
import devnetTx from '../../../fixtures/vectors/transactions-devnet.json';

// The worker bundle is built by tests/global-setup.ts (scripts/build-cli.mjs).
const workerUrl = new URL('../../../../dist/verify-worker.mjs', import.meta.url);
const ctx = { network: devnet, height: 6_000_000 };

describe('VerifyWorkers (deserialize + verify on worker threads)', () => {
  const workers = new VerifyWorkers({ workerUrl, size: 2 });
  afterAll(() => workers.close());

  const valid = devnetTx.vectors.filter((v) => v.deserializedVerified).map((v) => fromHex(v.serializedHex));
  const tampered = negative.vectors
    .filter((v) => v.outcome === 'deserialized' && v.isVerified === false)
    .map((v) => fromHex(v.serializedHex!));
  const malformed = negative.vectors.flatMap((v) =>
    v.outcome === 'threw' && v.serializedHex ? [fromHex(v.serializedHex)] : [],
  );

  it('gives the same outcomes as inline verification, in input order', async () => {
    const items = [...valid, ...tampered, ...malformed, ...valid];
    expect(items.length).toBeGreaterThan(16);
    const pooled = await workers.verifyMany(items, ctx);
    expect(pooled).toEqual(items.map((bytes) => verifySerialized(bytes, ctx)));
    expect(pooled.slice(0, valid.length).every((o) => o.verified)).toBe(true);
    expect(pooled.slice(valid.length, valid.length + tampered.length).some((o) => o.verified)).toBe(false);
  });

  it('reports malformed bytes as a typed outcome, not an exception', async () => {
    const outcomes = await workers.verifyMany([...malformed, ...malformed, ...malformed], ctx);
    for (const outcome of outcomes) {
      expect(outcome.verified).toBe(false);
      expect(outcome.reason).toMatch(/^ERR_[A-Z_]+: /);
    }
  });

  it('sends a batch as one message to one worker when asked, with the verdicts of the spread path', async () => {
    const checks = valid.flatMap((bytes) => {
      const check = transactionCheck(deserializeTransaction(bytes, ctx), bytes);
      return check === undefined ? [] : [check];
    });
    const tamperedChecks = checks.map((check) => ({ ...check, hash: new Uint8Array(32).fill(7) }));
    const batch = [...checks, ...tamperedChecks];
    expect(checks.length).toBeGreaterThan(4);
    const posted = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const spread = await workers.verifySignatures(batch);
      expect(posted).toHaveBeenCalledTimes(2);
      posted.mockClear();
      const whole = await workers.verifySignatures(batch, { oneWorker: true });
      expect(posted).toHaveBeenCalledTimes(1);
      expect(whole).toEqual(spread);
      expect(whole).toEqual([...checks.map(() => true), ...tamperedChecks.map(() => false)]);
    } finally {
      posted.mockRestore();
    }
  });

  it("derives each verified key's address on the worker, beside its verdict, for the network asked", async () => {
    const txs = valid.map((bytes) => ({ tx: deserializeTransaction(bytes, ctx), bytes }));
    const checks = txs.flatMap(({ tx, bytes }) => {
      const check = transactionCheck(tx, bytes);
      return check === undefined ? [] : [{ check, sender: tx.senderPublicKey }];
    });
    expect(checks.length).toBeGreaterThan(4);
    const tampered = checks.map(({ check }) => ({ ...check, hash: new Uint8Array(32).fill(9) }));
    const batch = [...checks.map(({ check }) => check), ...tampered];
    const pubKeyHash = devnet.network.pubKeyHash;
    for (const oneWorker of [false, true]) {
      const answer = await workers.verifySignaturesAndAddresses(batch, {
        oneWorker,
        addressVersion: pubKeyHash,
      });
      expect(answer.verdicts).toEqual(batch.map((_, i) => i < checks.length));
      expect(answer.addresses).toEqual([
        ...checks.map(({ sender }) => addressFromPublicKey(sender, pubKeyHash)),
        ...tampered.map(() => ''),
      ]);
    }
    // Another network's version byte gives that network's addresses; without one, none are derived.
    const other = await workers.verifySignaturesAndAddresses([checks[0]!.check], { addressVersion: 23 });
    expect(other.addresses).toEqual([addressFromPublicKey(checks[0]!.sender, 23)]);
    expect(await workers.verifySignaturesAndAddresses([checks[0]!.check])).toEqual({ verdicts: [true] });
  });

  it('closes by letting each worker answer what it was given and exit by itself, never terminating it', async () => {
    // Terminating a worker inside libsecp256k1's native calls aborts the whole process (VerifyWorkers.close): a
    // pool closed while its first checks run must answer them, and its threads must end on their own.
    const closing = new VerifyWorkers({ workerUrl, size: 2 });
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    const exits: number[] = [];
    try {
      const checks = valid.flatMap((bytes) => {
        const check = transactionCheck(deserializeTransaction(bytes, ctx), bytes);
        return check === undefined ? [] : [check];
      });
      const inFlight = closing.verifySignatures(checks);
      const workerExits = (closing as unknown as { workers: { worker: Worker }[] }).workers.map(
        ({ worker }) =>
          new Promise<void>((resolve) => worker.once('exit', (code) => resolve(void exits.push(code)))),
      );
      await closing.close();
      expect(await inFlight).toEqual(checks.map(() => true));
      await Promise.all(workerExits);
      expect(exits).toEqual([0, 0]);
      expect(terminate).not.toHaveBeenCalled();
    } finally {
      terminate.mockRestore();
    }
  });

  it('refuses work once closed', async () => {
    const closing = new VerifyWorkers({ workerUrl, size: 1 });
    await closing.close();
    await expect(closing.verifyMany(valid, ctx)).rejects.toThrow(/closed/);
  });
});

describe('VerifyWorkers whose worker cannot run (a host where the script does not load)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'votary-broken-worker-'));
  const broken = join(dir, 'broken-worker.mjs');
  writeFileSync(broken, "throw new Error('this worker does not load');\n");
  const workers = new VerifyWorkers({ workerUrl: pathToFileURL(broken), size: 2 });
  afterAll(async () => {
    await workers.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const checks = Array.from({ length: 4 }, (_, i) => ({
    algorithm: 'ecdsa' as const,
    hash: new Uint8Array(32).fill(i + 1),
    signature: new Uint8Array(64).fill(1),
    publicKey: fromHex('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'),
  }));
  /** Settles within a second, or says it hung (a check posted to a worker that has exited waited forever). */
  const settled = (work: Promise<unknown>) =>
    Promise.race([
      work.then(
        () => 'resolved',
        (error: unknown) => `rejected: ${(error as Error).message}`,
      ),
      new Promise((resolve) => setTimeout(() => resolve('hung'), 1_000)),
    ]);

  it('refuses work at once, now and after its workers exited, so callers verify inline instead of waiting', async () => {
    expect(await settled(workers.verifySignatures(checks))).toMatch(/^rejected: /);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await settled(workers.verifySignatures(checks))).toMatch(/^rejected: /);
    expect(
      await settled(
        workers.verifyMany(
          Array.from({ length: 16 }, () => new Uint8Array(10)),
          ctx,
        ),
      ),
    ).toMatch(/^rejected: /);
  });
});
