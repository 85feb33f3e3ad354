/** Localnet controls: the embedded node only; the host refuses them on a remote network. */
import type { LocalnetSnapshotView, LocalnetStatus, RollbackResult } from '../../shared/domain/localnet';
import type { FaucetResult } from '../../shared/domain/transactions';
import { unwrap } from './ipc';
import { votary } from './votary';

export async function localnetStatus(): Promise<LocalnetStatus> {
  return unwrap(await (await votary()).localnetStatus());
}
export async function pauseForging(): Promise<LocalnetStatus> {
  return unwrap(await (await votary()).localnetPause());
}
export async function resumeForging(): Promise<LocalnetStatus> {
  return unwrap(await (await votary()).localnetResume());
}
/** Delegates by username or public key; offline delegates miss their slots. */
export async function setDelegatesOffline(delegates: string[], offline: boolean): Promise<LocalnetStatus> {
  return unwrap(await (await votary()).localnetSetOffline({ delegates, offline }));
}
export async function resetToGenesis(): Promise<RollbackResult> {
  return unwrap(await (await votary()).localnetReset());
}
export async function saveSnapshot(name: string): Promise<LocalnetSnapshotView> {
  return unwrap(await (await votary()).localnetSnapshotSave({ name }));
}
export async function listSnapshots(): Promise<LocalnetSnapshotView[]> {
  return unwrap(await (await votary()).localnetSnapshotList());
}
export async function deleteSnapshot(name: string): Promise<void> {
  unwrap(await (await votary()).localnetSnapshotDelete({ name }));
}
export async function rollbackToSnapshot(snapshot: string): Promise<RollbackResult> {
  return unwrap(await (await votary()).localnetRollback({ snapshot }));
}
export async function rollbackToHeight(height: number): Promise<RollbackResult> {
  return unwrap(await (await votary()).localnetRollback({ height }));
}
/** The faucet (`faucet:fund`, localnet only): any address, an amount in arktoshi (the host's default when absent). */
export async function fundAddress(address: string, amount?: string): Promise<FaucetResult> {
  return unwrap(await (await votary()).faucetFund(amount === undefined ? { address } : { address, amount }));
}
