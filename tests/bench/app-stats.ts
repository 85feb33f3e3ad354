/** Figures of `npm run bench:app`: summaries of repeated timings and of requestAnimationFrame intervals. */

/** One 60 Hz display refresh, ms. */
export const FRAME_MS = 1000 / 60;

export interface Spread {
  median: number;
  worst: number;
  runs: number[];
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, worst: sorted[sorted.length - 1] ?? NaN, runs: [...values] };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface FrameStats {
  frames: number;
  seconds: number;
  meanFps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * Intervals longer than one refresh (16.7 ms) by more than the timer jitter of 2 ms: the page missed a
   * vsync, i.e. at least one frame was dropped.
   */
  over16ms: number;
  /** Intervals longer than two refreshes (33.3 ms + 2 ms): two or more frames dropped in a row. */
  over33ms: number;
  /** Frames whose rendered rows included one still "Loading…" (its page not yet fetched). */
  loadingFrames: number;
}

const JITTER_MS = 2;

export function frameStats(intervals: readonly number[], loadingFrames: number): FrameStats {
  const sorted = [...intervals].sort((a, b) => a - b);
  const total = intervals.reduce((sum, ms) => sum + ms, 0);
  return {
    frames: intervals.length,
    seconds: total / 1000,
    meanFps: intervals.length / (total / 1000),
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1] ?? NaN,
    over16ms: intervals.filter((ms) => ms > FRAME_MS + JITTER_MS).length,
    over33ms: intervals.filter((ms) => ms > 2 * FRAME_MS + JITTER_MS).length,
    loadingFrames,
  };
}
