// Per-origin cache of robots.txt fetches in extension storage (`robots:<origin>`), so it outlives
// the background's stops and browser restarts: at most 500 origins and a byte budget, least
// recently used first out; one fetch at a time per origin; the previous version kept.
import type { OriginReport } from '../src/messages.ts';
import type { Outcome } from '../src/policy.ts';
import { KEYS, MAX_CACHED_ORIGINS } from '../src/settings.ts';

/** The part of storage.local / storage.session the cache uses (the one seam tests stub). */
export interface StorageLike {
  get(keys: string | string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export interface CacheEntry {
  origin: string;
  outcome: Outcome;
  fetchedAt: number;
  expiresAt: number;
  previousText: string | null;
}

/** origin → last use (ms), with each entry's size, for eviction. */
type Index = Record<string, { usedAt: number; bytes: number }>;

/** Use times closer than this are not written again (a popup opened twice writes nothing). */
const TOUCH_PRECISION_MS = 60_000;

/** Bodies kept in all, well under storage.local's 10 MB quota without unlimitedStorage. */
export const MAX_CACHE_BYTES = 8_000_000;

function sizeOf(entry: CacheEntry): number {
  const text = entry.outcome.kind === 'ok' ? entry.outcome.text.length : 0;
  return 512 + 2 * (text + (entry.previousText?.length ?? 0));
}

function isEntry(value: unknown): value is CacheEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['origin'] === 'string' &&
    typeof v['fetchedAt'] === 'number' &&
    typeof v['outcome'] === 'object'
  );
}

export class OriginCache {
  private readonly inFlight = new Map<string, Promise<OriginReport>>();
  private readonly storage: StorageLike;
  private readonly now: () => number;
  private readonly maxOrigins: number;
  private readonly maxBytes: number;

  /** Defaults: Date.now, 500 origins, 8 MB of bodies. */
  constructor(
    storage: StorageLike,
    now: () => number = Date.now,
    maxOrigins = MAX_CACHED_ORIGINS,
    maxBytes = MAX_CACHE_BYTES,
  ) {
    this.storage = storage;
    this.now = now;
    this.maxOrigins = maxOrigins;
    this.maxBytes = maxBytes;
  }

  private async index(): Promise<Index> {
    const got = await this.storage.get(KEYS.cacheIndex);
    const index = got[KEYS.cacheIndex];
    return typeof index === 'object' && index !== null ? (index as Index) : {};
  }

  async get(origin: string): Promise<CacheEntry | null> {
    const key = KEYS.cachePrefix + origin;
    const entry = (await this.storage.get(key))[key];
    return isEntry(entry) ? entry : null;
  }

  /** Stores a fetch, keeping the previous body when it changed; evicts the least recently used. */
  async put(
    origin: string,
    outcome: Outcome,
    fetchedAt: number,
    expiresAt: number,
  ): Promise<CacheEntry> {
    const old = await this.get(origin);
    const oldText = old?.outcome.kind === 'ok' ? old.outcome.text : null;
    const newText = outcome.kind === 'ok' ? outcome.text : null;
    const previousText =
      oldText !== null && oldText !== newText ? oldText : (old?.previousText ?? null);
    const entry: CacheEntry = { origin, outcome, fetchedAt, expiresAt, previousText };
    const index = await this.index();
    index[origin] = { usedAt: this.now(), bytes: sizeOf(entry) };
    const evicted = this.evict(index, origin);
    try {
      await this.storage.set({ [KEYS.cachePrefix + origin]: entry, [KEYS.cacheIndex]: index });
    } catch {
      // Storage full: drop the older half and try once more (webext-storage-cache does the same).
      const older = Object.keys(index)
        .filter((o) => o !== origin)
        .sort((a, b) => (index[a]?.usedAt ?? 0) - (index[b]?.usedAt ?? 0));
      const dropped = older.slice(0, Math.ceil(older.length / 2));
      for (const o of dropped) delete index[o];
      evicted.push(...dropped);
      await this.storage.remove(dropped.map((o) => KEYS.cachePrefix + o));
      await this.storage.set({ [KEYS.cachePrefix + origin]: entry, [KEYS.cacheIndex]: index });
    }
    if (evicted.length > 0) await this.storage.remove(evicted.map((o) => KEYS.cachePrefix + o));
    return entry;
  }

  /** Removes least recently used origins until the count and byte budget hold; returns them. */
  private evict(index: Index, keep: string): string[] {
    const origins = Object.keys(index).sort(
      (a, b) => (index[a]?.usedAt ?? 0) - (index[b]?.usedAt ?? 0),
    );
    let bytes = origins.reduce((sum, o) => sum + (index[o]?.bytes ?? 0), 0);
    let count = origins.length;
    const evicted: string[] = [];
    for (const o of origins) {
      if (count <= this.maxOrigins && bytes <= this.maxBytes) break;
      if (o === keep) continue;
      bytes -= index[o]?.bytes ?? 0;
      count--;
      delete index[o];
      evicted.push(o);
    }
    return evicted;
  }

  /** Marks an origin as just used (keeps it from eviction); a minute's precision is enough. */
  async touch(origin: string): Promise<void> {
    const index = await this.index();
    const item = index[origin];
    if (item === undefined || this.now() - item.usedAt < TOUCH_PRECISION_MS) return;
    item.usedAt = this.now();
    await this.storage.set({ [KEYS.cacheIndex]: index });
  }

  /** Removes entries whose lifetime ended (called from an alarm: a worker can stop any time). */
  async purgeExpired(): Promise<number> {
    const index = await this.index();
    const origins = Object.keys(index);
    if (origins.length === 0) return 0;
    const entries = await this.storage.get(origins.map((o) => KEYS.cachePrefix + o));
    const expired = origins.filter((o) => {
      const entry = entries[KEYS.cachePrefix + o];
      return !isEntry(entry) || entry.expiresAt <= this.now();
    });
    for (const o of expired) delete index[o];
    await this.storage.remove(expired.map((o) => KEYS.cachePrefix + o));
    await this.storage.set({ [KEYS.cacheIndex]: index });
    return expired.length;
  }

  /** Removes every entry; returns how many origins were cached. */
  async clear(): Promise<number> {
    const origins = Object.keys(await this.index());
    await this.storage.remove([KEYS.cacheIndex, ...origins.map((o) => KEYS.cachePrefix + o)]);
    return origins.length;
  }

  /**
   * The report for an origin: the fresh cached entry, or one fetch shared by every caller asking
   * meanwhile. `force` (a manual refresh) bypasses the cache.
   */
  report(
    origin: string,
    fetchOutcome: () => Promise<Omit<CacheEntry, 'origin' | 'previousText'>>,
    force = false,
  ): Promise<OriginReport> {
    const running = this.inFlight.get(origin);
    if (running !== undefined) return running;
    const job = (async (): Promise<OriginReport> => {
      if (!force) {
        const cached = await this.get(origin);
        if (cached !== null && cached.expiresAt > this.now()) {
          await this.touch(origin);
          return { ...cached, fromCache: true };
        }
      }
      const fresh = await fetchOutcome();
      const entry = await this.put(origin, fresh.outcome, fresh.fetchedAt, fresh.expiresAt);
      return { ...entry, fromCache: false };
    })();
    this.inFlight.set(origin, job);
    const done = () => this.inFlight.delete(origin);
    job.then(done, done);
    return job;
  }
}
