/** Blocks per second over a sliding window of recent applies (the sync line's rate and its ETA). */
const WINDOW_MS = 10_000;

export class SyncRate {
  private samples: { at: number; height: number }[] = [];

  constructor(private readonly now: () => number) {}

  record(height: number): void {
    const at = this.now();
    this.samples.push({ at, height });
    while (this.samples.length > 2 && this.samples[0]!.at < at - WINDOW_MS) this.samples.shift();
  }

  perSecond(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (first === undefined || last === undefined || last.at < this.now() - WINDOW_MS) return 0;
    const seconds = Math.max((last.at - first.at) / 1000, 1e-3);
    return last === first ? 0 : (last.height - first.height) / seconds;
  }
}
