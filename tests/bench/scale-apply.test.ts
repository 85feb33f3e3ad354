import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { chainDatabasePath, openLocalnetChain } from '../../src/core/node/chain-files';
import { LOCALNET_NAME } from '../../src/core/node/localnet';
import { blockChecks } from '../../src/core/parallel/signature-checks';
import { openVerifyWorkers } from '../../src/core/parallel/verify-workers';
import { clearVerdicts, waitingVerdicts } from '../../src/core/protocol/crypto/verdicts';
import { unixMsFromEpoch } from '../../src/core/protocol/time';
import { forgeTurn, measureApply, type TurnShape } from './scale-apply';

// Built by tests/global-setup.ts (scripts/build-cli.mjs).
const workers = openVerifyWorkers(new URL('../../dist/verify-worker.mjs', import.meta.url), 2)!;
afterAll(() => workers.close());

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SHAPE: TurnShape = { emptyBlocks: 4, fullBlocks: 2, perBlock: 3, emptyRun: 2, fullRun: 1 };

/** The chain's file, closed (so checkpointed, its WAL gone), as a hash of its bytes. */
function fileHash(dir: string): string {
  return createHash('sha256')
    .update(readFileSync(chainDatabasePath(dir, LOCALNET_NAME)))
    .digest('hex');
}

describe("bench:scale's apply turn", () => {
  it('forges a turn on the tip and leaves the file exactly as it was, byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'votary-scale-apply-'));
    dirs.push(dir);
    openLocalnetChain(dir).close();
    const before = fileHash(dir);
    const store = openLocalnetChain(dir);
    let turn;
    try {
      turn = forgeTurn(store, SHAPE);
      expect(store.height()).toBe(1);
    } finally {
      store.close();
    }
    expect(fileHash(dir)).toBe(before);
    // A round of warm-up blocks, then the timed runs and one run more (the tail) of each kind, chained in order.
    expect(turn.empty.map((run) => run.length)).toEqual([2, 2, 2]);
    expect(turn.full.map((run) => run.length)).toEqual([1, 1, 1]);
    expect(turn.full.flat().every((block) => block.transactions.length === 3)).toBe(true);
    const blocks = [turn.warmUp, ...turn.empty, ...turn.full].flat();
    expect(blocks.map((block) => block.header.height)).toEqual(blocks.map((_, i) => i + 2));
    expect(turn.transfers).toBe(6);
  });

  it('the forged turn applies on the reopened chain, timed, and every block applied is reverted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'votary-scale-apply-'));
    dirs.push(dir);
    const forging = openLocalnetChain(dir);
    const turn = forgeTurn(forging, SHAPE);
    forging.close();
    const store = openLocalnetChain(dir);
    try {
      const rate = await measureApply(store, turn);
      expect(rate.emptyBlocksPerSecond).toBeGreaterThan(0);
      expect(rate.transfersPerSecond).toBeGreaterThan(0);
      expect(store.height()).toBe(1);
      // Every block of the turn but the transfers' tail was applied: the chain takes them again, in order.
      for (const block of [turn.warmUp, ...turn.empty, ...turn.full].flat())
        store.applyBlock(block, { now: unixMsFromEpoch(block.header.timestamp, store.network) });
      expect(store.height()).toBe(
        1 + turn.warmUp.length + turn.empty.flat().length + turn.full.flat().length,
      );
    } finally {
      store.close();
    }
  });

  it('with the verify workers, as the follower, every applied block takes the verdicts verified ahead', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'votary-scale-apply-'));
    dirs.push(dir);
    const forging = openLocalnetChain(dir);
    const turn = forgeTurn(forging, SHAPE);
    forging.close();
    const store = openLocalnetChain(dir);
    try {
      clearVerdicts();
      const rate = await measureApply(store, turn, { batch: 1, workers });
      expect(rate.transfersPerSecond).toBeGreaterThan(0);
      expect(store.height()).toBe(1);
      // Every run was verified on the workers when it was handed over; all but the transfers' tail were applied,
      // each check's verdict taken as it was applied (a verdict is used once). Only the tail's wait.
      const tail = turn.full.at(-1)!.flatMap((block) => blockChecks(block, store.network));
      expect(tail.length).toBe(4);
      expect(waitingVerdicts()).toBe(tail.length);
    } finally {
      clearVerdicts();
      store.close();
    }
  });
});
