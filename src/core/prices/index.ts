export {
  PriceClient,
  loopbackBaseUrl,
  type PriceClientOptions,
  PRICE_MAX_BYTES,
  PRICE_TIMEOUT_MS,
} from './price-client';
export { cryptoCompare } from './cryptocompare';
export { coinGecko } from './coingecko';
export {
  ARK_TOKEN,
  DAY_MS,
  dayOf,
  type DailyClose,
  type PricedToken,
  type SourceApi,
  type SpotPrice,
} from './source-api';
export { PricesError, type PricesErrorCode } from './errors';
export type { FetchLike } from './bounded-fetch';
export { DailyStore } from './daily-store';
