/** Localnet controls and its faucet, embedded node only. */
import { z } from 'zod';
import { addressText, nothing } from '../../domain/common';
import { faucetResult } from '../../domain/transactions';
import {
  delegateRef,
  localnetSnapshotView,
  localnetStatus,
  rollbackRequest,
  rollbackResult,
  snapshotName,
} from '../../domain/localnet';
import type { LOCALNET_NAMES } from './localnet.names';
import { type ChannelSpec, type ChannelsOf, none } from './fields';

export const LOCALNET_CHANNELS = {
  'localnet:status': { request: none, response: localnetStatus },
  'localnet:pause': { request: none, response: localnetStatus },
  'localnet:resume': { request: none, response: localnetStatus },
  'localnet:set-offline': {
    request: z.strictObject({ delegates: z.array(delegateRef).min(1).max(51), offline: z.boolean() }),
    response: localnetStatus,
  },
  'localnet:reset': { request: none, response: rollbackResult },
  'localnet:snapshot-save': {
    request: z.strictObject({ name: snapshotName }),
    response: localnetSnapshotView,
  },
  'localnet:snapshot-list': { request: none, response: z.array(localnetSnapshotView) },
  'localnet:snapshot-delete': { request: z.strictObject({ name: snapshotName }), response: nothing },
  'localnet:rollback': { request: rollbackRequest, response: rollbackResult },
  'localnet:fund': {
    request: z.strictObject({
      address: addressText,
      /** Arktoshi; default 1,000 tokens, at most 100,000 per request. */
      amount: z
        .string()
        .regex(/^\d{1,30}$/)
        .optional(),
    }),
    response: faucetResult,
  },
} as const satisfies Record<ChannelsOf<typeof LOCALNET_NAMES>, ChannelSpec>;
