import type { PoolRepository } from '../../db/repositories';
import type { Block } from '../../protocol/blocks';
import type { Network } from '../../protocol/networks';
import { unixMsFromEpoch } from '../../protocol/time';
import { serializeTransaction, transactionId } from '../../protocol/transactions';

/**
 * A reverted block's transactions back into the pool's table, as received at the block's time and the height below
 * it (docs/design/node.md "Pool"): a fork's loser keeps them for the winner's chain instead of losing them.
 */
export function returnToPool(
  pool: PoolRepository,
  block: Block,
  network: Network,
  receivedHeight: number,
): void {
  const receivedAt = unixMsFromEpoch(block.header.timestamp, network);
  block.transactions.forEach((tx, index) => {
    pool.restore({
      id: tx.id ?? transactionId(tx),
      serialized: block.transactionBytes?.[index] ?? serializeTransaction(tx),
      senderPublicKey: tx.senderPublicKey,
      nonce: tx.nonce,
      fee: tx.fee,
      receivedHeight,
      receivedAt,
    });
  });
}
