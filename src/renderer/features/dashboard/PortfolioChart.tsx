/**
 * The portfolio's value over the last 30 days (prices:portfolio): the own wallets' balance at each day's end, from
 * their history on the chain, times that day's stored close. Shown only while a price is (prices on, ARK mainnet,
 * the source answering); read again when the price or the wallets change.
 */
import { useMemo } from 'react';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import { PRICE_SOURCE_NAMES } from '../../../shared/domain/prices';
import { usePortfolio, usePricedQuote } from '../../lib/reads/prices';
import { momentTime } from '../../lib/dates';

const DAYS = 30;

export function PortfolioChart() {
  const quote = usePricedQuote();
  // Only the answer for the price on screen (not one for another currency still on its way).
  const view = usePortfolio(DAYS, quote);
  const valued = view?.state === 'valued' ? view : undefined;
  const series = useMemo(
    () =>
      valued === undefined
        ? []
        : [
            {
              label: `Value (${valued.currency})`,
              values: valued.days.map((day) => Math.round(day.value * 100) / 100),
            },
          ],
    [valued],
  );
  const timestamps = useMemo(() => valued?.days.map((day) => day.day) ?? [], [valued]);
  if (quote === undefined || valued === undefined || valued.days.length < 2) return null;
  return (
    <article className="card portfolio" data-testid="portfolio-chart">
      <h2>Portfolio value, last {DAYS} days</h2>
      <TimeSeriesChart
        label={`Portfolio value in ${valued.currency} (estimate)`}
        timestamps={timestamps}
        series={series}
        minSpanSeconds={2 * 86_400}
        tableLimit={DAYS}
      />
      <p className="muted small">
        An estimate: each day’s balance of your wallets (watch-only ones left out) from their history on the
        chain, at that day’s closing price from {PRICE_SOURCE_NAMES[valued.source]}; today at the price of{' '}
        {momentTime(quote.at)}.
        {valued.partial && ' Wallets with a longer history than the app reads back start later.'}
      </p>
    </article>
  );
}
