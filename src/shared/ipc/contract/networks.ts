/** The networks a profile knows, their peers, and the active network's node. */
import { z } from 'zod';
import { nothing } from '../../domain/common';
import { knownNetworkView, networkView } from '../../domain/networks';
import { nodeConfigurationView, nodeStatusView, peerStatusView } from '../../domain/chain-views';
import type { NETWORKS_NAMES } from './networks.names';
import { type ChannelSpec, type ChannelsOf, networkId, none, url } from './fields';

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
  'networks:known': { request: none, response: z.array(knownNetworkView) },
  /** The seeds serve plain http: `allowPlainHttp` once the person confirmed the warning. */
  'networks:add-known': {
    request: z.strictObject({ key: knownNetworkView.shape.key, allowPlainHttp: z.boolean().optional() }),
    response: networkView,
  },
  'networks:status': { request: none, response: nodeStatusView },
  'networks:configuration': { request: none, response: nodeConfigurationView },
  'networks:peers': { request: none, response: z.array(peerStatusView) },
} as const satisfies Record<ChannelsOf<typeof NETWORKS_NAMES>, ChannelSpec>;
