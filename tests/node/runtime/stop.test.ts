import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalNode } from '../../../src/core/node/node';
import { VerifyWorkers } from '../../../src/core/parallel/verify-workers';

// The worker bundle is built by tests/global-setup.ts (scripts/build-cli.mjs).
const verifyWorkerUrl = new URL('../../../dist/verify-worker.mjs', import.meta.url);

describe('LocalNode.stop', () => {
  let dataDir: string | undefined;
  afterEach(() => {
    vi.restoreAllMocks();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('resolves once its verify workers have exited, so a host may end its process next', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'votary-stop-'));
    let workersExited = false;
    const close = Object.getOwnPropertyDescriptor(VerifyWorkers.prototype, 'close')!.value as (
      this: VerifyWorkers,
    ) => Promise<void>;
    const spy = vi.spyOn(VerifyWorkers.prototype, 'close').mockImplementation(async function (
      this: VerifyWorkers,
    ) {
      await close.call(this);
      workersExited = true;
    });
    const node = await LocalNode.start({ dataDir, blockTime: 1, forging: false, verifyWorkerUrl });
    await node.stop();
    expect(workersExited).toBe(true);
    // A second stop is the same stop.
    await node.stop();
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
