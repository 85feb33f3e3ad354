/**
 * The multipayment file's planning (batch-plan.ts) on a Web Worker: a file at the size limit parses and checks
 * every address there, and the window keeps answering meanwhile (plan-batch-file.ts starts it).
 */
import { planBatch } from './batch-plan';
import type { BatchRequest } from './plan-batch-file';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<BatchRequest>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  const { text, pubKeyHash, limit } = event.data;
  scope.postMessage(planBatch(text, pubKeyHash, limit));
};
