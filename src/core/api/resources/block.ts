/** The block resource (ark-core-api.md §6.13): ARK's transformed shape and the raw DB row. */
import { formatTimestamp, type TimestampObject } from '../../protocol/time';
import type { ApiContext } from '../context';
import { multiPaymentSums, type BlockRow } from '../../db/read-model/blocks';

export interface BlockResource {
  id: string;
  version: number;
  height: number;
  previous?: string;
  forged: { reward: string; fee: string; amount: string; total: string };
  payload: { hash: string; length: number };
  generator: { username?: string; address: string; publicKey: string };
  signature: string;
  confirmations: number;
  transactions: number;
  timestamp: TimestampObject;
}

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

export function rawBlock(row: BlockRow): RawBlock {
  return {
    id: row.id,
    version: Number(row.version),
    timestamp: Number(row.timestamp),
    ...(row.previous_block === null ? {} : { previousBlock: row.previous_block }),
    height: Number(row.height),
    numberOfTransactions: Number(row.number_of_transactions),
    totalAmount: row.total_amount.toString(),
    totalFee: row.total_fee.toString(),
    reward: row.reward.toString(),
    payloadLength: Number(row.payload_length),
    payloadHash: row.payload_hash,
    generatorPublicKey: row.generator_public_key,
    blockSignature: row.block_signature,
  };
}

function transformBlock(ctx: ApiContext, row: BlockRow, lastHeight: number, payments: bigint): BlockResource {
  const height = Number(row.height);
  const username = ctx.keys.username(row.generator_public_key);
  return {
    id: row.id,
    version: Number(row.version),
    height,
    ...(row.previous_block === null ? {} : { previous: row.previous_block }),
    forged: {
      reward: row.reward.toString(),
      fee: row.total_fee.toString(),
      amount: (row.total_amount + payments).toString(),
      total: (row.reward + row.total_fee).toString(),
    },
    payload: { hash: row.payload_hash, length: Number(row.payload_length) },
    generator: {
      ...(username === undefined ? {} : { username }),
      address: ctx.keys.address(row.generator_public_key),
      publicKey: row.generator_public_key,
    },
    signature: row.block_signature,
    // ARK: last height − height, so the last block has 0 (§12.5).
    confirmations: lastHeight - height,
    transactions: Number(row.number_of_transactions),
    timestamp: formatTimestamp(Number(row.timestamp), ctx.network),
  };
}

/** Blocks in the shape `transform` asks for. */
export function blockResources(
  ctx: ApiContext,
  rows: readonly BlockRow[],
  transform: boolean,
): (BlockResource | RawBlock)[] {
  if (!transform) return rows.map(rawBlock);
  const lastHeight = ctx.node.store.height();
  const withPayments = rows.filter((row) => row.number_of_transactions > 0n).map((row) => Number(row.height));
  const sums = multiPaymentSums(ctx, withPayments);
  return rows.map((row) => transformBlock(ctx, row, lastHeight, sums.get(Number(row.height)) ?? 0n));
}
