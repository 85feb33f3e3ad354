import { parentPort } from 'node:worker_threads';
import type { Network } from '../protocol/networks';
import { unpackChecks } from './packed-checks';
import { runChecks, type SignatureCheck } from './signature-checks';
import { verifySerialized, type VerifyOutcome } from './verify-serialized';

/** Messages between VerifyWorkers and this worker: serialized transactions to verify, or bare signature checks. */
export type VerifyRequest =
  | { jobId: number; kind: 'serialized'; network: Network; height: number; items: Uint8Array[] }
  | { jobId: number; kind: 'signatures'; checks: SignatureCheck[] }
  /** The same checks as one transferred buffer (packed-checks.ts): what the pool sends. */
  | { jobId: number; kind: 'packed'; packed: Uint8Array };

export type VerifyResponse =
  | { jobId: number; outcomes: VerifyOutcome[] }
  | { jobId: number; verdicts: boolean[] }
  | { jobId: number; error: string };

const port = parentPort;
if (!port) throw new Error('verify-worker must run in a worker thread');

port.on('message', (request: VerifyRequest) => {
  try {
    if (request.kind === 'signatures' || request.kind === 'packed') {
      const checks = request.kind === 'packed' ? unpackChecks(request.packed) : request.checks;
      port.postMessage({ jobId: request.jobId, verdicts: runChecks(checks) } satisfies VerifyResponse);
      return;
    }
    const ctx = { network: request.network, height: request.height };
    const outcomes = request.items.map((bytes) => verifySerialized(bytes, ctx));
    port.postMessage({ jobId: request.jobId, outcomes } satisfies VerifyResponse);
  } catch (error) {
    port.postMessage({ jobId: request.jobId, error: (error as Error).message } satisfies VerifyResponse);
  }
});
