/** Transaction handlers: the state rules of every supported type (docs/design/node.md "State and handlers"). */
export { ApplyError, isApplyError } from './errors';
export type { ChainRules, HandlerContext } from './context';
export type { TransactionHandler } from './types';
export {
  checkTransaction,
  applyToSender,
  applyTransaction,
  applyTrustedTransaction,
  revertTransaction,
  revertForSender,
} from './apply';
export { handlerFor } from './registry';
export { isLockExpired } from './htlc';
