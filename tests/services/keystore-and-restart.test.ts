import { afterEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import type { VaultStatus } from '../../src/shared/domain/vault';
import { startFakeNode } from '../client/support/fake-node';
import { call, nextEvent, openCore, PASSWORD, removeDir, tempDir } from './support';
import { MemoryKeychain } from '../support/memory-keychain';

describe('key-store channels, auto-lock pushes, and what survives a restart', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('creates, locks, refuses a wrong password, unlocks, and pushes every change', async () => {
    const dir = tempDir();
    const core = await openCore(dir, { forging: false });
    cleanup.push(
      () => removeDir(dir),
      () => core.close(),
    );

    expect(await call(core, 'vault:status')).toMatchObject({ hasVault: false, unlocked: false });
    const created = nextEvent<VaultStatus>(core, 'vault:status');
    await call(core, 'vault:create', { password: PASSWORD });
    expect(await created).toMatchObject({ hasVault: true, unlocked: true });

    const locked = nextEvent<VaultStatus>(core, 'vault:status');
    expect(await call(core, 'vault:lock')).toMatchObject({ unlocked: false });
    expect(await locked).toMatchObject({ unlocked: false, lockedBy: 'manual' });
    expect(await core.handleRequest('vault:unlock', { password: 'not the password' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_WRONG_PASSWORD' },
    });
    await call(core, 'vault:unlock', { password: PASSWORD });

    // Auto-lock (minutes through the channel; milliseconds here to keep the test short).
    const idle = nextEvent<VaultStatus>(core, 'vault:status', (s) => s.lockedBy === 'idle');
    core.testSeam.setIdleLockMs(50);
    expect(await idle).toMatchObject({ unlocked: false, lockedBy: 'idle' });
  });

  it('unlocks with the device keychain once enabled', async () => {
    const dir = tempDir();
    const core = await openCore(dir, { forging: false, keychain: new MemoryKeychain() });
    cleanup.push(
      () => removeDir(dir),
      () => core.close(),
    );
    await call(core, 'vault:create', { password: PASSWORD });
    expect(await call(core, 'vault:keychain-status')).toEqual({ available: true, enabled: false });
    expect(await call(core, 'vault:keychain-enable')).toEqual({ available: true, enabled: true });
    await call(core, 'vault:lock');
    expect(await call(core, 'vault:unlock-with-device')).toMatchObject({ unlocked: true });
    expect(await call(core, 'vault:keychain-disable')).toEqual({ available: true, enabled: false });
  });

  it('keeps the vault, wallets, networks, active network and auto-lock across a restart', async () => {
    const dir = tempDir();
    const remote = await startFakeNode();
    cleanup.push(
      () => removeDir(dir),
      () => remote.close(),
    );
    let core: AppCore = await openCore(dir, { forging: false });
    await call(core, 'vault:create', { password: PASSWORD });
    const wallet = await call(core, 'wallets:import-passphrase', {
      passphrase: 'restart wallet passphrase',
      name: 'Kept',
    });
    await call(core, 'vault:set-auto-lock', { minutes: 15 });
    const network = await call(core, 'networks:add', { url: remote.url });
    await call(core, 'networks:select', { networkId: network.id });
    const height = core.node.height;
    await core.close();

    core = await openCore(dir, { forging: false });
    cleanup.push(() => core.close());
    expect(await call(core, 'vault:status')).toEqual({
      hasVault: true,
      unlocked: false,
      idleLockMs: 15 * 60_000,
    });
    await call(core, 'vault:unlock', { password: PASSWORD });
    expect(await call(core, 'wallets:list')).toEqual([
      expect.objectContaining({ id: wallet.id, name: 'Kept' }),
    ]);
    const networks = await call(core, 'networks:list');
    expect(networks.map((n) => [n.id, n.active])).toEqual([
      ['embedded', false],
      [network.id, true],
    ]);
    expect(core.node.height).toBe(height);
  });
});
