/**
 * Fee choices for a draft: the network's standard (static) fee as the host computes it from the network's
 * milestones (`tx:fee-bounds` `static`, core/services/transactions/fee-bounds.ts), and the minimum, average and
 * maximum of recent blocks as the node reports them (`chain:fees` statistics, ark-core-api.md §9.7). A node's
 * `/transactions/fees` is only its word for the static fees (the Fees page, a view of the node, shows it): the
 * standard choice, the high-fee warning and the check of a typed fee never take it (docs/design/security.md
 * "Fees").
 */
import type { FeesView } from '../../shared/domain/chain-views';

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

/**
 * Why a fee needs a second confirmation before signing, or undefined: above the host's ceiling (`tx:fee-bounds`
 * `ceiling`, the settings' multiple × the static fee: core/services/transactions/fee-ceiling.ts refuses above the
 * same amount without the confirmation), or more than the amount sent. Amounts are arktoshi strings.
 */
export function highFeeReason(
  fee: string | undefined,
  ceiling: string | undefined,
  amount: string,
): 'ceiling' | 'amount' | undefined {
  if (fee === undefined) return undefined;
  const value = BigInt(fee);
  if (ceiling !== undefined && value > BigInt(ceiling)) return 'ceiling';
  if (BigInt(amount) > 0n && value > BigInt(amount)) return 'amount';
  return undefined;
}

/** The ceiling in multiples of the static fee, to say it in words (undefined on a network whose fee is zero). */
export function ceilingMultiple(bounds: { static: string; ceiling: string } | undefined): number | undefined {
  if (bounds === undefined || BigInt(bounds.static) === 0n) return undefined;
  return Number(BigInt(bounds.ceiling) / BigInt(bounds.static));
}

export interface FeeOption {
  choice: FeeChoice;
  value: string;
}

/** What the host says a draft can pay (tx:fee-bounds): from the network's milestones and its pool's settings. */
export interface FeeLimits {
  minimum: string;
  /** The network's standard fee for this draft, from its milestones: never a node's word. */
  static: string;
  dynamic: boolean;
}

/**
 * The fee choices that can work: the standard fee (the host's), and the recent minimum, average and maximum the
 * node reports only where the network has dynamic fees (without them a node takes exactly the static fee) and only
 * when at least the least a node admits for this draft — never "Minimum 0". Without the limits yet, none: the
 * standard fee is then left to the host, which fills in the same static fee (a draft without a fee).
 */
export function workableFees(
  fees: FeesView | undefined,
  typeName: string,
  type: number,
  limits: FeeLimits | undefined,
): FeeOption[] {
  if (limits === undefined) return [];
  const options: FeeOption[] = [{ choice: 'static', value: limits.static }];
  if (!limits.dynamic) return options;
  for (const choice of ['min', 'avg', 'max'] as const) {
    const value = feeFor(fees, typeName, type, choice);
    if (value === undefined || options.some((o) => o.value === value)) continue;
    if (BigInt(value) < BigInt(limits.minimum) || BigInt(value) < 1n) continue;
    options.push({ choice, value });
  }
  return options;
}

/** Why a fee typed by the person cannot work on this network, or undefined; `staticFee` is the host's. */
export function customFeeProblem(
  arktoshi: string,
  staticFee: string | undefined,
  limits: FeeLimits | undefined,
  say: (arktoshi: string) => string,
): string | undefined {
  if (limits !== undefined && !limits.dynamic && staticFee !== undefined && arktoshi !== staticFee) {
    return `This network takes exactly the standard fee (${say(staticFee)}).`;
  }
  if (limits !== undefined && BigInt(arktoshi) < BigInt(limits.minimum)) {
    return `Nodes take at least ${say(limits.minimum)} for this transaction.`;
  }
  if (BigInt(arktoshi) < 1n) return 'The fee must be above zero.';
  return undefined;
}
