/** localnet:* — the embedded node's controls; each refuses on a remote network (ERR_LOCALNET_ONLY). */
import type { ChannelHandlers } from '../dispatcher';
import type { Services } from './services';

type LocalnetChannels = Extract<keyof ChannelHandlers, `localnet:${string}`>;

export function localnetHandlers(s: Services): Pick<ChannelHandlers, LocalnetChannels> {
  return {
    'localnet:status': () => s.localnet.status(),
    'localnet:pause': () => s.localnet.pause(),
    'localnet:resume': () => s.localnet.resume(),
    'localnet:set-offline': ({ delegates, offline }) => s.localnet.setOffline(delegates, offline),
    'localnet:reset': () => s.localnet.reset(),
    'localnet:snapshot-save': ({ name }) => s.localnet.saveSnapshot(name),
    'localnet:snapshot-list': () => s.localnet.listSnapshots(),
    'localnet:snapshot-delete': ({ name }) => {
      s.localnet.deleteSnapshot(name);
      return null;
    },
    'localnet:rollback': (request) => s.localnet.rollback(request),
  };
}
