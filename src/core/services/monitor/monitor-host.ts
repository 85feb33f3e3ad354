/**
 * How AppCore hosts the node monitor: its database beside the chain (`<dataDir>/monitor.db`),
 * the active network as its target (own node = the node in this process or the network's first peer), a cycle
 * soon after each block of an active chain that runs in this process, and its output as push events — `monitor:update` for the screens and `monitor:alert`
 * (code MONITOR_<RULE>) for each new alert, which the shells turn into notifications.
 */
import { join } from 'node:path';
import type { ChainAccess } from '../../chain-access';
import type { NodeClientOptions } from '../../client';
import type { NetworkEntry } from '../networks/registry';
import type { Keystore } from '../../keystore';
import { NodeMonitor, type MonitorTarget } from '../../monitor';
import type { AppEvents } from '../events';
import type { Networks } from '../networks/networks';

export interface MonitorHostDeps {
  dataDir: string;
  networks: Networks;
  events: AppEvents;
  /** Read when the monitor lists the vault's wallets (it only can while the vault is unlocked). */
  keystore: () => Keystore;
  client?: NodeClientOptions;
  now?: () => number;
  onDefect: (error: unknown) => void;
}

export const MONITOR_DB_FILE = 'monitor.db';

/** The monitor, and what stops its triggers on the in-process chains (before the monitor closes). */
export function openMonitor(deps: MonitorHostDeps): { monitor: NodeMonitor; unwatch: () => void } {
  const monitor = new NodeMonitor({
    file: join(deps.dataDir, MONITOR_DB_FILE),
    ...(deps.now === undefined ? {} : { now: deps.now }),
    ...(deps.client === undefined ? {} : { client: deps.client }),
    vault: {
      addresses: (nethash) => {
        const keystore = deps.keystore();
        if (!keystore.isUnlocked()) return undefined;
        return keystore.listWallets({ nethash }).map((wallet) => wallet.address);
      },
    },
    onUpdate: (event) => deps.events.emit('monitor:update', event),
    onAlert: (alert) =>
      deps.events.emit('monitor:alert', {
        level: alert.level,
        code: `MONITOR_${alert.rule.toUpperCase().replace(/-/g, '_')}`,
        message: alert.message,
        at: alert.raisedAt,
      }),
    onDefect: deps.onDefect,
  });
  // Its blocks are known the moment they exist: no need to wait for the monitor's next cycle (while a node
  // catches up, its blocks come faster than a cycle: the cycle's own pace applies).
  const triggers = new Map<string, () => void>();
  const watchChain = (chain: ChainAccess) => {
    triggers.set(
      chain.networkId,
      chain.watch((event) => {
        const moved = (event.kind === 'block' && event.catchingUp !== true) || event.kind === 'revert';
        if (moved && deps.networks.activeId === chain.networkId) monitor.trigger();
      }),
    );
  };
  for (const chain of deps.networks.inProcessChains()) watchChain(chain);
  const offChanged = deps.networks.onInProcessChanged(({ networkId, chain }) => {
    triggers.get(networkId)?.();
    triggers.delete(networkId);
    if (chain !== undefined) watchChain(chain);
  });
  // A profile switch closes this monitor while the embedded node keeps running: its listeners must go with it.
  const unwatch = () => {
    offChanged();
    for (const off of triggers.values()) off();
    triggers.clear();
  };
  return { monitor, unwatch };
}

/** The monitor's view of a network entry. */
export function monitorTarget(networks: Networks, entry: NetworkEntry): MonitorTarget {
  const chain = networks.chain(entry.id);
  // A remote network whose own node runs here: that node is "mine", every peer of the network is compared to it.
  if (chain.localApiUrl !== undefined && entry.kind === 'remote') {
    return {
      networkId: entry.id,
      nethash: entry.nethash,
      name: entry.name,
      network: entry.network,
      ownUrl: chain.localApiUrl,
      ownId: 'own-node',
      ownLabel: 'This computer (own node, verified)',
      ownVerified: true,
      peers: entry.peers,
      client: chain.reads,
    };
  }
  const [own = '', ...others] = entry.peers;
  return {
    networkId: entry.id,
    nethash: entry.nethash,
    name: entry.name,
    network: entry.network,
    ownUrl: own,
    ownId: chain.inProcess ? 'embedded' : own,
    ownVerified: chain.inProcess,
    peers: others,
    client: chain.reads,
  };
}
