import devnetExceptions from '../../../../resources/networks/devnet/exceptions.json';
import devnetGenesis from '../../../../resources/networks/devnet/genesis.json';
import devnetMilestones from '../../../../resources/networks/devnet/milestones.json';
import devnetNetwork from '../../../../resources/networks/devnet/network.json';
import mainnetExceptions from '../../../../resources/networks/mainnet/exceptions.json';
import mainnetGenesis from '../../../../resources/networks/mainnet/genesis.json';
import mainnetMilestones from '../../../../resources/networks/mainnet/milestones.json';
import mainnetNetwork from '../../../../resources/networks/mainnet/network.json';
import testnetGenesis from '../../../../resources/networks/testnet/genesis.json';
import testnetMilestones from '../../../../resources/networks/testnet/milestones.json';
import testnetNetwork from '../../../../resources/networks/testnet/network.json';
import type { Network, NetworkExceptions } from './types';

/**
 * The ARK presets of @arkecosystem/crypto-networks 1.8.2, copied from the reference vectors (networks.json).
 */
export const mainnet: Network = {
  network: mainnetNetwork,
  milestones: mainnetMilestones,
  genesisBlock: mainnetGenesis,
};

export const devnet: Network = {
  network: devnetNetwork,
  milestones: devnetMilestones,
  genesisBlock: devnetGenesis,
};

export const testnet: Network = {
  network: testnetNetwork,
  milestones: testnetMilestones,
  genesisBlock: testnetGenesis,
};

const presets: Record<string, Network> = { mainnet, devnet, testnet };

/** Names a later issue extends (Votary's own localnet registers itself here). */
export function registerNetwork(network: Network): void {
  presets[network.network.name] = network;
}

export function networkNames(): string[] {
  return Object.keys(presets);
}

export function networkByName(name: string): Network | undefined {
  return Object.hasOwn(presets, name) ? presets[name] : undefined;
}

/**
 * The exceptions lists Votary ships: that package's `dist/<name>/exceptions.json`, copied byte for byte (the package
 * is only a development dependency; tests/vectors/ark-history.test.ts checks the copies against it and against ARK
 * Core 3.9.1's own). Kept apart from the preset objects, which the app's network registry stores.
 */
const SHIPPED_EXCEPTIONS: Record<string, { nethash: string; exceptions: NetworkExceptions }> = {
  mainnet: { nethash: mainnetNetwork.nethash, exceptions: mainnetExceptions },
  devnet: { nethash: devnetNetwork.nethash, exceptions: devnetExceptions },
};

/**
 * The exceptions list Votary ships for a network, when the network is a preset of that name and nethash (ARK
 * mainnet and devnet; none for any other): a followed chain applies these, never a list a peer serves, since a
 * listed block or transaction skips verification.
 */
export function presetExceptions(network: Network): NetworkExceptions | undefined {
  const name = network.network.name;
  const shipped = Object.hasOwn(SHIPPED_EXCEPTIONS, name) ? SHIPPED_EXCEPTIONS[name] : undefined;
  return shipped !== undefined && shipped.nethash === network.network.nethash
    ? shipped.exceptions
    : undefined;
}

/** A network with the exceptions Votary ships for it (the network itself when it ships none). */
export function withPresetExceptions(network: Network): Network {
  const exceptions = presetExceptions(network);
  return exceptions === undefined ? network : { ...network, exceptions };
}
