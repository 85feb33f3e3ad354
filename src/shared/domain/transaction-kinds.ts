/**
 * The Core transaction kinds in protocol order (AIP-11 type numbers 0..10). Kept free of zod so the renderer can
 * import the list without bundling the schema library; `transactionKind` in ./chain builds its enum from it.
 */
export const CORE_TRANSACTION_KINDS = [
  'transfer',
  'secondSignature',
  'delegateRegistration',
  'vote',
  'multiSignature',
  'ipfs',
  'multiPayment',
  'delegateResignation',
  'htlcLock',
  'htlcClaim',
  'htlcRefund',
] as const;
