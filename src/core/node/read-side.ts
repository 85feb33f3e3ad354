/**
 * The node's read side: the narrow surface a LocalNode offers for reading its chain (core/query's ChainQueries and
 * the public API read through it; docs/design/node.md "Surface"). Its store, pool and forger stay its own: this is
 * what reads need of them and nothing that writes.
 */
import type Database from 'better-sqlite3';
import type { Supply } from './block-store';
import type { PoolEntry, PoolOptions } from './transaction-pool';
import type { Block, BlockHeader } from '../protocol/blocks';
import type { Network } from '../protocol/networks';

/** The chain as reads see it (BlockStore satisfies it). */
export interface ChainReadSide {
  readonly network: Network;
  /** The chain database: db/read-model runs every statement over it (same connection: whole blocks only). */
  readonly db: Database.Database;
  readonly genesis: Block;
  height(): number;
  lastBlock(): BlockHeader;
  supply(): Supply;
  /** A wallet's balance in the node's state (0 for a wallet it never saw). */
  balanceOf(address: string): bigint;
}

/** The pool as reads see it (TransactionPool satisfies it). */
export interface PoolReadSide {
  readonly options: PoolOptions;
  size(): number;
  get(id: string): Readonly<PoolEntry> | undefined;
  all(): Readonly<PoolEntry>[];
}

/** A node's read side: what `LocalNode.readSide` answers. */
export interface NodeReadSide {
  readonly chain: ChainReadSide;
  readonly pool: PoolReadSide;
}
