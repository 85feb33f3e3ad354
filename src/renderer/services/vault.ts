import type { KeychainStatusView, KeystoreStatus } from '../../shared/domain/keystore';
import { unwrap } from './ipc';
import { votary } from './votary';

export async function vaultStatus(): Promise<KeystoreStatus> {
  return unwrap(await (await votary()).keystoreStatus());
}
export async function createVault(password: string): Promise<KeystoreStatus> {
  return unwrap(await (await votary()).keystoreCreate({ password }));
}
export async function unlockVault(password: string): Promise<KeystoreStatus> {
  return unwrap(await (await votary()).keystoreUnlock({ password }));
}
export async function lockVault(): Promise<KeystoreStatus> {
  return unwrap(await (await votary()).keystoreLock());
}
export async function setAutoLock(minutes: number): Promise<KeystoreStatus> {
  return unwrap(await (await votary()).keystoreSetAutoLock({ minutes }));
}
export async function changePassword(current: string, next: string): Promise<void> {
  unwrap(await (await votary()).keystoreChangePassword({ current, next }));
}
export async function keychainStatus(): Promise<KeychainStatusView> {
  return unwrap(await (await votary()).keystoreKeychainStatus());
}
/** "Unlock on this device": the OS keychain keeps a wrapped vault key; needs the vault unlocked. */
export async function enableKeychain(): Promise<KeychainStatusView> {
  return unwrap(await (await votary()).keystoreKeychainEnable());
}
export async function disableKeychain(): Promise<KeychainStatusView> {
  return unwrap(await (await votary()).keystoreKeychainDisable());
}
export async function unlockWithDevice(): Promise<KeystoreStatus> {
  return unwrap(await (await votary()).keystoreUnlockWithDevice());
}
