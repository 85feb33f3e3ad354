import { afterEach, describe, expect, it, vi } from 'vitest';
import { keytarKeychain } from '../../src/core/keystore';
import { devnet } from '../../src/core/protocol/networks';
import { codeOf, DEVNET_CTX, newVault, openKeystore, PASSWORD, tempDataDir } from './support';
import { MemoryKeychain } from '../support/memory-keychain';

/** A stand-in for the keytar module whose probe fails the way libsecret does. */
function keytarFailingWith(message: string) {
  const fail = () => Promise.reject(new Error(message));
  return { default: { getPassword: fail, setPassword: fail, deletePassword: fail } };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('keychainStatus when the keychain cannot be used', () => {
  it.each([
    [
      'the module is not installed',
      () => Promise.reject(new Error("Cannot find package 'keytar'")),
      /keytar module is not installed or failed to load \(Cannot find package 'keytar'\)/,
    ],
    [
      'the native build fails to load',
      () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file')),
      /failed to load \(libsecret-1\.so\.0/,
    ],
    [
      'the module has the wrong shape',
      () => Promise.resolve({ default: {} }),
      /does not expose get\/set\/deletePassword/,
    ],
    [
      'there is no D-Bus session',
      () => Promise.resolve(keytarFailingWith('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      /no D-Bus session bus is running/,
    ],
    [
      'no Secret Service runs',
      () =>
        Promise.resolve(
          keytarFailingWith('The name org.freedesktop.secrets was not provided by any .service files'),
        ),
      /no Secret Service \(such as gnome-keyring\)/,
    ],
    [
      'there is no login keyring',
      () =>
        Promise.resolve(
          keytarFailingWith('Object does not exist at path “/org/freedesktop/secrets/collection/login”'),
        ),
      /login keyring does not exist or is locked/,
    ],
    [
      'access is refused otherwise',
      () => Promise.resolve(keytarFailingWith('Permission denied')),
      /refused access \(Permission denied\)/,
    ],
  ])('says unavailable, with the reason, when %s', async (_case, load, reason) => {
    const status = await keytarKeychain(load).status();
    expect(status.available).toBe(false);
    expect(status.available ? '' : status.reason).toMatch(reason);
  });

  it('says unavailable when the keychain does not answer the probe within 3 s', async () => {
    vi.useFakeTimers();
    const hang = () => new Promise<string | null>(() => undefined);
    const keychain = keytarKeychain(() =>
      Promise.resolve({ getPassword: hang, setPassword: hang, deletePassword: hang }),
    );
    const status = keychain.status();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await status).toEqual({
      available: false,
      reason:
        'the OS keychain did not answer within 3 s (a locked keyring may be waiting for an unlock prompt)',
    });
  });

  it('loads the module once and answers available when the probe succeeds', async () => {
    const load = vi.fn(() =>
      Promise.resolve({
        getPassword: () => Promise.resolve(null),
        setPassword: () => Promise.resolve(),
        deletePassword: () => Promise.resolve(false),
      }),
    );
    const keychain = keytarKeychain(load);
    expect(await keychain.status()).toEqual({ available: true });
    expect(await keychain.status()).toEqual({ available: true });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers with a well-formed status in this process, whatever the machine has', async () => {
    const status = await keytarKeychain().status();
    if (status.available) expect(status).toEqual({ available: true });
    else expect(status.reason.length).toBeGreaterThan(10);
  });
});

describe('the vault without a keychain', () => {
  it('works fully; device unlock is refused with the reason, and disabling is harmless', async () => {
    const keychain = keytarKeychain(() => Promise.reject(new Error("Cannot find package 'keytar'")));
    const dataDir = tempDataDir();
    const keystore = await newVault({ dataDir, keychain });
    const wallet = await keystore.importPassphrase({
      network: devnet,
      passphrase: 'works without a keychain',
    });
    expect(
      keystore.signDraft(wallet.id, { type: 0, amount: 1n, recipientId: wallet.address }, DEVNET_CTX).id,
    ).toBeDefined();
    await expect(keystore.enableDeviceUnlock()).rejects.toMatchObject({
      code: 'ERR_KEYCHAIN_UNAVAILABLE',
      message: expect.stringMatching(/unavailable: the keytar module is not installed/) as string,
    });
    expect(await keystore.deviceUnlockEnabled()).toBe(false);
    await keystore.disableDeviceUnlock();
    keystore.lock();
    expect(await codeOf(() => keystore.unlockWithDevice())).toBe('ERR_DEVICE_UNLOCK_NOT_ENABLED');
    await keystore.unlock(PASSWORD);
    expect(keystore.listWallets()).toEqual([wallet]);
  });
});

describe('device unlock logic', () => {
  it('unlocks without the password, survives a password change, and is gone after disable', async () => {
    const keychain = new MemoryKeychain();
    const dataDir = tempDataDir();
    const keystore = await newVault({ dataDir, keychain });
    const wallet = await keystore.importPassphrase({ network: devnet, passphrase: 'device unlock wallet' });
    expect(await codeOf(() => openKeystore(dataDir, { keychain }).enableDeviceUnlock())).toBe('ERR_LOCKED');
    await keystore.enableDeviceUnlock();
    expect(keychain.entries.has('default')).toBe(true);
    await keystore.changePassword(PASSWORD, 'a brand new password');
    keystore.lock();

    const restarted = openKeystore(dataDir, { keychain });
    expect(await restarted.deviceUnlockEnabled()).toBe(true);
    await restarted.unlockWithDevice();
    expect(restarted.listWallets()).toEqual([wallet]);

    await restarted.disableDeviceUnlock();
    expect(keychain.entries.size).toBe(0);
    expect(await restarted.deviceUnlockEnabled()).toBe(false);
    restarted.lock();
    expect(await codeOf(() => restarted.unlockWithDevice())).toBe('ERR_DEVICE_UNLOCK_NOT_ENABLED');
  });

  it('refuses a keychain entry that does not open this vault, a missing entry, and an unreadable keychain', async () => {
    const keychain = new MemoryKeychain();
    const keystore = await newVault({ keychain });
    await keystore.enableDeviceUnlock();
    keystore.lock();

    keychain.entries.set('default', Buffer.alloc(32, 7).toString('base64'));
    expect(await codeOf(() => keystore.unlockWithDevice())).toBe('ERR_DEVICE_UNLOCK_FAILED');
    keychain.entries.set('default', 'short');
    expect(await codeOf(() => keystore.unlockWithDevice())).toBe('ERR_DEVICE_UNLOCK_FAILED');
    keychain.entries.delete('default');
    expect(await codeOf(() => keystore.unlockWithDevice())).toBe('ERR_DEVICE_UNLOCK_NOT_ENABLED');
    keychain.getSecret = () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'));
    await expect(keystore.unlockWithDevice()).rejects.toMatchObject({
      code: 'ERR_KEYCHAIN_UNAVAILABLE',
      message: expect.stringMatching(/no D-Bus session bus/) as string,
    });
    expect(keystore.isUnlocked()).toBe(false);
    await keystore.unlock(PASSWORD);
  });
});
