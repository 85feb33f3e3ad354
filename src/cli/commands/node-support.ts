/** What `votary node` and `votary node --follow` share: serving the API, and replaying a stored chain. */
import type { ApiServer } from '../../core/api';
import type { BlockStore } from '../../core/node/block-store';
import { CliError } from '../cli-error';

/** Listens; when a port is taken (or the host unusable), stops what was started and says so in one line. */
export async function listenOrStop(
  api: ApiServer,
  stop: () => Promise<void>,
  host: string | undefined,
): Promise<{ publicUrl: string; secondaryUrl: string }> {
  try {
    return await api.listen();
  } catch (error) {
    await api.close().catch(() => undefined);
    await stop();
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError(`cannot serve the API on ${host ?? '127.0.0.1'}: ${reason}`);
  }
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
