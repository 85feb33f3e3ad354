/** What the app may do to a chain this process forges (docs/design/node.md "Localnet controls"). */
export {
  NodeLocalnetControls,
  restoreForgingControls,
  type LocalnetControls,
  type LocalnetControlsDeps,
} from './controls';
export { FAUCET_DEFAULT_AMOUNT, FAUCET_MAX_AMOUNT, FAUCET_MEMO, type FaucetTransfer } from './faucet';
export { LocalnetError, type LocalnetErrorCode } from './errors';
export type { PoolAfterRollback, SnapshotInfo } from './snapshots';
