/**
 * Wrong passwords, one derivation at a time and slower after each (src/core/keystore/password-attempts.ts), and
 * the vault's scrypt cost raised on the next unlock (kdf.ts DEFAULT_SCRYPT).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { attemptDelayMs, FREE_ATTEMPTS, MAX_DELAY_MS } from '../../src/core/keystore/password-attempts';
import { DEFAULT_SCRYPT } from '../../src/core/keystore/kdf';
import { devnet } from '../../src/core/protocol/networks';
import { FAST_SCRYPT, openKeystore, PASSWORD, tempDataDir } from './support';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );
}

describe('wrong passwords', () => {
  it('run one at a time: twelve parallel guesses cost three derivations, the rest are refused at once', async () => {
    const dir = tempDataDir();
    const clock = { now: 1_000_000 };
    const keystore = openKeystore(dir, { now: () => clock.now });
    await keystore.create(PASSWORD);
    keystore.lock();

    const codes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => codeOf(keystore.unlock(`wrong password ${i}`))),
    );
    expect(codes.slice(0, FREE_ATTEMPTS)).toEqual(Array(FREE_ATTEMPTS).fill('ERR_WRONG_PASSWORD'));
    expect(codes.slice(FREE_ATTEMPTS)).toEqual(Array(12 - FREE_ATTEMPTS).fill('ERR_TOO_MANY_ATTEMPTS'));

    // Even the right password waits, or the refusal would reveal it; the wait survives a restart.
    await expect(keystore.unlock(PASSWORD)).rejects.toThrow(/Wait 1 second before trying again/);
    const restarted = openKeystore(dir, { now: () => clock.now });
    expect(await codeOf(restarted.unlock(PASSWORD))).toBe('ERR_TOO_MANY_ATTEMPTS');

    clock.now += 1_000;
    expect(await codeOf(restarted.unlock('wrong again'))).toBe('ERR_WRONG_PASSWORD');
    clock.now += 1_999;
    await expect(restarted.unlock(PASSWORD)).rejects.toThrow(/Wait 1 second/);
    clock.now += 1;
    await restarted.unlock(PASSWORD);
    expect(restarted.isUnlocked()).toBe(true);

    // The right password reset the count: typos are free again.
    restarted.lock();
    for (let i = 0; i < FREE_ATTEMPTS; i++)
      expect(await codeOf(restarted.unlock('typo'))).toBe('ERR_WRONG_PASSWORD');
    expect(JSON.parse(readFileSync(`${dir}/profiles/default/password-attempts.json`, 'utf8'))).toMatchObject({
      failures: FREE_ATTEMPTS,
    });
  });

  it('count for every password check: reveal and password change too', async () => {
    const clock = { now: 5_000_000 };
    const keystore = openKeystore(tempDataDir(), { now: () => clock.now });
    await keystore.create(PASSWORD);
    const wallet = await keystore.importPassphrase({ network: devnet, passphrase: 'attempts test wallet' });
    expect(await codeOf(keystore.revealRecoveryPhrase(wallet.id, 'nope nope nope'))).toBe(
      'ERR_WRONG_PASSWORD',
    );
    expect(await codeOf(keystore.changePassword('nope nope nope', 'a brand new password'))).toBe(
      'ERR_WRONG_PASSWORD',
    );
    expect(await codeOf(keystore.revealRecoveryPhrase(wallet.id, 'nope nope nope'))).toBe(
      'ERR_WRONG_PASSWORD',
    );
    expect(await codeOf(keystore.revealRecoveryPhrase(wallet.id, PASSWORD))).toBe('ERR_TOO_MANY_ATTEMPTS');
  });

  it('double the wait after each further failure, up to 15 minutes', () => {
    expect([0, 1, 2].map(attemptDelayMs)).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map(attemptDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(attemptDelayMs(40)).toBe(MAX_DELAY_MS);
  });
});

describe('scrypt cost', () => {
  it('is N = 2^17, r = 8, p = 1 for new vaults', () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('re-wraps a vault made at a lower cost on its next successful unlock', async () => {
    const dir = tempDataDir();
    const old = openKeystore(dir, { scrypt: FAST_SCRYPT });
    await old.create(PASSWORD);
    const wallet = await old.importPassphrase({ network: devnet, passphrase: 'rewrap test wallet' });
    old.lock();
    const kdfOf = () =>
      (JSON.parse(readFileSync(`${dir}/profiles/default/vault.json`, 'utf8')) as { kdf: { N: number } }).kdf;
    expect(kdfOf().N).toBe(2 ** 10);

    const stronger = { N: 2 ** 11, r: 8, p: 1 };
    const current = openKeystore(dir, { scrypt: stronger });
    await expect(current.unlock('wrong password here')).rejects.toMatchObject({ code: 'ERR_WRONG_PASSWORD' });
    expect(kdfOf().N).toBe(2 ** 10);
    await current.unlock(PASSWORD);
    expect(kdfOf().N).toBe(2 ** 11);
    expect(current.listWallets().map((w) => w.id)).toEqual([wallet.id]);

    // The file still opens with the same password, whatever cost the reader would use for new vaults.
    const reader = openKeystore(dir, { scrypt: FAST_SCRYPT });
    await reader.unlock(PASSWORD);
    expect(reader.listWallets()).toHaveLength(1);
    expect(kdfOf().N).toBe(2 ** 11);
  });
});

describe('signing after a while', () => {
  it('asks for the password again when it was entered longer ago than the setting', async () => {
    const clock = { now: 10_000_000 };
    const keystore = openKeystore(tempDataDir(), { now: () => clock.now });
    await keystore.create(PASSWORD);
    await keystore.confirmPasswordIfStale(5 * 60_000, undefined);
    clock.now += 5 * 60_000 + 1;
    expect(keystore.passwordFresh(5 * 60_000)).toBe(false);
    expect(keystore.passwordFresh(0)).toBe(true);
    await expect(keystore.confirmPasswordIfStale(5 * 60_000, undefined)).rejects.toMatchObject({
      code: 'ERR_PASSWORD_REQUIRED',
      message: 'Enter the vault password to sign: it was last entered more than 5 minutes ago.',
    });
    await expect(keystore.confirmPasswordIfStale(5 * 60_000, 'not it at all')).rejects.toMatchObject({
      code: 'ERR_WRONG_PASSWORD',
    });
    await keystore.confirmPasswordIfStale(5 * 60_000, PASSWORD);
    expect(keystore.passwordFresh(5 * 60_000)).toBe(true);
    // Unlocking again proves it too.
    clock.now += 10 * 60_000;
    keystore.lock();
    await keystore.unlock(PASSWORD);
    expect(keystore.passwordFresh(5 * 60_000)).toBe(true);
  });
});
