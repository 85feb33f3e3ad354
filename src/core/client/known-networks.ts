/**
 * ARK's own networks, one click away: their protocol presets and the seed peers ARK Core 3.9.1 ships for them
 * (`bin/config/{mainnet,devnet}/peers.json` of @arkecosystem/core 3.9.1, copied to resources/networks/). Those lists
 * name P2P ports (4001, 4002); a relay serves its public API on core-api's port, 4003 in the same config's `.env`
 * (`CORE_API_PORT=4003`), and announces it under `ports` in `/api/peers`, which is how more peers are found.
 * Nothing here contacts a node: listing is offline, and only adding one (services/networks/networks.ts) reaches out.
 */
import devnetPeers from '../../../resources/networks/devnet/peers.json';
import mainnetPeers from '../../../resources/networks/mainnet/peers.json';
import { devnet, mainnet, type Network } from '../protocol/networks';

export type KnownNetworkKey = 'ark-mainnet' | 'ark-devnet';

export interface KnownNetwork {
  key: KnownNetworkKey;
  name: string;
  network: Network;
  /** Public API base URLs of the seed relays. */
  seeds: string[];
}

/** core-api's port in ARK Core's shipped mainnet and devnet configuration. */
export const ARK_API_PORT = 4003;
/** The key under which a relay announces its public API port in `/api/peers`. */
export const CORE_API_PLUGIN = '@arkecosystem/core-api';

function seeds(list: { list: readonly { ip: string }[] }): string[] {
  return [...new Set(list.list.map((peer) => `http://${peer.ip}:${ARK_API_PORT}`))];
}

export const KNOWN_NETWORKS: readonly KnownNetwork[] = [
  { key: 'ark-mainnet', name: 'ARK mainnet', network: mainnet, seeds: seeds(mainnetPeers) },
  { key: 'ark-devnet', name: 'ARK devnet', network: devnet, seeds: seeds(devnetPeers) },
];

export function knownNetwork(key: string): KnownNetwork | undefined {
  return KNOWN_NETWORKS.find((known) => known.key === key);
}

/** The public API URL a peer of `/api/peers` announces (its core-api port), or undefined when it has none. */
export function peerApiUrl(peer: {
  ip: string;
  ports?: Record<string, number | null> | undefined;
}): string | undefined {
  const port = peer.ports?.[CORE_API_PLUGIN];
  if (typeof port !== 'number' || port <= 0) return undefined;
  const host = peer.ip.includes(':') ? `[${peer.ip}]` : peer.ip;
  return `http://${host}:${port}`;
}
