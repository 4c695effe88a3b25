// The last versions of each origin's robots.txt, kept apart from the 24-hour cache so that a
// change is noticed however long ago the file was last fetched ("changed since the last fetch").
import { BoundedStore } from './bounded-store.ts';
import type { StorageArea } from './storage-area.ts';

/** One version of a file: its text and when it was first fetched (ms). */
export interface Version {
  text: string;
  seenAt: number;
}

/** What is stored per origin. Bump the version with a migration in `readVersions`. */
export interface OriginVersions {
  schemaVersion: 1;
  current: Version;
  /** The version before `current`, or null when only one was ever seen. */
  previous: Version | null;
}

/** At most this many origins keep their versions. */
export const MAX_VERSIONED_ORIGINS = 500;
/** Bodies kept in all; with the cache's 6 MB, under storage.local's 10 MB quota. */
export const MAX_VERSION_BYTES = 3_000_000;

function sizeOf(v: OriginVersions): number {
  return 256 + 2 * (v.current.text.length + (v.previous?.text.length ?? 0));
}

function readVersion(value: unknown): Version | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  return typeof v['text'] === 'string' && typeof v['seenAt'] === 'number'
    ? { text: v['text'], seenAt: v['seenAt'] }
    : null;
}

/** A stored value as versions of the current schema, or null. */
export function readVersions(value: unknown): OriginVersions | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const current = readVersion(v['current']);
  if (v['schemaVersion'] !== 1 || current === null) return null;
  return { schemaVersion: 1, current, previous: readVersion(v['previous']) };
}

export class VersionStore {
  private readonly store: BoundedStore<OriginVersions>;

  /** Defaults: Date.now, 500 origins, 3 MB of bodies. */
  constructor(
    storage: StorageArea,
    now: () => number = Date.now,
    maxOrigins = MAX_VERSIONED_ORIGINS,
    maxBytes = MAX_VERSION_BYTES,
  ) {
    this.store = new BoundedStore(storage, {
      prefix: 'robots-version:',
      indexKey: 'robots-version-index',
      maxItems: maxOrigins,
      maxBytes,
      sizeOf,
      read: readVersions,
      now,
    });
  }

  /**
   * Notes that `origin` serves `text` (fetched at `seenAt`) and returns the version before it, or
   * null. Writes only when the text is new: the same call repeated returns the same answer.
   */
  async record(origin: string, text: string, seenAt: number): Promise<string | null> {
    const known = await this.store.get(origin);
    if (known !== null && known.current.text === text) {
      await this.store.touch(origin);
      return known.previous?.text ?? null;
    }
    await this.store.put(origin, {
      schemaVersion: 1,
      current: { text, seenAt },
      previous: known?.current ?? null,
    });
    return known?.current.text ?? null;
  }

  get(origin: string): Promise<OriginVersions | null> {
    return this.store.get(origin);
  }

  /** Forgets every origin's versions; returns how many there were. */
  clear(): Promise<number> {
    return this.store.clear();
  }
}
