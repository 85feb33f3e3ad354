/** follower:* — a remote network's own node: what it would take, starting and stopping it, how far it is. */
import type { ChannelHandlers } from '../dispatcher';
import type { Services } from '../services';

type OwnNodeChannels = Extract<keyof ChannelHandlers, `follower:${string}`>;

export function ownNodeHandlers(s: Services): Pick<ChannelHandlers, OwnNodeChannels> {
  return {
    'follower:list': () => s.ownNodes.list(),
    'follower:estimate': ({ networkId }) => s.ownNodes.estimate(networkId),
    'follower:start': ({ networkId }) => s.ownNodes.start(networkId),
    'follower:stop': ({ networkId }) => s.ownNodes.stop(networkId),
  };
}
