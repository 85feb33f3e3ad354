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
  /**
   * The own node's chain is verified in this process (the embedded node, or a remote network's own node): its tip
   * bounds what any watched node can truly have (height-claims.ts). A remote network's first peer is only a peer.
   */
  ownVerified?: boolean;
  /** How the own node is named on the screens (default: "My node (host)"). */
  ownLabel?: string;
  /** Other nodes of the network to compare with (normalized base URLs). */
  peers: readonly string[];
  /** Where chain data (blocks, rounds, wallets) is read: the network's client (with failover). */
  client: ChainReader;
}

/** Nodes watched at most (own + peers + added ones), so a long peer list does not multiply the polling. */
export const MAX_WATCHED_NODES = 10;
