import { describe, expect, test } from 'vitest';
import { BoundedStore, type BoundedStoreOptions } from '../../background/bounded-store.ts';
import type { StorageArea } from '../../background/storage-area.ts';
import { held } from '../fixtures/held.ts';
import { memoryStorage } from '../fixtures/storage.ts';

/** The items of these tests: a text whose size is its length. */
interface Item {
  text: string;
}

function readItem(stored: unknown): Item | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const text = (stored as Record<string, unknown>)['text'];
  return typeof text === 'string' ? { text } : null;
}

/** memoryStorage recording every call, with `failSets` next writes refused as over quota. */
function recordingStorage() {
  const memory = memoryStorage();
  const calls: { op: 'get' | 'set' | 'remove'; keys: string[] }[] = [];
  const storage: StorageArea & { data: Map<string, unknown>; failSets: number } = {
    data: memory.data,
    failSets: 0,
    async get(keys) {
      calls.push({ op: 'get', keys: Array.isArray(keys) ? [...keys] : [keys] });
      return memory.get(keys);
    },
    async set(items) {
      calls.push({ op: 'set', keys: Object.keys(items) });
      if (storage.failSets > 0) {
        storage.failSets--;
        throw new Error('QUOTA_BYTES quota exceeded');
      }
      await memory.set(items);
    },
    async remove(keys) {
      calls.push({ op: 'remove', keys: Array.isArray(keys) ? [...keys] : [keys] });
      await memory.remove(keys);
    },
  };
  return { storage, calls, writes: () => calls.filter((c) => c.op !== 'get') };
}

function setup(options: Partial<BoundedStoreOptions<Item>> = {}) {
  let now = 0;
  const { storage, calls, writes } = recordingStorage();
  const store = new BoundedStore<Item>(storage, {
    prefix: 'item:',
    indexKey: 'item-index',
    maxItems: 100,
    maxBytes: Number.POSITIVE_INFINITY,
    sizeOf: (item) => item.text.length,
    read: readItem,
    now: () => now,
    ...options,
  });
  const clock = {
    set(ms: number) {
      now = ms;
    },
    /** Moves past the touch precision, so every put and touch gets its own use time. */
    nextMinute() {
      now += 61_000;
    },
  };
  /** Ids whose item is stored, sorted. */
  const storedIds = () =>
    [...storage.data.keys()]
      .filter((k) => k.startsWith('item:'))
      .map((k) => k.slice('item:'.length))
      .sort();
  return { store, storage, calls, writes, clock, storedIds };
}

describe('BoundedStore', () => {
  test('an item is kept under prefix + id, with its use time and size in the index', async () => {
    const { store, storage, clock } = setup();
    clock.set(5_000);
    await store.put('https://a.test', { text: 'abc' });
    expect(Object.fromEntries(storage.data)).toEqual({
      'item:https://a.test': { text: 'abc' },
      'item-index': { 'https://a.test': { usedAt: 5_000, bytes: 3 } },
    });
    expect(await store.get('https://a.test')).toEqual({ text: 'abc' });
    expect(await store.ids()).toEqual(['https://a.test']);
  });

  test('an absent or unusable item reads as null', async () => {
    const { store, storage } = setup();
    await storage.set({ 'item:bad': { text: 42 } });
    expect(await store.get('absent')).toBeNull();
    expect(await store.get('bad')).toBeNull();
  });

  test('putting an id again replaces its item and its index entry', async () => {
    const { store, storage, clock } = setup();
    await store.put('a', { text: 'one' });
    clock.set(1_000);
    await store.put('a', { text: 'three' });
    expect(Object.fromEntries(storage.data)).toEqual({
      'item:a': { text: 'three' },
      'item-index': { a: { usedAt: 1_000, bytes: 5 } },
    });
  });

  test('at most maxItems: the least recently used go first, a touch keeps one', async () => {
    const { store, clock, storedIds } = setup({ maxItems: 3 });
    for (const id of ['a', 'b', 'c']) {
      clock.nextMinute();
      await store.put(id, { text: id });
    }
    clock.nextMinute();
    await store.touch('a');
    clock.nextMinute();
    await store.put('d', { text: 'd' });
    expect(storedIds()).toEqual(['a', 'c', 'd']);
    expect((await store.ids()).sort()).toEqual(['a', 'c', 'd']);
    clock.nextMinute();
    await store.put('e', { text: 'e' });
    expect(storedIds()).toEqual(['a', 'd', 'e']);
  });

  test('the byte budget evicts the least recently used until the sizes fit', async () => {
    const { store, clock, storedIds } = setup({ maxBytes: 10 });
    for (const [id, text] of [
      ['a', 'aaaa'],
      ['b', 'bbbb'],
      ['c', 'cc'],
    ] as const) {
      clock.nextMinute();
      await store.put(id, { text });
    }
    expect(storedIds()).toEqual(['a', 'b', 'c']);
    clock.nextMinute();
    // 4 + 4 + 2 + 5 = 15 > 10: 'a' goes (11), then 'b' (7).
    await store.put('d', { text: 'ddddd' });
    expect(storedIds()).toEqual(['c', 'd']);
  });

  test('an item larger than the budget is kept alone rather than refused', async () => {
    const { store, clock, storedIds } = setup({ maxBytes: 10 });
    await store.put('a', { text: 'aa' });
    clock.nextMinute();
    await store.put('big', { text: 'x'.repeat(50) });
    expect(storedIds()).toEqual(['big']);
    expect(await store.get('big')).toEqual({ text: 'x'.repeat(50) });
  });

  test('storage full: the older half of the other items is dropped and the write retried once', async () => {
    const { store, storage, calls, clock, storedIds } = setup();
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      clock.nextMinute();
      await store.put(id, { text: id });
    }
    calls.length = 0;
    storage.failSets = 1;
    clock.nextMinute();
    await store.put('f', { text: 'f' });
    const putCalls = [...calls];
    // Five others: ceil(5 / 2) = 3 oldest dropped.
    expect(storedIds()).toEqual(['d', 'e', 'f']);
    expect((await store.ids()).sort()).toEqual(['d', 'e', 'f']);
    expect(putCalls.slice(0, 4)).toEqual([
      { op: 'get', keys: ['item-index'] },
      { op: 'set', keys: ['item:f', 'item-index'] },
      { op: 'remove', keys: ['item:a', 'item:b', 'item:c'] },
      { op: 'set', keys: ['item:f', 'item-index'] },
    ]);
    // Only the dropped items are removed, and nothing is written after the retry.
    expect(
      new Set(putCalls.slice(4).flatMap((c) => (c.op === 'remove' ? c.keys : [c.op]))),
    ).toEqual(new Set(['item:a', 'item:b', 'item:c']));
  });

  test('storage full: the older half is chosen by last use, not by insertion', async () => {
    const { store, storage, clock, storedIds } = setup();
    for (const id of ['a', 'b', 'c', 'd']) {
      clock.nextMinute();
      await store.put(id, { text: id });
    }
    clock.nextMinute();
    await store.touch('a');
    clock.nextMinute();
    await store.touch('b');
    storage.failSets = 1;
    clock.nextMinute();
    await store.put('e', { text: 'e' });
    expect(storedIds()).toEqual(['a', 'b', 'e']);
  });

  test('storage still full after the retry: put rejects, nothing of the new item is stored', async () => {
    const { store, storage, calls, clock, storedIds } = setup();
    await store.put('a', { text: 'a' });
    calls.length = 0;
    storage.failSets = 2;
    clock.nextMinute();
    await expect(store.put('b', { text: 'b' })).rejects.toThrow('QUOTA_BYTES quota exceeded');
    expect(calls.filter((c) => c.op === 'set')).toHaveLength(2);
    expect(storedIds()).toEqual([]);
  });

  test('storage full with a real quota: the new item is stored and the oldest are gone', async () => {
    const storage = memoryStorage(5_000);
    let now = 0;
    const store = new BoundedStore<Item>(storage, {
      prefix: 'item:',
      indexKey: 'item-index',
      maxItems: 100,
      maxBytes: Number.POSITIVE_INFINITY,
      sizeOf: (item) => item.text.length,
      read: readItem,
      now: () => now,
    });
    for (let i = 0; i < 6; i++) {
      now += 61_000;
      await store.put(`${i}`, { text: 'x'.repeat(900) });
    }
    expect(await store.get('5')).toEqual({ text: 'x'.repeat(900) });
    expect(await store.get('0')).toBeNull();
    expect((await store.ids()).every((id) => storage.data.has(`item:${id}`))).toBe(true);
  });

  const touches: { name: string; after: number; writes: number }[] = [
    { name: 'a second later', after: 1_000, writes: 0 },
    { name: 'just under a minute later', after: 59_999, writes: 0 },
    { name: 'a minute later', after: 60_000, writes: 1 },
    { name: 'an hour later', after: 3_600_000, writes: 1 },
  ];
  for (const { name, after, writes: expected } of touches) {
    test(`touch ${name}: ${expected} write(s)`, async () => {
      const { store, storage, writes, clock } = setup();
      clock.set(10_000);
      await store.put('a', { text: 'a' });
      const before = writes().length;
      clock.set(10_000 + after);
      await store.touch('a');
      expect(writes().length - before).toBe(expected);
      expect(storage.data.get('item-index')).toEqual({
        a: { usedAt: expected === 0 ? 10_000 : 10_000 + after, bytes: 1 },
      });
    });
  }

  test('touching an unknown id writes nothing', async () => {
    const { store, writes, clock } = setup();
    clock.set(1e9);
    await store.touch('nobody');
    expect(writes()).toEqual([]);
  });

  test('getMany reads every id in one call, null where absent or unusable, in order', async () => {
    const { store, storage, calls } = setup();
    await store.put('a', { text: 'A' });
    await store.put('c', { text: 'C' });
    await storage.set({ 'item:bad': 'not an item' });
    calls.length = 0;
    const many = await store.getMany(['c', 'absent', 'a', 'bad']);
    expect([...many]).toEqual([
      ['c', { text: 'C' }],
      ['absent', null],
      ['a', { text: 'A' }],
      ['bad', null],
    ]);
    expect(calls).toEqual([{ op: 'get', keys: ['item:c', 'item:absent', 'item:a', 'item:bad'] }]);
  });

  test('getMany of no ids reads nothing', async () => {
    const { store, calls } = setup();
    expect(await store.getMany([])).toEqual(new Map());
    expect(calls).toEqual([]);
  });

  test('remove drops the items and their index entries, and nothing else', async () => {
    const { store, storage, clock } = setup();
    for (const id of ['a', 'b', 'c']) await store.put(id, { text: id });
    clock.set(7);
    await store.remove(['a', 'c', 'never-stored']);
    expect(Object.fromEntries(storage.data)).toEqual({
      'item:b': { text: 'b' },
      'item-index': { b: { usedAt: 0, bytes: 1 } },
    });
  });

  test('remove of no ids touches no storage', async () => {
    const { store, calls } = setup();
    await store.remove([]);
    expect(calls).toEqual([]);
  });

  test('clear removes every item and the index, returns their count, leaves other keys', async () => {
    const { store, storage } = setup();
    await storage.set({ 'other-store:x': 1, settings: { a: 1 } });
    for (const id of ['a', 'b', 'c']) await store.put(id, { text: id });
    expect(await store.clear()).toBe(3);
    expect(Object.fromEntries(storage.data)).toEqual({
      'other-store:x': 1,
      settings: { a: 1 },
    });
    expect(await store.clear()).toBe(0);
  });

  test('two stores over one storage keep their own prefixes and indexes', async () => {
    const storage = memoryStorage();
    const options = {
      maxItems: 1,
      maxBytes: Number.POSITIVE_INFINITY,
      sizeOf: (item: Item) => item.text.length,
      read: readItem,
    };
    const first = new BoundedStore<Item>(storage, { ...options, prefix: 'x:', indexKey: 'x-i' });
    const second = new BoundedStore<Item>(storage, { ...options, prefix: 'y:', indexKey: 'y-i' });
    await first.put('a', { text: 'first' });
    await second.put('a', { text: 'second' });
    expect(await first.get('a')).toEqual({ text: 'first' });
    expect(await second.get('a')).toEqual({ text: 'second' });
    expect(await second.clear()).toBe(1);
    expect(await first.get('a')).toEqual({ text: 'first' });
  });

  // Each put reads the index and writes it whole: changes are queued, or two tabs loading two
  // sites at once would drop one from the index (never evicted, never cleared).
  test('concurrent puts of different ids keep both in the index', async () => {
    const { store, storedIds } = setup();
    await Promise.all([store.put('a', { text: 'a' }), store.put('b', { text: 'b' })]);
    expect((await store.ids()).sort()).toEqual(['a', 'b']);
    expect(await store.clear()).toBe(2);
    expect(storedIds()).toEqual([]);
  });
});

/** Another store over the same storage: a worker started afresh. */
const storeOver = (storage: StorageArea) =>
  new BoundedStore<Item>(storage, {
    prefix: 'item:',
    indexKey: 'item-index',
    maxItems: 100,
    maxBytes: Number.POSITIVE_INFINITY,
    sizeOf: (item) => item.text.length,
    read: readItem,
  });

describe('BoundedStore: the items used lately, kept in memory', () => {
  const itemReads = (calls: { op: string; keys: string[] }[]) =>
    calls.filter((c) => c.op === 'get' && c.keys.some((k) => k.startsWith('item:'))).length;

  test('an item written or read by this store is served again without reading storage', async () => {
    const { store, storage, calls } = setup();
    await store.put('a', { text: 'written' });
    expect(await store.get('a')).toEqual({ text: 'written' });
    expect(itemReads(calls)).toBe(0);
    // A worker started afresh over the same storage reads it once.
    const fresh = storeOver(storage);
    const before = itemReads(calls);
    expect(await fresh.get('a')).toEqual({ text: 'written' });
    expect(await fresh.get('a')).toEqual({ text: 'written' });
    expect(await fresh.get('absent')).toBeNull();
    expect(await fresh.get('absent')).toBeNull();
    expect(itemReads(calls) - before).toBe(2);
  });

  test('a read that began before a write never keeps the older item', async () => {
    const { store, storage } = setup();
    await store.put('a', { text: 'old' });
    const fresh = storeOver(storage);
    // The read is held until the write is done, so it finds the old item.
    const { promise: gate, release } = held();
    const get = storage.get.bind(storage);
    const old = await get('item:a');
    storage.get = async (keys) => {
      if (keys === 'item:a') {
        await gate;
        return old;
      }
      return get(keys);
    };
    const reading = fresh.get('a');
    await fresh.put('a', { text: 'new' });
    release();
    expect(await reading).toEqual({ text: 'old' });
    storage.get = get;
    expect(await fresh.get('a')).toEqual({ text: 'new' });
  });

  test('removed, evicted and cleared items are forgotten', async () => {
    const { store, clock } = setup({ maxItems: 2 });
    await store.put('a', { text: 'a' });
    await store.remove(['a']);
    expect(await store.get('a')).toBeNull();
    clock.nextMinute();
    await store.put('b', { text: 'b' });
    clock.nextMinute();
    await store.put('c', { text: 'c' });
    clock.nextMinute();
    await store.put('d', { text: 'd' });
    expect(await store.get('b')).toBeNull();
    expect(await store.get('c')).toEqual({ text: 'c' });
    await store.clear();
    expect(await store.get('c')).toBeNull();
    expect(await store.get('d')).toBeNull();
  });

  test('a key changed elsewhere (storage.onChanged: the options page, a test) is read again', async () => {
    const { storage, calls } = setup();
    let changed: (keys: string[]) => void = () => {};
    storage.watch = (listener) => {
      changed = listener;
    };
    const store = storeOver(storage);
    await store.put('a', { text: 'a' });
    await store.get('a');
    expect(itemReads(calls)).toBe(0);
    // Another context removes it; storage says so.
    storage.data.delete('item:a');
    changed(['item:a', 'other-key']);
    expect(await store.get('a')).toBeNull();
    expect(itemReads(calls)).toBe(1);
  });

  test('an item over the memory budget (4 MB by size) is read from storage each time', async () => {
    const { store, calls } = setup();
    await store.put('big', { text: 'x'.repeat(4_000_001) });
    await store.get('big');
    await store.get('big');
    expect(itemReads(calls)).toBe(2);
  });

  test('a touch within the minute of this store’s own write reads and writes nothing', async () => {
    const { store, calls, clock } = setup();
    await store.put('a', { text: 'a' });
    const before = calls.length;
    await store.touch('a');
    expect(calls.length).toBe(before);
    clock.nextMinute();
    await store.touch('a');
    expect(calls.slice(before).map((c) => c.op)).toEqual(['get', 'set']);
  });
});
