/**
 * core/chain-access: one door to every chain (docs/design/architecture.md "Chain access") — the ChainAccess port and its
 * two adapters, LocalChain (a node in this process) and RemoteChain (other nodes through NodeClient).
 */
export type {
  ChainAccess,
  ChainAccount,
  ChainBroadcast,
  ChainEvent,
  ChainListener,
  ChainReader,
  ChainTip,
  LocalRandomness,
} from './chain-access';
export { LocalChain, type LocalChainOptions, type LocalChainSync } from './local-chain';
export { RemoteChain, DEFAULT_MAX_TRANSACTION_AGE, type RemoteChainOptions } from './remote-chain';
