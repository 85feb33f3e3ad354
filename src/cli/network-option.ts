import {
  networkByName,
  networkNames,
  withPresetExceptions,
  type ChainContext,
  type Network,
} from '../core/protocol/networks';
import { usageError } from './cli-error';

export const DEFAULT_NETWORK = 'devnet';

/**
 * The network by name, with the exceptions list Votary ships for it (ARK mainnet and devnet), as the node and the
 * follower read it (protocol/networks/presets.ts withPresetExceptions): a transaction of `transactionIdFixTable`
 * decodes to its chain id, and a block or transaction on the lists is accepted as ARK Core 3.9.1 accepts it.
 */
export function resolveNetwork(name: string | undefined): Network {
  const chosen = name ?? DEFAULT_NETWORK;
  const network = networkByName(chosen);
  if (!network) throw usageError(`unknown network "${chosen}" (known: ${networkNames().join(', ')})`);
  return withPresetExceptions(network);
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
