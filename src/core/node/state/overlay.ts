import { cloneEntity, cloneLock, cloneWallet, type Entity, type Lock, type Wallet } from '../../domain';
import type { StateView } from './types';

/**
 * What an overlay changed, for writing to the database or merging into another overlay. `null` marks a lock or
 * entity removed by a revert; an IPFS owner `undefined` marks a hash released by a revert.
 */
export interface StateChanges {
  wallets: ReadonlyMap<string, Wallet>;
  locks: ReadonlyMap<string, Lock | null>;
  entities: ReadonlyMap<string, Entity | null>;
  ipfs: ReadonlyMap<string, string | undefined>;
}

export class StateOverlay implements StateView {
  private readonly wallets = new Map<string, Wallet>();
  private readonly locks = new Map<string, Lock | null>();
  private readonly entities = new Map<string, Entity | null>();
  private readonly ipfs = new Map<string, string | undefined>();
  /** username → address (undefined: released here) for delegates registered or reverted in this layer. */
  private readonly usernames = new Map<string, string | undefined>();
  /** "type:name" → entity id for entities registered or reverted in this layer. */
  private readonly entityNames = new Map<string, string | undefined>();

  constructor(readonly base: StateView) {}

  // Reads -------------------------------------------------------------------------------------------------

  wallet(address: string): Readonly<Wallet> {
    return this.wallets.get(address) ?? this.base.wallet(address);
  }

  walletByPublicKey(publicKey: string): Readonly<Wallet> {
    return this.wallet(this.addressOf(publicKey));
  }

  addressOf(publicKey: string): string {
    return this.base.addressOf(publicKey);
  }

  delegateByUsername(username: string): Readonly<Wallet> | undefined {
    if (this.usernames.has(username)) {
      const address = this.usernames.get(username);
      return address === undefined ? undefined : this.wallet(address);
    }
    const found = this.base.delegateByUsername(username);
    return found && this.wallet(found.address);
  }

  delegates(): Readonly<Wallet>[] {
    const byAddress = new Map<string, Readonly<Wallet>>();
    for (const wallet of this.base.delegates()) byAddress.set(wallet.address, wallet);
    for (const [address, wallet] of this.wallets) {
      if (wallet.delegate) byAddress.set(address, wallet);
      else byAddress.delete(address);
    }
    return [...byAddress.values()];
  }

  lock(id: string): Readonly<Lock> | undefined {
    const here = this.locks.get(id);
    return here === null ? undefined : (here ?? this.base.lock(id));
  }

  entity(id: string): Readonly<Entity> | undefined {
    const here = this.entities.get(id);
    return here === null ? undefined : (here ?? this.base.entity(id));
  }

  entityIdByName(type: number, name: string): string | undefined {
    const key = entityNameKey(type, name);
    return this.entityNames.has(key) ? this.entityNames.get(key) : this.base.entityIdByName(type, name);
  }

  ipfsOwner(hash: string): string | undefined {
    return this.ipfs.has(hash) ? this.ipfs.get(hash) : this.base.ipfsOwner(hash);
  }

  // Writes ------------------------------------------------------------------------------------------------

  /** The wallet at an address, copied into this layer so it may be changed. */
  mutableWallet(address: string): Wallet {
    let wallet = this.wallets.get(address);
    if (!wallet) {
      wallet = cloneWallet(this.base.wallet(address));
      this.wallets.set(address, wallet);
    }
    return wallet;
  }

  mutableWalletByPublicKey(publicKey: string): Wallet {
    return this.mutableWallet(this.addressOf(publicKey));
  }

  /** Records that `username` now belongs to `address` (or to nobody): the username index. */
  setUsername(username: string, address: string | undefined): void {
    this.usernames.set(username, address);
  }

  /** Adds or replaces a lock in this layer. */
  putLock(lock: Lock): void {
    this.locks.set(lock.id, lock);
  }

  mutableLock(id: string): Lock | undefined {
    const here = this.locks.get(id);
    if (here !== undefined) return here ?? undefined;
    const below = this.base.lock(id);
    if (!below) return undefined;
    const lock = cloneLock(below);
    this.locks.set(id, lock);
    return lock;
  }

  /** Removes a lock (reverting its lock transaction); a tombstone hides the base's copy. */
  removeLock(id: string): void {
    this.locks.set(id, null);
  }

  /** Adds or replaces an entity, and indexes its type and name. */
  putEntity(entity: Entity): void {
    this.entities.set(entity.id, entity);
    this.entityNames.set(entityNameKey(entity.type, entity.data.name), entity.id);
  }

  mutableEntity(id: string): Entity | undefined {
    const here = this.entities.get(id);
    if (here !== undefined) return here ?? undefined;
    const below = this.base.entity(id);
    if (!below) return undefined;
    const entity = cloneEntity(below);
    this.entities.set(id, entity);
    return entity;
  }

  /** Removes an entity and frees its name (reverting its registration). */
  removeEntity(id: string): void {
    const entity = this.entity(id);
    if (entity) this.entityNames.set(entityNameKey(entity.type, entity.data.name), undefined);
    this.entities.set(id, null);
  }

  setIpfsOwner(hash: string, address: string | undefined): void {
    this.ipfs.set(hash, address);
  }

  // Changes -----------------------------------------------------------------------------------------------

  changes(): StateChanges {
    return { wallets: this.wallets, locks: this.locks, entities: this.entities, ipfs: this.ipfs };
  }

  /** Whether nothing has been changed in this layer. */
  isClean(): boolean {
    return this.wallets.size + this.locks.size + this.entities.size + this.ipfs.size === 0;
  }

  /**
   * Moves this layer's changes into `target` (normally this overlay's base), e.g. the pool trying a
   * transaction on a child overlay and keeping it once it passed.
   */
  mergeInto(target: StateOverlay): void {
    for (const [address, wallet] of this.wallets) {
      const before = target.wallet(address);
      if (before.delegate && before.delegate.username !== wallet.delegate?.username) {
        target.setUsername(before.delegate.username, undefined);
      }
      if (wallet.delegate) target.setUsername(wallet.delegate.username, address);
      target.wallets.set(address, wallet);
    }
    for (const [id, lock] of this.locks) target.locks.set(id, lock);
    for (const [id, entity] of this.entities) {
      if (entity === null) target.removeEntity(id);
      else target.putEntity(entity);
    }
    for (const [hash, owner] of this.ipfs) target.ipfs.set(hash, owner);
    this.wallets.clear();
    this.locks.clear();
    this.entities.clear();
    this.ipfs.clear();
    this.usernames.clear();
    this.entityNames.clear();
  }
}

export function entityNameKey(type: number, name: string): string {
  return `${type}:${name}`;
}
