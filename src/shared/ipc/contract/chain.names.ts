/**
 * The channel and event names of reads of the active network's chain; their schemas are in chain.ts, which keys
 * exactly these. No schema and no dependency here: the preload builds `window.votary` from these names (channels.ts)
 * without bundling the validators.
 */
export const CHAIN_NAMES = {
  channels: [
    'chain:wallet',
    'chain:wallets',
    'chain:wallet-transactions',
    'chain:wallet-locks',
    'chain:incoming-locks',
    'chain:lock-states',
    'chain:delegates',
    'chain:blocks',
    'chain:fees',
    'chain:search',
    'chain:block',
    'chain:block-transactions',
    'chain:transaction',
    'chain:randomness',
    'chain:delegate-blocks',
    'chain:delegate-voters',
  ],
  events: [],
} as const;
