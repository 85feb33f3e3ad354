/**
 * The localnet controls' refusals (controls.ts, snapshots.ts, faucet.ts), each with a code that crosses IPC as it
 * is (services/service-error.ts `toIpcError`). Declared here, below the services, which list them among the codes
 * the renderer can receive.
 */
import { CodedError } from '../../../shared/lib/coded-error';

export type LocalnetErrorCode =
  | 'ERR_SNAPSHOT_EXISTS'
  | 'ERR_SNAPSHOT_UNKNOWN'
  | 'ERR_SNAPSHOT_UNREACHABLE'
  | 'ERR_HEIGHT_OUT_OF_RANGE'
  | 'ERR_DELEGATE_UNKNOWN'
  /** A rollback is under way: the controls wait for it. */
  | 'ERR_LOCALNET_BUSY'
  | 'ERR_FAUCET_UNAVAILABLE'
  | 'ERR_FAUCET_LIMIT';

export class LocalnetError extends CodedError<LocalnetErrorCode> {
  override readonly name = 'LocalnetError';
}
