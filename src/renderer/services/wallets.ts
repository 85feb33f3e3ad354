import type { IpcRequest } from '../../shared/ipc/contract';
import type { NewMnemonicWalletView, RecoveryPhraseView, WalletView } from '../../shared/domain/wallets';
import type { FaucetResult } from '../../shared/domain/transactions';
import { unwrap } from './ipc';
import { votary } from './votary';

export async function listWallets(): Promise<WalletView[]> {
  return unwrap(await (await votary()).walletsList());
}
/** The new phrase comes back this once: callers keep it in component state only, never in the store. */
export async function createMnemonicWallet(name?: string): Promise<NewMnemonicWalletView> {
  return unwrap(await (await votary()).walletsCreateMnemonic(name === undefined ? {} : { name }));
}
export async function confirmMnemonicWallet(pendingId: string, words: string[]): Promise<WalletView> {
  return unwrap(await (await votary()).walletsConfirm({ pendingId, words }));
}
export async function cancelMnemonicWallet(pendingId: string): Promise<void> {
  unwrap(await (await votary()).walletsCancelPending({ pendingId }));
}
export async function importPassphrase(
  request: IpcRequest<'wallets:import-passphrase'>,
): Promise<WalletView> {
  return unwrap(await (await votary()).walletsImportPassphrase(request));
}
/** The address an import would give, and whether a passphrase is valid BIP39; nothing is stored. */
export async function previewImport(
  request: IpcRequest<'wallets:preview-import'>,
): Promise<{ address: string; bip39?: boolean | undefined }> {
  return unwrap(await (await votary()).walletsPreviewImport(request));
}
export async function importWif(request: IpcRequest<'wallets:import-wif'>): Promise<WalletView> {
  return unwrap(await (await votary()).walletsImportWif(request));
}
export async function addWatchOnly(request: IpcRequest<'wallets:add-watch-only'>): Promise<WalletView> {
  return unwrap(await (await votary()).walletsAddWatchOnly(request));
}
export async function renameWallet(walletId: string, name: string): Promise<WalletView> {
  return unwrap(await (await votary()).walletsRename({ walletId, name }));
}
/** A wallet holding a key needs the vault password (its key is deleted for good); a watch-only one does not. */
export async function removeWallet(walletId: string, password?: string): Promise<void> {
  unwrap(await (await votary()).walletsRemove({ walletId, ...(password === undefined ? {} : { password }) }));
}
export async function fundFromFaucet(address: string): Promise<FaucetResult> {
  return unwrap(await (await votary()).faucetFund({ address }));
}
/** Password-gated; the answer is shown and then dropped by the caller, never stored. */
export async function revealPhrase(walletId: string, password: string): Promise<RecoveryPhraseView> {
  return unwrap(await (await votary()).walletsRevealPhrase({ walletId, password }));
}
/** Stores a second passphrase already registered on chain, so this wallet can co-sign (kept encrypted in main). */
export async function setSecondPassphrase(walletId: string, secondPassphrase: string): Promise<WalletView> {
  return unwrap(await (await votary()).walletsSetSecondPassphrase({ walletId, secondPassphrase }));
}
export async function removeSecondPassphrase(walletId: string): Promise<WalletView> {
  return unwrap(await (await votary()).walletsRemoveSecondPassphrase({ walletId }));
}
