/**
 * What signing needs to know about a sender before it signs: the chain height (its milestone sets fees and
 * rules), the wallet's nonce and its registered second public key. For the embedded node these come straight
 * from the node in this process — its state and its pool, so several transactions in a row get consecutive
 * nonces. For a remote network they come from its node through the client, plus what this app already sent.
 */
import { EMBEDDED_NETWORK_ID } from '../client';
import { unless404 } from './not-found';
import type { LocalNode } from '../node';
import { DEFAULT_MAX_TRANSACTION_AGE, type PendingTracker } from './pending-tracker';
import type { Networks } from './networks';

export interface SenderAccount {
  height: number;
  /** The nonce the next transaction of this sender must carry. */
  nextNonce: bigint;
  secondPublicKey: string | undefined;
  /** Blocks a pool keeps a transaction unforged (ARK maxTransactionAge). */
  maxAge: number;
}

export class Accounts {
  constructor(
    private readonly node: LocalNode,
    private readonly networks: Networks,
    private readonly tracker: PendingTracker,
  ) {}

  async sender(networkId: string, address: string, publicKey: string | undefined): Promise<SenderAccount> {
    if (networkId === EMBEDDED_NETWORK_ID) return this.embedded(address, publicKey);
    const client = this.networks.client(networkId);
    const [syncing, wallet] = await Promise.all([
      client.syncing(),
      // A cold wallet (404) has nonce 0 and no second key.
      unless404(client.wallet(address)),
    ]);
    const confirmed = wallet?.nonce ?? 0n;
    const inFlight = this.tracker.highestInFlightNonce(networkId, address) ?? 0n;
    return {
      height: syncing.height,
      nextNonce: (inFlight > confirmed ? inFlight : confirmed) + 1n,
      secondPublicKey: wallet?.attributes.secondPublicKey,
      maxAge: DEFAULT_MAX_TRANSACTION_AGE,
    };
  }

  /** The embedded node's confirmed state plus its pool (ARK: the next nonce follows the sender's pooled ones). */
  embedded(address: string, publicKey: string | undefined): SenderAccount {
    const wallet = this.node.store.state().wallet(address);
    let nonce = wallet.nonce;
    const key = publicKey ?? wallet.publicKey;
    if (key !== undefined) {
      for (const entry of this.node.pool.bySender(key)) if (entry.nonce > nonce) nonce = entry.nonce;
    }
    return {
      height: this.node.height,
      nextNonce: nonce + 1n,
      secondPublicKey: wallet.secondPublicKey,
      maxAge: this.node.pool.options.maxTransactionAge,
    };
  }
}
