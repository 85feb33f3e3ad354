/** The embedded node (docs/design/node.md): Node-only, never imported by the renderer. */
export { LocalNode, type LocalNodeOptions, type LocalNodeEvents } from './node';
export { openLocalnetChain, chainDatabasePath } from './chain-files';
export * from './localnet';
export * from './transaction-pool';
export * from './forger';
export {
  BlockStore,
  verifyChain,
  BlockRejectedError,
  type ChainVerification,
  type Supply,
} from './block-store';
