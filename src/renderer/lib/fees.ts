/** Fee choices for a transaction type from `chain:fees`: the static fee, and min/avg/max of recent blocks. */
import type { FeesView } from '../../shared/domain/chain';

export type FeeChoice = 'static' | 'min' | 'avg' | 'max';

/** ARK keys fee tables by type name (`transfer`); some nodes by number. Both are looked up. */
export function feeFor(
  fees: FeesView | undefined,
  typeName: string,
  type: number,
  choice: FeeChoice,
): string | undefined {
  if (fees === undefined) return undefined;
  if (choice === 'static') {
    const group = fees.static['1'];
    return group?.[typeName] ?? group?.[String(type)];
  }
  const group = fees.stats.byTypeGroup['1'];
  const stat = group?.[typeName] ?? group?.[String(type)];
  return stat?.[choice];
}
