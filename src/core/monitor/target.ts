/** What the monitor watches: the active network, its own node and the other nodes to compare with. */
import type { ChainReader } from '../client';
import type { Network } from '../protocol/networks';

export interface MonitorTarget {
  networkId: string;
  nethash: string;
  name: string;
  network: Network;
  /** "My node": the embedded node's API, or the first peer of a remote network (normalized base URL). */
  ownUrl: string;
  ownId: string;
  /** How the own node is named on the screens (default: "My node (host)"). */
  ownLabel?: string;
  /** Other nodes of the network to compare with (normalized base URLs). */
  peers: readonly string[];
  /** Where chain data (blocks, rounds, wallets) is read: the network's client (with failover). */
  client: ChainReader;
}

/** Nodes watched at most (own + peers + added ones), so a long peer list does not multiply the polling. */
export const MAX_WATCHED_NODES = 10;
