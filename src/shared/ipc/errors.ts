/**
 * The one serializable error shape of the IPC contract (docs/design/architecture.md "Contracts"): a stable code, a
 * message a person can
 * act on, and optional plain-JSON details. Every channel answers an `IpcResult`, never a thrown error: Electron's
 * invoke and a WebSocket both lose an Error's code, so failures travel as values.
 */
import { CodedError } from '../lib/coded-error';
export interface IpcError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Codes the bridge itself produces; service codes (ERR_LOCKED, ERR_HTTP_4XX…) pass through unchanged. */
export const BRIDGE_ERROR_CODES = {
  unknownChannel: 'ERR_UNKNOWN_CHANNEL',
  invalidRequest: 'ERR_INVALID_REQUEST',
  forbiddenSender: 'ERR_FORBIDDEN_SENDER',
  disconnected: 'ERR_DISCONNECTED',
  internal: 'ERR_INTERNAL',
} as const;

export function ipcError(code: string, message: string, details?: Record<string, unknown>): IpcError {
  return details === undefined ? { code, message } : { code, message, details };
}

export function isIpcError(value: unknown): value is IpcError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

export function isIpcResult(value: unknown): value is IpcResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as { ok?: unknown; error?: unknown };
  return result.ok === true || (result.ok === false && isIpcError(result.error));
}

/** What a renderer service throws when a channel answers an error: the same code, message and details. */
export class VotaryError extends CodedError {
  override readonly name = 'VotaryError';

  constructor(error: IpcError) {
    super(error.code, error.message, error.details);
  }
}
