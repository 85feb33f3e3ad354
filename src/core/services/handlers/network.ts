/** networks:*, chain:* and node:* — the networks, and reads from the active one. */
import type { ChannelHandlers } from '../dispatcher';
import type { DelegateReadChannels } from './delegate-reads';
import type { ExplorerChannels } from './explorer';
import type { Services } from './services';

type NetworkChannels = Exclude<
  Extract<keyof ChannelHandlers, `networks:${string}` | `chain:${string}` | `node:${string}`>,
  ExplorerChannels | DelegateReadChannels
>;

export function networkHandlers(s: Services): Pick<ChannelHandlers, NetworkChannels> {
  return {
    'networks:list': () => s.networks.list(),
    'networks:add': ({ url, name, allowPlainHttp }) => s.networks.add(url, name, { allowPlainHttp }),
    'networks:remove': async ({ networkId }) => {
      await s.networks.remove(networkId);
      return null;
    },
    'networks:add-peer': ({ networkId, url, allowPlainHttp }) =>
      s.networks.addPeer(networkId, url, { allowPlainHttp }),
    'networks:remove-peer': ({ networkId, url }) => s.networks.removePeer(networkId, url),
    'networks:select': ({ networkId }) => s.networks.select(networkId),
    'networks:known': () => s.networks.known(),
    'networks:add-known': ({ key, allowPlainHttp }) => s.networks.addKnown(key, { allowPlainHttp }),

    'chain:wallet': ({ address }) => s.chain.wallet(address),
    'chain:wallet-transactions': (request) => s.chain.walletTransactions(request),
    'chain:wallet-locks': ({ address, page, limit }) => s.chain.walletLocks(address, { page, limit }),
    'chain:incoming-locks': ({ address, page, limit }) => s.chain.incomingLocks(address, { page, limit }),
    'chain:lock-states': ({ ids }) => s.chain.lockStates(ids),
    'chain:delegates': (request) => s.chain.delegates(request ?? { page: 1, limit: 25 }),
    'chain:blocks': (request) => s.chain.blocks(request ?? { page: 1, limit: 25 }),
    'chain:fees': (request) => s.chain.fees(request?.days),
    'node:status': () => s.chain.nodeStatus(),
    'node:configuration': () => s.chain.nodeConfiguration(),
    'node:peers': () => s.chain.peers(),
  };
}
