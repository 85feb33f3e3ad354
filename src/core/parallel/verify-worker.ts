import { parentPort } from 'node:worker_threads';
import type { Network } from '../protocol/networks';
import { unpackChecks } from './packed-checks';
import { checkAddresses, runChecks, type SignatureCheck } from './signature-checks';
import { verifySerialized, type VerifyOutcome } from './verify-serialized';

/** Messages between VerifyWorkers and this worker: serialized transactions to verify, or bare signature checks. */
export type VerifyRequest =
  | { jobId: number; kind: 'serialized'; network: Network; height: number; items: Uint8Array[] }
  | { jobId: number; kind: 'signatures'; checks: SignatureCheck[]; addressVersion?: number }
  /** The same checks as one transferred buffer (packed-checks.ts): what the pool sends. */
  | { jobId: number; kind: 'packed'; packed: Uint8Array; addressVersion?: number }
  /** The pool is closing: exit once every check queued before this message is answered (VerifyWorkers.close). */
  | { kind: 'close' };

export type VerifyResponse =
  | { jobId: number; outcomes: VerifyOutcome[] }
  /** `addresses` when the request gave an address version: each verified key's address, '' for a failed check. */
  | { jobId: number; verdicts: boolean[]; addresses?: string[] }
  | { jobId: number; error: string };

const port = parentPort;
if (!port) throw new Error('verify-worker must run in a worker thread');

port.on('message', (request: VerifyRequest) => {
  if (request.kind === 'close') {
    // Nothing else keeps this thread alive: it ends once the port is closed.
    port.close();
    return;
  }
  try {
    if (request.kind === 'signatures' || request.kind === 'packed') {
      const checks = request.kind === 'packed' ? unpackChecks(request.packed) : request.checks;
      const verdicts = runChecks(checks);
      const response: VerifyResponse =
        request.addressVersion === undefined
          ? { jobId: request.jobId, verdicts }
          : {
              jobId: request.jobId,
              verdicts,
              addresses: checkAddresses(checks, verdicts, request.addressVersion),
            };
      port.postMessage(response);
      return;
    }
    const ctx = { network: request.network, height: request.height };
    const outcomes = request.items.map((bytes) => verifySerialized(bytes, ctx));
    port.postMessage({ jobId: request.jobId, outcomes } satisfies VerifyResponse);
  } catch (error) {
    port.postMessage({ jobId: request.jobId, error: (error as Error).message } satisfies VerifyResponse);
  }
});
