/**
 * When the core's process ends without being asked to, it is started again — a few times, each after a longer
 * wait; a core that keeps failing (a damaged file it trips on at every start, a disk that is full) is left down
 * and the person told, instead of restarting it in a loop that eats the machine.
 */
export interface RestartPolicyOptions {
  /** Restarts allowed within `windowMs` (default 3). */
  maxRestarts?: number;
  /** The window those restarts are counted in (default 60 s): a crash a day restarts every time. */
  windowMs?: number;
  /** The first wait (default 500 ms); each further restart in the window waits twice as long. */
  firstDelayMs?: number;
}

export class RestartPolicy {
  private readonly maxRestarts: number;
  private readonly windowMs: number;
  private readonly firstDelayMs: number;
  private restarts: number[] = [];

  constructor(options: RestartPolicyOptions = {}) {
    this.maxRestarts = options.maxRestarts ?? 3;
    this.windowMs = options.windowMs ?? 60_000;
    this.firstDelayMs = options.firstDelayMs ?? 500;
  }

  /** After a crash at `now`: how long to wait before the next start, or undefined when the core stays down. */
  next(now: number): number | undefined {
    this.restarts = this.restarts.filter((at) => now - at < this.windowMs);
    if (this.restarts.length >= this.maxRestarts) return undefined;
    const delay = this.firstDelayMs * 2 ** this.restarts.length;
    this.restarts.push(now);
    return delay;
  }
}
