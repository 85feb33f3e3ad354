import { addressFromPublicKey } from '../../protocol/crypto';
import type { StatementCache } from './sql/statement-cache';

/**
 * Addresses and delegate usernames by public key (block generators, transaction senders of the pool).
 * Addresses are derived from the key and memoised (bounded); the username is read each time, because a
 * delegate registration can be reverted.
 */
export class PublicKeyDirectory {
  private readonly addresses = new Map<string, string>();

  constructor(
    private readonly sql: StatementCache,
    private readonly pubKeyHash: number,
  ) {}

  address(publicKey: string): string {
    let address = this.addresses.get(publicKey);
    if (address === undefined) {
      address = addressFromPublicKey(publicKey, this.pubKeyHash);
      if (this.addresses.size > 10_000) this.addresses.clear();
      this.addresses.set(publicKey, address);
    }
    return address;
  }

  username(publicKey: string): string | undefined {
    return this.sql.get1<{ username: string }>('SELECT username FROM delegates WHERE public_key = ?', [
      publicKey,
    ])?.username;
  }
}
