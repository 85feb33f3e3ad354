/**
 * The block rules ARK Core 3.9.1's block processor adds to `Block.verify()` that matter for the history of a real
 * network (core-blockchain `processor/block-processor.ts`): the exceptions list's blocks, a block of one transaction
 * version, no transaction forged twice (the only replay protection of version 1, whose transactions carry no
 * nonce), and the order a `wrongTransactionOrder` block is applied in.
 */
import type { Block, BlockHeader } from '../../protocol/blocks';
import { transactionApplyOrder, type Network } from '../../protocol/networks';
import type { TransactionData } from '../../protocol/transactions';
import { BlockRejectedError } from './errors';

/**
 * A block of the exceptions list skips every verification but two (core-blockchain
 * `processor/handlers/exception-handler.ts`): it comes at height + 1, and its id is not stored yet. Its generator
 * must still be a delegate, since applying the block credits one (core-state `block-state.ts` applyBlockToForger
 * reads the `delegate` attribute, which throws for any other wallet).
 */
export function checkExceptionBlock(
  header: BlockHeader,
  tip: BlockHeader,
  isStored: (id: string) => boolean,
  isDelegate: (publicKey: string) => boolean,
): void {
  if (header.height !== tip.height + 1) {
    throw new BlockRejectedError(
      'ERR_BLOCK_CHAIN',
      `block ${header.height} (an exception of the network's list) does not follow block ${tip.height}`,
    );
  }
  if (header.id === undefined || isStored(header.id)) {
    throw new BlockRejectedError(
      'ERR_BLOCK_CHAIN',
      `block ${header.height} (${header.id ?? '?'}) is stored already`,
    );
  }
  if (!isDelegate(header.generatorPublicKey)) {
    throw new BlockRejectedError(
      'ERR_BLOCK_SLOT',
      `block ${header.height} was forged by ${header.generatorPublicKey}, which is not a delegate`,
    );
  }
}

/**
 * Every transaction of a block has one version (core-blockchain `processor/block-processor.ts`
 * blockContainsIncompatibleTransactions → `incompatible-transactions-handler.ts`: the block is rejected).
 */
export function checkSingleVersion(block: Block): void {
  const first = block.transactions[0];
  const other = block.transactions.find((tx) => tx.version !== first?.version);
  if (first !== undefined && other !== undefined) {
    throw new BlockRejectedError(
      'ERR_BLOCK_TX',
      `block ${block.header.height} mixes version ${first.version} and version ${other.version} transactions`,
    );
  }
}

/**
 * Ids already forged on this chain (core-blockchain `processor/block-processor.ts`
 * checkBlockContainsForgedTransactions → `already-forged-handler.ts`: the block is rejected). `transactions.id` is
 * the table's primary key, so each look-up is one index probe (tests/node/block-store/forged-ids.test.ts checks it stays so).
 */
export class ForgedIds {
  /** `has`: whether the chain stores a transaction of that id (BlockRepository.hasTransaction). */
  constructor(readonly has: (id: string) => boolean) {}

  check(block: Block): void {
    for (const tx of block.transactions) {
      if (tx.id !== undefined && this.has(tx.id)) {
        throw new BlockRejectedError(
          'ERR_BLOCK_TX',
          `block ${block.header.height} holds transaction ${tx.id}, which is forged already`,
        );
      }
    }
  }
}

/**
 * The block's transactions in the order they are applied: the block's own, or the network's
 * `wrongTransactionOrder` for that block (crypto `blocks/block.ts`: verified — payload hash included — in the
 * block's order, applied in the listed one). Reverting goes through the same list backwards.
 */
export function appliedOrder(block: Block, network: Network): TransactionData[] {
  const order = transactionApplyOrder(network, block.header.id);
  if (order === undefined) return block.transactions;
  const byId = new Map(block.transactions.map((tx) => [tx.id, tx]));
  const ordered = order.map((id) => byId.get(id));
  if (ordered.length !== block.transactions.length || ordered.some((tx) => tx === undefined)) {
    throw new BlockRejectedError(
      'ERR_BLOCK_TX',
      `block ${block.header.height} does not hold the transactions the network's wrongTransactionOrder lists for it`,
    );
  }
  return ordered as TransactionData[];
}
