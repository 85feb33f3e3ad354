/**
 * The active network's price as the host last said it (prices:quote, then every prices:changed push), shared by
 * every amount on screen. The host asks no price source while prices are off, so reading the quote costs nothing
 * then; `profile:changed` and `core:restarted` read it again (another profile, a fresh core).
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { PriceQuote } from '../../../shared/domain/prices';
import { call } from '../../services/call';
import { subscribeEvents } from '../../services/events';

interface QuoteState {
  quote: PriceQuote | undefined;
  set: (quote: PriceQuote) => void;
}

export const usePriceQuoteStore = create<QuoteState>((set) => ({
  quote: undefined,
  set: (quote) => set({ quote }),
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
    'profile:changed': read,
    'core:restarted': read,
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
