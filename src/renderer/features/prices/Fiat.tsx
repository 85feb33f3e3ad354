/**
 * An amount's estimated value in the person's currency, beside the amount: only while prices are on, the active
 * network is ARK mainnet and the host has a fresh price — otherwise nothing at all. Always marked as an estimate,
 * with the time of the price and its source.
 */
import { PRICE_SOURCE_NAMES } from '../../../shared/domain/prices';
import { momentTime } from '../../lib/dates';
import { fiatValue, formatMoney } from './fiat';
import { usePricedQuote } from '../../lib/reads/prices';

export function Fiat({ value }: { value: string }) {
  const quote = usePricedQuote();
  if (quote === undefined || !/^-?\d+$/.test(value)) return null;
  const money = formatMoney(fiatValue(value, quote.price), quote.currency);
  const time = momentTime(quote.at);
  const source = PRICE_SOURCE_NAMES[quote.source];
  return (
    <span
      className="fiat muted small"
      data-testid="fiat"
      title={`Estimate: ${formatMoney(quote.price, quote.currency)} per token, ${source}, ${time}`}
    >
      {' '}
      ≈ {money} <span className="fiat-note">(estimate, price of {time})</span>
    </span>
  );
}
