/**
 * One profile's vault and its unlocked session: the encrypted file on disk, the session in memory, auto-lock,
 * password change and "unlock on this device". The wallet operations and signing (keystore.ts) build on it.
 *
 * Secrets exist in clear only inside an unlocked session; `lock()` zeroes every key buffer the session owns and
 * drops every reference to passphrase text (JavaScript strings cannot be wiped; dropping them is all one can do).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileChangedError, GuardedFile, removeStaleTemps } from '../fs/atomic-file';
import { KeystoreError } from './errors';
import { IdleTimer } from './idle-timer';
import { assertPassword } from './new-password';
import { DEFAULT_SCRYPT, kdfCost, type ScryptParams } from './kdf';
import { explainKeychainError, keytarKeychain, type Keychain, type KeychainStatus } from './keychain';
import { DEFAULT_IDLE_LOCK_MS, profileFiles, type KeystoreOptions, type LockReason } from './options';
import { PasswordAttempts } from './password-attempts';
import type { PendingMnemonic } from './pending-mnemonic';
import type { SigningKeys } from './signing';
import { parseVaultFile, serializeVaultFile, type VaultFile } from './vault-file';
import {
  createVault,
  openContents,
  randomKey,
  rewrapPassword,
  sealContents,
  sealDeviceKey,
  unwrapWithDeviceKey,
  unwrapWithPassword,
} from './vault';
import { wipeKeys } from './wallet-import';
import type { StoredWallet } from './wallet-record';

export { MIN_PASSWORD_LENGTH } from './new-password';

export interface Session {
  vaultKey: Uint8Array;
  file: VaultFile;
  wallets: StoredWallet[];
  /** Signing keys derived on first use, zeroed on lock. */
  keys: Map<string, SigningKeys>;
  pending: Map<string, PendingMnemonic>;
  /** Names this unlock and no other: what is bound to it (a prepared transaction) ends with it. */
  token: string;
}

export class VaultSession {
  readonly profile: string;
  readonly vaultPath: string;
  protected session: Session | undefined;
  private readonly idle: IdleTimer;
  private readonly keychain: Keychain;
  private readonly scrypt: ScryptParams;
  private readonly onLocked: ((reason: LockReason) => void) | undefined;
  /** Every file write runs in this queue, so each one starts from the result of the previous one. */
  private writes: Promise<unknown> = Promise.resolve();
  /** The vault file, replaced only over the version this process read or wrote (compare before replace). */
  private readonly file: GuardedFile;
  /** Every key derivation, one at a time, with wrong passwords slowed down (password-attempts.ts). */
  private readonly attempts: PasswordAttempts;
  /** Unix ms the person last proved they know the password (unlock, create, a password-gated action). */
  private passwordProvedAt = 0;
  private readonly now: () => number;

  constructor(options: KeystoreOptions) {
    const files = profileFiles(options);
    this.profile = options.profile;
    this.vaultPath = files.vault;
    this.file = new GuardedFile(this.vaultPath);
    this.now = options.now ?? Date.now;
    this.attempts = new PasswordAttempts(files.attempts, this.now);
    this.keychain = options.keychain ?? keytarKeychain();
    this.scrypt = options.scrypt ?? DEFAULT_SCRYPT;
    this.onLocked = options.onLocked;
    this.idle = new IdleTimer(options.idleLockMs ?? DEFAULT_IDLE_LOCK_MS, () => this.endSession('idle'));
  }

  // ── the vault file ──────────────────────────────────────────────────────────────────────────────

  async hasVault(): Promise<boolean> {
    try {
      return (await stat(this.vaultPath)).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /** The file as on disk: ERR_NO_VAULT when absent, ERR_VAULT_CORRUPT when unreadable. */
  private async readVault(): Promise<VaultFile> {
    const text = await this.file.read();
    if (text === null) {
      throw new KeystoreError('ERR_NO_VAULT', `There is no vault for profile "${this.profile}" yet.`);
    }
    await removeStaleTemps(this.vaultPath);
    return parseVaultFile(text);
  }

  private async writeVault(file: VaultFile): Promise<void> {
    try {
      await this.file.write(serializeVaultFile(file));
    } catch (error) {
      if (!(error instanceof FileChangedError)) throw error;
      throw new KeystoreError(
        'ERR_VAULT_CHANGED',
        'The vault file was changed by another Votary process since this one read it, so nothing was saved. Lock the vault and unlock it again to see its current wallets, then repeat the change.',
      );
    }
  }

  protected enqueue<T>(task: () => Promise<T>): Promise<T> {
    // Every write is a change a person asked for.
    this.noteActivity();
    const run = this.writes.then(task, task);
    this.writes = run.catch(() => undefined);
    return run;
  }

  // ── sessions ────────────────────────────────────────────────────────────────────────────────────

  isUnlocked(): boolean {
    return this.session !== undefined;
  }

  /**
   * The open session's name, unique to this unlock (undefined while locked): a lock and a new unlock, or another
   * profile's vault, give another. What must not outlive the session is bound to it: a prepared transaction
   * (services/transactions/prepared-store.ts), a browser-shell window's admission (src/cli/window-gate.ts).
   */
  sessionToken(): string | undefined {
    return this.session?.token;
  }

  /**
   * The unlocked session, or ERR_LOCKED. Using it does not count as activity: the node monitor and the chain
   * watcher read the vault's wallets in the background every few seconds, and auto-lock must still fire
   * (docs/design/security.md "Key store"). Only a person's actions re-arm it: `noteActivity`, and the operations
   * a person starts (every change of the vault, signing, revealing a phrase).
   */
  protected use(): Session {
    const session = this.session;
    if (session === undefined) throw new KeystoreError('ERR_LOCKED', 'The vault is locked; unlock it first.');
    return session;
  }

  /** The session, for an operation a person started: it re-arms auto-lock. */
  protected act(): Session {
    const session = this.use();
    this.idle.touch();
    return session;
  }

  /** A person used the app (a key press, a click): re-arms auto-lock while unlocked. */
  noteActivity(): void {
    if (this.session !== undefined) this.idle.touch();
  }

  private startSession(file: VaultFile, vaultKey: Uint8Array): void {
    let wallets: StoredWallet[];
    try {
      wallets = openContents(file, vaultKey).wallets;
    } catch (error) {
      vaultKey.fill(0);
      throw error;
    }
    this.endSession(undefined);
    this.session = { vaultKey, file, wallets, keys: new Map(), pending: new Map(), token: randomUUID() };
    this.passwordProvedAt = this.now();
    this.idle.touch();
  }

  private endSession(reason: LockReason | undefined): void {
    const session = this.session;
    if (session === undefined) return;
    this.session = undefined;
    this.idle.stop();
    session.vaultKey.fill(0);
    for (const keys of session.keys.values()) wipeKeys(keys);
    session.keys.clear();
    session.pending.clear();
    session.wallets = [];
    if (reason !== undefined) this.onLocked?.(reason);
  }

  /** Creates the profile's vault (empty) and leaves it unlocked. */
  async create(password: string): Promise<void> {
    assertPassword(password);
    await this.enqueue(async () => {
      if ((await this.file.read()) !== null) {
        throw new KeystoreError('ERR_VAULT_EXISTS', `Profile "${this.profile}" already has a vault.`);
      }
      await mkdir(join(this.vaultPath, '..'), { recursive: true, mode: 0o700 });
      const { file, vaultKey } = await this.attempts.derive(() => createVault(password, this.scrypt));
      try {
        await this.writeVault(file);
      } catch (error) {
        vaultKey.fill(0);
        throw error;
      }
      this.startSession(file, vaultKey);
    });
  }

  async unlock(password: string): Promise<void> {
    if (typeof password !== 'string')
      throw new KeystoreError('ERR_INVALID_INPUT', 'the password must be text');
    const file = await this.enqueue(() => this.readVault());
    this.startSession(file, await this.attempts.check(() => unwrapWithPassword(file, password)));
    await this.strengthenKdf(password);
  }

  /**
   * Re-wraps the vault key at the current scrypt cost when the file was derived at a lower one (a vault made by
   * an older Votary): the password was just proven, and only the 32-byte key box changes. A failure leaves the
   * file as it was (still readable at its old cost) and is tried again at the next unlock.
   */
  private async strengthenKdf(password: string): Promise<void> {
    const session = this.session;
    if (session === undefined || kdfCost(session.file.kdf) >= kdfCost(this.scrypt)) return;
    await this.enqueue(async () => {
      const rewrapped = await this.attempts.derive(() =>
        rewrapPassword(session.file, session.vaultKey, password, this.scrypt),
      );
      await this.writeVault(rewrapped);
      session.file = rewrapped;
    }).catch(() => undefined);
  }

  lock(): void {
    this.endSession('manual');
  }

  /**
   * The vault password checked against the open session, which stays as it is (its derived keys and a wallet being
   * created are kept): another window of the browser shell proving it may see this vault. Slowed down after wrong
   * passwords as an unlock is; ERR_LOCKED when no session is open.
   */
  async confirmPassword(password: string): Promise<void> {
    await this.verifyPassword(this.use(), password);
  }

  /** Milliseconds of idle time before auto-lock (0: never). Re-arms the timer when unlocked. */
  setIdleLock(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) {
      throw new KeystoreError('ERR_INVALID_INPUT', 'the idle time must be a non-negative number of ms');
    }
    this.idle.setDelay(ms);
    if (this.session !== undefined) this.idle.touch();
  }

  get idleLockMs(): number {
    return this.idle.delay;
  }

  /** Re-wraps the vault key under a new password; wallets and "unlock on this device" are unaffected. */
  async changePassword(current: string, next: string): Promise<void> {
    assertPassword(next, 'new password');
    if (typeof current !== 'string')
      throw new KeystoreError('ERR_INVALID_INPUT', 'the password must be text');
    await this.enqueue(async () => {
      const file = this.session?.file ?? (await this.readVault());
      const vaultKey = await this.attempts.check(() => unwrapWithPassword(file, current));
      try {
        const rewrapped = await this.attempts.derive(() => rewrapPassword(file, vaultKey, next, this.scrypt));
        await this.writeVault(rewrapped);
        if (this.session !== undefined) this.session.file = rewrapped;
      } finally {
        vaultKey.fill(0);
      }
    });
  }

  /** Seals new contents with the session's vault key and writes them; call inside `enqueue`. */
  protected async saveWallets(session: Session, wallets: StoredWallet[]): Promise<void> {
    const file: VaultFile = {
      ...session.file,
      contents: sealContents(session.vaultKey, { version: 1, wallets }),
    };
    await this.writeVault(file);
    session.file = file;
    session.wallets = wallets;
  }

  /** Checks a password against the vault without changing the session (for password-gated actions). */
  protected async verifyPassword(session: Session, password: string): Promise<void> {
    if (typeof password !== 'string')
      throw new KeystoreError('ERR_INVALID_INPUT', 'the password must be text');
    (await this.attempts.check(() => unwrapWithPassword(session.file, password))).fill(0);
    this.passwordProvedAt = this.now();
  }

  /** True when the password was proven within the last `maxAgeMs` (0: always true). */
  passwordFresh(maxAgeMs: number): boolean {
    return maxAgeMs <= 0 || (this.session !== undefined && this.now() - this.passwordProvedAt <= maxAgeMs);
  }

  /**
   * Before signing (docs/design/security.md "Key store"): when the password was last proven more than
   * `maxAgeMs` ago, it must be given again (ERR_PASSWORD_REQUIRED without it), so that an unlocked vault left
   * open is not enough to send money.
   */
  async confirmPasswordIfStale(maxAgeMs: number, password: string | undefined): Promise<void> {
    const session = this.act();
    if (this.passwordFresh(maxAgeMs)) return;
    if (password === undefined) {
      throw new KeystoreError(
        'ERR_PASSWORD_REQUIRED',
        `Enter the vault password to sign: it was last entered more than ${Math.round(maxAgeMs / 60_000)} minutes ago.`,
      );
    }
    await this.verifyPassword(session, password);
  }

  // ── unlock on this device (OS keychain) ─────────────────────────────────────────────────────────

  keychainStatus(): Promise<KeychainStatus> {
    return this.keychain.status();
  }

  async deviceUnlockEnabled(): Promise<boolean> {
    const file = this.session?.file ?? (await this.enqueue(() => this.readVault()));
    return file.deviceKey !== null;
  }

  /** Stores a random device key in the keychain and the vault key sealed with it in the vault file. */
  async enableDeviceUnlock(): Promise<void> {
    this.use();
    const status = await this.keychain.status();
    if (!status.available) {
      throw new KeystoreError(
        'ERR_KEYCHAIN_UNAVAILABLE',
        `Unlock on this device is unavailable: ${status.reason}.`,
      );
    }
    await this.enqueue(async () => {
      const session = this.use();
      const deviceKey = randomKey();
      try {
        await this.keychain.setSecret(this.profile, Buffer.from(deviceKey).toString('base64'));
        const file: VaultFile = { ...session.file, deviceKey: sealDeviceKey(session.vaultKey, deviceKey) };
        try {
          await this.writeVault(file);
        } catch (error) {
          await this.keychain.deleteSecret(this.profile).catch(() => false);
          throw error;
        }
        session.file = file;
      } finally {
        deviceKey.fill(0);
      }
    });
  }

  /**
   * Removes the sealed key from the vault file, then the keychain entry. Works while locked, and when the
   * keychain is gone: without its box in the file, a leftover keychain entry opens nothing.
   */
  async disableDeviceUnlock(): Promise<void> {
    await this.enqueue(async () => {
      const file = { ...(this.session?.file ?? (await this.readVault())), deviceKey: null };
      await this.writeVault(file);
      if (this.session !== undefined) this.session.file = file;
    });
    await this.keychain.deleteSecret(this.profile).catch(() => false);
  }

  /** Unlocks with the device key from the OS keychain, without the password. */
  async unlockWithDevice(): Promise<void> {
    const file = await this.enqueue(() => this.readVault());
    if (file.deviceKey === null) {
      throw new KeystoreError('ERR_DEVICE_UNLOCK_NOT_ENABLED', 'Unlock on this device is not enabled.');
    }
    let stored: string | null;
    try {
      stored = await this.keychain.getSecret(this.profile);
    } catch (error) {
      throw new KeystoreError(
        'ERR_KEYCHAIN_UNAVAILABLE',
        `The OS keychain cannot be read: ${explainKeychainError(error)}.`,
      );
    }
    if (stored === null) {
      throw new KeystoreError(
        'ERR_DEVICE_UNLOCK_NOT_ENABLED',
        'This device’s keychain holds no key for this vault; unlock with the password.',
      );
    }
    const deviceKey = Uint8Array.from(Buffer.from(stored, 'base64'));
    try {
      this.startSession(file, unwrapWithDeviceKey(file, deviceKey));
    } finally {
      deviceKey.fill(0);
    }
  }
}
