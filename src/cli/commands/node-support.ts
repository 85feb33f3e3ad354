/** What `votary node` and `votary node --follow` share: the API's start failure, and replaying a stored chain. */
import { ApiListenError } from '../../core/host/api-listen';
import type { BlockStore } from '../../core/node/block-store';
import { CliError } from '../cli-error';

/** A port taken (or the host unusable) while the API started: one line naming the address and the reason. */
export function listenFailure(error: unknown): CliError | undefined {
  return error instanceof ApiListenError ? new CliError(error.message) : undefined;
}

/** JSON with bigint amounts as decimal strings. */
function printJsonBig(value: unknown): void {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
  process.stdout.write(`${text}\n`);
}

/**
 * `votary node verify`: replays the store's chain with signature checks on every core (dist/verify-worker.mjs next
 * to this CLI; inline when it is absent), prints the result, exit code 0 when verified. Closes the store.
 */
export async function verifyStore(store: BlockStore): Promise<number> {
  const [{ verifyChainInParallel }, { openVerifyWorkers }] = await Promise.all([
    import('../../core/node/block-store'),
    import('../../core/parallel/verify-workers'),
  ]);
  const workers = openVerifyWorkers(new URL('./verify-worker.mjs', import.meta.url));
  try {
    const result = await verifyChainInParallel(store, workers);
    printJsonBig(result);
    return result.verified ? 0 : 1;
  } finally {
    store.close();
    await workers?.close();
  }
}
