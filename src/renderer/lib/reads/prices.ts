/**
 * Prices on the read layer. The active network's price as the host last said it (prices:quote, then every
 * prices:changed push), shared by every amount on screen. The host asks no price source while prices are off, so
 * reading the quote costs nothing then; `profiles:changed` and `app:core-restarted` read it again (another profile, a
 * fresh core). The host pushes a new quote after every change of the price settings too (core/services/prices/
 * prices.ts `update`), so the settings and the portfolio move with the quote: a change made in another window
 * shows here without a reload.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { PriceQuote, PriceSettings } from '../../../shared/domain/prices';
import { call } from '../../services/call';
import { subscribeEvents } from '../../services/events';
import { useVotary } from '../../store';
import { changeTick, type HostChange } from '../../store/host-changes';
import { useLatest, type Latest } from '../use-read';

interface QuoteState {
  quote: PriceQuote | undefined;
  /** Quotes the host gave so far: one follows every change of the settings, whatever it says. */
  received: number;
  set: (quote: PriceQuote) => void;
}

export const usePriceQuoteStore = create<QuoteState>((set) => ({
  quote: undefined,
  received: 0,
  set: (quote) => set((state) => ({ quote, received: state.received + 1 })),
}));

let started = false;

function read(): void {
  call('prices:quote').then(usePriceQuoteStore.getState().set, () => {
    // No quote: the screens show no price (an error here is not the person's to act on).
  });
}

/** Starts following the host's quote once, for the whole window. */
export function followPriceQuote(): void {
  if (started) return;
  started = true;
  read();
  void subscribeEvents({
    'prices:changed': (quote) => usePriceQuoteStore.getState().set(quote),
    'profiles:changed': read,
    'app:core-restarted': read,
  });
}

/**
 * The priced quote, or undefined whenever no price is to be shown (off, another network, offline). Following starts
 * after the first render (an effect), so rendering an amount never reaches the host by itself.
 */
export function usePricedQuote(): Extract<PriceQuote, { state: 'priced' }> | undefined {
  useEffect(followPriceQuote, []);
  const quote = usePriceQuoteStore((state) => state.quote);
  return quote?.state === 'priced' ? quote : undefined;
}

/**
 * The price settings as saved, read again with each quote the host pushes (one follows every change of the
 * settings, made here or in another window; the others are a few minutes apart while prices are on).
 */
export function usePriceSettings(report: (error: unknown) => void): Latest<PriceSettings> {
  useEffect(followPriceQuote, []);
  const moved = usePriceQuoteStore((state) => state.received);
  return useLatest(() => call('prices:settings'), `price-settings:${moved}`, { report });
}

/** What the portfolio's value moves with beyond the price: the own wallets' chain state. */
export const PORTFOLIO_MOVES_WITH: readonly HostChange[] = ['balances'];

/**
 * The portfolio's value over the last `days` days, for the priced quote on screen (undefined: nothing to read), read
 * again with a new price and when the wallets' balances move. Only the answer for the price on screen is given (not
 * one for another currency still on its way); a failed read gives none.
 */
export function usePortfolio(days: number, quote: Extract<PriceQuote, { state: 'priced' }> | undefined) {
  const key = quote === undefined ? '' : `${quote.networkId}:${quote.source}:${quote.currency}:${quote.at}`;
  const moved = useVotary((s) => changeTick(s, PORTFOLIO_MOVES_WITH));
  const read = useLatest(
    key === ''
      ? undefined
      : () =>
          call('prices:portfolio', { days }).then(
            (view) => ({ key, view }),
            () => ({ key, view: undefined }),
          ),
    `${key}#${moved}`,
  );
  return read.value?.key === key ? read.value.view : undefined;
}
