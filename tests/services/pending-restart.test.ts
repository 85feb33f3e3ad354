import { nodeParts } from '../../src/core/node/parts';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import type { AlertView } from '../../src/shared/domain/app';
import type { PendingView } from '../../src/shared/domain/transactions';
import { call, nextEvent, openCore, PASSWORD, pendingOf, removeDir, reviewAndSend, tempDir } from './support';

const PASSPHRASE = 'pending restart alice passphrase';
const BOB = 'DLDTrQETUSKXRnFhScPYS7p9z7D7KfJzY4';

const statusOf = (id: string, status: PendingView['status']) => (p: PendingView) =>
  p.id === id && p.status === status;

const pendingPath = (dir: string) => join(dir, 'profiles', 'default', 'pending.json');

describe('pending transactions survive a restart', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('resumes following: expiry, rebroadcast and confirmation continue after a restart', async () => {
    const dir = tempDir();
    cleanup.push(() => removeDir(dir));
    let core: AppCore = await openCore(dir);
    await call(core, 'vault:create', { password: PASSWORD });
    const alice = await call(core, 'wallets:import-passphrase', { passphrase: PASSPHRASE });
    const funded = await call(core, 'localnet:fund', { address: alice.address });
    await nextEvent(core, 'tx:status', statusOf(funded.transactionId, 'confirmed'));
    nodeParts(core.node).forger.pause();
    const sent = await reviewAndSend(core, alice.id, {
      kind: 'transfer',
      recipientId: BOB,
      amount: '100000000',
    });
    expect(sent.pending.status).toBe('broadcast');
    await core.close();

    // Only public data on disk: the signed transaction and its status, no passphrase.
    const text = readFileSync(pendingPath(dir), 'utf8');
    expect(text).toContain(sent.id);
    expect(text).not.toContain(PASSPHRASE);

    core = await openCore(dir, { forging: false });
    cleanup.push(() => core.close());
    const listed = await call(core, 'tx:pending');
    expect(listed.map((p) => [p.id, p.status])).toEqual([
      [sent.id, 'broadcast'],
      [funded.transactionId, 'confirmed'],
    ]);
    expect(listed[1]?.height).toBeGreaterThan(1);
    // The key store stays locked; the list is public data and needs no unlock.
    expect(await call(core, 'vault:status')).toMatchObject({ unlocked: false });

    // The next check moves it on: still in the (persisted) pool, then expired at its expiry height.
    const { checkPending } = core.testSeam;
    const { node } = core;
    await checkPending('embedded', node.height);
    expect((await pendingOf(core, sent.id)).status).toBe('in-pool');
    await checkPending('embedded', (await pendingOf(core, sent.id)).expiresAtHeight);
    expect((await pendingOf(core, sent.id)).status).toBe('expired');

    // Rebroadcast works from the saved signed transaction, and the forger confirms it.
    const again = await call(core, 'tx:rebroadcast', { id: sent.id });
    expect(again).toMatchObject({ status: 'broadcast', broadcastCount: 2 });
    const confirmed = nextEvent<PendingView>(core, 'tx:status', statusOf(sent.id, 'confirmed'));
    nodeParts(node).forger.start();
    const done = await confirmed;
    await core.close();

    core = await openCore(dir, { forging: false });
    cleanup.push(() => core.close());
    expect(await pendingOf(core, sent.id)).toMatchObject({
      status: 'confirmed',
      height: done.height,
      broadcastCount: 2,
    });
  });

  it('a damaged file starts an empty list with one alert, and the app works on', async () => {
    const dir = tempDir();
    cleanup.push(() => removeDir(dir));
    let core = await openCore(dir, { forging: false });
    await call(core, 'vault:create', { password: PASSWORD });
    await core.close();
    writeFileSync(pendingPath(dir), '{"version":1,"entries":[{"id":');

    core = await openCore(dir, { forging: false });
    cleanup.push(() => core.close());
    const alerts: AlertView[] = [];
    core.subscribe((event, payload) => {
      if (event === 'monitor:alert') alerts.push(payload as AlertView);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alerts.map((a) => a.code)).toEqual(['PENDING_LIST_DAMAGED']);
    expect(alerts[0]?.message).toMatch(/not valid JSON/);
    expect(await call(core, 'tx:pending')).toEqual([]);
    expect(await call(core, 'vault:unlock', { password: PASSWORD })).toMatchObject({ unlocked: true });
  });
});
