/**
 * The monitor's refusals, as ServiceErrors so they cross IPC with their code (architecture §4):
 * ERR_MONITOR_IDLE (no network followed yet), ERR_MONITOR_DUPLICATE / ERR_MONITOR_LIMIT (adding a node),
 * ERR_MONITOR_UNKNOWN_NODE / ERR_MONITOR_NOT_REMOVABLE (removing one), ERR_MONITOR_UNKNOWN_DELEGATE (a
 * delegate name the network does not know), ERR_MONITOR_NO_DATA (no block seen yet).
 */
import { ServiceError, type ServiceErrorCode } from '../services/service-error';

/** The monitor's codes are listed once, with the service codes that cross IPC. */
export type MonitorErrorCode = Extract<ServiceErrorCode, `ERR_MONITOR_${string}`>;

export class MonitorError extends ServiceError {
  constructor(code: MonitorErrorCode, message: string) {
    super(code, message);
  }
}
