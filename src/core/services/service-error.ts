/**
 * Errors of the app services, and the one conversion of any failure into the IPC error shape
 * (docs/design/architecture.md "Rules":
 * errors are values with a code and a message a person can act on). Key-store, client, protocol and pool errors
 * keep their own codes; anything else is a defect and says so without leaking its internals.
 */
import { isClientError } from '../client';
import { isKeystoreError } from '../keystore';
import { isMonitorError, type MonitorErrorCode } from '../monitor/errors';
import { isLocalnetError, type LocalnetErrorCode } from '../node/controls/errors';
import { isProtocolError } from '../protocol/errors';
import { BRIDGE_ERROR_CODES, ipcError, type IpcError } from '../../shared/ipc/errors';

export type ServiceErrorCode =
  | 'ERR_NO_ACTIVE_NETWORK'
  | 'ERR_NETWORK_UNKNOWN'
  /** No seed relay of a built-in network answered (networks.ts `addKnown`). */
  | 'ERR_SEEDS_UNREACHABLE'
  | 'ERR_MEMO_LOOKS_LIKE_PHRASE'
  | 'ERR_SECOND_PASSPHRASE_REQUIRED'
  | 'ERR_ALREADY_REGISTERED'
  | 'ERR_PENDING_NOT_FOUND'
  | 'ERR_INVALID_DRAFT'
  /** The draft is not allowed by the network's milestone at the next height (drafts.ts `checkNetworkRules`). */
  | 'ERR_NETWORK_RULES'
  /** The explorer's block or transaction is not on this network. */
  | 'ERR_NOT_FOUND'
  /** The node monitor's, declared beside it (src/core/monitor/errors.ts). */
  | MonitorErrorCode
  /** The localnet controls' and the faucet's, declared beside them (src/core/node/controls/errors.ts). */
  | LocalnetErrorCode
  /** A localnet control (or the faucet) asked for while another network is active (services/localnet.ts). */
  | 'ERR_LOCALNET_ONLY'
  /** settings.json changed under this process (compare before replace, fs/atomic-file.ts). */
  | 'ERR_SETTINGS_CHANGED'
  /** A fee above the ceiling without the person's confirmation (fee-ceiling.ts). */
  | 'ERR_FEE_UNCONFIRMED'
  /** A plain-http node on another machine without the person's confirmation (shared/lib/insecure-url.ts). */
  | 'ERR_PLAIN_HTTP';

export class ServiceError extends Error {
  override readonly name = 'ServiceError';

  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function toIpcError(error: unknown, onDefect?: (error: unknown) => void): IpcError {
  if (error instanceof ServiceError) return ipcError(error.code, error.message, error.details);
  if (isMonitorError(error)) return ipcError(error.code, error.message);
  if (isLocalnetError(error)) return ipcError(error.code, error.message);
  if (isKeystoreError(error)) return ipcError(error.code, error.message);
  if (isClientError(error)) {
    const { code: _code, message: _message, ...details } = error.toJSON();
    return ipcError(error.code, error.message, Object.keys(details).length > 0 ? details : undefined);
  }
  if (isProtocolError(error)) return ipcError(error.code, error.message);
  onDefect?.(error);
  return ipcError(
    BRIDGE_ERROR_CODES.internal,
    'Votary hit an internal error; the action did not complete. Details are in the log.',
  );
}
