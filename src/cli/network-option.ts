import { networkByName, networkNames, type ChainContext, type Network } from '../core/protocol/networks';
import { usageError } from './cli-error';

export const DEFAULT_NETWORK = 'devnet';

export function resolveNetwork(name: string | undefined): Network {
  const chosen = name ?? DEFAULT_NETWORK;
  const network = networkByName(chosen);
  if (!network) throw usageError(`unknown network "${chosen}" (known: ${networkNames().join(', ')})`);
  return network;
}

/**
 * Offline signing and decoding use the milestone in force today: the highest milestone height of the network
 * (the reference reads the milestone at the configured height, protocol reference §1), unless --height says
 * otherwise.
 */
export function resolveContext(networkName: string | undefined, height: string | undefined): ChainContext {
  const network = resolveNetwork(networkName);
  if (height === undefined) {
    const latest = Math.max(...network.milestones.map((m) => m.height));
    return { network, height: latest };
  }
  if (!/^[1-9]\d{0,9}$/.test(height))
    throw usageError(`--height must be a positive integer, got "${height}"`);
  return { network, height: Number(height) };
}
