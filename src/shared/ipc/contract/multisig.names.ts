/**
 * The channel and event names of multisignature wallets; their schemas are in multisig.ts, which keys exactly these.
 * No schema and no dependency here: the preload builds `window.votary` from these names (channels.ts) without
 * bundling the validators.
 */
export const MULTISIG_NAMES = {
  channels: [
    'multisig:wallets',
    'multisig:import',
    'multisig:server',
    'multisig:register',
    'multisig:preview',
    'multisig:propose',
    'multisig:proposals',
    'multisig:review',
    'multisig:sign',
    'multisig:broadcast',
  ],
  events: ['multisig:changed'],
} as const;
