/**
 * GET /node/fees (ark-core-api.md §9.7): avg/max/min/sum of the fees per type, over the 20 most recent
 * transactions of each active type, or over every transaction of the last `days` days. Entities are split by
 * action (entityRegistration/Resignation/Update) as ARK's magistrate API names them — computed from the chain
 * here, where ARK reports fixed numbers.
 */
import { milestoneAt } from '../../protocol/networks';
import { epochTimestamp } from '../../protocol/time';
import type { ReadContext } from './context';
import { ENTITY_KEYS, activeTypes } from './transaction-types';

export interface FeeStatistics {
  avg: string;
  max: string;
  min: string;
  sum: string;
}

type Grouped = Record<string, Record<string, FeeStatistics>>;

const RECENT = 20;
const ENTITY_ACTION = "json_extract(asset, '$.action')";

/** ARK casts AVG to int8, which rounds half away from zero; fees are never negative. */
function statistics(count: bigint, sum: bigint, min: bigint, max: bigint): FeeStatistics {
  if (count === 0n) return { avg: '0', max: '0', min: '0', sum: '0' };
  const avg = (sum * 2n + count) / (2n * count);
  return { avg: avg.toString(), max: max.toString(), min: min.toString(), sum: sum.toString() };
}

function ofFees(fees: readonly bigint[]): FeeStatistics {
  if (fees.length === 0) return statistics(0n, 0n, 0n, 0n);
  let min = fees[0]!;
  let max = fees[0]!;
  let sum = 0n;
  for (const fee of fees) {
    sum += fee;
    if (fee < min) min = fee;
    if (fee > max) max = fee;
  }
  return statistics(BigInt(fees.length), sum, min, max);
}

function put(grouped: Grouped, typeGroup: number, key: string, value: FeeStatistics): void {
  (grouped[String(typeGroup)] ??= {})[key] = value;
}

/** The 20 most recent transactions of each active type (the index (type_group, type, block_height, sequence)). */
export function recentFeeStatistics(ctx: ReadContext): Grouped {
  const grouped: Grouped = {};
  const recent = (typeGroup: number, type: number, action?: number): bigint[] => {
    const actionSql = action === undefined ? '' : ` AND ${ENTITY_ACTION} = ?`;
    return ctx.sql
      .all<{ fee: bigint }>(
        `SELECT fee FROM transactions WHERE type_group = ? AND type = ?${actionSql}
          ORDER BY block_height DESC, sequence DESC LIMIT ${RECENT}`,
        action === undefined ? [typeGroup, type] : [typeGroup, type, action],
      )
      .map((row) => row.fee);
  };
  for (const { typeGroup, type, key } of activeTypes(milestoneAt(ctx.network, ctx.height()))) {
    if (key === 'entity') {
      for (const entity of ENTITY_KEYS)
        put(grouped, typeGroup, entity.key, ofFees(recent(typeGroup, type, entity.action)));
    } else {
      put(grouped, typeGroup, key, ofFees(recent(typeGroup, type)));
    }
  }
  return grouped;
}

/**
 * Every transaction of the last `days` days, grouped by type; only types that have some appear. The `+` keeps
 * SQLite from walking the whole type index to avoid the grouping sort: the time window (a block_height range)
 * is what bounds the work.
 */
export function feeStatisticsOfDays(ctx: ReadContext, days: number): Grouped {
  const since = epochTimestamp(ctx.now(), ctx.network) - days * 86_400;
  const rows = ctx.sql.all<{
    type_group: bigint;
    type: bigint;
    action: bigint | null;
    n: bigint;
    total: bigint;
    low: bigint;
    high: bigint;
  }>(
    `SELECT type_group, type, CASE WHEN type_group = 2 AND type = 6 THEN ${ENTITY_ACTION} END AS action,
            count(*) AS n, sum(fee) AS total, min(fee) AS low, max(fee) AS high
       FROM transactions
      WHERE block_height >= coalesce(
              (SELECT height FROM blocks WHERE timestamp >= ? ORDER BY timestamp ASC LIMIT 1), 9223372036854775807)
      GROUP BY +type_group, +type, action`,
    [since],
  );
  const names = new Map(
    activeTypes(milestoneAt(ctx.network, ctx.height())).map((t) => [`${t.typeGroup}/${t.type}`, t.key]),
  );
  const grouped: Grouped = {};
  for (const row of rows) {
    const typeGroup = Number(row.type_group);
    let key = names.get(`${typeGroup}/${Number(row.type)}`) ?? `type${Number(row.type)}`;
    if (key === 'entity') key = ENTITY_KEYS.find((e) => BigInt(e.action) === row.action)?.key ?? key;
    put(grouped, typeGroup, key, statistics(row.n, row.total, row.low, row.high));
  }
  return grouped;
}
