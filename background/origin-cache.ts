// Per-origin cache of robots.txt fetches in extension storage (`robots:<origin>`), so it outlives
// the background's stops and browser restarts: at most 500 origins and a byte budget counted as
// Chromium charges storage.local, least recently used first out; bodies stored gzipped when that
// is smaller; one fetch at a time per origin; expired entries purged.

import type { ChangeSeverityLevel } from '../src/extension/history/severity.ts';
import {
  CACHE_REQUESTS,
  type CacheRequest,
  type ObservedOutcome,
  type Outcome,
  type RobotsFetch,
} from '../src/policy.ts';
import { BoundedStore } from './bounded-store.ts';
import { type PackedText, packText, readPackedText, unpackText } from './packed-text.ts';
import type { StorageArea } from './storage-area.ts';
import { storedSize } from './stored-size.ts';

/** A fetch as the cache holds it, with its text (what `get` returns). */
export interface CacheEntry extends RobotsFetch {
  schemaVersion: 3;
  /**
   * The body differs from the version seen before it (the version store holds that one): only
   * then does a report read the versions, so a popup opening on a cached file reads no more.
   */
  changed: boolean;
  /**
   * When `changed`: how much the change matters for the robots the user had then (critical,
   * warning, info: src/extension/history/severity.ts); null or absent otherwise (entries before 2026-11-23).
   */
  changeSeverity?: ChangeSeverityLevel | null;
}

type OkOutcome = Extract<Outcome, { kind: 'ok' }>;

/** An outcome as stored: an 'ok' one keeps its text packed in `body` (maybe gzipped). */
export type StoredOutcome =
  | Exclude<ObservedOutcome, { kind: 'ok' }>
  | (Omit<OkOutcome, 'text'> & { body: PackedText });

/** The stored form of a fetch. Bump the version with a migration in `readEntry`. */
export interface StoredEntry extends Omit<CacheEntry, 'outcome'> {
  outcome: StoredOutcome;
}

/** What a fetch gives the cache: the facts, whether the body changed (default: no) and how much. */
export type FreshFetch = Omit<RobotsFetch, 'origin'> & {
  changed?: boolean;
  changeSeverity?: ChangeSeverityLevel | null;
};

/** A fetch as the cache hands it out: the entry, and whether it came from the cache. */
export type CachedFetch = RobotsFetch & {
  changed: boolean;
  changeSeverity?: ChangeSeverityLevel | null;
  fromCache: boolean;
};

const SEVERITIES: readonly ChangeSeverityLevel[] = ['critical', 'warning', 'info'];

export const CACHE_SCHEMA_VERSION = 3;
/** At most this many origins stay cached. */
export const MAX_CACHED_ORIGINS = 500;
/**
 * Bytes the entries may be charged in all (keys and JSON, as Chromium counts). 4,000,000 since the
 * history of versions (issue 16) takes 5,000,000 (MAX_VERSION_BYTES, its index included): 9,000,000
 * of storage.local's 10,485,760, the rest headroom for the cache's index (about 80 bytes an
 * origin, 40,000), the settings' local copy (7,168 at most), number writing, and the item a store
 * writes before it removes the ones it evicts (at most 262,144 here, 524,288 for a history).
 */
export const MAX_CACHE_BYTES = 4_000_000;
/**
 * An entry charged more is not stored, only kept in memory while the worker runs: a few huge or
 * hostile files (512,000 random bytes still take 549,000 gzipped) cannot push out the many
 * ordinary ones. A 512,000-byte file of distinct rules takes about 117,000 gzipped.
 */
export const MAX_ENTRY_BYTES = 262_144;
/** Entries kept in memory when storing them failed or they were too large, most recent last. */
const MAX_UNSTORED = 8;

const KEY_PREFIX = 'robots:';

/** Sizes already counted, by stored object (the store's memory mirror asks again on each read). */
const sizes = new WeakMap<object, number>();

/** Bytes storage.local charges for an entry under its key. */
function sizeOf(entry: StoredEntry): number {
  let size = sizes.get(entry);
  if (size === undefined) {
    size = storedSize(KEY_PREFIX + entry.origin, entry);
    sizes.set(entry, size);
  }
  return size;
}

function readOutcome(value: unknown, version: number): StoredOutcome | null {
  if (typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  if (o['kind'] !== 'ok') return o as StoredOutcome;
  // Versions 1 and 2 kept the text as it is in `text`.
  const body = version < 3 ? readPackedText({ text: o['text'] }) : readPackedText(o['body']);
  if (body === null) return null;
  const { text: _, body: __, ...facts } = o;
  return { ...(facts as Omit<OkOutcome, 'text'>), body };
}

/**
 * A stored value as an entry of the current schema, or null. Version 1 (before 2026-11-23) had no
 * version and kept the previous body in `previousText`; the version store keeps versions now, so
 * it is dropped. Version 2 (before 2026-11-30) kept the text unpacked in `outcome.text`.
 * TODO(2026-12): drop the reading of versions 1 and 2; such entries expire within 24 hours.
 */
function readEntry(value: unknown): StoredEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    typeof v['origin'] !== 'string' ||
    typeof v['fetchedAt'] !== 'number' ||
    typeof v['expiresAt'] !== 'number'
  )
    return null;
  const version = v['schemaVersion'] ?? 1;
  if (version !== 1 && version !== 2 && version !== CACHE_SCHEMA_VERSION) return null;
  const outcome = readOutcome(v['outcome'], version);
  if (outcome === null) return null;
  return {
    schemaVersion: CACHE_SCHEMA_VERSION,
    origin: v['origin'],
    outcome,
    fetchedAt: v['fetchedAt'],
    expiresAt: v['expiresAt'],
    // Added 2026-11 without a schema bump: an entry without it (or with another value) has none.
    ...(CACHE_REQUESTS.includes(v['cacheRequest'] as CacheRequest)
      ? { cacheRequest: v['cacheRequest'] as CacheRequest }
      : {}),
    changed: v['changed'] === true,
    // Added 2026-11-23 without a schema bump, as cacheRequest.
    ...(SEVERITIES.includes(v['changeSeverity'] as ChangeSeverityLevel)
      ? { changeSeverity: v['changeSeverity'] as ChangeSeverityLevel }
      : {}),
  };
}

/** An entry in its stored form, the text packed. */
async function packEntry(entry: CacheEntry): Promise<StoredEntry> {
  if (entry.outcome.kind !== 'ok') return { ...entry, outcome: entry.outcome };
  const { text, ...facts } = entry.outcome;
  return { ...entry, outcome: { ...facts, body: await packText(text) } };
}

/** An entry with its text, or null when the text does not decode (never throws). */
async function unpackEntry(stored: StoredEntry): Promise<CacheEntry | null> {
  if (stored.outcome.kind !== 'ok') return { ...stored, outcome: stored.outcome };
  const { body, ...facts } = stored.outcome;
  const text = await unpackText(body);
  return text === null ? null : { ...stored, outcome: { ...facts, text } };
}

export class OriginCache {
  private readonly inFlight = new Map<string, Promise<CachedFetch>>();
  private readonly store: BoundedStore<StoredEntry>;
  private readonly now: () => number;
  /** Stored entries already unpacked: the store's memory mirror hands out the same object. */
  private readonly unpacked = new WeakMap<StoredEntry, CacheEntry>();
  /**
   * Entries that could not be stored (too large, or storage refused them), newest last: the
   * report and its text stay available while the worker runs, without a fetch on every load.
   */
  private readonly unstored = new Map<string, CacheEntry>();
  private clears = 0;

  /** Defaults: Date.now, 500 origins, 4,000,000 bytes as storage.local charges them. */
  constructor(
    storage: StorageArea,
    now: () => number = Date.now,
    maxOrigins = MAX_CACHED_ORIGINS,
    maxBytes = MAX_CACHE_BYTES,
  ) {
    this.now = now;
    this.store = new BoundedStore(storage, {
      prefix: KEY_PREFIX,
      indexKey: 'robots-index',
      maxItems: maxOrigins,
      maxBytes,
      sizeOf,
      read: readEntry,
      now,
    });
  }

  /** The entry of an origin with its text, or null when absent or unreadable (never throws). */
  async get(origin: string): Promise<CacheEntry | null> {
    const unstored = this.unstored.get(origin);
    if (unstored !== undefined) return unstored;
    const stored = await this.store.get(origin);
    if (stored === null) return null;
    const known = this.unpacked.get(stored);
    if (known !== undefined) return known;
    const entry = await unpackEntry(stored);
    if (entry !== null) this.unpacked.set(stored, entry);
    return entry;
  }

  /**
   * Stores a fetch as just used (`changed`: its body differs from the version before). Throws when
   * storage refuses it even after the store's eviction; the entry is then kept in memory.
   */
  async put(fetched: RobotsFetch, changed = false): Promise<CacheEntry> {
    const entry: CacheEntry = { schemaVersion: CACHE_SCHEMA_VERSION, ...fetched, changed };
    if (entry.outcome.kind === 'unknown') {
      // No answer of the site's (the browser did not report a hop): kept in memory for its short
      // life, never written, and never over the last real answer storage holds.
      this.keepUnstored(entry);
      return entry;
    }
    const stored = await packEntry(entry);
    if (sizeOf(stored) > MAX_ENTRY_BYTES) {
      // Not worth other origins' entries: whatever storage held for the origin is now stale.
      this.keepUnstored(entry);
      await this.store.remove([fetched.origin]).catch(() => undefined); // stale either way
      return entry;
    }
    try {
      await this.store.put(fetched.origin, stored);
    } catch (error) {
      this.keepUnstored(entry);
      throw error;
    }
    this.unstored.delete(fetched.origin);
    this.unpacked.set(stored, entry);
    return entry;
  }

  private keepUnstored(entry: CacheEntry): void {
    this.unstored.delete(entry.origin);
    this.unstored.set(entry.origin, entry);
    for (const origin of this.unstored.keys()) {
      if (this.unstored.size <= MAX_UNSTORED) break;
      this.unstored.delete(origin);
    }
  }

  /** Marks an origin as just used (keeps it from eviction). */
  touch(origin: string): Promise<void> {
    return this.store.touch(origin);
  }

  /** Removes entries whose lifetime ended (called from an alarm: a worker can stop any time). */
  async purgeExpired(): Promise<number> {
    for (const [origin, entry] of this.unstored)
      if (entry.expiresAt <= this.now()) this.unstored.delete(origin);
    const entries = await this.store.getMany(await this.store.ids());
    const expired = [...entries]
      .filter(([, entry]) => entry === null || entry.expiresAt <= this.now())
      .map(([origin]) => origin);
    await this.store.remove(expired);
    return expired.length;
  }

  /**
   * How many times the cache was cleared: a fetch that began before a clear (the last private
   * window closed while it ran) must not write its entry after it.
   */
  get generation(): number {
    return this.clears;
  }

  /** Removes every entry; returns how many origins were cached. */
  clear(): Promise<number> {
    this.clears++;
    this.unstored.clear();
    return this.store.clear();
  }

  /**
   * The fetch for an origin: the fresh cached entry, or one fetch shared by every caller asking
   * meanwhile. `force` (a manual refresh) bypasses the cache. Storage failing (quota) never fails
   * the report: the fresh fetch is handed out uncached.
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
          // Only the use time: a refused write costs the entry its place, not the report.
          await this.touch(origin).catch(() => undefined); // costs its LRU place only
          return { ...withoutVersion(cached), fromCache: true };
        }
      }
      const generation = this.clears;
      const { changed = false, ...fresh } = await fetchOutcome();
      const fetched: RobotsFetch = { origin, ...fresh };
      // Cleared meanwhile: the caller gets its report, the emptied store stays empty.
      if (this.clears !== generation) return { ...fetched, changed, fromCache: false };
      const entry = await this.put(fetched, changed).catch(
        (): CacheEntry => ({ schemaVersion: CACHE_SCHEMA_VERSION, ...fetched, changed }),
      );
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
