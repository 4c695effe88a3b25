// The background's one place for errors: each is logged to the extension's console and counted
// per place in the code, for the options page's debug view. Counts live in storage.session, so
// they survive the worker's stops and end with the browser session.
import type { DebugInfo } from '../src/extension/protocol.ts';
import { errorMessage } from '../src/extension/protocol.ts';
import type { StorageArea } from './storage-area.ts';

type Counts = Record<string, { count: number; lastMessage: string; lastAt: number }>;

const KEY = 'debug-errors';
/** Places kept: a bug that reports from ever new places cannot grow the record without bound. */
const MAX_PLACES = 50;

export class ErrorReporter {
  private readonly storage: StorageArea | null;
  private readonly log: (where: string, error: unknown) => void;
  private readonly now: () => number;
  /** Every update chained on the last, so concurrent reports do not lose counts. */
  private counts: Promise<Counts> | null = null;

  /** `storage`: where counts persist (null: memory only); `log`: default console.error. */
  constructor(
    storage: StorageArea | null,
    log: (where: string, error: unknown) => void = (where, error) =>
      console.error(`Robots Lens: ${where}:`, error),
    now: () => number = Date.now,
  ) {
    this.storage = storage;
    this.log = log;
    this.now = now;
  }

  private load(): Promise<Counts> {
    this.counts ??= (async () => {
      if (this.storage === null) return {};
      try {
        const stored = (await this.storage.get(KEY))[KEY];
        return typeof stored === 'object' && stored !== null ? (stored as Counts) : {};
      } catch (error) {
        this.log('error-reporter:load', error);
        return {};
      }
    })();
    return this.counts;
  }

  /** Logs an error and counts it under `where` (e.g. 'badge', 'message:tabReport'). */
  report(where: string, error: unknown): void {
    this.log(where, error);
    this.counts = this.load().then(async (counts) => {
      const entry = counts[where] ?? { count: 0, lastMessage: '', lastAt: 0 };
      const next: Counts = {
        ...counts,
        [where]: { count: entry.count + 1, lastMessage: errorMessage(error), lastAt: this.now() },
      };
      const places = Object.keys(next);
      if (places.length > MAX_PLACES) {
        const oldest = places.sort((a, b) => (next[a]?.lastAt ?? 0) - (next[b]?.lastAt ?? 0))[0];
        if (oldest !== undefined) delete next[oldest];
      }
      try {
        await this.storage?.set({ [KEY]: next });
      } catch (failure) {
        // Counting must never fail the caller: the console has the error already.
        this.log('error-reporter:save', failure);
      }
      return next;
    });
  }

  /** A rejection handler that reports under `where`: `promise.catch(errors.catcher('badge'))`. */
  catcher(where: string): (error: unknown) => void {
    return (error) => this.report(where, error);
  }

  /** The counts so far, most recent first. */
  async info(): Promise<DebugInfo> {
    const counts = await this.load();
    return {
      errors: Object.entries(counts)
        .map(([where, c]) => ({ where, ...c }))
        .sort((a, b) => b.lastAt - a.lastAt),
    };
  }
}
