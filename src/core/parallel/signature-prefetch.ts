/**
 * Verifies signature checks on the worker pool and leaves the verdicts for the synchronous validation that
 * follows (crypto/verdicts.ts): what lets pool admission, block application and replay use every core without a
 * second copy of their rules.
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
  await prefetchSignaturesAndAddresses(workers, checks, options);
}

/**
 * prefetchSignatures; with `options.addressVersion` it answers the address the worker derived for each check's key
 * whose signature it verified, in the order of `checks` (undefined where it verified nothing: a failed check, a
 * verdict that was waiting already, a worker that failed); otherwise undefined.
 */
export async function prefetchSignaturesAndAddresses(
  workers: VerifyWorkers | undefined,
  checks: readonly SignatureCheck[],
  options: VerifySignaturesOptions = {},
): Promise<(string | undefined)[] | undefined> {
  if (workers === undefined || checks.length < PREFETCH_MIN) return undefined;
  // What waits already (transactions the pool verified on admission) is not verified twice.
  const keyed = checks.map((check, index) => ({ check, index, key: checkKey(check) }));
  const wanted = keyed.filter(({ key }) => !hasVerdict(key));
  if (wanted.length < PREFETCH_MIN) return undefined;
  let verdicts: boolean[];
  let derived: string[] | undefined;
  try {
    ({ verdicts, addresses: derived } = await workers.verifySignaturesAndAddresses(
      wanted.map(({ check }) => check),
      options,
    ));
  } catch {
    // A worker that failed or exited costs speed, not correctness: the validation verifies inline.
    return undefined;
  }
  rememberVerdicts(wanted.map(({ key }, index) => [key, verdicts[index] === true] as const));
  if (derived === undefined) {
    rememberVerifiedKeys(
      wanted.filter((_, index) => verdicts[index] === true).map(({ check }) => check.publicKey),
    );
    return undefined;
  }
  const addresses: (string | undefined)[] = checks.map(() => undefined);
  wanted.forEach(({ index }, at) => {
    const address = derived[at];
    if (verdicts[at] === true && address !== undefined && address !== '') addresses[index] = address;
  });
  return addresses;
}
