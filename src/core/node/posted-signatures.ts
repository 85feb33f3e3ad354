/**
 * The sender signatures of a batch posted to the node (POST /transactions), verified on the worker pool before
 * admission (docs/design/node.md "Admission"): each verdict is left on its candidate (`signatureVerdict`), which
 * admission then takes instead of verifying on the main thread.
 */
import { PREFETCH_MIN } from '../parallel/signature-prefetch';
import { transactionCheck, type SignatureCheck } from '../parallel/signature-checks';
import type { VerifyWorkers } from '../parallel/verify-workers';
import { rememberDerivedAddresses } from '../protocol/crypto';
import type { PoolCandidate } from './transaction-pool';

/**
 * Verifies `candidates`' sender signatures on `workers` and leaves each verdict on its candidate. Items that do not
 * decode are skipped: admission reports them. A worker that failed costs speed, not correctness: the candidates
 * keep no verdict and admission verifies them inline. Batches under PREFETCH_MIN stay inline (a hand-off would
 * cost more than it saves).
 */
export async function verifyPostedSignatures(
  workers: VerifyWorkers,
  candidates: readonly PoolCandidate[],
  pubKeyHash: number,
): Promise<void> {
  if (candidates.length < PREFETCH_MIN) return;
  const checked: PoolCandidate[] = [];
  const checks: SignatureCheck[] = [];
  for (const candidate of candidates) {
    // Admission reuses the check (and its signing hash) instead of computing it again.
    candidate.signatureCheck ??= transactionCheck(candidate.tx);
    if (candidate.signatureCheck === undefined) continue;
    checked.push(candidate);
    checks.push(candidate.signatureCheck);
  }
  if (checks.length === 0) return;
  // A request's batch goes to one worker: concurrent requests keep the workers busy, with half the wake-ups.
  // The worker derives each verified sender's address too, which admission's wallet look-up then finds.
  let answer: { verdicts: boolean[]; addresses?: string[] };
  try {
    answer = await workers.verifySignaturesAndAddresses(checks, {
      oneWorker: true,
      addressVersion: pubKeyHash,
    });
  } catch {
    return;
  }
  const derived: (readonly [string, string])[] = [];
  checked.forEach((candidate, index) => {
    const verdict = answer.verdicts[index];
    if (verdict === undefined) return;
    candidate.signatureVerdict = verdict;
    const address = answer.addresses?.[index];
    if (verdict && address !== undefined && address !== '')
      derived.push([candidate.tx.senderPublicKey, address]);
  });
  rememberDerivedAddresses(pubKeyHash, derived);
}
