import { describe, expect, test } from 'vitest';
import type { StorageArea } from '../../background/storage-area.ts';
import { readVersions, VersionStore } from '../../background/version-store.ts';
import { chromiumStorage } from '../fixtures/chromium-storage.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const A = 'https://a.test';

/** memoryStorage counting its writes (set and remove), with the keys each set wrote. */
function countingStorage(): StorageArea & { data: Map<string, unknown>; sets: string[][] } {
  const memory = memoryStorage();
  const sets: string[][] = [];
  return {
    data: memory.data,
    sets,
    get: (keys) => memory.get(keys),
    async set(items) {
      sets.push(Object.keys(items));
      await memory.set(items);
    },
    async remove(keys) {
      sets.push([`remove:${Array.isArray(keys) ? keys.join(',') : keys}`]);
      await memory.remove(keys);
    },
  };
}

function setup(maxOrigins?: number, maxBytes?: number) {
  let now = 0;
  const storage = countingStorage();
  const versions = new VersionStore(storage, () => now, maxOrigins, maxBytes);
  return {
    storage,
    versions,
    at(ms: number) {
      now = ms;
    },
  };
}

describe('VersionStore.record', () => {
  test('the first version of an origin has no previous one', async () => {
    const { storage, versions } = setup();
    expect(await versions.record(A, 'old', 100)).toBeNull();
    expect(storage.data.get(`robots-version:${A}`)).toEqual({
      schemaVersion: 2,
      current: { body: { text: 'old' }, seenAt: 100 },
      previous: null,
    });
  });

  test('the same text again returns the same answer and writes nothing', async () => {
    const { storage, versions } = setup();
    await versions.record(A, 'old', 100);
    const writes = storage.sets.length;
    expect(await versions.record(A, 'old', 200)).toBeNull();
    expect(await versions.record(A, 'old', 300)).toBeNull();
    expect(storage.sets.length).toBe(writes);
    expect(await versions.get(A)).toEqual({
      schemaVersion: 2,
      current: { text: 'old', seenAt: 100 },
      previous: null,
    });
  });

  test('a new text becomes current, the old one previous, and the old text is returned', async () => {
    const { versions } = setup();
    await versions.record(A, 'old', 100);
    expect(await versions.record(A, 'new', 200)).toBe('old');
    expect(await versions.get(A)).toEqual({
      schemaVersion: 2,
      current: { text: 'new', seenAt: 200 },
      previous: { text: 'old', seenAt: 100 },
    });
    expect(await versions.record(A, 'newer', 300)).toBe('new');
    expect(await versions.get(A)).toEqual({
      schemaVersion: 2,
      current: { text: 'newer', seenAt: 300 },
      previous: { text: 'new', seenAt: 200 },
    });
  });

  test('a manual refresh keeps the previous version when it changed', async () => {
    // old → new (the popup shows the diff) → new again (a refresh): the diff must stay.
    const { storage, versions } = setup();
    expect(await versions.record(A, 'old', 100)).toBeNull();
    expect(await versions.record(A, 'new', 200)).toBe('old');
    const writes = storage.sets.length;
    expect(await versions.record(A, 'new', 300)).toBe('old');
    expect(await versions.record(A, 'new', 400)).toBe('old');
    expect(storage.sets.length).toBe(writes);
  });

  test('the same text a minute later writes only the use time, never the versions', async () => {
    const { storage, versions, at } = setup();
    at(0);
    await versions.record(A, 'old', 0);
    const writes = storage.sets.length;
    at(120_000);
    expect(await versions.record(A, 'old', 120_000)).toBeNull();
    expect(storage.sets.slice(writes)).toEqual([['robots-version-index']]);
    expect((await versions.get(A))?.current.seenAt).toBe(0);
  });

  test('origins are kept apart', async () => {
    const { versions } = setup();
    await versions.record(A, 'a1', 1);
    await versions.record('https://b.test', 'b1', 2);
    expect(await versions.record(A, 'a2', 3)).toBe('a1');
    expect(await versions.record('https://b.test', 'b1', 4)).toBeNull();
  });

  test('a corrupt stored value counts as no version', async () => {
    const { storage, versions } = setup();
    await storage.set({ [`robots-version:${A}`]: { schemaVersion: 1, current: 'text' } });
    expect(await versions.record(A, 'new', 5)).toBeNull();
    expect(await versions.get(A)).toEqual({
      schemaVersion: 2,
      current: { text: 'new', seenAt: 5 },
      previous: null,
    });
  });
});

describe('VersionStore bounds', () => {
  test('at most maxOrigins origins: the least recently recorded go first', async () => {
    const { versions, at } = setup(2);
    for (const [i, origin] of ['https://a.test', 'https://b.test', 'https://c.test'].entries()) {
      at(i * 61_000);
      await versions.record(origin, 'text', i);
    }
    expect(await versions.get('https://a.test')).toBeNull();
    expect(await versions.get('https://b.test')).not.toBeNull();
    expect(await versions.get('https://c.test')).not.toBeNull();
  });

  test('a byte budget: bodies beyond it evict the oldest origin', async () => {
    // Each origin with one version of 100 characters: about 455 bytes charged, key included.
    const { versions, at } = setup(500, 1_000);
    at(0);
    await versions.record('https://a.test', 'a'.repeat(100), 0);
    at(61_000);
    await versions.record('https://b.test', 'b'.repeat(100), 0);
    expect(await versions.get('https://a.test')).not.toBeNull();
    at(122_000);
    await versions.record('https://c.test', 'c'.repeat(100), 0);
    expect(await versions.get('https://a.test')).toBeNull();
    expect(await versions.get('https://b.test')).not.toBeNull();
    expect(await versions.get('https://c.test')).not.toBeNull();
  });

  test('clear forgets every origin and returns their count', async () => {
    const { storage, versions } = setup();
    await versions.record('https://a.test', 'a', 0);
    await versions.record('https://b.test', 'b', 0);
    expect(await versions.clear()).toBe(2);
    expect(storage.data.size).toBe(0);
    expect(await versions.record('https://a.test', 'a2', 1)).toBeNull();
  });
});

describe('readVersions', () => {
  const current = { text: 'new', seenAt: 2 };
  const previous = { text: 'old', seenAt: 1 };
  const storedCurrent = { body: { text: 'new' }, seenAt: 2 };
  const storedPrevious = { body: { text: 'old' }, seenAt: 1 };
  const packed = { body: { gzip: 'H4sIAAAAAAAAA8tLLQcARUTjawMAAAA=' }, seenAt: 2 };
  const cases: { name: string; stored: unknown; read: ReturnType<typeof readVersions> }[] = [
    {
      name: 'version 1 (texts unpacked) with a previous version is migrated',
      stored: { schemaVersion: 1, current, previous },
      read: { schemaVersion: 2, current: storedCurrent, previous: storedPrevious },
    },
    {
      name: 'version 1 without a previous version is migrated',
      stored: { schemaVersion: 1, current, previous: null },
      read: { schemaVersion: 2, current: storedCurrent, previous: null },
    },
    {
      name: 'version 2 with a gzipped text',
      stored: { schemaVersion: 2, current: packed, previous: storedPrevious },
      read: { schemaVersion: 2, current: packed, previous: storedPrevious },
    },
    {
      name: 'a malformed previous version reads as none',
      stored: { schemaVersion: 1, current, previous: { text: 3 } },
      read: { schemaVersion: 2, current: storedCurrent, previous: null },
    },
    {
      name: 'extra fields are dropped',
      stored: { schemaVersion: 1, current: { ...current, x: 1 }, previous: null, junk: true },
      read: { schemaVersion: 2, current: storedCurrent, previous: null },
    },
    { name: 'undefined (nothing stored)', stored: undefined, read: null },
    { name: 'null', stored: null, read: null },
    { name: 'a string', stored: 'new', read: null },
    { name: 'no schema version', stored: { current, previous }, read: null },
    { name: 'an unknown schema version', stored: { schemaVersion: 3, current }, read: null },
    { name: 'a schema version as a string', stored: { schemaVersion: '1', current }, read: null },
    { name: 'no current version', stored: { schemaVersion: 1, previous }, read: null },
    { name: 'version 2 with a version 1 text', stored: { schemaVersion: 2, current }, read: null },
    {
      name: 'a current version without seenAt',
      stored: { schemaVersion: 1, current: { text: 'x' } },
      read: null,
    },
    {
      name: 'a current version with a non-string text',
      stored: { schemaVersion: 1, current: { text: 1, seenAt: 1 } },
      read: null,
    },
  ];
  for (const { name, stored, read } of cases) {
    test(name, () => {
      expect(readVersions(stored)).toEqual(read);
    });
  }
});

describe('VersionStore: storage as Chromium charges it (issue 15, item 6)', () => {
  const hostile = '\x01'.repeat(512_000);
  const ordinary = (i: number) =>
    Array.from({ length: 60 }, (_, line) => `Disallow: /site-${i}/section-${line}/\n`).join('');

  test('4 hostile origins after 100 ordinary ones: no ordinary origin loses its versions', async () => {
    let now = 0;
    const storage = chromiumStorage();
    const versions = new VersionStore(storage, () => now);
    for (let i = 0; i < 100; i++) {
      now += 61_000;
      await versions.record(`https://site${i}.test`, ordinary(i), now);
    }
    for (let i = 0; i < 4; i++) {
      now += 61_000;
      await versions.record(`https://evil${i}.test`, hostile, now);
      await versions.record(`https://evil${i}.test`, `${hostile}\x02`, now);
    }
    const fresh = new VersionStore(storage, () => now);
    for (let i = 0; i < 100; i++)
      expect((await fresh.get(`https://site${i}.test`))?.current.text).toBe(ordinary(i));
    expect((await fresh.get('https://evil0.test'))?.previous?.text).toBe(hostile);
  });

  test('versions stored in version 1 (texts unpacked) are read', async () => {
    const storage = memoryStorage();
    await storage.set({
      [`robots-version:${A}`]: {
        schemaVersion: 1,
        current: { text: 'new', seenAt: 2 },
        previous: { text: 'old', seenAt: 1 },
      },
    });
    const versions = new VersionStore(storage);
    expect(await versions.get(A)).toEqual({
      schemaVersion: 2,
      current: { text: 'new', seenAt: 2 },
      previous: { text: 'old', seenAt: 1 },
    });
    expect(await versions.record(A, 'newer', 3)).toBe('new');
  });

  test('a corrupt gzipped text reads as no version, never throws', async () => {
    const storage = memoryStorage();
    await storage.set({
      [`robots-version:${A}`]: {
        schemaVersion: 2,
        current: { body: { gzip: 'H4sIAAAAAAAAA8tLLQcA' }, seenAt: 2 },
        previous: null,
      },
    });
    const versions = new VersionStore(storage);
    expect(await versions.get(A)).toBeNull();
    expect(await versions.record(A, 'new', 3)).toBeNull();
  });
});
