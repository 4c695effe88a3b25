// The last versions of each origin's robots.txt, kept apart from the 24-hour cache so that a
// change is noticed however long ago the file was last fetched ("changed since the last fetch").
// Texts are stored gzipped when that is smaller, and counted as Chromium charges storage.local.
import { BoundedStore } from './bounded-store.ts';
import { type PackedText, packText, readPackedText, unpackText } from './packed-text.ts';
import type { StorageArea } from './storage-area.ts';
import { storedSize } from './stored-size.ts';

/** One version of a file: its text and when it was first fetched (ms). */
export interface Version {
  text: string;
  seenAt: number;
}

/** An origin's versions, with their texts (what `get` returns). */
export interface OriginVersions {
  schemaVersion: 2;
  current: Version;
  /** The version before `current`, or null when only one was ever seen. */
  previous: Version | null;
}

/** A version as stored: its text packed (maybe gzipped). */
export interface StoredVersion {
  body: PackedText;
  seenAt: number;
}

/** What is stored per origin. Bump the version with a migration in `readVersions`. */
export interface StoredVersions {
  schemaVersion: 2;
  current: StoredVersion;
  previous: StoredVersion | null;
}

/** At most this many origins keep their versions. */
export const MAX_VERSIONED_ORIGINS = 500;
/**
 * Bytes the versions may be charged in all (keys and JSON, as Chromium counts); with the cache's
 * 6,000,000, 9,000,000 of storage.local's 10,485,760 (see MAX_CACHE_BYTES for the headroom).
 */
export const MAX_VERSION_BYTES = 3_000_000;
/**
 * An origin's versions charged more are not stored (the ones stored before stay): a few huge or
 * hostile files cannot push out the many ordinary ones (as the cache's MAX_ENTRY_BYTES).
 */
export const MAX_VERSIONS_BYTES = 524_288;

/** The key is `robots-version:<origin>`; an origin takes at most about 270 bytes. */
const KEY_BYTES = 'robots-version:'.length + 270;

const sizes = new WeakMap<object, number>();

/** Bytes storage.local charges for an origin's versions under their key (the origin estimated). */
export function sizeOf(v: StoredVersions): number {
  let size = sizes.get(v);
  if (size === undefined) {
    size = KEY_BYTES + storedSize('', v);
    sizes.set(v, size);
  }
  return size;
}

function readVersion(value: unknown, schemaVersion: number): StoredVersion | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  // Version 1 (before 2026-11-30) kept the text as it is in `text`.
  const body =
    schemaVersion === 1 ? readPackedText({ text: v['text'] }) : readPackedText(v['body']);
  return body !== null && typeof v['seenAt'] === 'number' ? { body, seenAt: v['seenAt'] } : null;
}

/**
 * A stored value as versions of the current schema, or null. Version 1 kept the texts unpacked.
 * TODO(2027-06): drop the reading of version 1 (versions are kept without an expiry).
 */
export function readVersions(value: unknown): StoredVersions | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const schemaVersion = v['schemaVersion'];
  if (schemaVersion !== 1 && schemaVersion !== 2) return null;
  const current = readVersion(v['current'], schemaVersion);
  if (current === null) return null;
  return { schemaVersion: 2, current, previous: readVersion(v['previous'], schemaVersion) };
}

async function unpackVersion(v: StoredVersion): Promise<Version | null> {
  const text = await unpackText(v.body);
  return text === null ? null : { text, seenAt: v.seenAt };
}

export class VersionStore {
  private readonly store: BoundedStore<StoredVersions>;
  /** Stored versions already unpacked: the store's memory mirror hands out the same object. */
  private readonly unpacked = new WeakMap<StoredVersions, OriginVersions>();

  /** Defaults: Date.now, 500 origins, 3,000,000 bytes as storage.local charges them. */
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
   * null. Writes only when the text is new: the same call repeated returns the same answer. A text
   * too large to keep (MAX_VERSIONS_BYTES) is not recorded and returns null.
   */
  async record(origin: string, text: string, seenAt: number): Promise<string | null> {
    const known = await this.get(origin);
    if (known !== null && known.current.text === text) {
      await this.store.touch(origin);
      return known.previous?.text ?? null;
    }
    const stored: StoredVersions = {
      schemaVersion: 2,
      current: { body: await packText(text), seenAt },
      previous:
        known === null
          ? null
          : { body: await packText(known.current.text), seenAt: known.current.seenAt },
    };
    if (sizeOf(stored) > MAX_VERSIONS_BYTES) return null;
    await this.store.put(origin, stored);
    this.unpacked.set(stored, {
      schemaVersion: 2,
      current: { text, seenAt },
      previous: known?.current ?? null,
    });
    return known?.current.text ?? null;
  }

  /** An origin's versions with their texts, or null when absent or unreadable (never throws). */
  async get(origin: string): Promise<OriginVersions | null> {
    const stored = await this.store.get(origin);
    if (stored === null) return null;
    const known = this.unpacked.get(stored);
    if (known !== undefined) return known;
    const current = await unpackVersion(stored.current);
    if (current === null) return null;
    const previous = stored.previous === null ? null : await unpackVersion(stored.previous);
    const versions: OriginVersions = { schemaVersion: 2, current, previous };
    this.unpacked.set(stored, versions);
    return versions;
  }

  /** Forgets every origin's versions; returns how many there were. */
  clear(): Promise<number> {
    return this.store.clear();
  }
}
