/**
 * Prices, opt-in (docs/design/prices.md): the person's choice (price-settings.ts), a client per source
 * (core/prices), the daily closes kept on this machine (core/prices/daily-store.ts) and the active network's quote.
 * While prices are off nothing is asked of anyone: no timer runs and every read answers `off` without a request.
 * Only ARK mainnet's token (its nethash) has a price; every other network's answer is `none`. A quote is shown
 * only while fresh: offline or refused, the answer is `unavailable` and the screens show nothing.
 */
import { mainnet } from '../../protocol/networks';
import type { NetworkEntry } from '../networks/registry';
import {
  ARK_TOKEN,
  coinGecko,
  cryptoCompare,
  DAY_MS,
  dayOf,
  PriceClient,
  type DailyClose,
  type DailyStore,
  type FetchLike,
  type SpotPrice,
} from '../../prices';
import type { PriceQuote, PriceSettings, PriceSource } from '../../../shared/domain/prices';
import type { AppEvents } from '../events';
import type { PriceSettingsFile } from './price-settings';

/** How often the quote is read again while prices are on and ARK mainnet is active. */
export const PRICE_REFRESH_MS = 5 * 60_000;
/** A price older than this is not shown (a few refreshes missed: offline). */
export const PRICE_STALE_MS = 20 * 60_000;

export interface PricesOptions {
  settings: PriceSettingsFile;
  store: DailyStore;
  active: () => NetworkEntry;
  onActiveChanged: (listener: (entry: NetworkEntry) => void) => () => void;
  events: AppEvents;
  onDefect: (error: unknown) => void;
  now?: () => number;
  /** Loopback base URL of a price server for tests (core/prices loopbackBaseUrl). */
  baseUrl?: string;
  fetch?: FetchLike;
  refreshMs?: number;
}

export function isPricedNetwork(entry: Pick<NetworkEntry, 'nethash'>): boolean {
  return entry.nethash.toLowerCase() === mainnet.network.nethash.toLowerCase();
}

function failure(error: unknown): string {
  return error instanceof Error ? error.message : 'The price could not be read.';
}

export class Prices {
  private readonly clients: Record<PriceSource, PriceClient>;
  private readonly now: () => number;
  private spot: { key: string; value: SpotPrice; readAt: number } | undefined;
  private lastFailure: { key: string; reason: string } | undefined;
  private inFlight: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly unlisten: () => void;
  private closed = false;

  constructor(private readonly options: PricesOptions) {
    this.now = options.now ?? Date.now;
    const clientOptions = {
      now: this.now,
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    };
    this.clients = {
      cryptocompare: new PriceClient(cryptoCompare, clientOptions),
      coingecko: new PriceClient(coinGecko, clientOptions),
    };
    this.unlisten = options.onActiveChanged(() => void this.publish());
  }

  settings(): PriceSettings {
    return this.options.settings.get();
  }

  /** Starts the refresh timer (when prices are on) and publishes the first quote. */
  start(): void {
    this.schedule();
    if (this.settings().enabled) void this.publish();
  }

  async update(change: Partial<PriceSettings>): Promise<PriceSettings> {
    const next = await this.options.settings.update(change);
    this.spot = undefined;
    this.lastFailure = undefined;
    this.schedule();
    void this.publish();
    return next;
  }

  private key(settings: PriceSettings): string {
    return `${settings.source}:${settings.currency}`;
  }

  /** The active network's quote, reading the source when the last price is older than the refresh interval. */
  async quote(): Promise<PriceQuote> {
    const settings = this.settings();
    if (!settings.enabled) return { state: 'off' };
    const entry = this.options.active();
    if (!isPricedNetwork(entry)) return { state: 'none', networkId: entry.id };
    const key = this.key(settings);
    const refreshMs = this.options.refreshMs ?? PRICE_REFRESH_MS;
    if (this.spot?.key !== key || this.now() - this.spot.readAt >= refreshMs) await this.read(settings);
    return this.quoteOf(settings, entry);
  }

  private quoteOf(settings: PriceSettings, entry: NetworkEntry): PriceQuote {
    const key = this.key(settings);
    const spot = this.spot?.key === key ? this.spot.value : undefined;
    if (spot !== undefined && this.now() - spot.at < PRICE_STALE_MS) {
      return {
        state: 'priced',
        networkId: entry.id,
        source: settings.source,
        currency: settings.currency,
        ...spot,
      };
    }
    const reason = this.lastFailure?.key === key ? this.lastFailure.reason : 'No price has been read yet.';
    return { state: 'unavailable', networkId: entry.id, reason };
  }

  /** One read at a time: callers that arrive meanwhile wait for it. */
  private read(settings: PriceSettings): Promise<void> {
    this.inFlight ??= (async () => {
      const key = this.key(settings);
      try {
        const value = await this.clients[settings.source].spot(ARK_TOKEN, settings.currency);
        this.spot = { key, value, readAt: this.now() };
        this.lastFailure = undefined;
      } catch (error) {
        this.lastFailure = { key, reason: failure(error) };
      }
    })().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /**
   * The daily closes of the last `days` days (today's the current price), from the store, asking the source only
   * when a finished day is missing. The caller has checked that prices are on and the network has one.
   */
  async daily(days: number): Promise<DailyClose[]> {
    const settings = this.settings();
    const series = this.key(settings);
    const today = dayOf(this.now());
    const from = today - (days - 1) * DAY_MS;
    const stored = this.options.store.closes(series, from);
    const have = new Set(stored.map((row) => row.day));
    let missing = false;
    for (let day = from; day < today; day += DAY_MS) if (!have.has(day)) missing = true;
    let rows = stored;
    if (missing) {
      const fetched = await this.clients[settings.source].daily(ARK_TOKEN, settings.currency, days);
      // Today's close is not final: it is kept only as the latest price, not stored.
      await this.options.store.merge(
        series,
        fetched.filter((row) => row.day < today),
      );
      rows = this.options.store.closes(series, from);
      const todays = fetched.find((row) => row.day === today);
      if (todays !== undefined) rows = [...rows, todays];
    }
    const quote = await this.quote();
    if (quote.state === 'priced')
      rows = [...rows.filter((row) => row.day !== today), { day: today, close: quote.price }];
    return rows;
  }

  private schedule(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    if (this.closed || !this.settings().enabled) return;
    this.timer = setInterval(() => {
      if (isPricedNetwork(this.options.active())) void this.publish();
    }, this.options.refreshMs ?? PRICE_REFRESH_MS);
    this.timer.unref();
  }

  /** Reads the quote and pushes it (prices:changed), so every screen shows the same price. */
  private async publish(): Promise<void> {
    try {
      const quote = await this.quote();
      if (!this.closed) this.options.events.emit('prices:changed', quote);
    } catch (error) {
      this.options.onDefect(error);
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.unlisten();
  }
}
