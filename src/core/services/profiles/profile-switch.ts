/**
 * Switching profiles in a running AppCore: the open profile's parts close (its vault locks, its own nodes and
 * monitor stop, its pending list is flushed) and the next profile's open on the same embedded node, API and event
 * stream (profile-scope.ts). One switch at a time. A profile that fails to open leaves the previous one open
 * again, so the app is never without a profile.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Keystore, KeystoreError } from '../../keystore';
import {
  openProfileScope,
  type ProcessParts,
  type ProfileScope,
  type ProfileServices,
} from '../profile-scope';
import type { ProfileList } from './profile-list';

export class ProfileSwitch {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners: ((services: ProfileServices) => void)[] = [];

  constructor(
    private readonly parts: ProcessParts,
    readonly list: ProfileList,
    private scope: ProfileScope,
  ) {}

  get activeId(): string {
    return this.scope.profileId;
  }

  /** Called with the next profile's parts after each switch. */
  onSwitched(listener: (services: ProfileServices) => void): void {
    this.listeners.push(listener);
  }

  switchTo(id: string): Promise<void> {
    return this.serialized(async () => {
      this.list.get(id);
      if (id === this.scope.profileId) return;
      const previous = this.scope.profileId;
      await this.scope.close();
      try {
        this.scope = await openProfileScope(this.parts, id, this.list.paths(id));
      } catch (error) {
        this.scope = await openProfileScope(this.parts, previous, this.list.paths(previous));
        this.announce();
        throw error;
      }
      await this.list.setActive(id);
      this.announce();
    });
  }

  async hasVault(id: string): Promise<boolean> {
    try {
      return (await stat(join(this.list.paths(id).folder, 'vault.json'))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /**
   * Removes a profile that is not open: its vault's password first (ERR_WRONG_PASSWORD, slowed down after
   * wrong ones as any unlock), then its keychain entry, then its folder.
   */
  remove(id: string, password: string | undefined): Promise<void> {
    return this.serialized(async () => {
      this.list.get(id);
      if (await this.hasVault(id)) {
        if (password === undefined || password === '') {
          throw new KeystoreError(
            'ERR_INVALID_INPUT',
            `Enter the vault password of "${this.list.get(id).name}" to remove it.`,
          );
        }
        const keystore = new Keystore({
          dataDir: this.parts.dataDir,
          profile: id,
          idleLockMs: 0,
          ...(this.parts.keychain === undefined ? {} : { keychain: this.parts.keychain }),
          ...(this.parts.scrypt === undefined ? {} : { scrypt: this.parts.scrypt }),
        });
        await keystore.unlock(password);
        try {
          if (await keystore.deviceUnlockEnabled()) await keystore.disableDeviceUnlock();
        } finally {
          keystore.lock();
        }
      }
      await this.list.remove(id);
    });
  }

  close(): Promise<void> {
    return this.serialized(() => this.scope.close());
  }

  private announce(): void {
    for (const listener of this.listeners) listener(this.scope.services);
  }

  private serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
