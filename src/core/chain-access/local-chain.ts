/**
 * LocalChain: a chain whose node runs in this process — the embedded localnet, or a remote network's own node
 * following it (services/follower; `sync` says how far behind it is). Reads are the node's ChainQueries (core/query:
 * typed records straight from its database, the very reads its public API answers from — no HTTP, no JSON, no peer
 * pool), the account comes from the node's state and pool, broadcast hands signed transactions straight to the
 * node's pool, and events are the node's own, as they happen.
 */
import { normalizePeerUrl, type PeerStatus } from '../client';
import type { LocalNode } from '../node';
import type { Block, BlockHeader } from '../protocol/blocks';
import type { TransactionData } from '../protocol/transactions';
import type { ChainQueries } from '../query';
import type {
  ChainAccess,
  ChainAccount,
  ChainBroadcast,
  ChainListener,
  ChainTip,
  LocalRandomness,
} from './chain-access';

export interface LocalChainOptions {
  networkId: string;
  node: LocalNode;
  /** The node's public API server: the queries its routes answer from (the reads), and the URL it is known by. */
  api: { queries: ChainQueries; url: string };
  /**
   * A node following its network (core/sync): how far behind its peers it is. Without it the node forges its own
   * chain and is in sync with what it has.
   */
  sync?: LocalChainSync;
  /** Unix milliseconds (default Date.now): paces the sync events while catching up. */
  now?: () => number;
}

export interface LocalChainSync {
  blocksBehind(): number;
  /** Hands the transactions this node's pool accepted to the network's peers (a follower forges nothing). */
  relay(transactions: readonly TransactionData[]): void;
}

/** Farther behind than this, a follower is catching up: its blocks are not announced one by one. */
export const CATCHING_UP_BLOCKS = 2;
/** While catching up, one sync event a second is enough for a progress bar. */
const SYNC_EVENT_EVERY_MS = 1_000;

function tipOf(header: BlockHeader): ChainTip {
  return { height: header.height, id: header.id ?? '', transactions: header.numberOfTransactions };
}

export class LocalChain implements ChainAccess {
  readonly inProcess = true;
  readonly networkId: string;
  readonly reads: ChainQueries;
  readonly localApiUrl: string | undefined;
  readonly randomness: LocalRandomness;
  private readonly apiUrl: string;
  private readonly node: LocalNode;
  private readonly sync: LocalChainSync | undefined;
  private readonly now: () => number;

  constructor(options: LocalChainOptions) {
    this.networkId = options.networkId;
    this.node = options.node;
    this.sync = options.sync;
    this.now = options.now ?? Date.now;
    this.apiUrl = options.api.url;
    this.localApiUrl = options.sync === undefined ? undefined : options.api.url;
    const queries = (this.reads = options.api.queries);
    this.randomness = {
      url: () => {
        const url = new URL(this.apiUrl);
        const port = queries.source.ports().secondary;
        url.port = String(port);
        return url.origin;
      },
      values: (blocksBack) => queries.of.randomness.values(blocksBack),
    };
  }

  /** The one node the reads come from: this process's, which answers every read (no network between). */
  peerStatuses(): Promise<PeerStatus[]> {
    return Promise.resolve([
      {
        // The node's address as every peer list writes it (no `/api`: client/urls.ts normalizePeerUrl).
        url: normalizePeerUrl(this.apiUrl),
        score: 1,
        health: 1,
        latencyMs: undefined,
        height: this.node.height,
        lastError: undefined,
        lastSuccessAt: this.now(),
        backoffUntil: undefined,
        rateLimited: false,
        consecutiveFailures: 0,
      },
    ]);
  }

  /** The node's view, pool included: what this app sent is in that pool or was refused by it. */
  account(address: string, publicKey: string | undefined, _inFlightNonce?: bigint): Promise<ChainAccount> {
    const { nextNonce, secondPublicKey, balance } = this.node.senderAccount(address, publicKey);
    return Promise.resolve({
      height: this.node.height,
      nextNonce,
      secondPublicKey,
      balance,
      maxAge: this.node.maxTransactionAge,
    });
  }

  broadcast(transactions: readonly TransactionData[]): Promise<ChainBroadcast> {
    const answer = this.node.addTransactions(transactions);
    if (this.sync !== undefined && answer.broadcast.length > 0) {
      const relayed = new Set(answer.broadcast);
      this.sync.relay(transactions.filter((tx) => tx.id !== undefined && relayed.has(tx.id)));
    }
    return Promise.resolve(answer);
  }

  watch(listener: ChainListener): () => void {
    // A forging node is in sync with what it has; a follower is as far behind as its peers say.
    let lastSync: { at: number; syncing: boolean } | undefined;
    const synced = (height: number) => {
      const blocksBehind = Math.max(0, this.sync?.blocksBehind() ?? 0);
      const syncing = blocksBehind > CATCHING_UP_BLOCKS;
      const now = this.now();
      const paced = lastSync !== undefined && lastSync.syncing === syncing && syncing;
      if (paced && now - lastSync!.at < SYNC_EVENT_EVERY_MS) return;
      lastSync = { at: now, syncing };
      listener({ kind: 'sync', height, syncing, blocksBehind });
    };
    const onBlock = (block: Block) => {
      const catchingUp = (this.sync?.blocksBehind() ?? 0) > CATCHING_UP_BLOCKS;
      listener({
        kind: 'block',
        tip: tipOf(block.header),
        block: block.transactions,
        ...(catchingUp ? { catchingUp } : {}),
      });
      synced(block.header.height);
    };
    const onRevert = ({ blocks, height }: { blocks: Block[]; height: number }) => {
      listener({
        kind: 'revert',
        tip: tipOf(this.node.lastBlock()),
        reverted: blocks.flatMap((block) => block.transactions),
      });
      synced(height);
    };
    this.node.on('block', onBlock);
    this.node.on('revert', onRevert);
    return () => {
      this.node.off('block', onBlock);
      this.node.off('revert', onRevert);
    };
  }
}
