/** Records the SQL (with parameters) the API runs, by wrapping the server's statement cache. */
import type { ApiServer } from '../../../src/core/api';
import type { SqlParam } from '../../../src/core/db/read-model/sql/statement-cache';

export interface RecordedQuery {
  sql: string;
  params: readonly SqlParam[];
}

export function recordQueries(server: ApiServer): RecordedQuery[] {
  const seen: RecordedQuery[] = [];
  const cache = server.queries.context.read.sql;
  const all = cache.all.bind(cache);
  const get1 = cache.get1.bind(cache);
  cache.all = <Row>(sql: string, params: readonly SqlParam[] = []): Row[] => {
    seen.push({ sql, params });
    return all<Row>(sql, params);
  };
  cache.get1 = <Row>(sql: string, params: readonly SqlParam[] = []): Row | undefined => {
    seen.push({ sql, params });
    return get1<Row>(sql, params);
  };
  return seen;
}
