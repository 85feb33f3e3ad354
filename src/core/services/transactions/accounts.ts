/**
 * What signing needs to know about a sender before it signs (the chain height, whose milestone sets fees and
 * rules; the nonce; the registered second public key), from the wallet's chain (core/chain-access ChainAccess.account)
 * and what this app has sent that the chain may not show yet: several transactions in a row get consecutive
 * nonces on every kind of chain.
 */
import type { ChainAccount } from '../../chain-access';
import type { PendingTracker } from './pending-tracker';
import type { Networks } from '../networks/networks';

export type SenderAccount = ChainAccount;

export class Accounts {
  constructor(
    private readonly networks: Networks,
    private readonly tracker: PendingTracker,
  ) {}

  sender(networkId: string, address: string, publicKey: string | undefined): Promise<SenderAccount> {
    const inFlight = this.tracker.highestInFlightNonce(networkId, address);
    return this.networks.chain(networkId).account(address, publicKey, inFlight);
  }
}
