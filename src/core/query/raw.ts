/**
 * The untransformed forms (ark-core-api.md §2.5 `transform=false`, §6.13, §6.14 (c)): a block's 13 columns and a
 * transaction's crypto data, amounts as strings. They are JSON already: the raw routes answer them, and a
 * delegate's `lastBlock` attribute is the raw block (ARK Core keeps its whole `block.data`).
 */
import type { StoredBlock } from '../db/read-model/blocks';
import type { ConfirmedTransaction } from '../db/read-model/transactions';
import { transactionToJson, type TransactionData } from '../protocol/transactions';

/** The 13 block columns, amounts as strings (transform=false). */
export interface RawBlock {
  id: string;
  version: number;
  timestamp: number;
  previousBlock?: string;
  height: number;
  numberOfTransactions: number;
  totalAmount: string;
  totalFee: string;
  reward: string;
  payloadLength: number;
  payloadHash: string;
  generatorPublicKey: string;
  blockSignature: string;
}

export function rawBlock(block: StoredBlock): RawBlock {
  return {
    id: block.id,
    version: block.version,
    timestamp: block.timestamp,
    ...(block.previousBlock === undefined ? {} : { previousBlock: block.previousBlock }),
    height: block.height,
    numberOfTransactions: block.numberOfTransactions,
    totalAmount: block.totalAmount.toString(),
    totalFee: block.totalFee.toString(),
    reward: block.reward.toString(),
    payloadLength: block.payloadLength,
    payloadHash: block.payloadHash,
    generatorPublicKey: block.generatorPublicKey,
    blockSignature: block.blockSignature,
  };
}

export type RawTransaction = Record<string, unknown>;

/** The crypto data (typeGroup always present), plus blockId, blockHeight and sequence when confirmed. */
export function rawTransaction(tx: TransactionData, placement?: ConfirmedTransaction): RawTransaction {
  const { version, network, typeGroup: _omitted, ...rest } = transactionToJson(tx);
  const raw: RawTransaction = { version, network, typeGroup: tx.typeGroup, ...rest };
  // ARK adds a version 1 transaction's nonce from its database (ark-core-api.md §6.14 (c)).
  if (version === 1 && placement) raw.nonce = tx.nonce.toString();
  if (placement) {
    raw.blockId = placement.blockId;
    raw.blockHeight = placement.blockHeight;
    raw.sequence = placement.sequence;
  }
  return raw;
}
