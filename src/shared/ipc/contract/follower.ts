/** A remote network's own node: the follower this app runs for it (docs/design/sync.md "In the app"). */
import { z } from 'zod';
import { ownNodeEstimate, ownNodeView } from '../../domain/own-node';
import type { FOLLOWER_NAMES } from './follower.names';
import { type ChannelSpec, type ChannelsOf, networkId, none } from './fields';

export const FOLLOWER_CHANNELS = {
  /** ARK mainnet and devnet with the seed relays ARK Core 3.9.1 ships: listed offline. */
  'follower:list': { request: none, response: z.array(ownNodeView) },
  'follower:estimate': { request: z.strictObject({ networkId }), response: ownNodeEstimate },
  'follower:start': { request: z.strictObject({ networkId }), response: ownNodeView },
  'follower:stop': { request: z.strictObject({ networkId }), response: ownNodeView },
} as const satisfies Record<ChannelsOf<typeof FOLLOWER_NAMES>, ChannelSpec>;
