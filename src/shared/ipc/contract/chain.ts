/** Reads of the active network's chain: wallets, locks, delegates, blocks, fees, and the explorer. */
import { z } from 'zod';
import {
  blockView,
  chainWallet,
  delegateView,
  feesView,
  lockStateView,
  lockView,
  transactionView,
} from '../../domain/chain-views';
import { addressText, pageRequest, pageView } from '../../domain/common';
import { blockDetail, randomnessView, searchResult, transactionDetail } from '../../domain/explorer';
import type { CHAIN_NAMES } from './chain.names';
import { type ChannelSpec, type ChannelsOf, none } from './fields';

/** A delegate as ARK's `/delegates/{id}` takes it: username, public key or address (ark-core-api.md §6.5). */
const delegateId = z
  .string()
  .regex(/^[a-zA-Z0-9!@$&_.]{1,66}$/, 'expected a username, public key or address');

/** The most addresses one `chain:wallets` read takes. */
export const CHAIN_WALLETS_MAX = 500;

export const CHAIN_CHANNELS = {
  'chain:wallet': { request: z.strictObject({ address: addressText }), response: chainWallet },
  /**
   * Several wallets in one read (the store's balances after each block: one call however many wallets the vault
   * holds). The answer lists the ones read, in the order asked; one the node could not answer is left out.
   */
  'chain:wallets': {
    request: z.strictObject({ addresses: z.array(addressText).min(1).max(CHAIN_WALLETS_MAX) }),
    response: z.array(chainWallet),
  },
  'chain:wallet-transactions': {
    request: z.strictObject({
      address: addressText,
      ...pageRequest,
      direction: z.enum(['all', 'sent', 'received']).default('all'),
      /** ARK type and typeGroup (typeGroup 1 = Core when only the type is given). */
      type: z.number().int().min(0).max(255).optional(),
      typeGroup: z.number().int().min(1).max(65535).optional(),
    }),
    response: pageView(transactionView),
  },
  'chain:wallet-locks': {
    request: z.strictObject({ address: addressText, ...pageRequest }),
    response: pageView(lockView),
  },
  /** The open locks addressed to a wallet: what it can claim with the secret. */
  'chain:incoming-locks': {
    request: z.strictObject({ address: addressText, ...pageRequest }),
    response: pageView(lockView),
  },
  'chain:lock-states': {
    request: z.strictObject({
      ids: z
        .array(z.string().regex(/^[0-9a-f]{64}$/))
        .min(1)
        .max(100),
    }),
    response: z.array(lockStateView),
  },
  'chain:delegates': {
    request: z.strictObject({ ...pageRequest, search: z.string().max(20).optional() }).optional(),
    response: pageView(delegateView),
  },
  'chain:blocks': {
    request: z.strictObject({ ...pageRequest }).optional(),
    response: pageView(blockView),
  },
  'chain:fees': {
    request: z.strictObject({ days: z.number().int().min(1).max(30).optional() }).optional(),
    response: feesView,
  },

  // Explorer and delegate reads.
  'chain:search': { request: z.strictObject({ query: z.string().max(200) }), response: searchResult },
  'chain:block': {
    /** A block id (64 hex; decimal on old chains) or a height. */
    request: z.union([
      z.strictObject({ id: z.string().regex(/^[0-9a-fA-F]{64}$|^\d{1,20}$/) }),
      z.strictObject({ height: z.number().int().min(1) }),
    ]),
    response: blockDetail,
  },
  'chain:block-transactions': {
    request: z.strictObject({ blockId: z.string().regex(/^[0-9a-fA-F]{64}$|^\d{1,20}$/), ...pageRequest }),
    response: pageView(transactionView),
  },
  'chain:transaction': {
    request: z.strictObject({ id: z.string().regex(/^[0-9a-fA-F]{64}$/) }),
    response: transactionDetail,
  },
  'chain:randomness': { request: none, response: randomnessView },
  /** A delegate's page: its forged blocks and its voters, by username, public key or address. */
  'chain:delegate-blocks': {
    request: z.strictObject({ delegate: delegateId, ...pageRequest }),
    response: pageView(blockView),
  },
  'chain:delegate-voters': {
    request: z.strictObject({ delegate: delegateId, ...pageRequest }),
    response: pageView(chainWallet),
  },
} as const satisfies Record<ChannelsOf<typeof CHAIN_NAMES>, ChannelSpec>;
