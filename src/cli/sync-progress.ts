/**
 * What `votary node --follow` prints while it syncs: one line every few seconds (a log, a pipe) or one bar
 * redrawn in place (a terminal), and one line when it reaches the peers' height and whenever its state changes.
 */
import type { SyncStatus } from '../core/sync';

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** `syncing: height 1200 of 5000 (24%), 950 blocks/s, about 4 s left` and the other states' lines. */
export function progressLine(status: SyncStatus): string {
  const { height, target } = status;
  switch (status.state) {
    case 'starting':
      return `starting: height ${height}, asking the peers`;
    case 'synced':
      return `synced: height ${height}, the peers' height`;
    case 'stalled':
      // The follower's own words (which peer, what failed; no raw URL), as the app's screens show them.
      return `stalled at height ${height}: ${status.reason || status.error?.message || 'no peer answers'}`;
    case 'stopped':
      return status.error === undefined
        ? `stopped at height ${height}`
        : `stopped at height ${height}: ${status.error.message}`;
    case 'syncing': {
      const percent = target > 0 ? Math.floor((height / target) * 100) : 0;
      const rate = status.blocksPerSecond > 0 ? `, ${Math.round(status.blocksPerSecond)} blocks/s` : '';
      const eta = status.etaSeconds === undefined ? '' : `, about ${duration(status.etaSeconds)} left`;
      return `syncing: height ${height} of ${target} (${percent}%)${rate}${eta}`;
    }
  }
}

/** A 30-cell bar for a terminal. */
export function progressBar(status: SyncStatus): string {
  const cells = 30;
  const filled = status.target > 0 ? Math.min(cells, Math.floor((status.height / status.target) * cells)) : 0;
  return `[${'#'.repeat(filled)}${'.'.repeat(cells - filled)}] ${progressLine(status)}`;
}

export interface ProgressWriter {
  update(status: SyncStatus): void;
  /** Ends a bar being redrawn, so that what follows starts on its own line. */
  end(): void;
}

/**
 * Writes progress: on a terminal, the bar in place (at most 5 times a second); elsewhere a line when the state
 * changes and every `intervalMs` while syncing.
 */
export function progressWriter(
  out: { write(text: string): unknown; isTTY?: boolean },
  now: () => number = Date.now,
  intervalMs = 2_000,
): ProgressWriter {
  let lastState: SyncStatus['state'] | undefined;
  let lastAt = -Infinity;
  let barShown = false;
  return {
    update(status) {
      const changed = status.state !== lastState;
      const due = now() - lastAt >= (out.isTTY === true ? 200 : intervalMs);
      if (!changed && !(status.state === 'syncing' && due)) return;
      lastState = status.state;
      lastAt = now();
      if (out.isTTY === true) {
        out.write(`\r\x1b[2K${status.state === 'syncing' ? progressBar(status) : progressLine(status)}`);
        barShown = true;
        if (status.state !== 'syncing') {
          out.write('\n');
          barShown = false;
        }
      } else {
        out.write(`${progressLine(status)}\n`);
      }
    },
    end() {
      if (barShown) out.write('\n');
      barShown = false;
    },
  };
}
