/**
 * A crash between writing the temp file and renaming it over the vault: simulated by making `rename` fail the
 * way a killed process would leave things (the temp file fully written, the old vault untouched).
 */
import { readdirSync, writeFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { devnet } from '../../src/core/protocol/networks';
import { openKeystore, PASSWORD, newVault, tempDataDir } from './support';

const crash = vi.hoisted(() => ({ armed: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  return {
    ...fs,
    rename: async (from: string, to: string) => {
      if (crash.armed) {
        crash.armed = false;
        throw Object.assign(new Error('simulated power loss before rename'), { code: 'EIO' });
      }
      await fs.rename(from, to);
    },
  };
});

describe('atomic vault writes', () => {
  it('keeps the previous vault when a write dies before the rename', async () => {
    const dataDir = tempDataDir();
    const keystore = await newVault({ dataDir });
    const first = await keystore.importPassphrase({ network: devnet, passphrase: 'first wallet passphrase' });

    crash.armed = true;
    await expect(
      keystore.importPassphrase({ network: devnet, passphrase: 'second wallet passphrase' }),
    ).rejects.toThrow(/simulated power loss/);
    // The session did not take the change the disk did not take.
    expect(keystore.listWallets()).toEqual([first]);

    const reopened = openKeystore(dataDir);
    await reopened.unlock(PASSWORD);
    expect(reopened.listWallets()).toEqual([first]);
    // Nothing but the vault is left next to it.
    expect(readdirSync(dirname(keystore.vaultPath))).toEqual(['vault.json']);

    // The next write succeeds normally.
    const second = await reopened.importPassphrase({
      network: devnet,
      passphrase: 'second wallet passphrase',
    });
    expect(reopened.listWallets()).toEqual([first, second]);
  });

  it('keeps the previous vault when a password change dies before the rename', async () => {
    const dataDir = tempDataDir();
    const keystore = await newVault({ dataDir });
    keystore.lock();
    crash.armed = true;
    await expect(keystore.changePassword(PASSWORD, 'a new password')).rejects.toThrow(/simulated/);
    await openKeystore(dataDir).unlock(PASSWORD);
  });

  it('ignores and removes a temp file a killed process left behind', async () => {
    const dataDir = tempDataDir();
    const keystore = await newVault({ dataDir });
    const wallet = await keystore.importPassphrase({ network: devnet, passphrase: 'kept wallet passphrase' });
    keystore.lock();
    const dir = dirname(keystore.vaultPath);
    writeFileSync(join(dir, 'vault.json.tmp-deadbeef0001'), '{"format":"votary-vault", "truncat');
    await keystore.unlock(PASSWORD);
    expect(keystore.listWallets()).toEqual([wallet]);
    expect(readdirSync(dir)).toEqual(['vault.json']);
  });
});
