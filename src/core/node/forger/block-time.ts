import type { Network } from '../../protocol/networks';

/**
 * The network with every milestone's blocktime replaced (`--block-time`): slots, forging and
 * block validation then all use the same shorter slot. Whole seconds only, because chain time is whole epoch
 * seconds (protocol reference §7).
 */
export function withBlockTime(network: Network, seconds: number | undefined): Network {
  if (seconds === undefined) return network;
  if (!Number.isSafeInteger(seconds) || seconds < 1) {
    throw new RangeError(`block time must be a whole number of seconds ≥ 1, got ${seconds}`);
  }
  return { ...network, milestones: network.milestones.map((m) => ({ ...m, blocktime: seconds })) };
}
