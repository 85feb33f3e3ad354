/** Delegates and rounds (ark-core-api.md §6.5, §6.11, §6.15, §10). */
import type { DelegateRecord, RoundDelegateRecord } from '../domain';
import { delegateOfWallet, listDelegates, roundDelegatesByVotes } from '../db/read-model/delegates';
import type { ListRequest } from '../db/read-model/list-request';
import type { PageRows } from '../db/read-model/sql/page-query';
import { findWallet } from '../db/read-model/wallets';
import type { QueryContext } from './context';

/** ARK's lookup (§6.5): no wallet → "Wallet not found"; a wallet that is not a delegate → "Delegate not found". */
export type DelegateLookup =
  { delegate: DelegateRecord } | { missing: 'Wallet not found' | 'Delegate not found' };

export class DelegateQueries {
  constructor(private readonly ctx: QueryContext) {}

  list(request: ListRequest): PageRows<DelegateRecord> {
    return listDelegates(this.ctx.read, request);
  }

  /** `{id}`: an address, a public key or a username. */
  find(id: string): DelegateLookup {
    const wallet = findWallet(this.ctx.read, id);
    if (!wallet) return { missing: 'Wallet not found' };
    const delegate = delegateOfWallet(this.ctx.read, wallet.address);
    return delegate ? { delegate } : { missing: 'Delegate not found' };
  }

  /** The round's active delegates with their vote balance at its start, in rank order (§10.2); [] if unknown. */
  round(round: number): RoundDelegateRecord[] {
    return roundDelegatesByVotes(this.ctx.read, round);
  }
}
