/** The embedded node (docs/design/node.md): Node-only, never imported by the renderer. */
export {
  LocalNode,
  openLocalnetChain,
  chainDatabasePath,
  type LocalNodeOptions,
  type LocalNodeEvents,
} from './node';
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
