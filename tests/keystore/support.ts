/** Shared helpers for the key-store tests: temp data dirs, a cheap scrypt cost, and an in-memory keychain. */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { isKeystoreError, Keystore, type KeystoreOptions } from '../../src/core/keystore';
import { MemoryKeychain } from '../support/memory-keychain';
import { devnet, mainnet } from '../../src/core/protocol/networks';

/** N = 2^10: the real format and code path at ~2 ms per derivation, so the suite stays fast. */
export const FAST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
export const PASSWORD = 'correct horse battery';
export const DEVNET_CTX = { network: devnet, height: 6_000_000 };
export const MAINNET_CTX = { network: mainnet, height: 12_000_000 };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-keystore-'));
  dirs.push(dir);
  return dir;
}

export function openKeystore(dataDir: string, options: Partial<KeystoreOptions> = {}): Keystore {
  return new Keystore({
    dataDir,
    profile: 'default',
    scrypt: FAST_SCRYPT,
    keychain: new MemoryKeychain({ available: false, reason: 'not used in this test' }),
    ...options,
  });
}

export async function newVault(options: Partial<KeystoreOptions> = {}): Promise<Keystore> {
  const keystore = openKeystore(options.dataDir ?? tempDataDir(), options);
  await keystore.create(PASSWORD);
  return keystore;
}

/** Every file below `dir`, with its bytes. */
export function filesUnder(dir: string): { path: string; bytes: Buffer }[] {
  const out: { path: string; bytes: Buffer }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push({ path, bytes: readFileSync(path) });
  }
  return out;
}

/** Rewrites a vault file with its checksum recomputed, to reach the checks behind the checksum. */
export function withChecksum(file: Record<string, unknown>): string {
  const { checksum: _checksum, ...body } = file;
  const ordered = {
    format: body.format,
    version: body.version,
    kdf: body.kdf,
    passwordKey: body.passwordKey,
    deviceKey: body.deviceKey,
    contents: body.contents,
  };
  return JSON.stringify({ ...ordered, checksum: sha256Hex(JSON.stringify(ordered)) });
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The KeystoreError code an action fails with, 'resolved' when it succeeds, or the text of another error. */
export async function codeOf(action: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof action === 'function' ? action() : action);
    return 'resolved';
  } catch (error) {
    return isKeystoreError(error) ? error.code : String(error);
  }
}
