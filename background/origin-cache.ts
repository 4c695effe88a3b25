// Per-origin cache of robots.txt fetches in extension storage (`robots:<origin>`), so it outlives
// the background's stops and browser restarts: at most 500 origins and a byte budget, least
// recently used first out; one fetch at a time per origin; expired entries purged.
import { CACHE_REQUESTS, type CacheRequest, type RobotsFetch } from '../src/policy.ts';
import { BoundedStore } from './bounded-store.ts';
import type { StorageArea } from './storage-area.ts';

/** The stored form of a fetch. Bump the version with a migration in `readEntry`. */
export interface CacheEntry extends RobotsFetch {
  schemaVersion: 2;
  /**
   * The body differs from the version seen before it (the version store holds that one): only
   * then does a report read the versions, so a popup opening on a cached file reads no more.
   */
  changed: boolean;
}

/** What a fetch gives the cache: the facts, and whether the body changed (default: no). */
export type FreshFetch = Omit<RobotsFetch, 'origin'> & { changed?: boolean };

/** A fetch as the cache hands it out: the entry, and whether it came from the cache. */
export type CachedFetch = RobotsFetch & { changed: boolean; fromCache: boolean };

export const CACHE_SCHEMA_VERSION = 2;
/** At most this many origins stay cached. */
export const MAX_CACHED_ORIGINS = 500;
/** Bodies kept in all; with the version store's budget, under storage.local's 10 MB quota. */
export const MAX_CACHE_BYTES = 6_000_000;

/** Bytes an entry takes, estimated: two per character of its body, and some for the rest. */
function sizeOf(entry: CacheEntry): number {
  return 512 + 2 * (entry.outcome.kind === 'ok' ? entry.outcome.text.length : 0);
}

/**
 * A stored value as a current entry, or null. Version 1 (before 2026-11-23) had no version and
 * kept the previous body in `previousText`; the version store keeps versions now, so it is
 * dropped. TODO(2026-12): drop the version 1 reading; such entries expire within 24 hours.
 */
export function readEntry(value: unknown): CacheEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    typeof v['origin'] !== 'string' ||
    typeof v['fetchedAt'] !== 'number' ||
    typeof v['expiresAt'] !== 'number' ||
    typeof v['outcome'] !== 'object' ||
    v['outcome'] === null
  )
    return null;
  const version = v['schemaVersion'] ?? 1;
  if (version !== 1 && version !== CACHE_SCHEMA_VERSION) return null;
  return {
    schemaVersion: CACHE_SCHEMA_VERSION,
    origin: v['origin'],
    outcome: v['outcome'] as RobotsFetch['outcome'],
    fetchedAt: v['fetchedAt'],
    expiresAt: v['expiresAt'],
    // Added 2026-11 without a schema bump: an entry without it (or with another value) has none.
    ...(CACHE_REQUESTS.includes(v['cacheRequest'] as CacheRequest)
      ? { cacheRequest: v['cacheRequest'] as CacheRequest }
      : {}),
    changed: v['changed'] === true,
  };
}

export class OriginCache {
  private readonly inFlight = new Map<string, Promise<CachedFetch>>();
  private readonly store: BoundedStore<CacheEntry>;
  private readonly now: () => number;

  /** Defaults: Date.now, 500 origins, 6 MB of bodies. */
  constructor(
    storage: StorageArea,
    now: () => number = Date.now,
    maxOrigins = MAX_CACHED_ORIGINS,
    maxBytes = MAX_CACHE_BYTES,
  ) {
    this.now = now;
    this.store = new BoundedStore(storage, {
      prefix: 'robots:',
      indexKey: 'robots-index',
      maxItems: maxOrigins,
      maxBytes,
      sizeOf,
      read: readEntry,
      now,
    });
  }

  get(origin: string): Promise<CacheEntry | null> {
    return this.store.get(origin);
  }

  /** Stores a fetch as just used (`changed`: its body differs from the version before). */
  async put(fetched: RobotsFetch, changed = false): Promise<CacheEntry> {
    const entry: CacheEntry = { schemaVersion: CACHE_SCHEMA_VERSION, ...fetched, changed };
    await this.store.put(fetched.origin, entry);
    return entry;
  }

  /** Marks an origin as just used (keeps it from eviction). */
  touch(origin: string): Promise<void> {
    return this.store.touch(origin);
  }

  /** Removes entries whose lifetime ended (called from an alarm: a worker can stop any time). */
  async purgeExpired(): Promise<number> {
    const entries = await this.store.getMany(await this.store.ids());
    const expired = [...entries]
      .filter(([, entry]) => entry === null || entry.expiresAt <= this.now())
      .map(([origin]) => origin);
    await this.store.remove(expired);
    return expired.length;
  }

  /** Removes every entry; returns how many origins were cached. */
  clear(): Promise<number> {
    return this.store.clear();
  }

  /**
   * The fetch for an origin: the fresh cached entry, or one fetch shared by every caller asking
   * meanwhile. `force` (a manual refresh) bypasses the cache.
   */
  report(
    origin: string,
    fetchOutcome: () => Promise<FreshFetch>,
    force = false,
  ): Promise<CachedFetch> {
    const running = this.inFlight.get(origin);
    if (running !== undefined) return running;
    const job = (async (): Promise<CachedFetch> => {
      if (!force) {
        const cached = await this.get(origin);
        if (cached !== null && cached.expiresAt > this.now()) {
          await this.touch(origin);
          return { ...withoutVersion(cached), fromCache: true };
        }
      }
      const { changed = false, ...fresh } = await fetchOutcome();
      const entry = await this.put({ origin, ...fresh }, changed);
      return { ...withoutVersion(entry), fromCache: false };
    })();
    this.inFlight.set(origin, job);
    const done = () => this.inFlight.delete(origin);
    job.then(done, done);
    return job;
  }
}

function withoutVersion(entry: CacheEntry): RobotsFetch & { changed: boolean } {
  const { schemaVersion: _, ...fetched } = entry;
  return fetched;
}
