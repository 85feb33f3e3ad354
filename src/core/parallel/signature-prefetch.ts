/**
 * Verifies signature checks on the worker pool and leaves the verdicts for the synchronous validation that
 * follows (crypto/verdicts.ts): what lets block application and replay use every core without a second copy of
 * their rules. (Pool admission carries its verdicts on its candidates instead: node.ts prefetchSignatures.)
 */
import { rememberVerifiedKeys } from '../protocol/crypto/libsecp256k1';
import { hasVerdict, rememberVerdicts } from '../protocol/crypto/verdicts';
import { checkKey, type SignatureCheck } from './signature-checks';
import type { VerifySignaturesOptions, VerifyWorkers } from './verify-workers';

/**
 * From one check on: even a single transaction is verified on a worker, so the main thread serves other requests
 * meanwhile (bench:ingest, batches of 1 from 4 clients: 393 → 596 accepted/s).
 */
export const PREFETCH_MIN = 1;

export async function prefetchSignatures(
  workers: VerifyWorkers | undefined,
  checks: readonly SignatureCheck[],
  options: Omit<VerifySignaturesOptions, 'addressVersion'> = {},
): Promise<void> {
  if (workers === undefined || checks.length < PREFETCH_MIN) return;
  // What waits already (transactions the pool verified on admission) is not verified twice.
  const wanted = checks
    .map((check) => ({ check, key: checkKey(check) }))
    .filter(({ key }) => !hasVerdict(key));
  if (wanted.length < PREFETCH_MIN) return;
  let verdicts: boolean[];
  try {
    verdicts = await workers.verifySignatures(
      wanted.map(({ check }) => check),
      options,
    );
  } catch {
    // A worker that failed or exited costs speed, not correctness: the validation verifies inline.
    return;
  }
  rememberVerdicts(wanted.map(({ key }, index) => [key, verdicts[index] === true] as const));
  rememberVerifiedKeys(
    wanted.filter((_, index) => verdicts[index] === true).map(({ check }) => check.publicKey),
  );
}
