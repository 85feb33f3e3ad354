/**
 * What a key store is opened with, and where one profile's files live: `<dataDir>/profiles/<profile>/vault.json`
 * and the wrong-password count beside it (docs/design/security.md "Key store").
 */
import { join } from 'node:path';
import { KeystoreError } from './errors';
import type { ScryptParams } from './kdf';
import type { Keychain } from './keychain';

export type LockReason = 'idle' | 'manual';

export interface KeystoreOptions {
  /** The app data directory; the vault is `<dataDir>/profiles/<profile>/vault.json`. */
  dataDir: string;
  /** Profile id: 1–64 of A–Z a–z 0–9 _ -. Also the keychain account. */
  profile: string;
  /** Auto-lock after this many milliseconds without use; 0 disables it. Default 5 minutes. */
  idleLockMs?: number;
  onLocked?: (reason: LockReason) => void;
  /** Default: the keytar-backed OS keychain. */
  keychain?: Keychain;
  /**
   * scrypt cost for new passwords, and the least a vault keeps: a vault derived at a lower cost is re-wrapped at
   * this one on its next successful unlock. Default DEFAULT_SCRYPT; tests pass a cheap one.
   */
  scrypt?: ScryptParams;
  /** Unix ms, for the wrong-password slow-down (password-attempts.ts). Default Date.now. */
  now?: () => number;
}

export const DEFAULT_IDLE_LOCK_MS = 5 * 60_000;
/** Beside vault.json: the wrong-password count that survives a restart. */
export const PASSWORD_ATTEMPTS_FILE = 'password-attempts.json';
const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The profile's vault file and wrong-password file; a profile id that is not a plain name is refused. */
export function profileFiles(options: Pick<KeystoreOptions, 'dataDir' | 'profile'>): {
  vault: string;
  attempts: string;
} {
  if (typeof options.profile !== 'string' || !PROFILE_ID.test(options.profile)) {
    throw new KeystoreError('ERR_INVALID_INPUT', 'the profile id must be 1–64 of A–Z a–z 0–9 _ -');
  }
  const dir = join(options.dataDir, 'profiles', options.profile);
  return { vault: join(dir, 'vault.json'), attempts: join(dir, PASSWORD_ATTEMPTS_FILE) };
}
