/**
 * The followed network, stored beside its chain (`<dataDir>/<network>/network.json`, docs/design/sync.md
 * "Storage"): the crypto configuration the peers served and the rules the chain was followed under. A restart uses
 * it to check the peers still serve the same chain, to start while no peer answers, and `votary node verify`
 * replays the chain with it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../shared/lib/json-depth';
import { writeFileAtomic } from '../fs/atomic-file';
import type { ChainRules } from '../node/transaction-handlers';
import type { CryptoConfigJson } from './rules';
import { SyncError } from './errors';

export interface StoredNetwork {
  config: CryptoConfigJson;
  rules?: ChainRules;
}

export const NETWORK_FILE = 'network.json';

export function networkFilePath(dataDir: string, directory: string): string {
  return join(dataDir, directory, NETWORK_FILE);
}

export async function saveNetworkFile(path: string, stored: StoredNetwork): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(stored, null, 1)}\n`);
}

/** The stored network, or undefined when there is none; a file that is not one is an error naming it. */
export function loadNetworkFile(path: string): StoredNetwork | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const text = readFileSync(path, 'utf8');
    // rules.ts compares the configuration by walking every level, as discovery.ts bounds a peer's answer.
    if (jsonTooDeep(text)) throw new Error(`it nests deeper than ${MAX_JSON_DEPTH} levels`);
    const parsed = JSON.parse(text) as Partial<StoredNetwork>;
    const config = parsed.config;
    if (typeof config !== 'object' || config === null || typeof config.network !== 'object') {
      throw new Error('it holds no crypto configuration');
    }
    return { config, ...(parsed.rules === undefined ? {} : { rules: parsed.rules }) };
  } catch (error) {
    throw new SyncError(
      'ERR_SYNC_NETWORK',
      `${path} is not a followed network's description: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The folders of a data directory that hold a followed chain. */
export function followedDirectories(dataDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dataDir, entry.name, NETWORK_FILE)))
    .map((entry) => entry.name);
}
