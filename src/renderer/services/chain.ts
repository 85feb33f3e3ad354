import type { IpcRequest } from '../../shared/ipc/contract';
import type {
  LockStateView,
  ChainWallet,
  DelegateView,
  FeesView,
  LockView,
  NodeConfigurationView,
  NodeStatusView,
  PeerStatusView,
  TransactionView,
} from '../../shared/domain/chain';
import type { PageView } from '../../shared/domain/common';
import type { KnownNetworkView, NetworkView } from '../../shared/domain/networks';
import { unwrap } from './ipc';
import { votary } from './votary';

export async function chainWallet(address: string): Promise<ChainWallet> {
  return unwrap(await (await votary()).chainWallet({ address }));
}
export async function walletTransactions(
  request: IpcRequest<'chain:wallet-transactions'>,
): Promise<PageView<TransactionView>> {
  return unwrap(await (await votary()).chainWalletTransactions(request));
}
export async function walletLocks(address: string, page = 1): Promise<PageView<LockView>> {
  return unwrap(await (await votary()).chainWalletLocks({ address, page, limit: 100 }));
}
/** The open locks addressed to a wallet (it can claim them with the secret). */
export async function incomingLocks(address: string, page = 1): Promise<PageView<LockView>> {
  return unwrap(await (await votary()).chainIncomingLocks({ address, page, limit: 100 }));
}
export async function delegates(page: number, search?: string): Promise<PageView<DelegateView>> {
  const request = search === undefined || search === '' ? { page, limit: 100 } : { page, limit: 100, search };
  return unwrap(await (await votary()).chainDelegates(request));
}
export async function fees(): Promise<FeesView> {
  return unwrap(await (await votary()).chainFees());
}
export async function nodeStatus(): Promise<NodeStatusView> {
  return unwrap(await (await votary()).nodeStatus());
}
export async function nodeConfiguration(): Promise<NodeConfigurationView> {
  return unwrap(await (await votary()).nodeConfiguration());
}
export async function nodePeers(): Promise<PeerStatusView[]> {
  return unwrap(await (await votary()).nodePeers());
}
export async function networks(): Promise<NetworkView[]> {
  return unwrap(await (await votary()).networksList());
}
export async function selectNetwork(networkId: string): Promise<NetworkView> {
  return unwrap(await (await votary()).networksSelect({ networkId }));
}
/** `allowPlainHttp`: the person confirmed the warning for a plain-http node on another machine. */
export async function addNetwork(url: string, allowPlainHttp = false): Promise<NetworkView> {
  return unwrap(await (await votary()).networksAdd({ url, ...(allowPlainHttp ? { allowPlainHttp } : {}) }));
}
/** ARK mainnet and devnet, listed without contacting anything. */
export async function knownNetworks(): Promise<KnownNetworkView[]> {
  return unwrap(await (await votary()).networksKnown());
}
/** Adds one of them from its seed relays (plain http: `allowPlainHttp` once the person confirmed). */
export async function addKnownNetwork(
  key: KnownNetworkView['key'],
  allowPlainHttp: boolean,
): Promise<NetworkView> {
  return unwrap(
    await (await votary()).networksAddKnown({ key, ...(allowPlainHttp ? { allowPlainHttp } : {}) }),
  );
}
/** Not the embedded network (the host refuses it). The wallets of that network stay in the vault. */
export async function removeNetwork(networkId: string): Promise<void> {
  unwrap(await (await votary()).networksRemove({ networkId }));
}
/** The host checks that the node answers with the network's nethash before adding it. */
export async function addPeer(networkId: string, url: string, allowPlainHttp = false): Promise<NetworkView> {
  return unwrap(
    await (await votary()).networksAddPeer({ networkId, url, ...(allowPlainHttp ? { allowPlainHttp } : {}) }),
  );
}
export async function removePeer(networkId: string, url: string): Promise<NetworkView> {
  return unwrap(await (await votary()).networksRemovePeer({ networkId, url }));
}
/** Where each lock is in its life (pending, open, expired, claimed, refunded, unknown). */
export async function lockStates(ids: string[]): Promise<LockStateView[]> {
  return unwrap(await (await votary()).chainLockStates({ ids }));
}
