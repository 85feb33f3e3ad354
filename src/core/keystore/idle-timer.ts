/**
 * Auto-lock: one timer, re-armed by every use of the unlocked vault, fires `onIdle` after `delayMs` without use.
 * The timer is unref'd so an unlocked vault never keeps a CLI or test process alive on its own.
 */
export class IdleTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private delayMs: number,
    private readonly onIdle: () => void,
  ) {}

  /** 0 (or less) turns auto-lock off. Takes effect at the next `touch`. */
  setDelay(delayMs: number): void {
    this.delayMs = delayMs;
  }

  get delay(): number {
    return this.delayMs;
  }

  touch(): void {
    this.stop();
    if (this.delayMs <= 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onIdle();
    }, this.delayMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
