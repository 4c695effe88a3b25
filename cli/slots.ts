// At most N pieces of work at once, the others waiting their turn in order: the robots.txt
// fetches of a run (sources.ts), and the audit's pages, in all and per host (audit.ts).

/** At most `n` at once; the others wait their turn in order. A finished one hands its slot on. */
export class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly n: number;

  constructor(n: number) {
    this.n = n;
  }

  /** Nothing runs and nothing waits. */
  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }

  /** Runs `work` when a slot is free; its result or error is the caller's. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.n) await new Promise<void>((r) => this.waiting.push(r));
    else this.active++;
    try {
      return await work();
    } finally {
      // Handed straight to the next in line: no one arriving meanwhile takes the slot first.
      const next = this.waiting.shift();
      if (next === undefined) this.active--;
      else next();
    }
  }
}

/**
 * How many pieces of work are parked: waiting on something of their own (their host's
 * Retry-After, crawl-delay or per-host limit), so that work behind them may go ahead. The one
 * listener (the ordered window of inputs.ts) hears each that parks.
 */
export class Parked {
  count = 0;
  onPark: (() => void) | null = null;

  /** Runs `wait` parked: counted while it waits. */
  async during<T>(wait: Promise<T>): Promise<T> {
    this.count++;
    this.onPark?.();
    try {
      return await wait;
    } finally {
      this.count--;
    }
  }
}
