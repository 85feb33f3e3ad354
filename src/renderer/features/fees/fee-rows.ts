/**
 * The Fees screen's rows: one per transaction type that the node has a static fee or statistics for
 * (`/transactions/fees` and `/node/fees` both key by typeGroup, then by the type's handler key).
 */
import type { FeesView } from '../../../shared/domain/chain-views';
import { CORE_TRANSACTION_KINDS } from '../../../shared/domain/transaction-kinds';

export interface FeeRow {
  typeGroup: string;
  key: string;
  label: string;
  /** The static fee, when the node states one. */
  static?: string;
  /** Statistics over the chosen days; absent when no transaction of this type was forged then. */
  stat?: { min: string; avg: string; max: string; sum: string };
  /**
   * The type costs no fee (HTLC claim and refund): fee statistics cannot tell whether any was forged (ARK Core
   * counts only fees ≥ its minimum, and answers zeros for a type it did not see), so the row says it is free
   * rather than "no transactions".
   */
  free: boolean;
}

/** Core types in protocol order (AIP-11 type numbers 0..10); other keys follow alphabetically. */
const CORE_ORDER: readonly string[] = CORE_TRANSACTION_KINDS;

/** `delegateRegistration` → "Delegate registration"; `htlcLock` → "HTLC lock". */
/** ARK writes these as one word (its wallet and docs). */
const ONE_WORD: Record<string, string> = { multiSignature: 'Multisignature', multiPayment: 'Multipayment' };

export function typeLabel(key: string): string {
  const named = ONE_WORD[key];
  if (named !== undefined) return named;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^htlc\b/, 'HTLC')
    .replace(/\bipfs\b/, 'IPFS');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function groupLabel(typeGroup: string): string {
  return typeGroup === '1' ? 'Core' : typeGroup === '2' ? 'Magistrate' : `Group ${typeGroup}`;
}

function rank(key: string): number {
  const index = CORE_ORDER.indexOf(key);
  return index === -1 ? CORE_ORDER.length : index;
}

export function feeRows(view: FeesView): FeeRow[] {
  const groups = new Set([...Object.keys(view.static), ...Object.keys(view.stats.byTypeGroup)]);
  const rows: FeeRow[] = [];
  for (const typeGroup of [...groups].sort((a, b) => Number(a) - Number(b))) {
    const fixed = view.static[typeGroup] ?? {};
    const stats = view.stats.byTypeGroup[typeGroup] ?? {};
    const keys = [...new Set([...Object.keys(fixed), ...Object.keys(stats)])].sort(
      (a, b) => rank(a) - rank(b) || a.localeCompare(b),
    );
    for (const key of keys) {
      const stat = stats[key];
      // A type with no transaction in the period: Votary answers "0" for every figure (docs/design/api.md).
      const seen = stat !== undefined && stat.sum !== '0';
      rows.push({
        typeGroup,
        key,
        label: typeLabel(key),
        ...(fixed[key] === undefined ? {} : { static: fixed[key] }),
        ...(seen ? { stat } : {}),
        free: !seen && fixed[key] === '0',
      });
    }
  }
  return rows;
}
