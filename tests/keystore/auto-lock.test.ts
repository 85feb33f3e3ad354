import { afterEach, describe, expect, it, vi } from 'vitest';
import { Keystore, type LockReason } from '../../src/core/keystore';
import type { SigningKeys } from '../../src/core/keystore/signing';
import { devnet } from '../../src/core/protocol/networks';
import { DEVNET_CTX, FAST_SCRYPT, PASSWORD, tempDataDir } from './support';
import { MemoryKeychain } from '../support/memory-keychain';

/** Reaches into the session to prove that lock zeroes the buffers it owned. */
class Inspectable extends Keystore {
  sessionBuffers(): { vaultKey: Uint8Array; keys: SigningKeys[] } {
    const session = this.session!;
    return { vaultKey: session.vaultKey, keys: [...session.keys.values()] };
  }
}

function inspectable(idleLockMs: number, onLocked: (reason: LockReason) => void): Inspectable {
  return new Inspectable({
    dataDir: tempDataDir(),
    profile: 'default',
    scrypt: FAST_SCRYPT,
    keychain: new MemoryKeychain(),
    idleLockMs,
    onLocked,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('auto-lock', () => {
  it('locks after the idle time; a person’s actions restart the timer, background reads never do', async () => {
    const locked: LockReason[] = [];
    const keystore = inspectable(60_000, (reason) => locked.push(reason));
    await keystore.create(PASSWORD);
    const wallet = await keystore.importPassphrase({
      network: devnet,
      passphrase: 'an idle wallet passphrase',
    });
    vi.useFakeTimers();
    keystore.setIdleLock(60_000);

    vi.advanceTimersByTime(59_999);
    expect(keystore.isUnlocked()).toBe(true);
    keystore.signDraft(wallet.id, { type: 0, amount: 1n, recipientId: wallet.address }, DEVNET_CTX);
    vi.advanceTimersByTime(59_999);
    keystore.noteActivity();
    // The node monitor and the chain watcher read the wallets every few seconds: that is not a person.
    for (let i = 0; i < 59; i++) {
      vi.advanceTimersByTime(1_000);
      keystore.listWallets();
      keystore.getWallet(wallet.id);
    }
    vi.advanceTimersByTime(999);
    expect(keystore.isUnlocked()).toBe(true);
    expect(locked).toEqual([]);

    vi.advanceTimersByTime(1);
    expect(keystore.isUnlocked()).toBe(false);
    expect(locked).toEqual(['idle']);
    expect(() => keystore.listWallets()).toThrow(expect.objectContaining({ code: 'ERR_LOCKED' }));
  });

  it('can be reconfigured or turned off, and a manual lock reports "manual" once', async () => {
    const locked: LockReason[] = [];
    const keystore = inspectable(1_000, (reason) => locked.push(reason));
    await keystore.create(PASSWORD);
    vi.useFakeTimers();
    keystore.setIdleLock(0);
    expect(keystore.idleLockMs).toBe(0);
    vi.advanceTimersByTime(24 * 3_600_000);
    expect(keystore.isUnlocked()).toBe(true);
    keystore.setIdleLock(5_000);
    vi.advanceTimersByTime(4_999);
    expect(keystore.isUnlocked()).toBe(true);
    keystore.lock();
    keystore.lock();
    vi.advanceTimersByTime(10_000);
    expect(locked).toEqual(['manual']);
    expect(() => keystore.setIdleLock(-1)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_INPUT' }));
  });

  it('zeroes the vault key and every derived private key on lock', async () => {
    const keystore = inspectable(0, () => undefined);
    await keystore.create(PASSWORD);
    const a = await keystore.importPassphrase({
      network: devnet,
      passphrase: 'first zeroing passphrase',
      secondPassphrase: 'second zeroing passphrase',
    });
    const b = await keystore.importWif({
      network: devnet,
      wif: 'SHnV86PSnWB6VKASBVVJx5LrYuJmrFJ1MRxezn7bCi6LW1dh8ttG',
    });
    keystore.signMessage(a.id, 'derive a');
    keystore.signMessage(b.id, 'derive b');
    const { vaultKey, keys } = keystore.sessionBuffers();
    expect(keys).toHaveLength(2);
    const all = [
      vaultKey,
      ...keys.flatMap((k) => [k.privateKey, ...(k.secondPrivateKey ? [k.secondPrivateKey] : [])]),
    ];
    expect(all).toHaveLength(4);
    for (const buffer of all) expect(buffer.some((byte) => byte !== 0)).toBe(true);
    keystore.lock();
    for (const buffer of all) expect(buffer.every((byte) => byte === 0)).toBe(true);
  });
});
