/** The node's pool as the unconfirmed transactions (ark-core-api.md §6.3): sorted in the memory dialect. */
import type { TransactionRecord } from '../domain';
import type { ListRequest } from '../db/read-model/list-request';
import { memoryOrderBy, slicePage, sortInMemory } from '../db/read-model/query/order-by';
import type { PageRows } from '../db/read-model/sql/page-query';
import type { PoolEntry } from '../node/transaction-pool';
import type { QueryContext } from './context';
import { transactionWithoutBlock } from './transactions';

/** What the pool can be sorted on (default: ARK's priority order, the pool's own). */
const POOL_SORT: Record<string, (entry: Readonly<PoolEntry>) => unknown> = {
  id: (entry) => entry.id,
  fee: (entry) => entry.fee,
  nonce: (entry) => entry.nonce,
  amount: (entry) => entry.tx.amount,
  senderPublicKey: (entry) => entry.senderPublicKey,
  type: (entry) => entry.tx.type,
  typeGroup: (entry) => entry.tx.typeGroup,
  version: (entry) => entry.tx.version,
  vendorField: (entry) => entry.tx.vendorField,
};

export class PoolQueries {
  constructor(private readonly ctx: QueryContext) {}

  list(request: ListRequest): PageRows<Readonly<PoolEntry>> {
    const order = memoryOrderBy(request.query.orderBy as string | string[] | undefined, (property) =>
      Object.hasOwn(POOL_SORT, property),
    );
    const entries = this.ctx.source.node.pool.all();
    const sorted =
      order.length === 0
        ? entries
        : sortInMemory(entries, order, (entry, property) => POOL_SORT[property]?.(entry));
    const { start, limit } = request.window;
    return { rows: slicePage(sorted, start, limit), totalCount: entries.length };
  }

  size(): number {
    return this.ctx.source.node.pool.size();
  }

  byId(id: string): Readonly<PoolEntry> | undefined {
    return this.ctx.source.node.pool.get(id);
  }

  /** The block-less record (confirmations 0). */
  records(entries: readonly Readonly<PoolEntry>[]): TransactionRecord[] {
    const { network, keys } = this.ctx.read;
    return entries.map((entry) =>
      transactionWithoutBlock(network, entry.tx, keys.address(entry.senderPublicKey)),
    );
  }
}
