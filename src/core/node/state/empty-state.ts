import { addressFromPublicKey } from '../../protocol/crypto';
import { emptyWallet, type Entity, type Lock, type Wallet } from '../../domain';
import type { StateView } from './types';

/** The state before the genesis block: no wallets at all. The base of scratch overlays (replays, tests). */
export class EmptyState implements StateView {
  private readonly addresses = new Map<string, string>();

  constructor(private readonly pubKeyHash: number) {}

  wallet(address: string): Readonly<Wallet> {
    return emptyWallet(address);
  }

  walletByPublicKey(publicKey: string): Readonly<Wallet> {
    return emptyWallet(this.addressOf(publicKey));
  }

  addressOf(publicKey: string): string {
    let address = this.addresses.get(publicKey);
    if (address === undefined) {
      address = addressFromPublicKey(publicKey, this.pubKeyHash);
      this.addresses.set(publicKey, address);
    }
    return address;
  }

  delegateByUsername(): undefined {
    return undefined;
  }

  delegates(): Wallet[] {
    return [];
  }

  lock(): Lock | undefined {
    return undefined;
  }

  entity(): Entity | undefined {
    return undefined;
  }

  entityIdByName(): string | undefined {
    return undefined;
  }

  ipfsOwner(): string | undefined {
    return undefined;
  }
}
