import type { TransactionData } from '../../protocol/transactions';
import { senderAddress } from './common';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

function usernameOf(tx: TransactionData): string {
  const username = tx.asset?.delegate?.username;
  if (username === undefined)
    throw new ApplyError('the delegate registration has no asset.delegate.username');
  return username;
}

/** Delegate registration (Core 2): unique username, not twice, not for a multisignature wallet. */
export const delegateRegistration: TransactionHandler = {
  check(tx, state, _ctx, sender) {
    const username = usernameOf(tx);
    if (sender.multiSignature) {
      throw new ApplyError(`${sender.address} is a multisignature wallet: it cannot register as a delegate`);
    }
    if (sender.delegate) {
      throw new ApplyError(`${sender.address} is already the delegate "${sender.delegate.username}"`);
    }
    if (state.delegateByUsername(username)) {
      throw new ApplyError(`the delegate username "${username}" is already taken`);
    }
  },
  applyToSender(tx, state) {
    const address = senderAddress(tx, state);
    const username = usernameOf(tx);
    state.mutableWallet(address).delegate = {
      username,
      voteBalance: 0n,
      producedBlocks: 0,
      forgedFees: 0n,
      forgedRewards: 0n,
      resigned: false,
      // ARK registers a delegate with `round: 0` (core-transactions handlers/one/delegate-registration.ts); a round
      // start sets the round it forges in.
      round: 0,
    };
    state.setUsername(username, address);
  },
  revertForSender(tx, state) {
    delete state.mutableWallet(senderAddress(tx, state)).delegate;
    state.setUsername(usernameOf(tx), undefined);
  },
};
