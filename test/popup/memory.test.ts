// The popup's memory per scope (popup/memory.ts): a private window's memory of a site is kept
// apart from a normal window's, and leaves no trace in it, not even a site pushed out.
import { describe, expect, test } from 'vitest';
import { MemoryStore } from '../../popup/memory.ts';
import {
  EMPTY_MEMORY,
  MEMORY_INDEX_KEY,
  memoryKey,
  memoryScope,
  type PopupMemory,
} from '../../src/extension/popup-memory.ts';

/** The pages' storage.session (Actions['memory']) as a Map. */
function area() {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key: string) => structuredClone(data.get(key)),
    set: async (key: string, value: unknown) => void data.set(key, structuredClone(value)),
    remove: async (key: string) => void data.delete(key),
  };
}

const SITE = 'https://a.test';
const normalScope = memoryScope(SITE, false);
const privateScope = memoryScope(SITE, true);
const left = (view: PopupMemory['view'], draft: string | null = null): PopupMemory => ({
  ...EMPTY_MEMORY,
  view,
  draft,
});

describe('MemoryStore: a private window’s memory apart from a normal window’s', () => {
  test('the same site: each kind reads and writes its own; the normal one untouched', async () => {
    const storage = area();
    const store = new MemoryStore(storage);
    await store.save(normalScope, left('tester', 'User-agent: *\n'));
    const normalBefore = structuredClone(storage.data.get(memoryKey(normalScope)));
    // A private window's popup on the same site opens fresh, not on the normal window's view.
    expect(await store.load(privateScope)).toBeNull();
    await store.save(privateScope, left('history'));
    expect(storage.data.get(memoryKey(normalScope))).toEqual(normalBefore);
    expect(await store.load(normalScope)).toEqual(left('tester', 'User-agent: *\n'));
    expect(await store.load(privateScope)).toEqual(left('history'));
    expect(storage.data.get(MEMORY_INDEX_KEY)).toEqual([privateScope, normalScope]);
  });

  test('a private save pushes no normal site out, even past the bound of 8 sites', async () => {
    const storage = area();
    const store = new MemoryStore(storage);
    const sites = Array.from({ length: 8 }, (_, i) => `https://n${i}.test`);
    for (const site of sites) await store.save(site, left('records'));
    const before = new Map(storage.data);
    await store.save(privateScope, left('history'));
    for (const site of sites)
      expect(storage.data.get(memoryKey(site))).toEqual(before.get(memoryKey(site)));
    expect(storage.data.get(MEMORY_INDEX_KEY)).toEqual([privateScope, ...[...sites].reverse()]);
  });

  test('past the bound, a private save drops the oldest private site, not the oldest site', async () => {
    const storage = area();
    const store = new MemoryStore(storage);
    const normals = Array.from({ length: 5 }, (_, i) => `https://n${i}.test`);
    const privates = Array.from({ length: 3 }, (_, i) => memoryScope(`https://p${i}.test`, true));
    // The oldest of all is a normal window's.
    await store.save(normals[0] ?? '', left('records'));
    for (const scope of privates) await store.save(scope, left('file'));
    for (const site of normals.slice(1)) await store.save(site, left('records'));
    expect(storage.data.get(MEMORY_INDEX_KEY)).toHaveLength(8);
    await store.save(privateScope, left('history'));
    expect(storage.data.get(MEMORY_INDEX_KEY)).toEqual([
      privateScope,
      ...normals.slice(1).reverse(),
      privates[2],
      privates[1],
      normals[0],
    ]);
    expect(storage.data.has(memoryKey(normals[0] ?? ''))).toBe(true);
    expect(storage.data.has(memoryKey(privates[0] ?? ''))).toBe(false);
  });

  test('a normal save still drops the oldest site of either kind', async () => {
    const storage = area();
    const store = new MemoryStore(storage);
    await store.save(privateScope, left('history'));
    const sites = Array.from({ length: 8 }, (_, i) => `https://n${i}.test`);
    for (const site of sites) await store.save(site, left('records'));
    expect(storage.data.has(memoryKey(privateScope))).toBe(false);
    expect(storage.data.get(MEMORY_INDEX_KEY)).toEqual([...sites].reverse());
  });
});
