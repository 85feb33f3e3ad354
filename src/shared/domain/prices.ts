/**
 * Prices, opt-in (docs/design/prices.md): which public price API the person chose, in which currency, and what the
 * host answers — a token's price with the time it was read, and a portfolio's value per day. Off by default; only
 * ARK mainnet's token has a price.
 */
import { z } from 'zod';

/** CryptoCompare's and CoinGecko's public APIs, as ARK's own wallets read them. */
export const PRICE_SOURCES = ['cryptocompare', 'coingecko'] as const;
export const priceSource = z.enum(PRICE_SOURCES);
export type PriceSource = z.output<typeof priceSource>;

export const PRICE_SOURCE_NAMES: Record<PriceSource, string> = {
  cryptocompare: 'CryptoCompare',
  coingecko: 'CoinGecko',
};

/** The currencies both sources quote ARK in (ISO 4217 codes, and BTC / ETH as ARK's wallets offer them). */
export const PRICE_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'JPY',
  'CNY',
  'KRW',
  'AUD',
  'CAD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RUB',
  'INR',
  'BRL',
  'MXN',
  'HKD',
  'SGD',
  'ZAR',
  'BTC',
  'ETH',
] as const;
export const priceCurrency = z.enum(PRICE_CURRENCIES);
export type PriceCurrency = z.output<typeof priceCurrency>;

export const priceSettings = z.object({
  enabled: z.boolean(),
  source: priceSource,
  currency: priceCurrency,
});
export type PriceSettings = z.output<typeof priceSettings>;

export const priceSettingsPatch = z
  .strictObject({
    enabled: z.boolean().optional(),
    source: priceSource.optional(),
    currency: priceCurrency.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'name at least one setting to change');

/**
 * The active network's price: `off` (the person has not turned prices on), `none` (its token has no price: every
 * network but ARK mainnet), `unavailable` (no fresh price: offline, the source refused or answered nonsense — the
 * screens show nothing), or the price of one whole token with the time the source gave it.
 */
export const priceQuote = z.discriminatedUnion('state', [
  z.object({ state: z.literal('off') }),
  z.object({ state: z.literal('none'), networkId: z.string() }),
  z.object({ state: z.literal('unavailable'), networkId: z.string(), reason: z.string().max(300) }),
  z.object({
    state: z.literal('priced'),
    networkId: z.string(),
    source: priceSource,
    currency: priceCurrency,
    /** One whole token in the currency. */
    price: z.number().positive(),
    /** When the source says the price is of (Unix ms), or when it answered if it does not say. */
    at: z.number().int(),
  }),
]);
export type PriceQuote = z.output<typeof priceQuote>;

/** One day of the portfolio: the wallets' balance at the day's end (UTC), and its value at that day's close. */
export const portfolioDay = z.object({
  /** The day's start, Unix ms (UTC midnight). */
  day: z.number().int(),
  balance: z.string().regex(/^-?\d{1,30}$/),
  value: z.number(),
});

export const portfolioView = z.discriminatedUnion('state', [
  z.object({ state: z.literal('off') }),
  z.object({ state: z.literal('none'), networkId: z.string() }),
  z.object({ state: z.literal('unavailable'), networkId: z.string(), reason: z.string().max(300) }),
  z.object({
    state: z.literal('valued'),
    networkId: z.string(),
    source: priceSource,
    currency: priceCurrency,
    days: z.array(portfolioDay),
    /** Wallets whose history was longer than the app reads back: their earlier days are left out. */
    partial: z.boolean(),
  }),
]);
export type PortfolioView = z.output<typeof portfolioView>;
