/**
 * Transactions (ark-core-api.md §6.3, §6.14): confirmed ones from the read model, with their place in the chain,
 * and ARK's transformed record (a) with its block — confirmations and the block's timestamp — or (b) without —
 * confirmations 0 and a timestamp only for v1 transactions (block listings, votes, the pool).
 */
import type { TransactionRecord } from '../domain';
import type { ListRequest } from '../db/read-model/list-request';
import type { PageRows } from '../db/read-model/sql/page-query';
import {
  isVote,
  listTransactions,
  transactionById,
  type ConfirmedTransaction,
  type TransactionScope,
} from '../db/read-model/transactions';
import { formatTimestamp, type TimestampObject } from '../protocol/time';
import { transactionToJson, type TransactionData } from '../protocol/transactions';
import type { Network } from '../protocol/networks';
import type { QueryContext } from './context';

export type { ConfirmedTransaction, TransactionScope };

interface Placement {
  blockId?: string;
  senderAddress: string;
  confirmations: number;
  timestamp?: TimestampObject;
}

function record(tx: TransactionData, place: Placement): TransactionRecord {
  const json = transactionToJson(tx);
  const out: Omit<TransactionRecord, 'confirmations'> & { confirmations?: number } = {
    id: json.id ?? '',
    ...(place.blockId === undefined ? {} : { blockId: place.blockId }),
    version: tx.version,
    type: tx.type,
    typeGroup: tx.typeGroup,
    amount: tx.amount,
    fee: tx.fee,
    sender: place.senderAddress,
    senderPublicKey: tx.senderPublicKey,
    // ARK: the sender's address when the type has no recipient (votes, registrations, multipayments …).
    recipient: tx.recipientId ?? place.senderAddress,
  };
  if (tx.signature !== undefined) out.signature = tx.signature;
  if (tx.secondSignature !== undefined) out.signSignature = tx.secondSignature;
  if (tx.signatures !== undefined) out.signatures = [...tx.signatures];
  if (tx.vendorField !== undefined) out.vendorField = tx.vendorField;
  if (json.asset !== undefined) out.asset = json.asset as Record<string, unknown>;
  // Key order as ARK emits it: confirmations, timestamp, nonce last.
  out.confirmations = place.confirmations;
  if (place.timestamp !== undefined) out.timestamp = place.timestamp;
  out.nonce = tx.nonce;
  return out as TransactionRecord;
}

/** (b) Without its block: confirmations 0; a timestamp only when the transaction carries one (v1). */
export function transactionWithoutBlock(
  network: Network,
  tx: TransactionData,
  senderAddress: string,
  blockId?: string,
): TransactionRecord {
  return record(tx, {
    ...(blockId === undefined ? {} : { blockId }),
    senderAddress,
    confirmations: 0,
    ...(tx.timestamp === undefined ? {} : { timestamp: formatTimestamp(tx.timestamp, network) }),
  });
}

export class TransactionQueries {
  constructor(private readonly ctx: QueryContext) {}

  list(request: ListRequest, scope?: TransactionScope): PageRows<ConfirmedTransaction> {
    return listTransactions(this.ctx.read, request, scope);
  }

  byId(id: string): ConfirmedTransaction | undefined {
    return transactionById(this.ctx.read, id);
  }

  /** A confirmed vote by id (anything else is not one). */
  voteById(id: string): ConfirmedTransaction | undefined {
    const item = this.byId(id);
    return item !== undefined && isVote(item) ? item : undefined;
  }

  /** (a) With their block: confirmations = last height − block height + 1. */
  records(items: readonly ConfirmedTransaction[]): TransactionRecord[] {
    const { network } = this.ctx.read;
    const lastHeight = this.ctx.read.height();
    return items.map((item) =>
      record(item.tx, {
        blockId: item.blockId,
        senderAddress: item.senderAddress,
        confirmations: lastHeight - item.blockHeight + 1,
        timestamp: formatTimestamp(item.blockTimestamp, network),
      }),
    );
  }

  /** (b) The block-less record ARK gives block listings and votes (§6.2, §6.4). */
  blockless(items: readonly ConfirmedTransaction[]): TransactionRecord[] {
    return items.map((item) =>
      transactionWithoutBlock(this.ctx.read.network, item.tx, item.senderAddress, item.blockId),
    );
  }
}
