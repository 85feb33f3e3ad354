/** The wallet resource (ark-core-api.md §6.16): ARK's record from core/query, amounts as integer strings. */
import type { Wallet, WalletRecord } from '../../domain';
import type { ApiContext } from '../context';
import { arkJson, type Json } from './json';

export type WalletResource = Json<WalletRecord>;

/** A page of wallets in ARK's shape. */
export function walletResources(ctx: ApiContext, wallets: readonly Wallet[]): WalletResource[] {
  return ctx.queries.of.wallets.records(wallets).map(arkJson);
}
