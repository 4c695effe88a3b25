// The history of each origin's robots.txt (issue 16, items 1 and 4): the versions the extension
// has fetched, kept apart from the 24-hour cache so that a change is noticed however long ago the
// file was last fetched, and so that the History view can show when a rule appeared.
// A version is added only when the content changes; fetching the same text again moves its
// `lastSeen`. Texts are stored gzipped when that is smaller (packed-text.ts), and counted as
// Chromium charges storage.local (stored-size.ts: the key's and the JSON's UTF-8 bytes, per
// extensions/browser/api/storage/settings_storage_quota_enforcer.cc; QUOTA_BYTES 10,485,760).
// Private windows get their own VersionStore over storage.session (main.ts): nothing of theirs
// reaches storage.local.

import type { HistoryImportProblem } from '../src/extension/protocol.ts';
import { MAX_BODY_BYTES } from '../src/policy.ts';
import { BoundedStore } from './bounded-store.ts';
import { type PackedText, packText, readPackedText, unpackText } from './packed-text.ts';
import type { StorageArea } from './storage-area.ts';
import { storedSize } from './stored-size.ts';

/** One version of a file: its text, when it was first fetched and when last (ms since 1970). */
export interface Version {
  text: string;
  firstSeen: number;
  lastSeen: number;
}

/** The newest version of an origin's file and the one before it (what `get` returns). */
export interface OriginVersions {
  current: Version;
  /** The version before `current`, or null when only one is kept. */
  previous: Version | null;
}

/** A version as stored: its text packed (maybe gzipped). */
export interface StoredVersion {
  body: PackedText;
  firstSeen: number;
  lastSeen: number;
}

/** What is stored per origin. Bump the version with a migration in `readVersions`. */
export interface StoredHistory {
  schemaVersion: 3;
  /** Oldest first, never empty, at most MAX_HISTORY_VERSIONS. */
  versions: StoredVersion[];
}

/** An origin's history as exported and imported (JSON). */
export interface HistoryExport {
  format: 'robots-lens-history';
  version: 1;
  origin: string;
  /** Oldest first. */
  versions: Version[];
}

/**
 * Why an import was refused (the protocol's words for each, src/extension/protocol.ts; 'not-json' is the
 * caller's, before the store sees a value). `index` in the result names the version at fault.
 */
export type ImportProblem = Exclude<HistoryImportProblem, 'not-json'>;

/** What `importHistory` did: never an exception. */
export type ImportResult =
  | {
      ok: true;
      origin: string;
      /** Versions kept that the history did not hold (a text it held then only has new times). */
      added: number;
      /** Versions the origin's history holds now. */
      versions: number;
    }
  | { ok: false; problem: ImportProblem; index: number | null };

export const HISTORY_FORMAT = 'robots-lens-history';
export const HISTORY_SCHEMA_VERSION = 3;
/** At most this many versions per origin; the oldest go first. */
export const MAX_HISTORY_VERSIONS = 20;
/** At most this many origins keep a history; the least recently fetched go first. */
export const MAX_VERSIONED_ORIGINS = 500;
/**
 * Bytes the histories may be charged in all, their index included (keys and JSON, as Chromium
 * counts); with the cache's 4,000,000 (MAX_CACHE_BYTES), 9,000,000 of storage.local's 10,485,760.
 */
export const MAX_VERSION_BYTES = 5_000_000;
/**
 * An origin's history charged more drops its oldest versions until it fits; a newest version
 * charged more alone is not stored (the history before it stays): a few huge or hostile files
 * cannot push out the many ordinary ones (as the cache's MAX_ENTRY_BYTES).
 */
export const MAX_VERSIONS_BYTES = 524_288;
/** The same text fetched again within this time of its `lastSeen` writes nothing. */
export const LAST_SEEN_PRECISION_MS = 60_000;

/**
 * The longest origin: a 253-byte host name (RFC 1035 §2.3.4, in punycode), `https://` and a
 * port. Keys and index entries are counted at this length since `sizeOf` does not see the origin.
 */
const MAX_ORIGIN_CHARS = 270;
/**
 * What an origin costs beside its value: its key, and its index entry
 * (`"<origin>":{"usedAt":1700000000000.0,"bytes":524288},` is the origin and 46 bytes).
 */
const ENTRY_BYTES = 'robots-version:'.length + MAX_ORIGIN_CHARS + MAX_ORIGIN_CHARS + 64;
/**
 * Chromium's JSONWriter writes a time above 2^31 as a double, `1700000000000.0`: 2 bytes more
 * than JSON.stringify, for each time stored.
 */
const DOUBLE_BYTES = 2;
/** `{"schemaVersion":3,"versions":[]}` */
const EMPTY_HISTORY_BYTES = storedSize('', { schemaVersion: 3, versions: [] });
/** No fetched text is longer (a fetch keeps at most MAX_BODY_BYTES bytes, RFC 9309 §2.5). */
const MAX_TEXT_CHARS = MAX_BODY_BYTES;

const historySizes = new WeakMap<StoredHistory, number>();
const versionSizes = new WeakMap<StoredVersion, number>();

function versionSize(v: StoredVersion): number {
  let size = versionSizes.get(v);
  if (size === undefined) {
    size = storedSize('', v) + 2 * DOUBLE_BYTES;
    versionSizes.set(v, size);
  }
  return size;
}

/**
 * Bytes storage.local charges for an origin's history under its key, with its index entry (the
 * origin counted at its longest): an upper bound, so the budget holds for the real charge.
 */
export function sizeOf(h: StoredHistory): number {
  let size = historySizes.get(h);
  if (size === undefined) {
    // JSON is counted character by character: the array's size is its items' and their commas.
    size = ENTRY_BYTES + EMPTY_HISTORY_BYTES + Math.max(0, h.versions.length - 1);
    for (const v of h.versions) size += versionSize(v);
    historySizes.set(h, size);
  }
  return size;
}

const isTime = (t: unknown): t is number => typeof t === 'number' && Number.isFinite(t) && t >= 0;

/** A stored version of schema 1 or 2 ({text | body, seenAt}) as one seen only then. */
function readOldVersion(value: unknown, schemaVersion: 1 | 2): StoredVersion | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  // Version 1 (before 2026-11-30) kept the text as it is in `text`.
  const body =
    schemaVersion === 1 ? readPackedText({ text: v['text'] }) : readPackedText(v['body']);
  const seenAt = v['seenAt'];
  return body !== null && isTime(seenAt) ? { body, firstSeen: seenAt, lastSeen: seenAt } : null;
}

function readVersion(value: unknown): StoredVersion | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const body = readPackedText(v['body']);
  const { firstSeen, lastSeen } = v;
  return body !== null && isTime(firstSeen) && isTime(lastSeen)
    ? { body, firstSeen, lastSeen }
    : null;
}

/**
 * A stored value as a history of the current schema, or null. Versions 1 and 2 kept the current
 * version and the one before it, each with the time it was first fetched (`seenAt`): they become
 * two versions first and last seen then (version 1 kept the texts unpacked). Unreadable versions
 * are dropped. TODO(2027-06): drop the reading of versions 1 and 2 (histories do not expire).
 */
export function readVersions(value: unknown): StoredHistory | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const schemaVersion = v['schemaVersion'];
  let versions: StoredVersion[];
  if (schemaVersion === 1 || schemaVersion === 2) {
    // A current version that is unreadable leaves nothing: the one before it is not the newest.
    const current = readOldVersion(v['current'], schemaVersion);
    if (current === null) return null;
    const previous = readOldVersion(v['previous'], schemaVersion);
    versions = previous === null ? [current] : [previous, current];
  } else if (schemaVersion === HISTORY_SCHEMA_VERSION && Array.isArray(v['versions'])) {
    versions = v['versions'].flatMap((item) => readVersion(item) ?? []);
  } else return null;
  return versions.length === 0
    ? null
    : { schemaVersion: 3, versions: versions.slice(-MAX_HISTORY_VERSIONS) };
}

/**
 * `versions` with its oldest dropped past MAX_HISTORY_VERSIONS and until it is charged at most
 * MAX_VERSIONS_BYTES; null when the newest alone is charged more.
 */
function fitted(versions: StoredVersion[]): StoredHistory | null {
  let kept = versions.slice(-MAX_HISTORY_VERSIONS);
  for (;;) {
    const history: StoredHistory = { schemaVersion: 3, versions: kept };
    if (sizeOf(history) <= MAX_VERSIONS_BYTES) return history;
    if (kept.length <= 1) return null;
    kept = kept.slice(1);
  }
}

/** Whether `value` is an http(s) origin as URL serialises it (`https://a.test`, `http://b:8080`). */
function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_ORIGIN_CHARS) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

type Refusal = Extract<ImportResult, { ok: false }>;
const refuse = (problem: ImportProblem, index: number | null = null): Refusal => ({
  ok: false,
  problem,
  index,
});

/** A version being merged: its stored form, its text, and whether the history held it before. */
interface Merging extends StoredVersion {
  text: string;
  isKnown: boolean;
}

export class VersionStore {
  private readonly store: BoundedStore<StoredHistory>;
  private readonly now: () => number;
  /**
   * Texts of the bodies `record` and `get` read (the newest two of an origin), kept while their
   * stored form is: the store's memory mirror hands out the same objects. The older versions are
   * unpacked on demand (`history`), not kept.
   */
  private readonly texts = new WeakMap<PackedText, string | null>();
  /** Each change reads the history, then writes it: every change waits for the one before. */
  private queue: Promise<unknown> = Promise.resolve();

  /** Defaults: Date.now, 500 origins, 5,000,000 bytes as storage.local charges them. */
  constructor(
    storage: StorageArea,
    now: () => number = Date.now,
    maxOrigins = MAX_VERSIONED_ORIGINS,
    maxBytes = MAX_VERSION_BYTES,
  ) {
    this.now = now;
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

  /** Runs `change` after every change queued before it, whether that one succeeded or not. */
  private exclusive<R>(change: () => Promise<R>): Promise<R> {
    const run = this.queue.then(change, change);
    this.queue = run.catch(() => undefined); // the caller gets run's error; the queue only orders
    return run;
  }

  /** The text of a stored version, or null when it does not decode; `keep`: remembered. */
  private async textOf(v: StoredVersion, keep = true): Promise<string | null> {
    const known = this.texts.get(v.body);
    if (known !== undefined) return known;
    const text = await unpackText(v.body);
    if (keep) this.texts.set(v.body, text);
    return text;
  }

  /**
   * Notes that `origin` serves `text` (fetched at `seenAt`, ms) and returns the text of the
   * version before it, or null. A new text becomes a new version; the same text as the newest
   * moves its `lastSeen`, written at most once per LAST_SEEN_PRECISION_MS (the same call repeated
   * returns the same answer). A text too large to keep (MAX_VERSIONS_BYTES) is not recorded and
   * returns null. Throws only what storage throws.
   */
  record(origin: string, text: string, seenAt: number): Promise<string | null> {
    return this.exclusive(() => this.recordNow(origin, text, seenAt));
  }

  private async recordNow(origin: string, text: string, seenAt: number): Promise<string | null> {
    const versions = (await this.store.get(origin))?.versions ?? [];
    const newest = versions.at(-1);
    const newestText = newest === undefined ? null : await this.textOf(newest);
    if (newest !== undefined && newestText === text) {
      const before = versions.at(-2);
      const previousText = before === undefined ? null : await this.textOf(before);
      if (seenAt - newest.lastSeen >= LAST_SEEN_PRECISION_MS) {
        const seen = { ...newest, lastSeen: seenAt };
        await this.store.put(origin, {
          schemaVersion: 3,
          versions: [...versions.slice(0, -1), seen],
        });
      } else await this.store.touch(origin);
      return previousText;
    }
    // A newest version that no longer decodes is replaced: nothing can be compared with it.
    const kept = newestText === null ? versions.slice(0, -1) : versions;
    // A clock set back keeps the versions in order.
    const firstSeen = Math.max(seenAt, kept.at(-1)?.firstSeen ?? seenAt);
    const added: StoredVersion = { body: await packText(text), firstSeen, lastSeen: firstSeen };
    const history = fitted([...kept, added]);
    if (history === null) return null;
    await this.store.put(origin, history);
    this.texts.set(added.body, text);
    return newestText;
  }

  /** An origin's newest version and the one before, or null when none is readable (never throws). */
  async get(origin: string): Promise<OriginVersions | null> {
    const stored = await this.store.get(origin);
    const newest = stored?.versions.at(-1);
    if (stored === null || newest === undefined) return null;
    const text = await this.textOf(newest);
    if (text === null) return null;
    const before = stored.versions.at(-2);
    const previousText = before === undefined ? null : await this.textOf(before);
    return {
      current: { text, firstSeen: newest.firstSeen, lastSeen: newest.lastSeen },
      previous:
        before === undefined || previousText === null
          ? null
          : { text: previousText, firstSeen: before.firstSeen, lastSeen: before.lastSeen },
    };
  }

  /** An origin's versions, oldest first; [] when it has none (unreadable ones left out). */
  async history(origin: string): Promise<Version[]> {
    const stored = await this.store.get(origin);
    if (stored === null) return [];
    const last = stored.versions.length - 1;
    const versions: Version[] = [];
    for (const [i, v] of stored.versions.entries()) {
      const text = await this.textOf(v, i >= last - 1);
      if (text !== null) versions.push({ text, firstSeen: v.firstSeen, lastSeen: v.lastSeen });
    }
    return versions;
  }

  /** An origin's history as JSON-serialisable data for a file (`versions` [] when it has none). */
  async exportHistory(origin: string): Promise<HistoryExport> {
    return { format: HISTORY_FORMAT, version: 1, origin, versions: await this.history(origin) };
  }

  /**
   * Merges an exported history of `siteOrigin` into that origin's (never throws). Versions of the
   * same text next to each other in time become one, first seen at the earliest and last seen at
   * the latest (a text seen again after another is a new version); the MAX_HISTORY_VERSIONS
   * newest by `firstSeen` stay, fewer when the origin's history would be charged over
   * MAX_VERSIONS_BYTES. Times after now are taken as now. Bad input is refused whole, with the
   * problem; so is a file of another origin ('other-origin'): a file could otherwise plant a
   * version for any site, and its next visit would report a change with the file's difference.
   */
  async importHistory(value: unknown, siteOrigin: string): Promise<ImportResult> {
    const checked = await this.checkImport(value, siteOrigin);
    if ('problem' in checked) return checked;
    try {
      return await this.exclusive(() => this.mergeNow(checked.origin, checked.versions));
    } catch {
      return refuse('storage-refused');
    }
  }

  private async checkImport(
    value: unknown,
    siteOrigin: string,
  ): Promise<Refusal | { origin: string; versions: Merging[] }> {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return refuse('not-an-object');
    const v = value as Record<string, unknown>;
    if (v['format'] !== HISTORY_FORMAT) return refuse('wrong-format');
    if (v['version'] !== 1) return refuse('unsupported-version');
    const origin = v['origin'];
    if (!isOrigin(origin)) return refuse('bad-origin');
    if (origin !== siteOrigin) return refuse('other-origin');
    const items = v['versions'];
    if (!Array.isArray(items)) return refuse('bad-versions');
    if (items.length > MAX_HISTORY_VERSIONS) return refuse('too-many-versions');
    const now = this.now();
    const versions: Merging[] = [];
    for (const [index, item] of items.entries()) {
      if (typeof item !== 'object' || item === null) return refuse('bad-version', index);
      const { text, firstSeen, lastSeen } = item as Record<string, unknown>;
      if (typeof text !== 'string') return refuse('bad-version', index);
      if (!isTime(firstSeen) || !isTime(lastSeen) || lastSeen < firstSeen)
        return refuse('bad-time', index);
      if (text.length > MAX_TEXT_CHARS) return refuse('text-too-large', index);
      const body = await packText(text);
      const times = { firstSeen: Math.min(firstSeen, now), lastSeen: Math.min(lastSeen, now) };
      if (fitted([{ body, ...times }]) === null) return refuse('text-too-large', index);
      versions.push({ body, text, ...times, isKnown: false });
    }
    return { origin, versions };
  }

  private async mergeNow(origin: string, imported: Merging[]): Promise<ImportResult> {
    const stored = (await this.store.get(origin))?.versions ?? [];
    const known: Merging[] = [];
    for (const v of stored) {
      const text = await this.textOf(v, false);
      if (text !== null) known.push({ ...v, text, isKnown: true });
    }
    // A stable sort: of two versions first seen at once, the one held before comes first.
    const all = [...known, ...imported].sort((a, b) => a.firstSeen - b.firstSeen);
    const merged: Merging[] = [];
    for (const v of all) {
      const last = merged.at(-1);
      if (last?.text === v.text) {
        merged[merged.length - 1] = {
          ...last,
          lastSeen: Math.max(last.lastSeen, v.lastSeen),
          isKnown: last.isKnown || v.isKnown,
          // The body already stored is kept (its size and text are known).
          body: last.isKnown ? last.body : v.body,
        };
      } else merged.push(v);
    }
    const history = fitted(
      merged.map(({ body, firstSeen, lastSeen }) => ({ body, firstSeen, lastSeen })),
    );
    const kept = history === null ? [] : merged.slice(merged.length - history.versions.length);
    const added = kept.filter((v) => !v.isKnown).length;
    // Nothing new (an export imported back): nothing written.
    const isSame =
      history === null ||
      history.versions.length === 0 ||
      (history.versions.length === stored.length &&
        history.versions.every((v, i) => {
          const s = stored[i];
          return s?.body === v.body && s.firstSeen === v.firstSeen && s.lastSeen === v.lastSeen;
        }));
    if (history !== null && !isSame) await this.store.put(origin, history);
    return { ok: true, origin, added, versions: history?.versions.length ?? 0 };
  }

  /** Forgets an origin's history; returns whether it had one. */
  clearOrigin(origin: string): Promise<boolean> {
    return this.exclusive(async () => {
      const had = (await this.store.get(origin)) !== null;
      await this.store.remove([origin]);
      return had;
    });
  }

  /** Forgets every origin's history; returns how many there were. */
  clear(): Promise<number> {
    return this.exclusive(() => this.store.clear());
  }
}
