/** A token amount's value in the person's currency: arktoshi times the price of one token, formatted as money. */
import type { PriceCurrency } from '../../../shared/domain/prices';

const CRYPTO: readonly string[] = ['BTC', 'ETH'];

/** The value of `arktoshi` (decimal string) at `price` per whole token. */
export function fiatValue(arktoshi: string, price: number): number {
  return (Number(BigInt(arktoshi)) / 1e8) * price;
}

export function formatMoney(value: number, currency: PriceCurrency): string {
  if (CRYPTO.includes(currency)) {
    return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 8 }).format(value)} ${currency}`;
  }
  return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 2 }).format(
    value,
  );
}
