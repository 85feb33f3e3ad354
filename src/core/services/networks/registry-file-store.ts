/**
 * A NetworkStore in one JSON file, written atomically (temp file, fsync, rename) and only over the version it read
 * (compare before replace: fs/atomic-file.ts GuardedFile).
 */
import { ClientError } from '../../client';
import { FileChangedError, GuardedFile } from '../../fs/atomic-file';
import type { NetworkStore } from './registry-data';

export function jsonFileNetworkStore(path: string): NetworkStore {
  const file = new GuardedFile(path);
  return {
    async load() {
      const text = await file.read();
      if (text === null) return undefined;
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
    async save(data) {
      try {
        await file.write(`${JSON.stringify(data, null, 2)}\n`);
      } catch (error) {
        if (!(error instanceof FileChangedError)) throw error;
        throw new ClientError(
          'ERR_BAD_STORE',
          `the network list ${path} was changed by another Votary process since it was read; nothing was saved (restart Votary to see it)`,
        );
      }
    },
  };
}
