/**
 * Key handling for one vault file: create, unwrap the vault key with a password or a device key, open and
 * re-seal the contents, re-wrap on a password change. Every function returns fresh buffers the caller owns
 * (and zeroes on lock); intermediate key material is zeroed here before returning.
 */
import { randomBytes } from 'node:crypto';
import { open, seal } from './aead';
import { KeystoreError } from './errors';
import { derivePasswordKey, newKdfRecord, type ScryptParams } from './kdf';
import { parseVaultContents, type VaultContents } from './wallet-record';
import {
  CONTENTS_AAD,
  corrupt,
  DEVICE_KEY_AAD,
  passwordKeyAad,
  VAULT_FORMAT,
  VAULT_VERSION,
  type VaultFile,
} from './vault-file';

const KEY_BYTES = 32;

/** Copies a decrypted buffer into a caller-owned array and wipes the original. */
function takeKey(buffer: Buffer): Uint8Array {
  const key = Uint8Array.from(buffer);
  buffer.fill(0);
  return key;
}

export function randomKey(): Uint8Array {
  return Uint8Array.from(randomBytes(KEY_BYTES));
}

async function sealWithPassword(vaultKey: Uint8Array, password: string, params: ScryptParams) {
  const kdf = newKdfRecord(params);
  const passwordKey = await derivePasswordKey(password, kdf);
  try {
    return { kdf, passwordKey: seal(passwordKey, vaultKey, passwordKeyAad(kdf)) };
  } finally {
    passwordKey.fill(0);
  }
}

export function sealContents(vaultKey: Uint8Array, contents: VaultContents): VaultFile['contents'] {
  const plaintext = Buffer.from(JSON.stringify(contents), 'utf8');
  try {
    return seal(vaultKey, plaintext, CONTENTS_AAD);
  } finally {
    plaintext.fill(0);
  }
}

/** A new vault file with a fresh random vault key (returned so the session can stay unlocked). */
export async function createVault(
  password: string,
  params: ScryptParams,
): Promise<{ file: VaultFile; vaultKey: Uint8Array }> {
  const vaultKey = randomKey();
  const { kdf, passwordKey } = await sealWithPassword(vaultKey, password, params);
  const file: VaultFile = {
    format: VAULT_FORMAT,
    version: VAULT_VERSION,
    kdf,
    passwordKey,
    deviceKey: null,
    contents: sealContents(vaultKey, { version: 1, wallets: [] }),
  };
  return { file, vaultKey };
}

/**
 * The vault key, or ERR_WRONG_PASSWORD. The file's checksum already passed, so a failed unwrap means the
 * password-derived key is wrong; nothing more is said (which byte, how close) to give a guesser no signal.
 */
export async function unwrapWithPassword(file: VaultFile, password: string): Promise<Uint8Array> {
  const passwordKey = await derivePasswordKey(password, file.kdf);
  try {
    const key = open(passwordKey, file.passwordKey, passwordKeyAad(file.kdf));
    if (key === undefined) throw new KeystoreError('ERR_WRONG_PASSWORD', 'The password is not correct.');
    if (key.length !== KEY_BYTES) throw corrupt('its vault key has the wrong length');
    return takeKey(key);
  } finally {
    passwordKey.fill(0);
  }
}

/** The vault key from the device key kept in the OS keychain. */
export function unwrapWithDeviceKey(file: VaultFile, deviceKey: Uint8Array): Uint8Array {
  if (file.deviceKey === null) {
    throw new KeystoreError('ERR_DEVICE_UNLOCK_NOT_ENABLED', 'Unlock on this device is not enabled.');
  }
  const key = open(deviceKey, file.deviceKey, DEVICE_KEY_AAD);
  if (key === undefined || key.length !== KEY_BYTES) {
    throw new KeystoreError(
      'ERR_DEVICE_UNLOCK_FAILED',
      'The key saved in this device’s keychain does not open this vault; unlock with the password and enable it again.',
    );
  }
  return takeKey(key);
}

export function sealDeviceKey(vaultKey: Uint8Array, deviceKey: Uint8Array): VaultFile['deviceKey'] {
  return seal(deviceKey, vaultKey, DEVICE_KEY_AAD);
}

/**
 * The decrypted wallets. The vault key is right (it came out of an authenticated box), so a failure here is
 * damage or tampering: ERR_VAULT_CORRUPT.
 */
export function openContents(file: VaultFile, vaultKey: Uint8Array): VaultContents {
  const plaintext = open(vaultKey, file.contents, CONTENTS_AAD);
  if (plaintext === undefined) throw corrupt('its contents fail authentication');
  try {
    let json: unknown;
    try {
      json = JSON.parse(plaintext.toString('utf8'));
    } catch {
      throw corrupt('its contents are not valid JSON');
    }
    const contents = parseVaultContents(json);
    if (contents === undefined) throw corrupt('its contents are not the expected shape');
    return contents;
  } finally {
    plaintext.fill(0);
  }
}

/** The same vault key under a new password (new salt, current cost); contents and device key are untouched. */
export async function rewrapPassword(
  file: VaultFile,
  vaultKey: Uint8Array,
  newPassword: string,
  params: ScryptParams,
): Promise<VaultFile> {
  const { kdf, passwordKey } = await sealWithPassword(vaultKey, newPassword, params);
  return { ...file, kdf, passwordKey };
}
