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
import type { Network } from './types';

/**
 * The ARK presets of @arkecosystem/crypto-networks 1.8.2, copied from the reference vectors (networks.json). Their
 * exceptions lists are that package's `dist/<name>/exceptions.json`, copied byte for byte (the package is only a
 * development dependency; tests/vectors/network-exceptions.test.ts checks the copies against it).
 */
export const mainnet: Network = {
  network: mainnetNetwork,
  milestones: mainnetMilestones,
  genesisBlock: mainnetGenesis,
  exceptions: mainnetExceptions,
};

export const devnet: Network = {
  network: devnetNetwork,
  milestones: devnetMilestones,
  genesisBlock: devnetGenesis,
  exceptions: devnetExceptions,
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
 * The exceptions list Votary ships for a network, when the network is a preset of that name and nethash (ARK
 * mainnet and devnet; none for any other): a followed chain applies these, never a list a peer serves, since a
 * listed block or transaction skips verification.
 */
export function presetExceptions(network: Network): Network['exceptions'] {
  const preset = networkByName(network.network.name);
  return preset !== undefined && preset.network.nethash === network.network.nethash
    ? preset.exceptions
    : undefined;
}
