/**
 * LocalChain: a chain whose node runs in this process — today the embedded localnet, next the follower of a remote
 * network. Reads go through the public API's own route handlers in process (in-process-fetch.ts: no socket), the
 * account comes from the node's state and pool, broadcast hands signed transactions straight to the node's pool
 * (no JSON, no HTTP), and events are the node's own, as they happen.
 */
import type { FastifyInstance } from 'fastify';
import { NodeClient, type NodeClientOptions } from '../client';
import type { LocalNode } from '../node';
import type { Block, BlockHeader } from '../protocol/blocks';
import type { TransactionData } from '../protocol/transactions';
import type { ChainAccess, ChainAccount, ChainBroadcast, ChainListener, ChainTip } from './chain-access';
import { inProcessFetch } from './in-process-fetch';

export interface LocalChainOptions {
  networkId: string;
  node: LocalNode;
  /** The node's public API server (its routes answer the reads) and the URL it is known by. */
  api: { app: Pick<FastifyInstance, 'inject'>; url: string };
  client?: NodeClientOptions;
}

function tipOf(header: BlockHeader): ChainTip {
  return { height: header.height, id: header.id ?? '', transactions: header.numberOfTransactions };
}

export class LocalChain implements ChainAccess {
  readonly inProcess = true;
  readonly networkId: string;
  readonly reads: NodeClient;
  private readonly node: LocalNode;

  constructor(options: LocalChainOptions) {
    this.networkId = options.networkId;
    this.node = options.node;
    this.reads = new NodeClient([options.api.url], {
      ...options.client,
      fetch: inProcessFetch(options.api.app),
    });
  }

  /** The node's view, pool included: what this app sent is in that pool or was refused by it. */
  account(address: string, publicKey: string | undefined, _inFlightNonce?: bigint): Promise<ChainAccount> {
    const { nextNonce, secondPublicKey } = this.node.senderAccount(address, publicKey);
    return Promise.resolve({
      height: this.node.height,
      nextNonce,
      secondPublicKey,
      maxAge: this.node.maxTransactionAge,
    });
  }

  broadcast(transactions: readonly TransactionData[]): Promise<ChainBroadcast> {
    return Promise.resolve(this.node.addTransactions(transactions));
  }

  watch(listener: ChainListener): () => void {
    // A node in this process forges or verifies its own chain: it is in sync with what it has.
    const synced = (height: number) => listener({ kind: 'sync', height, syncing: false, blocksBehind: 0 });
    const onBlock = (block: Block) => {
      listener({ kind: 'block', tip: tipOf(block.header), block: block.transactions });
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
