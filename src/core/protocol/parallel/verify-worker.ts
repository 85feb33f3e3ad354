import { parentPort } from 'node:worker_threads';
import type { Network } from '../networks';
import { verifySerialized, type VerifyOutcome } from './verify-serialized';

/** Messages between VerifyPool and this worker. */
export interface VerifyRequest {
  jobId: number;
  network: Network;
  height: number;
  items: Uint8Array[];
}

export type VerifyResponse = { jobId: number; outcomes: VerifyOutcome[] } | { jobId: number; error: string };

const port = parentPort;
if (!port) throw new Error('verify-worker must run in a worker thread');

port.on('message', (request: VerifyRequest) => {
  try {
    const ctx = { network: request.network, height: request.height };
    const outcomes = request.items.map((bytes) => verifySerialized(bytes, ctx));
    port.postMessage({ jobId: request.jobId, outcomes } satisfies VerifyResponse);
  } catch (error) {
    port.postMessage({ jobId: request.jobId, error: (error as Error).message } satisfies VerifyResponse);
  }
});
