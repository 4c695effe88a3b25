// The pages of each site the user visited, kept only when the user turns it on (settings'
// rememberPaths) and never for a private window: at most 200 paths per site (src/extension/history/
// seen-paths.ts) and MAX_SEEN_SITE_BYTES, 100 sites and 500,000 bytes as Chromium charges
// storage.local, least recently visited site first out. The History view checks them against each
// robots.txt change.
//
// Visits are gathered in memory and written at most once per site every SEEN_FLUSH_MS (issue 41:
// a page calling history.pushState 1,650 times in 10 s made 2,034 storage writes, 3.0 MB, one per
// change of URL). An MV3 worker may stop at any moment: what it can lose is the last SEEN_FLUSH_MS
// of visits of each site (the worker is kept alive by the very tab events that bring them, and
// runtime.onSuspend flushes where the browser fires it). The paths are a sample of the site that a
// robots.txt change is checked against, not a record: a path lost is seen again on the next visit.
import {
  addSeen,
  MAX_SEEN_PATHS,
  readSeen,
  type SeenPaths,
  seenOriginOf,
  seenUrls,
} from '../src/extension/history/seen-paths.ts';
import { BoundedStore } from './bounded-store.ts';
import type { SettingsService } from './settings-service.ts';
import type { StorageArea } from './storage-area.ts';
import { storedSize } from './stored-size.ts';

export const MAX_SEEN_ORIGINS = 100;
/**
 * With the cache's 4,000,000, the history's 5,000,000 and the saved test URLs' 200,000
 * (saved-urls-store.ts): 9,700,000 of storage.local's 10,485,760. The 785,760 left cover the
 * indexes (about 80 bytes an origin: 500 cached, 500 versioned, 100 seen, 200 saved: 104,000),
 * the settings' local copy (7,168 at most) and the item a store writes before it removes the ones
 * it evicts (524,288 at most, a history's).
 */
export const MAX_SEEN_BYTES = 500_000;
/**
 * One site's paths are charged at most this (its oldest paths dropped past it): 200 paths of 2,048
 * characters would take 420,000, nearly the whole MAX_SEEN_BYTES, so one site pushing long URLs
 * could push every other site out. 200 ordinary paths (about 100 bytes each) take 20,000.
 */
export const MAX_SEEN_SITE_BYTES = 40_000;
/** A site's visits are written at most once in this time (the first visit starts the wait). */
export const SEEN_FLUSH_MS = 2_000;
const PREFIX = 'seen-paths:';

/** What SeenPathsStore takes besides its storage and settings; each has a default. */
export interface SeenPathsOptions {
  /** Default Date.now. */
  now?: () => number;
  /** Default SEEN_FLUSH_MS. */
  flushMs?: number;
  /** A flush that failed on its own timer (storage refused it); default: ignored. */
  onError?: (error: unknown) => void;
}

/** `newer`'s paths first, then `older`'s not in it, within the count and `origin`'s byte budget. */
function merged(origin: string, newer: SeenPaths, older: SeenPaths | null): SeenPaths {
  const taken = new Set(newer.paths.map((p) => p.path));
  const paths = [...newer.paths, ...(older?.paths ?? []).filter((p) => !taken.has(p.path))].slice(
    0,
    MAX_SEEN_PATHS,
  );
  const list = { origin, paths };
  // Most recent first: the oldest go first past the budget.
  while (list.paths.length > 1 && storedSize(PREFIX + origin, list) > MAX_SEEN_SITE_BYTES)
    list.paths.pop();
  return list;
}

export class SeenPathsStore {
  private readonly store: BoundedStore<SeenPaths>;
  private readonly settings: SettingsService;
  private readonly now: () => number;
  private readonly flushMs: number;
  private readonly onError: (error: unknown) => void;
  /** Visits not yet written, per site, most recent first (addSeen keeps them distinct, bounded). */
  private readonly pending = new Map<string, SeenPaths>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Writes and clears, one after another: a flush never lands after a clear begun later. */
  private queue: Promise<void> = Promise.resolve();

  constructor(storage: StorageArea, settings: SettingsService, options: SeenPathsOptions = {}) {
    this.settings = settings;
    this.now = options.now ?? Date.now;
    this.flushMs = options.flushMs ?? SEEN_FLUSH_MS;
    this.onError = options.onError ?? (() => {});
    this.store = new BoundedStore(storage, {
      prefix: PREFIX,
      indexKey: 'seen-paths-index',
      maxItems: MAX_SEEN_ORIGINS,
      maxBytes: MAX_SEEN_BYTES,
      sizeOf: (item) => storedSize(PREFIX + item.origin, item),
      read: readSeen,
      now: this.now,
    });
  }

  /** A page of a normal window was visited: kept when the user asked for it, written soon after. */
  async visit(url: string, incognito: boolean): Promise<void> {
    if (incognito || !(await this.settings.get()).rememberPaths) return;
    const origin = seenOriginOf(url);
    if (origin === null) return;
    const next = addSeen(this.pending.get(origin) ?? null, url, this.now());
    if (next === null) return;
    this.pending.set(origin, next);
    if (this.timers.has(origin)) return;
    this.timers.set(
      origin,
      setTimeout(() => {
        this.flush(origin).catch(this.onError);
      }, this.flushMs),
    );
  }

  /** Writes the visits gathered for `origin`, or for every site (no argument): one write a site. */
  flush(origin?: string): Promise<void> {
    const origins = origin === undefined ? [...this.pending.keys()] : [origin];
    return this.serially(async () => {
      for (const site of origins) {
        const visits = this.take(site);
        // Turned off meanwhile: what was gathered is not kept either.
        if (visits === null || !(await this.settings.get()).rememberPaths) continue;
        await this.store.put(site, merged(site, visits, await this.store.get(site)));
      }
    });
  }

  /** The URLs of an origin's visited pages, most recent first (none when not kept). */
  async urls(origin: string): Promise<string[]> {
    await this.queue;
    const stored = await this.store.get(origin);
    const visits = this.pending.get(origin);
    return seenUrls(visits === undefined ? stored : merged(origin, visits, stored));
  }

  /** Forgets one site's pages, or every site's (null), the visits not yet written included. */
  clear(origin: string | null): Promise<void> {
    for (const site of origin === null ? [...this.pending.keys()] : [origin]) this.take(site);
    return this.serially(async () => {
      if (origin === null) await this.store.clear();
      else await this.store.remove([origin]);
    });
  }

  /** The site's gathered visits, no longer pending, its timer stopped; null when none. */
  private take(origin: string): SeenPaths | null {
    clearTimeout(this.timers.get(origin));
    this.timers.delete(origin);
    const visits = this.pending.get(origin) ?? null;
    this.pending.delete(origin);
    return visits;
  }

  private serially(work: () => Promise<void>): Promise<void> {
    const run = this.queue.then(work);
    // The next one runs whether this one failed or not; the caller hears of the failure.
    this.queue = run.catch(() => {});
    return run;
  }
}
