/** The networks a profile knows, their peers, and the own nodes that follow ARK mainnet and devnet. */
import { z } from 'zod';
import { nothing } from '../../domain/common';
import { ownNodeEstimate, ownNodeView } from '../../domain/own-node';
import { knownNetworkView, networkView } from '../../domain/networks';
import type { IpcChannel } from '../channels';
import { type ChannelSpec, networkId, none, url } from './fields';

export const NETWORK_CHANNELS = {
  'networks:list': { request: none, response: z.array(networkView) },
  /** A plain-http node on another machine needs `allowPlainHttp` (the person confirmed the warning). */
  'networks:add': {
    request: z.strictObject({
      url,
      name: z.string().min(1).max(64).optional(),
      allowPlainHttp: z.boolean().optional(),
      /** Its nodes run ARK Core with `--env=test` (a development testnet; the person says so). */
      arkTestMode: z.boolean().optional(),
    }),
    response: networkView,
  },
  'networks:remove': { request: z.strictObject({ networkId }), response: nothing },
  'networks:add-peer': {
    request: z.strictObject({ networkId, url, allowPlainHttp: z.boolean().optional() }),
    response: networkView,
  },
  'networks:remove-peer': { request: z.strictObject({ networkId, url }), response: networkView },
  'networks:select': { request: z.strictObject({ networkId }), response: networkView },
  /** ARK mainnet and devnet with the seed relays ARK Core 3.9.1 ships: listed offline. */
  'follower:list': { request: none, response: z.array(ownNodeView) },
  'follower:estimate': { request: z.strictObject({ networkId }), response: ownNodeEstimate },
  'follower:start': { request: z.strictObject({ networkId }), response: ownNodeView },
  'follower:stop': { request: z.strictObject({ networkId }), response: ownNodeView },
  'networks:known': { request: none, response: z.array(knownNetworkView) },
  /** The seeds serve plain http: `allowPlainHttp` once the person confirmed the warning. */
  'networks:add-known': {
    request: z.strictObject({ key: knownNetworkView.shape.key, allowPlainHttp: z.boolean().optional() }),
    response: networkView,
  },
} as const satisfies Partial<Record<IpcChannel, ChannelSpec>>;
