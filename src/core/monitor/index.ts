export { NodeMonitor, type NodeMonitorOptions } from './monitor';
export type { MonitorTarget } from './target';
export type { VaultWallets } from './interest';
export { MonitorError, type MonitorErrorCode } from './errors';
export { DEFAULT_MONITOR_SETTINGS } from './settings';
export * as monitorViews from './views';
