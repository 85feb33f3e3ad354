/** Prices, opt-in (docs/design/prices.md): the settings, the active network's quote, the portfolio over time. */
import { z } from 'zod';
import { portfolioView, priceQuote, priceSettings, priceSettingsPatch } from '../../domain/prices';
import type { PRICES_NAMES } from './prices.names';
import { type ChannelSpec, type ChannelsOf, none } from './fields';

export const PRICE_CHANNELS = {
  /** Without a body: read. With one: change what it names (turn on/off, source, currency); answers all of them. */
  'prices:settings': { request: priceSettingsPatch.optional(), response: priceSettings },
  /** The active network's token price; `off` without asking anyone while prices are off. */
  'prices:quote': { request: none, response: priceQuote },
  /** The own wallets' value per day over the last `days` days (the dashboard's chart). */
  'prices:portfolio': {
    request: z.strictObject({ days: z.number().int().min(2).max(365).default(30) }),
    response: portfolioView,
  },
} as const satisfies Record<ChannelsOf<typeof PRICES_NAMES>, ChannelSpec>;
