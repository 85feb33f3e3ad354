/** follower:* — a remote network's own node: what it would take, starting and stopping it, how far it is. */
import type { ChannelHandlers } from '../dispatcher';
import type { OwnNodes } from './own-nodes';

/** What follower:* works with. */
export interface OwnNodeDeps {
  ownNodes: OwnNodes;
}

type OwnNodeChannels = Extract<keyof ChannelHandlers, `follower:${string}`>;

export function ownNodeHandlers(s: OwnNodeDeps): Pick<ChannelHandlers, OwnNodeChannels> {
  return {
    'follower:list': () => s.ownNodes.list(),
    'follower:estimate': ({ networkId }) => s.ownNodes.estimate(networkId),
    'follower:start': ({ networkId }) => s.ownNodes.start(networkId),
    'follower:stop': ({ networkId }) => s.ownNodes.stop(networkId),
  };
}
