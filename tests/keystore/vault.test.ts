import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devnet } from '../../src/core/protocol/networks';
import { codeOf, openKeystore, PASSWORD, newVault, tempDataDir, withChecksum } from './support';

const PASSPHRASE = 'this is a top secret passphrase for the vault tests';

/** A vault with one wallet, locked, and the parsed JSON of its file. */
async function lockedVaultWithWallet() {
  const dataDir = tempDataDir();
  const keystore = await newVault({ dataDir });
  const wallet = await keystore.importPassphrase({ network: devnet, passphrase: PASSPHRASE, name: 'Main' });
  keystore.lock();
  const path = keystore.vaultPath;
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, unknown>>;
  return { dataDir, keystore, wallet, path, json };
}

function flipBase64Byte(value: unknown, index = 0): string {
  const bytes = Buffer.from(String(value), 'base64');
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes.toString('base64');
}

describe('vault file', () => {
  it('round-trips: a new instance unlocks the file and finds the same wallets', async () => {
    const { dataDir, wallet } = await lockedVaultWithWallet();
    const reopened = openKeystore(dataDir);
    expect(await reopened.hasVault()).toBe(true);
    expect(reopened.isUnlocked()).toBe(false);
    await reopened.unlock(PASSWORD);
    expect(reopened.listWallets()).toEqual([wallet]);
  });

  it('lives at <dataDir>/profiles/<profile>/vault.json, readable by the owner only', async () => {
    const dataDir = tempDataDir();
    const keystore = await newVault({ dataDir, profile: 'work-2' });
    expect(keystore.vaultPath).toBe(join(dataDir, 'profiles', 'work-2', 'vault.json'));
    expect(statSync(keystore.vaultPath).mode & 0o777).toBe(0o600);
    const file = JSON.parse(readFileSync(keystore.vaultPath, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(file)).toEqual([
      'format',
      'version',
      'kdf',
      'passwordKey',
      'deviceKey',
      'contents',
      'checksum',
    ]);
    expect(file.kdf).toMatchObject({ name: 'scrypt', N: 1024, r: 8, p: 1, dkLen: 32 });
    expect(Buffer.from(String((file.kdf as { salt: string }).salt), 'base64')).toHaveLength(32);
  });

  it('refuses a wrong password with ERR_WRONG_PASSWORD only', async () => {
    const { keystore } = await lockedVaultWithWallet();
    for (const wrong of ['correct horse battery!', '', 'x'.repeat(100)]) {
      await expect(keystore.unlock(wrong)).rejects.toMatchObject({
        code: 'ERR_WRONG_PASSWORD',
        message: 'The password is not correct.',
      });
    }
    expect(keystore.isUnlocked()).toBe(false);
  });

  it('says ERR_NO_VAULT before creation, ERR_VAULT_EXISTS on a second create, and refuses short passwords', async () => {
    const dataDir = tempDataDir();
    const keystore = openKeystore(dataDir);
    expect(await keystore.hasVault()).toBe(false);
    expect(await codeOf(keystore.unlock(PASSWORD))).toBe('ERR_NO_VAULT');
    expect(await codeOf(keystore.create('short'))).toBe('ERR_INVALID_INPUT');
    await keystore.create(PASSWORD);
    expect(await codeOf(openKeystore(dataDir).create(PASSWORD))).toBe('ERR_VAULT_EXISTS');
    expect(() => openKeystore(dataDir, { profile: '../escape' })).toThrow(/profile id/);
  });

  it.each([
    [
      'contents ciphertext',
      (j: Record<string, Record<string, unknown>>) =>
        (j.contents!.ciphertext = flipBase64Byte(j.contents!.ciphertext, 3)),
    ],
    [
      'contents tag',
      (j: Record<string, Record<string, unknown>>) => (j.contents!.tag = flipBase64Byte(j.contents!.tag)),
    ],
    [
      'contents iv',
      (j: Record<string, Record<string, unknown>>) => (j.contents!.iv = flipBase64Byte(j.contents!.iv)),
    ],
    [
      'wrapped key ciphertext',
      (j: Record<string, Record<string, unknown>>) =>
        (j.passwordKey!.ciphertext = flipBase64Byte(j.passwordKey!.ciphertext)),
    ],
    [
      'wrapped key tag',
      (j: Record<string, Record<string, unknown>>) =>
        (j.passwordKey!.tag = flipBase64Byte(j.passwordKey!.tag, 15)),
    ],
    ['salt', (j: Record<string, Record<string, unknown>>) => (j.kdf!.salt = flipBase64Byte(j.kdf!.salt, 31))],
    ['scrypt N', (j: Record<string, Record<string, unknown>>) => (j.kdf!.N = 2048)],
  ])('detects a flipped byte in the %s: ERR_VAULT_CORRUPT, file left as it was', async (_what, tamper) => {
    const { keystore, path, json } = await lockedVaultWithWallet();
    tamper(json);
    const text = JSON.stringify(json);
    writeFileSync(path, text);
    await expect(keystore.unlock(PASSWORD)).rejects.toMatchObject({ code: 'ERR_VAULT_CORRUPT' });
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('detects damage at the byte level: truncation, garbage, a flipped character, an empty file', async () => {
    const { keystore, path } = await lockedVaultWithWallet();
    const original = readFileSync(path);
    const variants = [
      original.subarray(0, original.length / 2),
      Buffer.from('not json at all'),
      Buffer.alloc(0),
      Buffer.from(JSON.stringify({ format: 'votary-vault', version: 2 })),
    ];
    // Every single-byte flip anywhere in the file must be refused, never crash.
    for (let i = 0; i < original.length; i += 1) {
      const copy = Buffer.from(original);
      copy[i] = copy[i]! ^ 0x04;
      variants.push(copy);
    }
    for (const bytes of variants) {
      writeFileSync(path, bytes);
      expect(await codeOf(keystore.unlock(PASSWORD))).toBe('ERR_VAULT_CORRUPT');
    }
  });

  it('authenticates the contents behind the checksum: a re-checksummed tampered box is still ERR_VAULT_CORRUPT', async () => {
    const { keystore, path, json } = await lockedVaultWithWallet();
    json.contents!.ciphertext = flipBase64Byte(json.contents!.ciphertext, 10);
    writeFileSync(path, withChecksum(json));
    await expect(keystore.unlock(PASSWORD)).rejects.toMatchObject({ code: 'ERR_VAULT_CORRUPT' });
  });

  it('a forged header with a recomputed checksum only yields "wrong password", never access', async () => {
    const { keystore, path, json } = await lockedVaultWithWallet();
    json.kdf!.salt = flipBase64Byte(json.kdf!.salt);
    writeFileSync(path, withChecksum(json));
    await expect(keystore.unlock(PASSWORD)).rejects.toMatchObject({ code: 'ERR_WRONG_PASSWORD' });
  });

  it('changes the password: the old one fails, the new one works, wallets intact, contents not re-encrypted', async () => {
    const { dataDir, keystore, wallet, path } = await lockedVaultWithWallet();
    const before = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(await codeOf(keystore.changePassword('not the password', 'new password 123'))).toBe(
      'ERR_WRONG_PASSWORD',
    );
    expect(await codeOf(keystore.changePassword(PASSWORD, 'short'))).toBe('ERR_INVALID_INPUT');
    await keystore.changePassword(PASSWORD, 'new password 123');
    const after = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(after.contents).toEqual(before.contents);
    expect(after.kdf).not.toEqual(before.kdf);

    const reopened = openKeystore(dataDir);
    expect(await codeOf(reopened.unlock(PASSWORD))).toBe('ERR_WRONG_PASSWORD');
    await reopened.unlock('new password 123');
    expect(reopened.listWallets()).toEqual([wallet]);
  });

  it('changes the password while unlocked and keeps the session usable', async () => {
    const keystore = await newVault();
    await keystore.changePassword(PASSWORD, 'another password');
    const wallet = await keystore.importPassphrase({ network: devnet, passphrase: PASSPHRASE });
    keystore.lock();
    await keystore.unlock('another password');
    expect(keystore.listWallets()).toEqual([wallet]);
  });

  it('NFKC-normalizes passwords: composed and decomposed accents unlock the same vault', async () => {
    const dataDir = tempDataDir();
    const keystore = openKeystore(dataDir);
    await keystore.create('p\u00e4ssw\u00f6rd-caf\u00e9 tr\u00e8s');
    keystore.lock();
    await keystore.unlock('pa\u0308ssw\u006f\u0308rd-cafe\u0301 tre\u0300s');
    expect(keystore.isUnlocked()).toBe(true);
  });
});
