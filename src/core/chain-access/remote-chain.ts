/**
 * RemoteChain: a network served by other nodes, through its NodeClient (peers scored by health, failover). The
 * account comes from the sender's wallet on the node plus what this app has sent (a remote pool cannot be read),
 * broadcast goes to three peers at once, and events come from polling /node/syncing while someone watches.
 */
import { tipBlock, unless404, type NodeClient, type PeerStatus } from '../client';
import { transactionToJson, type TransactionData } from '../protocol/transactions';
import type { ChainAccess, ChainAccount, ChainBroadcast, ChainListener } from './chain-access';

/** ARK's default maxTransactionAge (blocks): a remote node does not say its own. */
export const DEFAULT_MAX_TRANSACTION_AGE = 2_700;

/** How many peers receive a broadcast (client/broadcast.ts lanes). */
const BROADCAST_PEERS = 3;

export interface RemoteChainOptions {
  /** Polling interval while watched (ms). */
  pollMs: number;
}

export class RemoteChain implements ChainAccess {
  readonly inProcess = false;

  constructor(
    readonly networkId: string,
    readonly reads: NodeClient,
    private readonly options: RemoteChainOptions,
  ) {}

  async account(address: string, _publicKey: string | undefined, inFlightNonce = 0n): Promise<ChainAccount> {
    // A cold wallet (404) has nonce 0 and no second key.
    const [syncing, wallet] = await Promise.all([
      this.reads.syncing(),
      unless404(this.reads.wallet(address)),
    ]);
    const confirmed = wallet?.nonce ?? 0n;
    return {
      height: syncing.height,
      nextNonce: (inFlightNonce > confirmed ? inFlightNonce : confirmed) + 1n,
      secondPublicKey: wallet?.attributes.secondPublicKey,
      balance: wallet?.balance ?? 0n,
      maxAge: DEFAULT_MAX_TRANSACTION_AGE,
    };
  }

  async broadcast(transactions: readonly TransactionData[]): Promise<ChainBroadcast> {
    const json = transactions.map((tx) => transactionToJson(tx));
    return this.reads.broadcast(json, { peers: BROADCAST_PEERS });
  }

  /** Asks every peer for /node/syncing at once, then reports health, latency and height. */
  peerStatuses(): Promise<PeerStatus[]> {
    return this.reads.refresh();
  }

  /** Polls the node while watched: a new height is a `block` and a `sync`; an outage is said once. */
  watch(listener: ChainListener): () => void {
    let height = 0;
    let unreachable = false;
    let stopped = false;
    let polling = false;
    const poll = async () => {
      // One poll at a time: a tick while the last poll still waits for its answers (a slow node, or a peer's request
      // budget that holds it: client/rate-budget.ts) is skipped, not queued behind it — queued ticks would ask the
      // same question again as soon as the budget allowed, and keep the person's own reads waiting behind them.
      if (polling) return;
      polling = true;
      try {
        // The same node's answer from within the last poll interval does (the monitor's probe of that node asks at
        // the same pace: client/shared-answers.ts): a new tip is still said at most two intervals after it came,
        // within a block on ARK (8 s blocks, 4 s polls).
        const syncing = await this.reads.syncing({ reuseWithinMs: this.options.pollMs });
        if (stopped) return;
        if (unreachable) {
          unreachable = false;
          listener({ kind: 'reachable' });
        }
        if (syncing.height === height) return;
        height = syncing.height;
        const last = await tipBlock(this.reads, syncing);
        if (stopped) return;
        listener({
          kind: 'block',
          tip: { height: last.height, id: last.id, transactions: last.transactions },
        });
        listener({
          kind: 'sync',
          height: syncing.height,
          syncing: syncing.syncing,
          blocksBehind: syncing.blocks,
        });
      } catch (error) {
        if (stopped || unreachable) return;
        unreachable = true;
        listener({ kind: 'unreachable', reason: error instanceof Error ? error.message : String(error) });
      } finally {
        polling = false;
      }
    };
    const timer = setInterval(() => void poll(), this.options.pollMs);
    timer.unref();
    void poll();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }
}
