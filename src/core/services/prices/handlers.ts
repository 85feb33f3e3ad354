/** prices:* — the person's price settings, the active network's quote and the portfolio's value over time. */
import type { ChannelHandlers } from '../dispatcher';
import type { PricesDeps } from './deps';
import { portfolio } from './portfolio';

type PriceChannels = Extract<keyof ChannelHandlers, `prices:${string}`>;

export function priceHandlers(s: PricesDeps): Pick<ChannelHandlers, PriceChannels> {
  return {
    'prices:settings': (request) => (request === undefined ? s.prices.settings() : s.prices.update(request)),
    'prices:quote': () => s.prices.quote(),
    'prices:portfolio': ({ days }) => portfolio(s, days),
  };
}
