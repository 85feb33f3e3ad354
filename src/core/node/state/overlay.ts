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

/** What a layer that changed none of a kind reports (StateOverlay.changes): never written to. */
const NONE: ReadonlyMap<string, never> = new Map<string, never>();

/**
 * One layer of changes over a StateView. Only the wallets' map is made up front; the maps of locks, entities, IPFS
 * hashes and names are made by their first write. The pool keeps a layer for each sender (transaction-pool), and
 * nearly every sender only moves balances: six maps a layer were 1.5 kB of the 3.8 kB the node kept for each
 * distinct sender's transfer in its pool (docs/benchmarks.md "Ingest").
 */
export class StateOverlay implements StateView {
  private readonly wallets = new Map<string, Wallet>();
  private locks: Map<string, Lock | null> | undefined;
  private entities: Map<string, Entity | null> | undefined;
  private ipfs: Map<string, string | undefined> | undefined;
  /** username → address (undefined: released here) for delegates registered or reverted in this layer. */
  private usernames: Map<string, string | undefined> | undefined;
  /** "type:name" → entity id for entities registered or reverted in this layer. */
  private entityNames: Map<string, string | undefined> | undefined;

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
    if (this.usernames?.has(username) === true) {
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
    const here = this.locks?.get(id);
    return here === null ? undefined : (here ?? this.base.lock(id));
  }

  entity(id: string): Readonly<Entity> | undefined {
    const here = this.entities?.get(id);
    return here === null ? undefined : (here ?? this.base.entity(id));
  }

  entityIdByName(type: number, name: string): string | undefined {
    const key = entityNameKey(type, name);
    return this.entityNames?.has(key) === true
      ? this.entityNames.get(key)
      : this.base.entityIdByName(type, name);
  }

  ipfsOwner(hash: string): string | undefined {
    return this.ipfs?.has(hash) === true ? this.ipfs.get(hash) : this.base.ipfsOwner(hash);
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
    (this.usernames ??= new Map()).set(username, address);
  }

  /** Adds or replaces a lock in this layer. */
  putLock(lock: Lock): void {
    (this.locks ??= new Map()).set(lock.id, lock);
  }

  mutableLock(id: string): Lock | undefined {
    const here = this.locks?.get(id);
    if (here !== undefined) return here ?? undefined;
    const below = this.base.lock(id);
    if (!below) return undefined;
    const lock = cloneLock(below);
    (this.locks ??= new Map()).set(id, lock);
    return lock;
  }

  /** Removes a lock (reverting its lock transaction); a tombstone hides the base's copy. */
  removeLock(id: string): void {
    (this.locks ??= new Map()).set(id, null);
  }

  /** Adds or replaces an entity, and indexes its type and name. */
  putEntity(entity: Entity): void {
    (this.entities ??= new Map()).set(entity.id, entity);
    (this.entityNames ??= new Map()).set(entityNameKey(entity.type, entity.data.name), entity.id);
  }

  mutableEntity(id: string): Entity | undefined {
    const here = this.entities?.get(id);
    if (here !== undefined) return here ?? undefined;
    const below = this.base.entity(id);
    if (!below) return undefined;
    const entity = cloneEntity(below);
    (this.entities ??= new Map()).set(id, entity);
    return entity;
  }

  /** Removes an entity and frees its name (reverting its registration). */
  removeEntity(id: string): void {
    const entity = this.entity(id);
    if (entity) (this.entityNames ??= new Map()).set(entityNameKey(entity.type, entity.data.name), undefined);
    (this.entities ??= new Map()).set(id, null);
  }

  setIpfsOwner(hash: string, address: string | undefined): void {
    (this.ipfs ??= new Map()).set(hash, address);
  }

  // Changes -----------------------------------------------------------------------------------------------

  changes(): StateChanges {
    return {
      wallets: this.wallets,
      locks: this.locks ?? NONE,
      entities: this.entities ?? NONE,
      ipfs: this.ipfs ?? NONE,
    };
  }

  /** Whether nothing has been changed in this layer. */
  isClean(): boolean {
    return (
      this.wallets.size + (this.locks?.size ?? 0) + (this.entities?.size ?? 0) + (this.ipfs?.size ?? 0) === 0
    );
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
    for (const [id, lock] of this.locks ?? NONE) (target.locks ??= new Map()).set(id, lock);
    for (const [id, entity] of this.entities ?? NONE) {
      if (entity === null) target.removeEntity(id);
      else target.putEntity(entity);
    }
    for (const [hash, owner] of this.ipfs ?? NONE) target.setIpfsOwner(hash, owner);
    this.wallets.clear();
    this.locks?.clear();
    this.entities?.clear();
    this.ipfs?.clear();
    this.usernames?.clear();
    this.entityNames?.clear();
  }
}

export function entityNameKey(type: number, name: string): string {
  return `${type}:${name}`;
}
