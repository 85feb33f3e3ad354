/** The explorer, fee and randomness screens' calls; the only callers of these channels. */
import type { TransactionView, FeesView } from '../../shared/domain/chain';
import type { PageView } from '../../shared/domain/common';
import type {
  BlockDetail,
  RandomnessView,
  SearchResult,
  TransactionDetail,
} from '../../shared/domain/explorer';
import { unwrap } from './ipc';
import { votary } from './votary';

export async function search(query: string): Promise<SearchResult> {
  return unwrap(await (await votary()).chainSearch({ query }));
}
export async function block(at: { id: string } | { height: number }): Promise<BlockDetail> {
  return unwrap(await (await votary()).chainBlock(at));
}
export async function blockTransactions(
  blockId: string,
  page: number,
  limit: number,
): Promise<PageView<TransactionView>> {
  return unwrap(await (await votary()).chainBlockTransactions({ blockId, page, limit }));
}
export async function transaction(id: string): Promise<TransactionDetail> {
  return unwrap(await (await votary()).chainTransaction({ id }));
}
export async function randomness(): Promise<RandomnessView> {
  return unwrap(await (await votary()).chainRandomness());
}
/** `/node/fees` over `days` (1–30) with the static fees. */
export async function feeStatistics(days: number): Promise<FeesView> {
  return unwrap(await (await votary()).chainFees({ days }));
}
