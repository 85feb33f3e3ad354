import { senderAddress } from './common';
import { milestoneOf } from './context';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

/**
 * Delegate resignation (Core 7): only a delegate that has not resigned, and only while at least activeDelegates
 * non-resigned delegates would remain (protocol.md §5), so that every round can be filled.
 */
export const delegateResignation: TransactionHandler = {
  check(_tx, state, ctx, sender) {
    if (!sender.delegate) throw new ApplyError(`${sender.address} is not a delegate`);
    if (sender.delegate.resigned) {
      throw new ApplyError(`the delegate "${sender.delegate.username}" has already resigned`);
    }
    const active = state.delegates().filter((wallet) => wallet.delegate?.resigned === false).length;
    const required = milestoneOf(ctx).activeDelegates;
    if (active - 1 < required) {
      throw new ApplyError(
        `at least ${required} delegates must remain: ${active} are not resigned, resigning would leave ${active - 1}`,
      );
    }
  },
  applyToSender(tx, state) {
    const delegate = state.mutableWallet(senderAddress(tx, state)).delegate;
    if (delegate) delegate.resigned = true;
  },
  revertForSender(tx, state) {
    const delegate = state.mutableWallet(senderAddress(tx, state)).delegate;
    if (delegate) delegate.resigned = false;
  },
};
