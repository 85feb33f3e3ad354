/**
 * The channel and event names of signing, broadcasting and the pending list; their schemas are in transactions.ts,
 * which keys exactly these. No schema and no dependency here: the preload builds `window.votary` from these names
 * (channels.ts) without bundling the validators.
 */
export const TRANSACTIONS_NAMES = {
  channels: [
    'tx:send',
    'tx:sign-password',
    'tx:fee-bounds',
    'tx:preview',
    'tx:spendable',
    'tx:htlc-secrets',
    'tx:htlc-reveal-secret',
    'tx:fee-ceiling',
    'tx:pending',
    'tx:rebroadcast',
    'tx:dismiss',
  ],
  events: ['tx:status', 'tx:signing-settings'],
} as const;
