/** networks:* — the networks, which one is active, and its node's status, configuration and peers. */
import type { ChannelHandlers } from '../dispatcher';
import type { ChainReads } from '../chain/chain-reads';
import type { OwnNodes } from '../follower/own-nodes';
import type { Networks } from './networks';

/** What networks:* works with: the networks, the active chain's reads, and each network's own node. */
export interface NetworkDeps {
  networks: Networks;
  chainReads: ChainReads;
  ownNodes: OwnNodes;
}

type NetworkChannels = Extract<keyof ChannelHandlers, `networks:${string}` | `node:${string}`>;

export function networkHandlers(s: NetworkDeps): Pick<ChannelHandlers, NetworkChannels> {
  return {
    'networks:list': () => s.networks.list(),
    'networks:add': ({ url, name, allowPlainHttp, arkTestMode }) =>
      s.networks.add(url, name, { allowPlainHttp, arkTestMode }),
    'networks:remove': async ({ networkId }) => {
      s.networks.entry(networkId);
      await s.ownNodes.removed(networkId);
      await s.networks.remove(networkId);
      return null;
    },
    'networks:add-peer': async ({ networkId, url, allowPlainHttp }) => {
      const view = await s.networks.addPeer(networkId, url, { allowPlainHttp });
      s.ownNodes.peersChanged(s.networks.entry(networkId));
      return view;
    },
    'networks:remove-peer': async ({ networkId, url }) => {
      const view = await s.networks.removePeer(networkId, url);
      s.ownNodes.peersChanged(s.networks.entry(networkId));
      return view;
    },
    'networks:select': ({ networkId }) => s.networks.select(networkId),
    'networks:known': () => s.networks.known(),
    'networks:add-known': ({ key, allowPlainHttp }) => s.networks.addKnown(key, { allowPlainHttp }),
    'networks:status': () => s.chainReads.nodeStatus(),
    'networks:configuration': () => s.chainReads.nodeConfiguration(),
    'networks:peers': () => s.chainReads.peers(),
  };
}
