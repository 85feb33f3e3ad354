/**
 * The frames that carry the IPC contract between the process that owns the windows and the process that runs the
 * core (docs/design/architecture.md "Processes"): over Electron's MessagePort to the utility process, or Node's
 * child-process channel in the benchmark harness. A request and its answer share an id; answers are the
 * contract's `IpcResult`s as the core's dispatcher made them, so typed errors arrive as they left. The core asks
 * the windows' side for the OS keychain's secrets the same way (keytar stays there).
 */
import { isIpcError, isIpcResult, type IpcError, type IpcResult } from './errors';

/** A port-like object: one side of the channel, whatever carries it (structured clone or JSON). */
export interface FramePort {
  post(frame: unknown): void;
  /** Every frame that arrives; returns the function that stops listening. */
  onFrame(listener: (frame: unknown) => void): () => void;
}

export type KeychainOp = 'status' | 'get' | 'set' | 'delete';

/** What the windows' side sends to the core's process. */
export type ToCoreFrame =
  | { kind: 'open'; options: unknown }
  | { kind: 'request'; id: number; channel: string; payload: unknown }
  | {
      kind: 'keychain-answer';
      id: number;
      result: { ok: true; value: unknown } | { ok: false; message: string };
    }
  | { kind: 'close' };

/** What the core's process sends back. */
export type FromCoreFrame =
  | { kind: 'ready' }
  | { kind: 'failed'; error: IpcError }
  | { kind: 'answer'; id: number; result: IpcResult<unknown> }
  | { kind: 'event'; event: string; payload: unknown }
  | { kind: 'keychain'; id: number; op: KeychainOp; account: string; secret?: string }
  | { kind: 'closed' };

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const KEYCHAIN_OPS: readonly unknown[] = ['status', 'get', 'set', 'delete'];

/** The frame, when it is one the core's process may send; anything else is undefined (and ignored). */
export function fromCoreFrame(value: unknown): FromCoreFrame | undefined {
  const frame = record(value);
  switch (frame?.['kind']) {
    case 'ready':
    case 'closed':
      return { kind: frame['kind'] };
    case 'failed':
      return isIpcError(frame['error']) ? { kind: 'failed', error: frame['error'] } : undefined;
    case 'answer':
      return isId(frame['id']) && isIpcResult(frame['result'])
        ? { kind: 'answer', id: frame['id'], result: frame['result'] }
        : undefined;
    case 'event':
      return typeof frame['event'] === 'string'
        ? { kind: 'event', event: frame['event'], payload: frame['payload'] }
        : undefined;
    case 'keychain': {
      const { id, op, account, secret } = frame;
      if (!isId(id) || !KEYCHAIN_OPS.includes(op) || typeof account !== 'string') return undefined;
      if (secret !== undefined && typeof secret !== 'string') return undefined;
      return {
        kind: 'keychain',
        id,
        op: op as KeychainOp,
        account,
        ...(secret === undefined ? {} : { secret }),
      };
    }
    default:
      return undefined;
  }
}

/** The frame, when it is one the windows' side may send; anything else is undefined (and ignored). */
export function toCoreFrame(value: unknown): ToCoreFrame | undefined {
  const frame = record(value);
  switch (frame?.['kind']) {
    case 'open':
      return { kind: 'open', options: frame['options'] };
    case 'close':
      return { kind: 'close' };
    case 'request':
      return isId(frame['id']) && typeof frame['channel'] === 'string'
        ? { kind: 'request', id: frame['id'], channel: frame['channel'], payload: frame['payload'] }
        : undefined;
    case 'keychain-answer': {
      const result = record(frame['result']);
      if (!isId(frame['id']) || result === undefined) return undefined;
      if (result['ok'] === true)
        return { kind: 'keychain-answer', id: frame['id'], result: { ok: true, value: result['value'] } };
      return result['ok'] === false && typeof result['message'] === 'string'
        ? { kind: 'keychain-answer', id: frame['id'], result: { ok: false, message: result['message'] } }
        : undefined;
    }
    default:
      return undefined;
  }
}
