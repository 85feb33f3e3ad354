import type Database from 'better-sqlite3';
import { EntityRepository, LockRepository, WalletRepository } from '../../db/repositories';
import { addressFromPublicKey } from '../../protocol/crypto';
import type { StateChanges } from './overlay';
import { emptyWallet, type Entity, type Lock, type Wallet } from '../../domain';
import type { StateView } from './types';

const ADDRESS_CACHE_LIMIT = 100_000;
/** Wallets kept in memory by default: a few tens of MB, while a big chain may have millions of wallets. */
export const DEFAULT_WALLET_CACHE_SIZE = 50_000;

export interface DatabaseStateOptions {
  /** How many wallets the cache keeps (least recently used go first); default DEFAULT_WALLET_CACHE_SIZE. */
  walletCacheSize?: number;
}

/**
 * The confirmed state, read from the database with an in-memory cache of what has been read (design "State
 * and handlers"). It changes only through `write`, inside the block's SQLite transaction; if that transaction
 * fails the caller drops the cache (`forget`), so it never holds rows the database does not. The wallet cache is
 * an LRU of bounded size: every write reaches the database first, so an evicted wallet is simply read again.
 */
export class DatabaseState implements StateView {
  private readonly walletRepo: WalletRepository;
  private readonly lockRepo: LockRepository;
  private readonly entityRepo: EntityRepository;
  private readonly wallets = new Map<string, Wallet>();
  private readonly addresses = new Map<string, string>();
  private delegateAddresses: Set<string> | undefined;
  private readonly walletCacheSize: number;

  constructor(
    db: Database.Database,
    private readonly pubKeyHash: number,
    options: DatabaseStateOptions = {},
  ) {
    const size = options.walletCacheSize ?? DEFAULT_WALLET_CACHE_SIZE;
    if (!Number.isSafeInteger(size) || size < 1) {
      throw new RangeError(`walletCacheSize must be a positive integer, got ${size}`);
    }
    this.walletCacheSize = size;
    this.walletRepo = new WalletRepository(db);
    this.lockRepo = new LockRepository(db);
    this.entityRepo = new EntityRepository(db);
  }

  wallet(address: string): Readonly<Wallet> {
    let wallet = this.wallets.get(address);
    if (wallet) {
      // Most recently used: a Map iterates in insertion order, so move it to the end.
      this.wallets.delete(address);
    } else {
      wallet = this.walletRepo.get(address) ?? emptyWallet(address);
    }
    this.cache(address, wallet);
    return wallet;
  }

  /** How many wallets the cache holds now (at most the configured size). */
  cachedWallets(): number {
    return this.wallets.size;
  }

  walletByPublicKey(publicKey: string): Readonly<Wallet> {
    return this.wallet(this.addressOf(publicKey));
  }

  addressOf(publicKey: string): string {
    let address = this.addresses.get(publicKey);
    if (address === undefined) {
      address = addressFromPublicKey(publicKey, this.pubKeyHash);
      if (this.addresses.size >= ADDRESS_CACHE_LIMIT) this.addresses.clear();
      this.addresses.set(publicKey, address);
    }
    return address;
  }

  delegateByUsername(username: string): Readonly<Wallet> | undefined {
    for (const address of this.delegateSet()) {
      const wallet = this.wallet(address);
      if (wallet.delegate?.username === username) return wallet;
    }
    return undefined;
  }

  delegates(): Readonly<Wallet>[] {
    return [...this.delegateSet()].map((address) => this.wallet(address));
  }

  /** Delegates are few (tens to hundreds) and read at every round start: their addresses stay cached. */
  private delegateSet(): Set<string> {
    if (!this.delegateAddresses) {
      this.delegateAddresses = new Set();
      for (const wallet of this.walletRepo.delegates()) {
        this.delegateAddresses.add(wallet.address);
        if (!this.wallets.has(wallet.address)) this.cache(wallet.address, wallet);
      }
    }
    return this.delegateAddresses;
  }

  lock(id: string): Readonly<Lock> | undefined {
    return this.lockRepo.get(id);
  }

  entity(id: string): Readonly<Entity> | undefined {
    return this.entityRepo.get(id);
  }

  entityIdByName(type: number, name: string): string | undefined {
    return this.entityRepo.idByName(type, name);
  }

  ipfsOwner(hash: string): string | undefined {
    return this.entityRepo.ipfsOwner(hash);
  }

  /** Writes an overlay's changes (call inside the block's SQLite transaction) and updates the cache. */
  write(changes: StateChanges): void {
    // The cached wallet is the stored one (write-through; dropped by `forget` after a failed write).
    for (const [address, wallet] of changes.wallets)
      this.walletRepo.saveChanged(wallet, this.wallets.get(address));
    for (const [id, lock] of changes.locks) this.lockRepo.save(id, lock);
    for (const [id, entity] of changes.entities) this.entityRepo.save(id, entity);
    for (const [hash, owner] of changes.ipfs) this.entityRepo.saveIpfs(hash, owner);
    const delegates = this.delegateSet();
    for (const [address, wallet] of changes.wallets) {
      this.wallets.delete(address);
      this.cache(address, wallet);
      if (wallet.delegate) delegates.add(address);
      else delegates.delete(address);
    }
  }

  /** Caches a wallet as the most recently used one, evicting the least recently used beyond the limit. */
  private cache(address: string, wallet: Wallet): void {
    this.wallets.set(address, wallet);
    if (this.wallets.size > this.walletCacheSize) {
      const oldest = this.wallets.keys().next();
      if (oldest.done !== true) this.wallets.delete(oldest.value);
    }
  }

  /** Drops every cached row (after a failed write, or when the database was changed behind our back). */
  forget(): void {
    this.wallets.clear();
    this.delegateAddresses = undefined;
  }

  /** Every stored wallet, lock and entity and IPFS hash, straight from the database (for `verifyChain`). */
  snapshot(): {
    wallets: Wallet[];
    locks: Lock[];
    entities: Entity[];
    ipfs: { hash: string; address: string }[];
  } {
    return {
      wallets: this.walletRepo.all(),
      locks: this.lockRepo.all(),
      entities: this.entityRepo.all(),
      ipfs: this.entityRepo.ipfsHashes(),
    };
  }
}
