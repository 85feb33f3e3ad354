/** Where a node keeps each chain on disk, and opening the localnet chain with the block time it was created with. */
import { join } from 'node:path';
import { milestoneAt, type Network } from '../protocol/networks';
import { BlockStore } from './block-store';
import { chooseBlockTime, recordBlockTime, recordedBlockTime, withBlockTime } from './forger';
import { LOCALNET_NAME, localnet, localnetGenesis } from './localnet';

/**
 * The folder of a followed network's database: its name when that is a plain word (mainnet, devnet, testnet, a
 * bridgechain's), else its nethash — a name served by a peer never chooses a path.
 */
export function chainDirectoryName(network: Network): string {
  const name = network.network.name;
  return /^[a-z0-9][a-z0-9_-]{0,39}$/i.test(name) && name !== LOCALNET_NAME ? name : network.network.nethash;
}

/** Where a node keeps a network's database (docs/design/node.md "Storage"). */
export function chainDatabasePath(dataDir: string, network: string): string {
  return join(dataDir, network, 'chain.db');
}

/**
 * Opens (or creates, with the genesis block) the localnet chain in a data directory, with the block time it was
 * created with (see chain-block-time.ts). Throws BlockTimeConflictError when `blockTime` contradicts it.
 */
export function openLocalnetChain(
  dataDir: string,
  blockTime?: number,
  options: { walletCacheSize?: number } = {},
): BlockStore {
  const recorded = recordedBlockTime(chainDatabasePath(dataDir, LOCALNET_NAME));
  const chosen = chooseBlockTime(recorded, blockTime);
  const network = withBlockTime(localnet, chosen);
  const store = BlockStore.open({ dataDir, network, genesis: localnetGenesis(), ...options });
  if (recorded === undefined) {
    try {
      recordBlockTime(store.db, milestoneAt(network, 1).blocktime);
    } catch (error) {
      store.close();
      throw error;
    }
  }
  return store;
}
