/**
 * The portfolio's value over time (the dashboard's chart): for each day, the balance the person's own wallets of
 * the active network had at its end (UTC), from their history on the chain — each row's effect on the balance from
 * the one ledger (core/domain/ledger.ts), counted back from today's balance — times that day's close. Watch-only
 * wallets are left out, as from the dashboard's total. A wallet's history is read at most HISTORY_PAGES_MAX pages
 * back; when that does not reach the first day, the days before what was read are left out and `partial` says so.
 * A day without a close has no value and is left out: nothing is guessed.
 */
import type { PortfolioView } from '../../../shared/domain/prices';
import { DAY_MS, dayOf, type DailyClose } from '../../prices';
import type { PricesDeps } from './deps';
import { isPricedNetwork } from './prices';

export const HISTORY_PAGES_MAX = 20;
const PAGE_LIMIT = 100;

interface WalletHistory {
  /** The balance now, arktoshi. */
  balance: bigint;
  /** Balance changes, newest first: when (Unix ms) and by how much. */
  changes: { at: number; delta: bigint }[];
  /** The oldest moment the history read covers (0 when it was read to its start). */
  knownFrom: number;
}

async function walletHistory(s: PricesDeps, address: string, from: number): Promise<WalletHistory> {
  const wallet = await s.chainReads.wallet(address);
  const changes: WalletHistory['changes'] = [];
  for (let page = 1; page <= HISTORY_PAGES_MAX; page++) {
    const answer = await s.chainReads.walletTransactions({
      address,
      direction: 'all',
      page,
      limit: PAGE_LIMIT,
    });
    for (const row of answer.data) {
      // Only confirmed rows (with a block's timestamp) are in the balance.
      if (row.timestamp === undefined || row.effect === undefined) continue;
      const effect = row.effect;
      const delta = BigInt(effect.received) - BigInt(effect.sent) - BigInt(effect.fee);
      changes.push({ at: row.timestamp.unix * 1000, delta });
    }
    const last = answer.data.at(-1)?.timestamp?.unix;
    const ended = answer.data.length < PAGE_LIMIT || page >= answer.meta.pageCount;
    if (ended) return { balance: BigInt(wallet.balance), changes, knownFrom: 0 };
    if (last !== undefined && last * 1000 < from)
      return { balance: BigInt(wallet.balance), changes, knownFrom: 0 };
  }
  const oldest = changes.reduce((min, change) => Math.min(min, change.at), Number.POSITIVE_INFINITY);
  return { balance: BigInt(wallet.balance), changes, knownFrom: oldest };
}

/** Each day's closing balance, from `firstDay` to `today`, counted back from the balance now. */
export function balancesByDay(history: WalletHistory, firstDay: number, today: number): Map<number, bigint> {
  const byDay = new Map<number, bigint>();
  const changes = [...history.changes].sort((a, b) => b.at - a.at);
  let balance = history.balance;
  let next = 0;
  for (let day = today; day >= firstDay; day -= DAY_MS) {
    const end = day + DAY_MS;
    // Undo every change after this day's end.
    while (next < changes.length && (changes[next]?.at ?? 0) >= end) {
      balance -= changes[next]?.delta ?? 0n;
      next += 1;
    }
    byDay.set(day, balance);
  }
  return byDay;
}

/** Arktoshi times a whole token's price. */
function valueOf(balance: bigint, close: number): number {
  return (Number(balance) / 1e8) * close;
}

export async function portfolio(s: PricesDeps, days: number): Promise<PortfolioView> {
  const settings = s.prices.settings();
  if (!settings.enabled) return { state: 'off' };
  const entry = s.networks.active();
  if (!isPricedNetwork(entry)) return { state: 'none', networkId: entry.id };
  let closes: DailyClose[];
  try {
    closes = await s.prices.daily(days);
  } catch (error) {
    return {
      state: 'unavailable',
      networkId: entry.id,
      reason: error instanceof Error ? error.message : 'The daily prices could not be read.',
    };
  }
  const today = dayOf(s.now());
  const firstDay = today - (days - 1) * DAY_MS;
  const wallets = s.keystore
    .listWallets({ nethash: entry.nethash })
    .filter((wallet) => wallet.kind !== 'watch');
  const histories = await Promise.all(wallets.map((wallet) => walletHistory(s, wallet.address, firstDay)));
  const knownFrom = histories.reduce((max, history) => Math.max(max, history.knownFrom), 0);
  const totals = new Map<number, bigint>();
  for (const history of histories) {
    for (const [day, balance] of balancesByDay(history, firstDay, today)) {
      totals.set(day, (totals.get(day) ?? 0n) + balance);
    }
  }
  const points = closes
    .filter(
      (close) =>
        close.day >= firstDay &&
        close.day <= today &&
        close.day >= dayOf(knownFrom) + (knownFrom === 0 ? 0 : DAY_MS),
    )
    .map((close) => {
      const balance = totals.get(close.day) ?? 0n;
      return { day: close.day, balance: balance.toString(), value: valueOf(balance, close.close) };
    });
  return {
    state: 'valued',
    networkId: entry.id,
    source: settings.source,
    currency: settings.currency,
    days: points,
    partial: knownFrom !== 0,
  };
}
