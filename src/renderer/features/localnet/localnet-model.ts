/** Checks and words for the localnet panel, kept pure for tests. */
import type { LocalnetDelegateView, RollbackResult } from '../../../shared/domain/localnet';
import { decimalSeparatorOf, parseAmount } from '../../lib/amount';

/** 100,000 tokens: the most the faucet hands out per request (`localnet:fund`). */
const FAUCET_MAX = 100_000n * 100_000_000n;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** A rollback target: a whole height from 1 up to (not including) the tip. */
export function checkRollbackHeight(text: string, tip: number): Checked<number> {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: 'Enter a block height (a whole number).' };
  const height = Number(trimmed);
  if (height < 1)
    return { ok: false, message: 'The lowest height to roll back to is 1 (the genesis block).' };
  if (height >= tip) return { ok: false, message: `Choose a height below the current height ${tip}.` };
  return { ok: true, value: height };
}

/** A faucet amount in tokens, or empty for the faucet's default. */
export function checkFaucetAmount(text: string): Checked<string | undefined> {
  if (text.trim() === '') return { ok: true, value: undefined };
  const amount = parseAmount(text, decimalSeparatorOf());
  if (amount === undefined || BigInt(amount) <= 0n) {
    return { ok: false, message: 'Enter an amount above zero, with at most 8 decimals.' };
  }
  if (BigInt(amount) > FAUCET_MAX)
    return { ok: false, message: 'The faucet gives at most 100,000 per request.' };
  return { ok: true, value: amount };
}

export function describeRollback(result: RollbackResult, what: string): string {
  const parts = [`${what}: now at height ${result.height}`, `${result.reverted} blocks reverted`];
  if (result.reapplied > 0) parts.push(`${result.reapplied} re-applied`);
  const moved = result.returned + result.dropped;
  if (moved === 0) return `${parts.join(', ')}; they held no transactions.`;
  const counted = `${moved} ${moved === 1 ? 'transaction' : 'transactions'} taken off the chain: ${result.returned} back in the pool`;
  if (result.dropped === 0) return `${parts.join(', ')}, ${counted}.`;
  return `${parts.join(', ')}, ${counted}, ${result.dropped} dropped (${result.dropped === 1 ? 'it no longer applies' : 'they no longer apply'} to the chain as it is now, for example spending funds a reverted block brought; send again once they can).`;
}

export function offlineCount(delegates: readonly LocalnetDelegateView[]): number {
  return delegates.filter((delegate) => delegate.offline).length;
}
