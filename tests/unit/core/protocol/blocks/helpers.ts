import {
  payloadHash,
  signBlock,
  type Block,
  type BlockHeader,
} from '../../../../../src/core/protocol/blocks';
import { fromHex } from '../../../../../src/core/protocol/hex';
import { devnet, type Network } from '../../../../../src/core/protocol/networks';
import { unixMsFromEpoch } from '../../../../../src/core/protocol/time';
import {
  deserializeTransaction,
  transactionId,
  type TransactionData,
} from '../../../../../src/core/protocol/transactions';
import blocks from '../../../../fixtures/vectors/blocks.json';
import txVectors from '../../../../fixtures/vectors/transactions-devnet.json';

export const generatorKey = blocks.vectors[0]!.generatorPrivateKeyHex;
export const generatorPublicKey = blocks.vectors[0]!.headerJson.generatorPublicKey;
export const previousId = blocks.vectors[0]!.headerJson.previousBlock;

/** A devnet transaction vector decoded at the vectors' configured height. */
export function vectorTransaction(descriptionStart: string): TransactionData {
  const vector = txVectors.vectors.find((v) => v.description.startsWith(descriptionStart));
  if (!vector) throw new Error(`no transaction vector "${descriptionStart}"`);
  return deserializeTransaction(fromHex(vector.serializedHex), {
    network: devnet,
    height: txVectors.configHeight,
  });
}

export const plainTransfer = (): TransactionData => vectorTransaction('transfer (type 0)');

/**
 * A signed block whose totals, count and payload hash match its transactions unless `overrides` says otherwise
 * (overrides are applied before signing, so the signature stays valid).
 */
export function makeBlock(
  transactions: TransactionData[],
  overrides: Partial<BlockHeader> = {},
  network: Network = devnet,
): Block {
  const header: BlockHeader = {
    version: 0,
    timestamp: 150000000,
    height: 6000001,
    previousBlock: previousId,
    numberOfTransactions: transactions.length,
    totalAmount: transactions.reduce((sum, tx) => sum + tx.amount, 0n),
    totalFee: transactions.reduce((sum, tx) => sum + tx.fee, 0n),
    reward: 200000000n,
    payloadLength: transactions.length * 32,
    payloadHash: payloadHash(transactions.map((tx) => tx.id ?? transactionId(tx))),
    generatorPublicKey,
    ...overrides,
  };
  return { header: signBlock(header, generatorKey, network), transactions };
}

/** A `now` at which a block with this timestamp is not in the future. */
export const nowFor = (timestamp: number, network: Network = devnet): number =>
  unixMsFromEpoch(timestamp, network);
