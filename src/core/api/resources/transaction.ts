/**
 * The transaction resource (ark-core-api.md §6.14): (a) with its block, (b) without (block listings, votes, the
 * pool) — both ARK's records from core/query — or (c) raw: the crypto data with its place in the chain.
 */
import type { TransactionRecord } from '../../domain';
import { rawTransaction, type ConfirmedTransaction, type RawTransaction } from '../../query';
import type { ApiContext } from '../context';
import { arkJson, type Json } from './json';

export type TransactionResource = Json<TransactionRecord>;

/** Confirmed transactions as the list routes answer them: with their block and confirmations, or raw. */
export function transactionResources(
  ctx: ApiContext,
  items: readonly ConfirmedTransaction[],
  transform: boolean,
): (TransactionResource | RawTransaction)[] {
  if (!transform) return items.map((item) => rawTransaction(item.tx, item));
  return ctx.queries.of.transactions.records(items).map(arkJson);
}

/** Block listings and votes (§6.2, §6.4): the block-less resource (confirmations 0), or raw. */
export function blocklessResources(
  ctx: ApiContext,
  items: readonly ConfirmedTransaction[],
  transform: boolean,
): (TransactionResource | RawTransaction)[] {
  if (!transform) return items.map((item) => rawTransaction(item.tx, item));
  return ctx.queries.of.transactions.blockless(items).map(arkJson);
}
