/**
 * ChainAccess (docs/design/architecture.md "Chain access"): everything the app's services need of one network's
 * chain, whoever serves it — the typed reads of the public API, the sender's account, broadcast and events. Two
 * adapters: LocalChain (a node in this process: the embedded localnet, or a remote network's own node following it) and RemoteChain
 * (NodeClient, its peers and failover). Services hold a ChainAccess and never ask which one it is.
 */
import type { PeerStatus, PoolError } from '../client';
import type { ChainReader, RandomValues } from '../domain';
import type { TransactionData } from '../protocol/transactions';

export type { ChainReader };

/**
 * The secondary interface's random values (public-api.md §4.11) of a node in this process, read without a
 * request: the same values its `/trng` and `/trng-1` answer at `url`.
 */
export interface LocalRandomness {
  /** The secondary interface that serves the same values. */
  url(): string;
  /** The values of the last block (0) or the one before it (1); undefined while the chain has no such block. */
  values(blocksBack: 0 | 1): RandomValues | undefined;
}

/** What signing needs to know about a sender now. */
export interface ChainAccount {
  /** The chain's height (its milestone sets fees and rules). */
  height: number;
  /** The nonce the sender's next transaction must carry. */
  nextNonce: bigint;
  secondPublicKey: string | undefined;
  /** The balance the chain holds for the address now (0 for a wallet it has never seen), read with the nonce. */
  balance: bigint;
  /** Blocks a pool keeps a transaction unforged (ARK maxTransactionAge). */
  maxAge: number;
}

/** Transactions offered to the chain's pool(s): ARK's POST /transactions answer, merged over the peers asked. */
export interface ChainBroadcast {
  accept: string[];
  broadcast: string[];
  excess: string[];
  invalid: string[];
  errors: Record<string, PoolError>;
}

/** A block header as the events carry it. */
export interface ChainTip {
  height: number;
  id: string;
  transactions: number;
}

export type ChainEvent =
  /**
   * A new last block. `block` holds its transactions when the chain has them at hand (a node in this process):
   * they confirm pending transactions at once, without a read.
   */
  | {
      kind: 'block';
      tip: ChainTip;
      block?: readonly TransactionData[];
      /** The node is catching up with its network (many blocks a second): not worth announcing one by one. */
      catchingUp?: boolean;
    }
  /** Blocks were taken back (a rollback or a reorganisation): `tip` is the block now last. */
  | { kind: 'revert'; tip: ChainTip; reverted: readonly TransactionData[] }
  | { kind: 'sync'; height: number; syncing: boolean; blocksBehind: number }
  /** The chain's source stopped answering (once per outage), or answers again. */
  | { kind: 'unreachable'; reason: string }
  | { kind: 'reachable' };

export type ChainListener = (event: ChainEvent) => void;

export interface ChainAccess {
  /** The network registry's id of this chain. */
  readonly networkId: string;
  /**
   * True when the chain runs in this process: its events arrive as they happen and cost nothing, so it is
   * watched whether or not it is the active network, and its answers need no network round trip.
   */
  readonly inProcess: boolean;
  readonly reads: ChainReader;
  /** The public API of the node running in this process, when it listens (a network's own node). */
  readonly localApiUrl?: string;
  /**
   * The sender's account. `inFlightNonce` is the highest nonce this app has sent that the chain may not show yet
   * (a remote pool is not readable); a chain that sees its own pool goes by the pool instead.
   */
  account(address: string, publicKey: string | undefined, inFlightNonce?: bigint): Promise<ChainAccount>;
  /** Offers signed transactions (each with its id) to the chain's pool(s). */
  broadcast(transactions: readonly TransactionData[]): Promise<ChainBroadcast>;
  /**
   * The nodes this app reads the chain from, probed now: a remote network's peers with their health and latency,
   * or the one node in this process.
   */
  peerStatuses(): Promise<PeerStatus[]>;
  /** Present when the chain's node runs in this process: its random values, read directly. */
  readonly randomness?: LocalRandomness;
  /** Listens to the chain's events until the returned function is called. */
  watch(listener: ChainListener): () => void;
}
