/**
 * The channel and event names of Ledger hardware wallets; their schemas are in ledger.ts, which keys exactly these.
 * No schema and no dependency here: the preload builds `window.votary` from these names (channels.ts) without
 * bundling the validators.
 */
export const LEDGER_NAMES = {
  // The device's state, its accounts, adding one as a wallet.
  channels: ['ledger:status', 'ledger:discover', 'ledger:read-path', 'ledger:add'],
  // A Ledger wallet is signing: what the device shows and what to press, then how it ended.
  events: ['ledger:prompt'],
} as const;
