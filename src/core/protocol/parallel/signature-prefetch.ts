/**
 * Verifies signature checks on the worker pool and leaves the verdicts for the synchronous validation that
 * follows (crypto/verdicts.ts): what lets pool admission, block application and replay use every core without a
 * second copy of their rules.
 */
import { rememberVerdicts } from '../crypto/verdicts';
import { checkKey, type SignatureCheck } from './signature-checks';
import type { VerifyPool } from './verify-pool';

/** Below this many checks, posting to workers costs more than verifying inline (the validation does it then). */
export const PREFETCH_MIN = 4;

export async function prefetchSignatures(
  pool: VerifyPool | undefined,
  checks: readonly SignatureCheck[],
): Promise<void> {
  if (pool === undefined || checks.length < PREFETCH_MIN) return;
  let verdicts: boolean[];
  try {
    verdicts = await pool.verifySignatures(checks);
  } catch {
    // A worker that failed or exited costs speed, not correctness: the validation verifies inline.
    return;
  }
  rememberVerdicts(checks.map((check, index) => [checkKey(check), verdicts[index] === true] as const));
}
