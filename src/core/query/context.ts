/** What every resource's queries receive: the read model's context over the node's database, and the source. */
import type { ReadContext } from '../db/read-model/context';
import { PublicKeyDirectory } from '../db/read-model/public-keys';
import { StatementCache } from '../db/read-model/sql/statement-cache';
import type { QuerySource } from './source';

export interface QueryContext {
  readonly read: ReadContext;
  readonly source: QuerySource;
}

export function queryContext(source: QuerySource): QueryContext {
  const chain = source.node.chain;
  const sql = new StatementCache(chain.db);
  return {
    source,
    read: {
      network: chain.network,
      sql,
      keys: new PublicKeyDirectory(sql, chain.network.network.pubKeyHash),
      height: () => chain.height(),
      supply: () => chain.supply(),
      now: () => source.now(),
    },
  };
}
