/**
 * Snapshots, rollback and reset of the localnet (docs/design/node.md "Localnet controls"), on a node
 * driven by a fake clock: every block is forged by a direct `forgeAt`, so the tests are exact and fast.
 */
import { nodeParts } from '../../../src/core/node/parts';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalnetSnapshots } from '../../../src/core/node/controls/snapshots';
import { ClockedNode, faucet, faucetTransfer, removeTempDirs, someone } from '../forger/support';

const VTY = 100_000_000n;
const opened: ClockedNode[] = [];

async function startNode(): Promise<{ clocked: ClockedNode; snapshots: LocalnetSnapshots }> {
  const clocked = await ClockedNode.start({ blockTime: 1 });
  opened.push(clocked);
  return { clocked, snapshots: new LocalnetSnapshots(clocked.node) };
}

afterEach(async () => {
  for (const clocked of opened.splice(0)) await clocked.node.stop();
  removeTempDirs();
});

/** The chain and its state, table by table, rows sorted (not the pool, meta, snapshots or archive). */
function chainState(db: Database.Database): string {
  const skip = new Set(['pool', 'meta', 'localnet_snapshots', 'snapshot_blocks', 'schema_migrations']);
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name)
    .filter((name) => !skip.has(name) && !name.startsWith('sqlite_'));
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    out[table] = db
      .prepare(`SELECT * FROM "${table}"`)
      .all()
      .map((row) =>
        JSON.stringify(row, (_key, value: unknown) =>
          typeof value === 'bigint'
            ? value.toString()
            : value instanceof Uint8Array
              ? Buffer.from(value).toString('hex')
              : value,
        ),
      )
      .sort();
  }
  return JSON.stringify(out);
}

/** Forges `count` blocks; with `nonce`, a faucet transfer goes into the first one. */
function advance(clocked: ClockedNode, count: number, nonce?: bigint): void {
  const { node } = clocked;
  if (nonce !== undefined) {
    const tx = faucetTransfer(nonce, 3n * VTY, node.height + 1);
    expect(node.addTransactions([tx]).accept).toEqual([tx.id]);
  }
  for (let i = 0; i < count; i++) {
    const outcome = clocked.step();
    if (outcome.kind !== 'forged') throw new Error(`expected a block, got ${outcome.kind}`);
  }
}

function archived(clocked: ClockedNode): number {
  const row = nodeParts(clocked.node)
    .store.db.prepare<[], { n: bigint }>('SELECT count(*) AS n FROM snapshot_blocks')
    .get();
  return Number(row?.n ?? 0n);
}

describe('LocalnetSnapshots', () => {
  it('rolls back to a snapshot on the chain: exactly the state and tip it had', async () => {
    const { clocked, snapshots } = await startNode();
    const { node } = clocked;
    advance(clocked, 3, 1n);
    const saved = snapshots.save('before spending', 1_700_000_000_000);
    const state = chainState(nodeParts(node).store.db);
    const tip = nodeParts(node).store.lastBlock().id;
    expect(saved).toMatchObject({ height: node.height, blockId: tip, reachable: true });

    advance(clocked, 4, 2n);
    advance(clocked, 3, 3n);
    expect(nodeParts(node).store.state().wallet(someone).balance).toBe(9n * VTY);
    const result = await snapshots.toSnapshot('before spending', 'flush');
    expect(result).toEqual({
      reverted: 7,
      reapplied: 0,
      height: saved.height,
      lastBlockId: tip,
      // The two transfers of the reverted blocks, flushed.
      returned: 0,
      dropped: 2,
      poolSize: 0,
    });
    expect(chainState(nodeParts(node).store.db)).toBe(state);
    expect(nodeParts(node).store.state().wallet(someone).balance).toBe(3n * VTY);
    // The chain goes on from there.
    advance(clocked, 1);
    expect(node.height).toBe(saved.height + 1);
  });

  it('readmits the reverted transactions by default, as ARK does on a rollback', async () => {
    const { clocked, snapshots } = await startNode();
    const { node } = clocked;
    advance(clocked, 2);
    const height = node.height;
    advance(clocked, 2, 1n);
    const result = await snapshots.toHeight(height, 'readmit');
    expect(result).toMatchObject({ reverted: 2, reapplied: 0, height, returned: 1, dropped: 0, poolSize: 1 });
    expect(nodeParts(node).store.state().wallet(someone).balance).toBe(0n);
    advance(clocked, 1);
    expect(nodeParts(node).store.state().wallet(someone).balance).toBe(3n * VTY);
  });

  it('restores a snapshot whose block was rolled back below, and goes back to the other branch', async () => {
    const { clocked, snapshots } = await startNode();
    const { node } = clocked;
    advance(clocked, 3, 1n);
    const a = snapshots.save('branch A', 1);
    const stateA = chainState(nodeParts(node).store.db);

    // Below A, then a different branch (other timestamps, other transfer): A's block is off the chain.
    await snapshots.toHeight(a.height - 2, 'flush');
    expect(archived(clocked)).toBe(2);
    clocked.clock += 5_000;
    advance(clocked, 4, 2n);
    expect(nodeParts(node).store.blockByHeight(a.height)?.header.id).not.toBe(a.blockId);
    const b = snapshots.save('branch B', 2);
    const stateB = chainState(nodeParts(node).store.db);
    expect(snapshots.list().map((s) => [s.name, s.reachable])).toEqual([
      ['branch A', true],
      ['branch B', true],
    ]);

    const back = await snapshots.toSnapshot('branch A', 'flush');
    expect(back).toMatchObject({ reverted: 4, reapplied: 2, height: a.height, lastBlockId: a.blockId });
    expect(chainState(nodeParts(node).store.db)).toBe(stateA);
    // A is on the chain again; B's four blocks are archived, A's are not needed any more.
    expect(archived(clocked)).toBe(4);

    const forward = await snapshots.toSnapshot('branch B', 'flush');
    expect(forward).toMatchObject({ reverted: 2, reapplied: 4, height: b.height, lastBlockId: b.blockId });
    expect(chainState(nodeParts(node).store.db)).toBe(stateB);
    expect(archived(clocked)).toBe(2);
    snapshots.remove('branch A');
    expect(archived(clocked)).toBe(0);
  });

  it('resets to genesis with an empty pool; snapshots stay restorable', async () => {
    const { clocked, snapshots } = await startNode();
    const { node } = clocked;
    const genesis = chainState(nodeParts(node).store.db);
    const faucetBalance = nodeParts(node).store.state().wallet(faucet.address).balance;
    advance(clocked, 3, 1n);
    snapshots.save('funded', 1);
    const funded = chainState(nodeParts(node).store.db);
    const pending = faucetTransfer(2n, VTY, node.height + 1);
    expect(node.addTransactions([pending]).accept).toEqual([pending.id]);

    const result = await snapshots.reset();
    expect(result).toMatchObject({ reverted: 3, reapplied: 0, height: 1, poolSize: 0 });
    expect(nodeParts(node).pool.size()).toBe(0);
    expect(chainState(nodeParts(node).store.db)).toBe(genesis);
    expect(nodeParts(node).store.state().wallet(faucet.address).balance).toBe(faucetBalance);
    expect(nodeParts(node).store.state().wallet(someone).balance).toBe(0n);

    await snapshots.toSnapshot('funded', 'flush');
    expect(chainState(nodeParts(node).store.db)).toBe(funded);
  });

  it('runs a long rollback in batches: forging paused meanwhile, a second rollback refused', async () => {
    const { clocked, snapshots } = await startNode();
    const { node } = clocked;
    advance(clocked, 60);
    const reverts: number[] = [];
    node.on('revert', ({ height }) => reverts.push(height));
    const running = snapshots.toHeight(2, 'readmit');
    expect(snapshots.busy).toBe(true);
    expect(nodeParts(node).forger.paused).toBe(true);
    await expect(snapshots.toHeight(1, 'readmit')).rejects.toMatchObject({ code: 'ERR_LOCALNET_BUSY' });
    expect(await running).toMatchObject({ reverted: 59, height: 2 });
    expect(reverts).toEqual([41, 21, 2]);
    expect(snapshots.busy).toBe(false);
    expect(nodeParts(node).forger.paused).toBe(false);
  });

  it('refuses unknown or duplicate names, heights out of range, and a snapshot whose blocks were lost', async () => {
    const { clocked, snapshots } = await startNode();
    const { node } = clocked;
    advance(clocked, 3);
    snapshots.save('one', 1);
    expect(() => snapshots.save('ONE', 2)).toThrow(
      expect.objectContaining({ code: 'ERR_SNAPSHOT_EXISTS' }) as Error,
    );
    await expect(snapshots.toSnapshot('two', 'readmit')).rejects.toMatchObject({
      code: 'ERR_SNAPSHOT_UNKNOWN',
    });
    expect(() => snapshots.remove('two')).toThrow(
      expect.objectContaining({ code: 'ERR_SNAPSHOT_UNKNOWN' }) as Error,
    );
    for (const height of [0, node.height + 1, 1.5]) {
      await expect(snapshots.toHeight(height, 'readmit')).rejects.toMatchObject({
        code: 'ERR_HEIGHT_OUT_OF_RANGE',
      });
    }
    expect(await snapshots.toHeight(node.height, 'readmit')).toMatchObject({
      reverted: 0,
      height: node.height,
    });

    // A revert outside the controls (no archive) followed by another branch: "one" cannot come back.
    node.revertBlocks(2);
    clocked.clock += 5_000;
    advance(clocked, 3);
    expect(snapshots.list()).toEqual([expect.objectContaining({ name: 'one', reachable: false })]);
    const height = node.height;
    await expect(snapshots.toSnapshot('one', 'readmit')).rejects.toMatchObject({
      code: 'ERR_SNAPSHOT_UNREACHABLE',
      message: expect.stringContaining('can no longer be restored') as string,
    });
    expect(node.height).toBe(height);
  });
});
