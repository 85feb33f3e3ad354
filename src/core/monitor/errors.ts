/**
 * The monitor's refusals, each with a code that crosses IPC as it is (services/service-error.ts `toIpcError`):
 * ERR_MONITOR_IDLE (no network followed yet), ERR_MONITOR_DUPLICATE / ERR_MONITOR_LIMIT (adding a node),
 * ERR_MONITOR_UNKNOWN_NODE / ERR_MONITOR_NOT_REMOVABLE (removing one), ERR_MONITOR_UNKNOWN_DELEGATE (a
 * delegate name the network does not know), ERR_MONITOR_NO_DATA (no block seen yet). Declared here, below the
 * services, which list them among the codes the renderer can receive.
 */
import { CodedError } from '../../shared/lib/coded-error';

export type MonitorErrorCode =
  | 'ERR_MONITOR_IDLE'
  | 'ERR_MONITOR_DUPLICATE'
  | 'ERR_MONITOR_LIMIT'
  | 'ERR_MONITOR_UNKNOWN_NODE'
  | 'ERR_MONITOR_NOT_REMOVABLE'
  | 'ERR_MONITOR_UNKNOWN_DELEGATE'
  | 'ERR_MONITOR_NO_DATA'
  /** A webhook URL that is not https (or http on this machine): webhook.ts `webhookUrlProblem`. */
  | 'ERR_MONITOR_WEBHOOK';

export class MonitorError extends CodedError<MonitorErrorCode> {
  override readonly name = 'MonitorError';
}
