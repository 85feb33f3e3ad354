/** A NetworkStore in one JSON file, written atomically (temp file, fsync, rename: architecture §4). */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../keystore/atomic-file';
import { ClientError } from './errors';
import type { NetworkStore } from './registry-data';

export function jsonFileNetworkStore(path: string): NetworkStore {
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw new ClientError(
          'ERR_BAD_STORE',
          `the network list ${path} is not valid JSON; it was left untouched`,
          {
            cause: error,
          },
        );
      }
    },
    save: (data) => writeFileAtomic(path, `${JSON.stringify(data, null, 2)}\n`),
  };
}
