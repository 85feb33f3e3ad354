/**
 * Compare before replace (docs/design/security.md "One process per profile"): two writers of the same vault,
 * settings or network file — two processes that got past the process lock, or a hand edit — never overwrite a
 * version they did not read. The second writer is refused with a typed error and loses nothing; after reading
 * again it sees the first writer's change and can repeat its own.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonFileNetworkStore } from '../../src/core/services/networks/registry-file-store';
import { FileChangedError, GuardedFile } from '../../src/core/fs/atomic-file';
import { devnet } from '../../src/core/protocol/networks';
import { SettingsFile } from '../../src/core/services/settings';
import { openKeystore, PASSWORD, tempDataDir } from './support';

describe('compare before replace', () => {
  it('a second keystore on the same vault cannot drop a wallet the first one imported', async () => {
    const dir = tempDataDir();
    const first = openKeystore(dir);
    await first.create(PASSWORD);
    const second = openKeystore(dir);
    await second.unlock(PASSWORD);

    const kept = await first.importPassphrase({
      network: devnet,
      passphrase: 'first process wallet',
      name: 'A',
    });
    await expect(
      second.importPassphrase({ network: devnet, passphrase: 'second process wallet', name: 'B' }),
    ).rejects.toMatchObject({ code: 'ERR_VAULT_CHANGED' });
    await expect(second.renameWallet(kept.id, 'renamed')).rejects.toMatchObject({
      code: 'ERR_WALLET_NOT_FOUND',
    });

    // Reading again shows the first process's wallet; the change can then be repeated and both are kept.
    second.lock();
    await second.unlock(PASSWORD);
    await second.importPassphrase({ network: devnet, passphrase: 'second process wallet', name: 'B' });
    const reader = openKeystore(dir);
    await reader.unlock(PASSWORD);
    expect(
      reader
        .listWallets()
        .map((w) => w.name)
        .sort(),
    ).toEqual(['A', 'B']);
  });

  it('settings: a stale writer is refused with ERR_SETTINGS_CHANGED', async () => {
    const path = join(tempDataDir(), 'settings.json');
    const a = await SettingsFile.open(path);
    const b = await SettingsFile.open(path);
    await a.update({ idleLockMs: 120_000 });
    await expect(b.update({ activeNetworkId: 'other' })).rejects.toMatchObject({
      code: 'ERR_SETTINGS_CHANGED',
    });
    expect((await SettingsFile.open(path)).get()).toMatchObject({
      idleLockMs: 120_000,
      activeNetworkId: 'embedded',
    });
  });

  it('network list: a stale writer is refused', async () => {
    const path = join(tempDataDir(), 'networks.json');
    const a = jsonFileNetworkStore(path);
    const b = jsonFileNetworkStore(path);
    await a.load();
    await b.load();
    await a.save({ version: 1, networks: [] as never[], note: 'a' } as never);
    await expect(b.save({ version: 1, networks: [] as never[], note: 'b' } as never)).rejects.toThrow(
      /changed by another Votary process/,
    );
  });

  it('a file created, edited or removed behind the writer’s back is detected', async () => {
    const path = join(tempDataDir(), 'x.json');
    const file = new GuardedFile(path);
    await file.read();
    const other = new GuardedFile(path);
    await other.read();
    await other.write('other');
    await expect(file.write('mine')).rejects.toBeInstanceOf(FileChangedError);
    await file.read();
    await file.write('mine');
    expect(await new GuardedFile(path).read()).toBe('mine');
  });
});
