/** What a NodeMonitor (monitor.ts) is made with: its database file, the vault's wallets, its callbacks. */
import type { NodeClientOptions } from '../client';
import type { MonitorAlertView, MonitorUpdateEvent } from '../../shared/domain/monitor';
import type { VaultWallets } from './interest';

export interface NodeMonitorOptions {
  /** The database file (`<dataDir>/monitor.db`). */
  file: string;
  now?: () => number;
  vault?: VaultWallets;
  client?: NodeClientOptions;
  /** Blocks backfilled on a fresh start (default 2,000). */
  backfillBlocks?: number;
  /** Pages of 100 blocks read per cycle (default 5). */
  pagesPerCycle?: number;
  onUpdate?: (event: MonitorUpdateEvent) => void;
  /** A new alert was raised (for notifications and the `monitor:alert` event). */
  onAlert?: (alert: MonitorAlertView) => void;
  onDefect?: (error: unknown) => void;
}
