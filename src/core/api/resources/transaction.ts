/**
 * The transaction resource (ark-core-api.md §6.14): (a) with its block — real confirmations and the block's
 * timestamp; (b) without — confirmations 0 and a timestamp only for v1 transactions (block listings, votes,
 * the pool); (c) raw — the crypto data with its place in the chain.
 */
import { transactionToJson, type TransactionData } from '../../protocol/transactions';
import type { Network } from '../../protocol/networks';
import { formatTimestamp, type TimestampObject } from '../../protocol/time';
import type { ApiContext } from '../context';
import type { ConfirmedTransaction } from '../../db/read-model/transactions';

export interface TransactionResource {
  id: string;
  blockId?: string;
  version: number;
  type: number;
  typeGroup: number;
  amount: string;
  fee: string;
  sender: string;
  senderPublicKey: string;
  recipient: string;
  signature?: string;
  signSignature?: string;
  signatures?: string[];
  vendorField?: string;
  asset?: Record<string, unknown>;
  confirmations: number;
  timestamp?: TimestampObject;
  nonce: string;
}

export type RawTransaction = Record<string, unknown>;

interface Placement {
  blockId?: string;
  senderAddress: string;
  confirmations: number;
  timestamp?: TimestampObject;
}

function resource(tx: TransactionData, place: Placement): TransactionResource {
  const json = transactionToJson(tx);
  const out: TransactionResource = {
    id: json.id ?? '',
    ...(place.blockId === undefined ? {} : { blockId: place.blockId }),
    version: tx.version,
    type: tx.type,
    typeGroup: tx.typeGroup,
    amount: json.amount,
    fee: json.fee,
    sender: place.senderAddress,
    senderPublicKey: tx.senderPublicKey,
    // ARK: the sender's address when the type has no recipient (votes, registrations, multipayments …).
    recipient: tx.recipientId ?? place.senderAddress,
    confirmations: place.confirmations,
    nonce: tx.nonce.toString(),
  };
  if (tx.signature !== undefined) out.signature = tx.signature;
  if (tx.secondSignature !== undefined) out.signSignature = tx.secondSignature;
  if (tx.signatures !== undefined) out.signatures = [...tx.signatures];
  if (tx.vendorField !== undefined) out.vendorField = tx.vendorField;
  if (json.asset !== undefined) out.asset = json.asset as Record<string, unknown>;
  // Key order as ARK emits it: confirmations, timestamp, nonce last.
  const { nonce, confirmations, ...head } = out;
  return { ...head, confirmations, ...(place.timestamp ? { timestamp: place.timestamp } : {}), nonce };
}

/** (a) A confirmed transaction with its block: confirmations = last height − block height + 1. */
export function transactionWithBlock(
  network: Network,
  item: ConfirmedTransaction,
  lastHeight: number,
): TransactionResource {
  return resource(item.tx, {
    blockId: item.blockId,
    senderAddress: item.senderAddress,
    confirmations: lastHeight - item.blockHeight + 1,
    timestamp: formatTimestamp(item.blockTimestamp, network),
  });
}

/** (b) Without its block: confirmations 0; a timestamp only when the transaction carries one (v1). */
export function transactionWithoutBlock(
  network: Network,
  tx: TransactionData,
  senderAddress: string,
  blockId?: string,
): TransactionResource {
  return resource(tx, {
    ...(blockId === undefined ? {} : { blockId }),
    senderAddress,
    confirmations: 0,
    ...(tx.timestamp === undefined ? {} : { timestamp: formatTimestamp(tx.timestamp, network) }),
  });
}

/** (c) The crypto data (typeGroup always present), plus blockId, blockHeight and sequence when confirmed. */
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

/** Confirmed transactions as the list routes answer them: with their block and confirmations, or raw. */
export function transactionResources(
  ctx: ApiContext,
  rows: readonly ConfirmedTransaction[],
  transform: boolean,
): (TransactionResource | RawTransaction)[] {
  const lastHeight = ctx.node.store.height();
  return rows.map((item) =>
    transform ? transactionWithBlock(ctx.network, item, lastHeight) : rawTransaction(item.tx, item),
  );
}
