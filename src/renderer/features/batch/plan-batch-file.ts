/**
 * A multipayment file from the file picker to its plan, without holding the window: a file past the size limit
 * is refused from its size alone, before a byte is read (shared/lib/file-limits.ts); the rest is parsed and
 * checked on a Web Worker (batch-worker.ts). Where no worker can start, the plan is made here, still bounded by
 * the limits.
 */
import { fileTooLarge, MULTIPAYMENT_FILE } from '../../../shared/lib/file-limits';
import { planBatch, type BatchPlan } from './batch-plan';

export interface BatchRequest {
  text: string;
  pubKeyHash: number;
  limit: number;
}

/** What is needed of a picked file (the DOM's File). */
export interface PickedFile {
  name: string;
  size: number;
  text(): Promise<string>;
}

export type Planner = (request: BatchRequest) => Promise<BatchPlan>;

export async function planBatchFile(
  file: PickedFile,
  pubKeyHash: number,
  limit: number,
  plan: Planner = planOffThread,
): Promise<BatchPlan> {
  const tooLarge = fileTooLarge(file.name, file.size, MULTIPAYMENT_FILE);
  if (tooLarge !== undefined) return { ok: false, message: tooLarge };
  return plan({ text: await file.text(), pubKeyHash, limit });
}

const inline: Planner = (request) =>
  Promise.resolve(planBatch(request.text, request.pubKeyHash, request.limit));

/** The plan made on a worker of its own, ended once it answered. */
export const planOffThread: Planner = (request) => {
  if (typeof Worker === 'undefined') return inline(request);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./batch-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return inline(request);
  }
  return new Promise<BatchPlan>((resolve) => {
    worker.onmessage = (event: MessageEvent<BatchPlan>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve(inline(request));
    };
    worker.postMessage(request);
  });
};
