/**
 * Blocks from a node's P2P interface (docs/design/sync.md "P2P"): one `p2p.blocks.getBlocks` answers up to 400
 * blocks with their transactions (core-p2p `socket-server/controllers/blocks.ts`), where the public API needs a
 * request per 100 headers and more for the transactions. Each block is rebuilt as the public API's are
 * (raw-block.ts): the header's id must be the hash of its serialization, every transaction must decode from the
 * bytes served (its id is the hash of them; one of a plugin's type stops the follower instead, raw-block.ts), the count must be the header's, and the heights must follow each other
 * from the one asked — anything else is the peer's lie. The signatures, payload hash and state rules are the
 * node's `applyBlock`, exactly as for every other block. An answer holding more than ARK's schema produces (more
 * blocks than asked, fields padded: p2p/codecs.ts) is a lie too, as a public API page longer than asked is.
 */
import type { PeerHealth } from '../client/peer-health';
import { P2pExcessError, type P2pBlock, type P2pPeer, type P2pPeers } from '../p2p';
import type { Block, BlockHeader } from '../protocol/blocks';
import { transactionRulesHeight, type Network } from '../protocol/networks';
import { deserializeTransaction, type TransactionData } from '../protocol/transactions';
import { peerDataError } from './errors';
import { headerFromPeer, markUnknownType, pluginTypeOfBytes, type UnknownType } from './raw-block';

/** Blocks a P2P answer holds at most (core-p2p MAX_DOWNLOAD_BLOCKS). */
export const P2P_BATCH = 400;
/** Blocks kept per peer for runs not yet assembled: a few answers' worth. */
const KEPT_BLOCKS = 4 * P2P_BATCH;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A block from getBlocks, checked as far as a block can be without the chain (see above). */
export function blockFromP2p(served: P2pBlock, network: Network): Block {
  const { transactions, ...columns } = served;
  const header = headerFromPeer(columns, network);
  if (transactions.length !== header.numberOfTransactions) {
    throw peerDataError(
      header.height,
      `the header counts ${header.numberOfTransactions} transactions, the peer served ${transactions.length}`,
    );
  }
  const ctx = { network, height: transactionRulesHeight(header.height) };
  const txs: TransactionData[] = [];
  const kept: Uint8Array[] = [];
  const ids: string[] = [];
  let unknown: UnknownType | undefined;
  transactions.forEach((bytes, index) => {
    try {
      const tx = deserializeTransaction(bytes, ctx);
      txs.push(tx);
      kept.push(bytes);
      ids.push(tx.id ?? '');
    } catch (error) {
      // A type a plugin of the chain's nodes adds: raw-block.ts checkNotExcepted stops before the block.
      const type = pluginTypeOfBytes(bytes, error);
      if (type === undefined) {
        throw peerDataError(header.height, `transaction ${index} does not decode: ${reason(error)}`);
      }
      unknown ??= type;
      ids.push(type.id);
    }
  });
  const block: Block = { header, transactions: txs, transactionBytes: kept };
  if (unknown !== undefined) markUnknownType(block, unknown, ids, network);
  return block;
}

export class P2pBlockSource {
  /**
   * The blocks of each peer's recent answers until `blocks()` hands them out (answers to queued runs may arrive
   * in any order); bounded, the oldest dropped first.
   */
  private readonly answers = new Map<string, Map<number, Block>>();

  constructor(
    private readonly peers: P2pPeers,
    private readonly network: Network,
    /** The chain's genesis header: getBlocks cannot serve height 1 (its schema's lastBlockHeight minimum is 1). */
    private readonly genesis: () => BlockHeader,
  ) {}

  of(peer: PeerHealth): P2pPeer | undefined {
    return this.peers.of(peer);
  }

  /** The checked headers from `from` up, as many as one answer holds (400 at most); the first is the one at `from`. */
  async headers(peer: P2pPeer, from: number, signal?: AbortSignal): Promise<BlockHeader[]> {
    const lastBlockHeight = Math.max(1, from - 1);
    let served: P2pBlock[];
    try {
      served = await peer.getBlocks(lastBlockHeight, P2P_BATCH, signal);
    } catch (error) {
      // More than ARK's schema produces (padding, more blocks than asked): a lie, as a page longer than asked is.
      if (error instanceof P2pExcessError) throw peerDataError(from, error.message);
      throw error;
    }
    let blocks = this.answers.get(peer.url);
    if (blocks === undefined) {
      blocks = new Map<number, Block>();
      this.answers.set(peer.url, blocks);
    }
    const headers: BlockHeader[] = from === 1 ? [this.genesis()] : [];
    served.forEach((item, index) => {
      const expected = lastBlockHeight + 1 + index;
      if (item.height !== expected) {
        throw peerDataError(
          expected,
          `asked for the blocks after ${lastBlockHeight}, the peer answered height ${item.height}`,
        );
      }
      const block = blockFromP2p(item, this.network);
      blocks.delete(block.header.height);
      blocks.set(block.header.height, block);
      headers.push(block.header);
    });
    for (const height of blocks.keys()) {
      if (blocks.size <= KEPT_BLOCKS) break;
      blocks.delete(height);
    }
    return headers;
  }

  /** The whole blocks of headers the last `headers()` of this peer returned. */
  blocks(peer: P2pPeer, headers: readonly BlockHeader[]): Block[] {
    const answer = this.answers.get(peer.url);
    return headers.map((header) => {
      const block = answer?.get(header.height);
      if (block === undefined || block.header !== header) {
        throw new Error(`block ${header.height} is not one of ${peer.url}'s last answer`);
      }
      answer?.delete(header.height);
      return block;
    });
  }
}
