import { payloadHash, signBlock, type Block, type BlockHeader } from '../../protocol/blocks';
import { milestoneAt, type Network } from '../../protocol/networks';
import type { HandlerContext } from '../transaction-handlers';
import type { PoolEntry } from '../transaction-pool';

/**
 * Bytes of a block that are not transactions, at most: the 141-byte header with a full-SHA256 previous id and
 * a DER signature of up to 72 bytes (protocol reference §6.1). maxPayload bounds the whole block (§6.2).
 */
export const BLOCK_HEADER_RESERVE = 141 + 72;

export interface BlockSource {
  collectForBlock(
    maxTransactions: number,
    maxPayloadBytes: number,
    ctx: HandlerContext,
  ): readonly PoolEntry[];
}

export interface AssembleInput {
  network: Network;
  previous: { id: string; height: number; timestamp: number };
  /** Start of the slot: the block's timestamp (protocol reference §7). */
  timestamp: number;
  generatorPublicKey: string;
  privateKey: Uint8Array;
  pool: BlockSource;
}

/**
 * Builds and signs the next block as ARK's forger does: transactions from the pool by fee priority, the
 * milestone's version and reward, totals and payload over the chosen transactions, ECDSA signature.
 */
export function assembleBlock(input: AssembleInput): Block {
  const { network, previous } = input;
  const height = previous.height + 1;
  const milestone = milestoneAt(network, height);
  const ctx: HandlerContext = {
    network,
    height,
    lastBlock: { height: previous.height, timestamp: previous.timestamp },
    timestamp: input.timestamp,
  };
  const entries = input.pool.collectForBlock(
    milestone.block.maxTransactions,
    milestone.block.maxPayload - BLOCK_HEADER_RESERVE,
    ctx,
  );
  const transactions = entries.map((entry) => entry.tx);
  const header: BlockHeader = {
    version: milestone.block.version,
    timestamp: input.timestamp,
    height,
    previousBlock: previous.id,
    numberOfTransactions: entries.length,
    totalAmount: transactions.reduce((sum, tx) => sum + tx.amount, 0n),
    totalFee: transactions.reduce((sum, tx) => sum + tx.fee, 0n),
    reward: BigInt(milestone.reward),
    payloadLength: 32 * entries.length,
    payloadHash: payloadHash(entries.map((entry) => entry.id)),
    generatorPublicKey: input.generatorPublicKey,
  };
  return {
    header: signBlock(header, input.privateKey, network),
    transactions,
    transactionBytes: entries.map((entry) => entry.bytes),
  };
}
