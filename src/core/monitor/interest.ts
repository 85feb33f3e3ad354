/**
 * Whose forging the alerts watch: "my delegates" are the delegates named in the monitor settings
 * plus the vault's wallets that are registered delegates; "delegates I vote for" are the votes of the vault's
 * wallets. Both are read from the active network's node. The vault can only be listed while it is unlocked, so
 * the last list seen is kept in memory (not on disk: which addresses are yours stays in the vault).
 */
import type { ChainReader } from '../client';

export interface VaultWallets {
  /** Addresses of the vault's wallets on a network, or undefined while the vault is locked. */
  addresses(nethash: string): string[] | undefined;
}

export interface Interest {
  /** Public keys of my delegates. */
  mine: Set<string>;
  /** Public keys voted for by my wallets. */
  voted: Set<string>;
  /** Usernames learnt on the way. */
  usernames: Map<string, string>;
  /** Delegates that have resigned (of mine and voted). */
  resigned: Set<string>;
}

/** Wallets looked up per refresh (a vault with more only watches the first ones). */
const MAX_WALLETS = 50;

export class InterestResolver {
  /** Per nethash: the addresses last listed while the vault was unlocked. */
  private readonly lastAddresses = new Map<string, string[]>();

  constructor(private readonly vault: VaultWallets | undefined) {}

  async resolve(client: ChainReader, nethash: string, configured: readonly string[]): Promise<Interest> {
    const interest: Interest = {
      mine: new Set(),
      voted: new Set(),
      usernames: new Map(),
      resigned: new Set(),
    };
    const listed = this.vault?.addresses(nethash);
    if (listed !== undefined) this.lastAddresses.set(nethash, listed.slice(0, MAX_WALLETS));
    const addresses = this.lastAddresses.get(nethash) ?? [];
    const lookups = await Promise.allSettled(addresses.map((address) => client.wallet(address)));
    for (const lookup of lookups) {
      if (lookup.status !== 'fulfilled') continue;
      const { publicKey, attributes } = lookup.value;
      if (attributes.delegate !== undefined && publicKey !== undefined) {
        interest.mine.add(publicKey);
        interest.usernames.set(publicKey, attributes.delegate.username);
        if (attributes.delegate.resigned === true) interest.resigned.add(publicKey);
      }
      if (attributes.vote !== undefined) interest.voted.add(attributes.vote);
    }
    const named = await Promise.allSettled(configured.map((id) => client.delegate(id)));
    for (const lookup of named) {
      if (lookup.status !== 'fulfilled') continue;
      interest.mine.add(lookup.value.publicKey);
      interest.usernames.set(lookup.value.publicKey, lookup.value.username);
      if (lookup.value.isResigned) interest.resigned.add(lookup.value.publicKey);
    }
    const voted = await Promise.allSettled([...interest.voted].map((key) => client.delegate(key)));
    for (const lookup of voted) {
      if (lookup.status !== 'fulfilled') continue;
      interest.usernames.set(lookup.value.publicKey, lookup.value.username);
      if (lookup.value.isResigned) interest.resigned.add(lookup.value.publicKey);
    }
    return interest;
  }
}
