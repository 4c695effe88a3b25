// Items kept per id under one key prefix (`robots:<origin>`), with an index of last use and size:
// at most N items and a byte budget, least recently used first out. Each store owns its prefix
// and index key; nothing else writes them.
import type { StorageArea } from './storage-area.ts';

/** id → last use (ms) and estimated size, for eviction. */
type Index = Record<string, { usedAt: number; bytes: number }>;

/** Use times closer than this are not written again (a popup opened twice writes nothing). */
const TOUCH_PRECISION_MS = 60_000;
/** Items kept in memory as well, the most recently read or written (by `sizeOf`). */
const RECENT_BYTES = 4_000_000;

export interface BoundedStoreOptions<T> {
  /** Key prefix of the items; the item of `id` is stored under `prefix + id`. */
  prefix: string;
  /** Key of the index. */
  indexKey: string;
  maxItems: number;
  /** Budget over the items' `sizeOf`. */
  maxBytes: number;
  /** Estimated stored size of an item in bytes. */
  sizeOf(item: T): number;
  /** The stored value as an item of the current schema (migrated), or null when unusable. */
  read(stored: unknown): T | null;
  /** Default: Date.now. */
  now?: () => number;
}

export class BoundedStore<T> {
  private readonly storage: StorageArea;
  private readonly options: BoundedStoreOptions<T>;
  private readonly now: () => number;
  /**
   * The index is read, changed and written back whole: two writers at once (two tabs loading two
   * sites) would each drop the other's entry. Every change waits for the one before.
   */
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * The items last read or written, as storage holds them (nothing else writes this store's keys),
   * least recent first: a popup reopened on a site reads no storage for its file.
   */
  private readonly recent = new Map<string, { item: T | null; bytes: number }>();
  private recentBytes = 0;
  /** Bumped by every change: a read that began before one is not kept in `recent`. */
  private generation = 0;
  /** When this worker last wrote each id's use time (a touch within the precision reads nothing). */
  private readonly usedAt = new Map<string, number>();

  constructor(storage: StorageArea, options: BoundedStoreOptions<T>) {
    this.storage = storage;
    this.options = options;
    this.now = options.now ?? Date.now;
    storage.watch?.((keys) => this.changed(keys));
  }

  /**
   * Keys changed in storage, by this worker or another context (the options page, a test, the
   * browser clearing data): what memory holds of them is read again.
   */
  private changed(keys: readonly string[]): void {
    const { prefix, indexKey } = this.options;
    const ids = keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
    if (ids.length === 0 && !keys.includes(indexKey)) return;
    this.generation++;
    this.forget(ids);
    if (keys.includes(indexKey)) this.usedAt.clear();
  }

  /** Runs `change` after every change queued before it, whether that one succeeded or not. */
  private exclusive<R>(change: () => Promise<R>): Promise<R> {
    const run = this.queue.then(change, change);
    // The queue only orders the changes; each caller gets its own result or error from `run`.
    this.queue = run.catch(() => undefined); // the caller gets run's error; the queue only orders
    return run;
  }

  private key(id: string): string {
    return this.options.prefix + id;
  }

  private async index(): Promise<Index> {
    const index = (await this.storage.get(this.options.indexKey))[this.options.indexKey];
    return typeof index === 'object' && index !== null ? (index as Index) : {};
  }

  /** The item of `id`, or null when absent or unusable. */
  async get(id: string): Promise<T | null> {
    const known = this.recent.get(id);
    if (known !== undefined) {
      this.keep(id, known.item);
      return known.item;
    }
    const generation = this.generation;
    const key = this.key(id);
    const item = this.options.read((await this.storage.get(key))[key]);
    if (generation === this.generation) this.keep(id, item);
    return item;
  }

  /** Keeps an item in memory as the most recent, forgetting the least recent past the budget. */
  private keep(id: string, item: T | null): void {
    this.forget([id]);
    const bytes = item === null ? 0 : this.options.sizeOf(item);
    if (bytes > RECENT_BYTES) return;
    this.recent.set(id, { item, bytes });
    this.recentBytes += bytes;
    for (const [other, { bytes: size }] of this.recent) {
      if (this.recentBytes <= RECENT_BYTES) break;
      this.recent.delete(other);
      this.recentBytes -= size;
    }
  }

  private forget(ids: readonly string[]): void {
    for (const id of ids) {
      const known = this.recent.get(id);
      if (known === undefined) continue;
      this.recent.delete(id);
      this.recentBytes -= known.bytes;
    }
  }

  /** The items of some ids (null where absent or unusable), in one read. */
  async getMany(ids: readonly string[]): Promise<Map<string, T | null>> {
    const stored = ids.length === 0 ? {} : await this.storage.get(ids.map((id) => this.key(id)));
    return new Map(ids.map((id) => [id, this.options.read(stored[this.key(id)])]));
  }

  /** Every id in the index. */
  async ids(): Promise<string[]> {
    return Object.keys(await this.index());
  }

  /** Stores an item as just used; evicts the least recently used beyond the bounds. */
  put(id: string, item: T): Promise<void> {
    return this.exclusive(() => this.changing(() => this.putNow(id, item)));
  }

  /**
   * Runs a change of storage: what a read begun meanwhile finds (before or after the write) is not
   * kept in memory, and what the change drops is forgotten there.
   */
  private async changing<R>(change: () => Promise<R>): Promise<R> {
    this.generation++;
    try {
      return await change();
    } finally {
      this.generation++;
    }
  }

  private async putNow(id: string, item: T): Promise<void> {
    this.forget([id]);
    this.usedAt.delete(id);
    const index = await this.index();
    index[id] = { usedAt: this.now(), bytes: this.options.sizeOf(item) };
    const evicted = this.evict(index, id);
    const items = { [this.key(id)]: item, [this.options.indexKey]: index };
    try {
      await this.storage.set(items);
    } catch {
      // Storage full: drop the older half and try once more (webext-storage-cache does the same).
      const older = Object.keys(index)
        .filter((other) => other !== id)
        .sort((a, b) => (index[a]?.usedAt ?? 0) - (index[b]?.usedAt ?? 0));
      const dropped = older.slice(0, Math.ceil(older.length / 2));
      for (const other of dropped) delete index[other];
      evicted.push(...dropped);
      await this.storage.remove(dropped.map((other) => this.key(other)));
      await this.storage.set(items);
    }
    this.keep(id, item);
    this.usedAt.set(id, index[id].usedAt);
    this.forget(evicted);
    for (const other of evicted) this.usedAt.delete(other);
    if (evicted.length > 0) await this.storage.remove(evicted.map((other) => this.key(other)));
  }

  /** Removes least recently used ids until the count and byte budget hold; returns them. */
  private evict(index: Index, keep: string): string[] {
    const ids = Object.keys(index).sort(
      (a, b) => (index[a]?.usedAt ?? 0) - (index[b]?.usedAt ?? 0),
    );
    let bytes = ids.reduce((sum, id) => sum + (index[id]?.bytes ?? 0), 0);
    let count = ids.length;
    const evicted: string[] = [];
    for (const id of ids) {
      if (count <= this.options.maxItems && bytes <= this.options.maxBytes) break;
      if (id === keep) continue;
      bytes -= index[id]?.bytes ?? 0;
      count--;
      delete index[id];
      evicted.push(id);
    }
    return evicted;
  }

  /** Marks an id as just used (keeps it from eviction); a minute's precision is enough. */
  touch(id: string): Promise<void> {
    // Written by this worker less than the precision ago: nothing to read or write.
    const written = this.usedAt.get(id);
    if (written !== undefined && this.now() - written < TOUCH_PRECISION_MS)
      return Promise.resolve();
    return this.exclusive(() => this.touchNow(id));
  }

  private async touchNow(id: string): Promise<void> {
    const index = await this.index();
    const item = index[id];
    if (item === undefined) return;
    if (this.now() - item.usedAt >= TOUCH_PRECISION_MS) {
      item.usedAt = this.now();
      await this.storage.set({ [this.options.indexKey]: index });
    }
    this.usedAt.set(id, item.usedAt);
  }

  /** Removes some ids and their items. */
  remove(ids: readonly string[]): Promise<void> {
    return this.exclusive(() => this.changing(() => this.removeNow(ids)));
  }

  private async removeNow(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    this.forget(ids);
    for (const id of ids) this.usedAt.delete(id);
    const index = await this.index();
    for (const id of ids) delete index[id];
    await this.storage.remove(ids.map((id) => this.key(id)));
    await this.storage.set({ [this.options.indexKey]: index });
  }

  /** Removes every item and the index; returns how many there were. */
  clear(): Promise<number> {
    return this.exclusive(() => this.changing(() => this.clearNow()));
  }

  private async clearNow(): Promise<number> {
    this.forget([...this.recent.keys()]);
    this.usedAt.clear();
    const ids = await this.ids();
    await this.storage.remove([this.options.indexKey, ...ids.map((id) => this.key(id))]);
    return ids.length;
  }
}
