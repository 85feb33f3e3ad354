/** The order the pool re-admits its stored rows in after a restart (the rows: db/repositories/pool.ts). */
import type { PoolRow } from '../../db/repositories/pool';

export type { PoolRow };

/** Rows in arrival order, except that each sender's rows take that sender's slots in nonce order. */
export function inSenderNonceOrder(rows: readonly PoolRow[]): PoolRow[] {
  const bySender = new Map<string, PoolRow[]>();
  for (const row of rows) {
    const list = bySender.get(row.senderPublicKey) ?? [];
    list.push(row);
    bySender.set(row.senderPublicKey, list);
  }
  for (const list of bySender.values())
    list.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
  const next = new Map<string, number>();
  return rows.map((row) => {
    const index = next.get(row.senderPublicKey) ?? 0;
    next.set(row.senderPublicKey, index + 1);
    return bySender.get(row.senderPublicKey)?.[index] ?? row;
  });
}
