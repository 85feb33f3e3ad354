import type { TransactionData } from '../../protocol/transactions';
import { senderAddress } from './common';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

function hashOf(tx: TransactionData): string {
  const hash = tx.asset?.ipfs;
  if (hash === undefined) throw new ApplyError('the IPFS transaction has no asset.ipfs');
  return hash;
}

/** IPFS (Core 5): a hash can be registered once on the whole chain. */
export const ipfs: TransactionHandler = {
  check(tx, state) {
    const hash = hashOf(tx);
    const owner = state.ipfsOwner(hash);
    if (owner !== undefined) throw new ApplyError(`the IPFS hash ${hash} is already registered by ${owner}`);
  },
  applyToSender(tx, state) {
    state.setIpfsOwner(hashOf(tx), senderAddress(tx, state));
  },
  revertForSender(tx, state) {
    state.setIpfsOwner(hashOf(tx), undefined);
  },
};
