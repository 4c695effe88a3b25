// The time limit of one exchange: every redirect and the body together, as crawlers time a fetch,
// so a server cannot stretch it by answering slowly across hops. One class for robots.txt, pages
// and sitemaps; only sitemaps pause it (while the caller handles the URLs of a chunk).

/** Aborts its exchange once `limitMs` of waiting on the server have passed. */
export class Deadline {
  isExpired = false;
  readonly limitMs: number;
  private leftMs: number;
  private startedAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isDisposed = false;
  private readonly onExpire: () => void;

  /** Not running until resume(); `onExpire` aborts the exchange (default: nothing). */
  constructor(limitMs: number, onExpire: () => void = () => {}) {
    this.limitMs = limitMs;
    this.leftMs = limitMs;
    this.onExpire = onExpire;
  }

  /** A deadline already running: for an exchange that is never paused. */
  static started(limitMs: number, onExpire: () => void): Deadline {
    const deadline = new Deadline(limitMs, onExpire);
    deadline.resume();
    return deadline;
  }

  resume(): void {
    if (this.timer !== undefined || this.isExpired || this.isDisposed) return;
    this.startedAt = performance.now();
    this.timer = setTimeout(() => {
      this.isExpired = true;
      this.timer = undefined;
      this.onExpire();
    }, this.leftMs);
  }

  /** Stops the count (the time the caller takes is not the server's); resume() goes on. */
  pause(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.leftMs = Math.max(0, this.leftMs - (performance.now() - this.startedAt));
  }

  /** The exchange is over: the deadline never fires. */
  dispose(): void {
    this.pause();
    this.isDisposed = true;
  }
}
