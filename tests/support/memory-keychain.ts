/**
 * A keychain kept in a Map: the same contract as the OS keychain (src/core/keystore/keychain.ts), for the logic
 * around it. One for every test that needs a keychain: the key store's and the services'.
 */
import type { Keychain, KeychainStatus } from '../../src/core/keystore';

export class MemoryKeychain implements Keychain {
  readonly entries = new Map<string, string>();
  /** `available` answers status(): an unavailable keychain is how a machine without one looks. */
  constructor(private readonly available: KeychainStatus = { available: true }) {}
  status(): Promise<KeychainStatus> {
    return Promise.resolve(this.available);
  }
  getSecret(account: string): Promise<string | null> {
    return Promise.resolve(this.entries.get(account) ?? null);
  }
  setSecret(account: string, secret: string): Promise<void> {
    this.entries.set(account, secret);
    return Promise.resolve();
  }
  deleteSecret(account: string): Promise<boolean> {
    return Promise.resolve(this.entries.delete(account));
  }
}
