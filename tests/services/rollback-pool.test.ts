/**
 * A localnet rollback and a snapshot restore return the reverted blocks' transactions to the pool (the default,
 * `pool: 'readmit'`), say how many truly, and the app's pending list follows the chain: a transaction reverted out
 * of its block is pending again, not "confirmed in block N". The node runs on a fake clock: each block is forged
 * when the test needs it (tests/services/support.ts CoreClock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import type { PendingView } from '../../src/shared/domain/transactions';
import {
  call,
  type CoreClock,
  nextEvent,
  openClockedCore,
  PASSWORD,
  removeDir,
  reviewAndSend,
  tempDir,
} from './support';

async function unconfirmed(core: AppCore, id: string): Promise<number> {
  const response = await fetch(`${core.info.embeddedApiUrl}/transactions/unconfirmed/${id}`);
  return response.status;
}

describe('rollback and snapshot restore return transactions to the pool', () => {
  let dir: string;
  let core: AppCore;
  let clock: CoreClock;

  /** Forges the next block and waits until the pending list says the transaction is confirmed. */
  async function forgeUntilConfirmed(id: string): Promise<PendingView> {
    const confirmed = nextEvent<PendingView>(
      core,
      'tx:status',
      (p) => p.id === id && p.status === 'confirmed',
    );
    clock.forge(core);
    return confirmed;
  }

  beforeAll(async () => {
    dir = tempDir();
    ({ core, clock } = await openClockedCore(dir));
    clock.forge(core);
    await call(core, 'vault:create', { password: PASSWORD });
  });
  afterAll(async () => {
    await core.close();
    removeDir(dir);
  });

  it('a rollback below a confirmed transaction puts it back in the pool and counts it', async () => {
    const alice = await call(core, 'wallets:import-passphrase', { passphrase: 'rollback pool alice' });
    const before = core.node.height;
    const funded = (await call(core, 'localnet:fund', { address: alice.address })).transactionId;
    await forgeUntilConfirmed(funded);
    await call(core, 'localnet:pause');

    const back = nextEvent<PendingView>(core, 'tx:status', (p) => p.id === funded && p.status === 'in-pool');
    const result = await call(core, 'localnet:rollback', { height: before });
    expect(result.poolSize).toBeGreaterThanOrEqual(1);
    expect(await unconfirmed(core, funded)).toBe(200);
    const pending = await back;
    expect(pending.status).toBe('in-pool');
    expect(pending.height).toBeUndefined();
    expect((await call(core, 'tx:pending')).find((p) => p.id === funded)?.status).toBe('in-pool');

    // Forging again confirms it again, in a new block.
    await call(core, 'localnet:resume');
    const again = await forgeUntilConfirmed(funded);
    const onChain = await call(core, 'chain:transaction', { id: funded });
    expect(again.height).toBe(onChain.blockHeight);
  });

  it('a snapshot restore below a confirmed transaction puts it back in the pool too', async () => {
    const bob = await call(core, 'wallets:import-passphrase', { passphrase: 'rollback pool bob' });
    await call(core, 'localnet:pause');
    await call(core, 'localnet:snapshot-save', { name: 'before-bob' });
    await call(core, 'localnet:resume');
    const funded = (await call(core, 'localnet:fund', { address: bob.address })).transactionId;
    await forgeUntilConfirmed(funded);
    await call(core, 'localnet:pause');

    const result = await call(core, 'localnet:rollback', { snapshot: 'before-bob' });
    expect(result.poolSize).toBeGreaterThanOrEqual(1);
    expect(await unconfirmed(core, funded)).toBe(200);
    await call(core, 'localnet:resume');
  });

  it('a rollback below a confirmed HTLC lock puts the lock back in the pool', async () => {
    const carol = await call(core, 'wallets:import-passphrase', { passphrase: 'rollback pool carol' });
    const dave = await call(core, 'wallets:import-passphrase', { passphrase: 'rollback pool dave' });
    const funded = (await call(core, 'localnet:fund', { address: carol.address })).transactionId;
    await forgeUntilConfirmed(funded);
    const before = core.node.height;
    const lock = await reviewAndSend(core, carol.id, {
      kind: 'htlcLock',
      recipientId: dave.address,
      amount: '300000000',
      expiration: { type: 'height', afterBlocks: 50 },
    });
    await forgeUntilConfirmed(lock.id);
    await call(core, 'localnet:pause');
    const result = await call(core, 'localnet:rollback', { height: before });
    expect(await unconfirmed(core, lock.id)).toBe(200);
    expect(result.poolSize).toBeGreaterThanOrEqual(1);
    await call(core, 'localnet:resume');
    await forgeUntilConfirmed(lock.id);
  });

  it('a lock whose funds came from a reverted block is counted as dropped, not back in the pool', async () => {
    const erin = await call(core, 'wallets:import-passphrase', { passphrase: 'rollback pool erin' });
    const frank = await call(core, 'wallets:import-passphrase', { passphrase: 'rollback pool frank' });
    const before = core.node.height;
    const funded = (await call(core, 'localnet:fund', { address: erin.address })).transactionId;
    await forgeUntilConfirmed(funded);
    const lock = await reviewAndSend(core, erin.id, {
      kind: 'htlcLock',
      recipientId: frank.address,
      amount: '300000000',
      expiration: { type: 'height', afterBlocks: 60 },
    });
    await forgeUntilConfirmed(lock.id);
    await call(core, 'localnet:pause');

    // Without its funding in a block, the lock no longer applies: the pool (as ARK's) refuses it again.
    const result = await call(core, 'localnet:rollback', { height: before });
    expect(result).toMatchObject({ returned: 1, dropped: 1 });
    expect(await unconfirmed(core, funded)).toBe(200);
    expect(await unconfirmed(core, lock.id)).toBe(404);
    await call(core, 'localnet:resume');
  });
});
