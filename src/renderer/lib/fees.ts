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

/** The network's fee times this is "far above" it (the core's default fee ceiling, services/fee-ceiling.ts). */
export const HIGH_FEE_MULTIPLE = 10;

/**
 * Why a fee needs a second confirmation before signing, or undefined: more than `multiple` × the static fee (an
 * extra zero, tokens typed into the fee field), or more than the amount sent. Amounts are arktoshi strings.
 */
export function highFeeReason(
  fee: string | undefined,
  staticFee: string | undefined,
  amount: string,
  multiple = HIGH_FEE_MULTIPLE,
): 'ceiling' | 'amount' | undefined {
  if (fee === undefined) return undefined;
  const value = BigInt(fee);
  if (staticFee !== undefined && value > BigInt(staticFee) * BigInt(multiple)) return 'ceiling';
  if (BigInt(amount) > 0n && value > BigInt(amount)) return 'amount';
  return undefined;
}
