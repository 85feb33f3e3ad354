/**
 * localnet:* and localnet:fund — the localnet controls (core/node/controls); each refuses on another network
 * (ERR_LOCALNET_ONLY; the faucet ERR_FAUCET_UNAVAILABLE).
 */
import type { ChannelHandlers } from '../dispatcher';
import { fundFromFaucet, type FaucetDeps } from './faucet';
import { activeLocalnet } from './gate';

type LocalnetChannels = Extract<keyof ChannelHandlers, `localnet:${string}`>;

export function localnetHandlers(s: FaucetDeps): Pick<ChannelHandlers, LocalnetChannels> {
  const controls = () => activeLocalnet(s);
  return {
    'localnet:status': () => controls().status(),
    'localnet:pause': () => controls().pause(),
    'localnet:resume': () => controls().resume(),
    'localnet:set-offline': ({ delegates, offline }) => controls().setOffline(delegates, offline),
    'localnet:reset': () => controls().reset(),
    'localnet:snapshot-save': ({ name }) => controls().saveSnapshot(name),
    'localnet:snapshot-list': () => controls().listSnapshots(),
    'localnet:snapshot-delete': ({ name }) => {
      controls().deleteSnapshot(name);
      return null;
    },
    'localnet:rollback': (request) => controls().rollback(request),
    'localnet:fund': ({ address, amount }) => fundFromFaucet(s, address, amount),
  };
}
