/**
 * Errors of the app services, and the one conversion of any failure into the IPC error shape
 * (docs/design/architecture.md "Rules":
 * errors are values with a code and a message a person can act on). Key-store, client, protocol and pool errors
 * keep their own codes; anything else is a defect and says so without leaking its internals.
 */
import type { MonitorErrorCode } from '../monitor/errors';
import type { LocalnetErrorCode } from '../node/controls/errors';
import type { SyncErrorCode } from '../sync/errors';
import type { ContactsErrorCode } from './contacts/errors';
import type { ProfilesErrorCode } from './profiles/errors';
import type { PricesErrorCode } from '../prices/errors';
import type { PreparedErrorCode } from './transactions/prepared-errors';
import { CodedError, isCodedError } from '../../shared/lib/coded-error';
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
  /** The draft is not allowed by the network's milestone at the next height (transactions/drafts.ts `checkNetworkRules`). */
  | 'ERR_NETWORK_RULES'
  /** The explorer's block or transaction is not on this network. */
  | 'ERR_NOT_FOUND'
  /** The node monitor's, declared beside it (src/core/monitor/errors.ts). */
  | MonitorErrorCode
  /** The localnet controls' and the faucet's, declared beside them (src/core/node/controls/errors.ts). */
  | LocalnetErrorCode
  /** A localnet control (or the faucet) asked for while another network is active (localnet/gate.ts). */
  | 'ERR_LOCALNET_ONLY'
  /** settings.json changed under this process (compare before replace, fs/atomic-file.ts). */
  | 'ERR_SETTINGS_CHANGED'
  /** A fee above the ceiling without the person's confirmation (fee-ceiling.ts). */
  | 'ERR_FEE_UNCONFIRMED'
  /** A plain-http node on another machine without the person's confirmation (shared/lib/insecure-url.ts). */
  | 'ERR_PLAIN_HTTP'
  /** An own node asked for the embedded localnet, which runs here already (follower/own-nodes.ts). */
  | 'ERR_OWN_NODE_REMOTE_ONLY'
  /** An own node could not open its chain (its folder is held by another process, the disk refused…). */
  | 'ERR_OWN_NODE_FAILED'
  /** The follower's, declared beside it (src/core/sync/errors.ts): why an own node cannot follow its peers. */
  | SyncErrorCode
  /** The contact book's, declared beside it (services/contacts/errors.ts). */
  | ContactsErrorCode
  /** The profile list's, declared beside it (services/profiles/errors.ts). */
  | ProfilesErrorCode
  /** A prepared transaction's, declared beside it (services/transactions/prepared-errors.ts). */
  | PreparedErrorCode
  /** The price sources', declared beside them (src/core/prices/errors.ts). */
  | PricesErrorCode;

export class ServiceError extends CodedError<ServiceErrorCode> {
  override readonly name = 'ServiceError';
}

export function toIpcError(error: unknown, onDefect?: (error: unknown) => void): IpcError {
  // Every module's refusals (protocol, key store, client, pool, node, monitor, localnet, services) carry their code.
  if (isCodedError(error)) return ipcError(error.code, error.message, error.details);
  onDefect?.(error);
  return ipcError(
    BRIDGE_ERROR_CODES.internal,
    'Votary hit an internal error; the action did not complete. Details are in the log.',
  );
}
