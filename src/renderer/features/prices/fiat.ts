/** A token amount's value in the person's currency: arktoshi times the price of one token, formatted as money. */
import type { PriceCurrency } from '../../../shared/domain/prices';

const CRYPTO: readonly string[] = ['BTC', 'ETH'];

/** The value of `arktoshi` (decimal string) at `price` per whole token. */
export function fiatValue(arktoshi: string, price: number): number {
  return (Number(BigInt(arktoshi)) / 1e8) * price;
}

export function formatMoney(value: number, currency: PriceCurrency): string {
  if (CRYPTO.includes(currency)) {
    return `${value.toLocaleString(undefined, { maximumFractionDigits: 8 })} ${currency}`;
  }
  return value.toLocaleString(undefined, { style: 'currency', currency, maximumFractionDigits: 2 });
}

/** "10:05" today, else "6 Dec, 10:05": the time of the price an estimate uses. */
export function priceTime(at: number, now = Date.now()): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (new Date(now).toDateString() === date.toDateString()) return time;
  return `${date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time}`;
}
