// A clock for the audit's tests (AuditOptions' now and sleep): its timers fire only when the test
// advances it, the earliest first, so a test says what has happened before any wait is over.

export function testClock() {
  let now = 1_000_000;
  const timers: { at: number; fire: () => void }[] = [];
  return {
    start: now,
    now: () => now,
    sleep: (ms: number) => new Promise<void>((fire) => timers.push({ at: now + ms, fire })),
    /** Timers set and not fired. */
    get pending(): number {
      return timers.length;
    },
    /** Fires the earliest timer, the clock moved to its time; false when none is set. */
    advance(): boolean {
      timers.sort((a, b) => a.at - b.at);
      const timer = timers.shift();
      if (timer === undefined) return false;
      now = Math.max(now, timer.at);
      timer.fire();
      return true;
    },
  };
}
