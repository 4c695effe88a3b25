import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  MAX_SEEN_SITE_BYTES,
  SEEN_FLUSH_MS,
  SeenPathsStore,
} from '../../background/seen-paths-store.ts';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import { storedSize } from '../../background/stored-size.ts';
import { memoryStorage } from '../fixtures/storage.ts';

async function setup(rememberPaths: boolean) {
  const local = memoryStorage();
  // Every write storage.local is asked for, and the bytes it is handed (keys and JSON).
  const writes = { count: 0, bytes: 0 };
  const set = local.set.bind(local);
  local.set = async (items) => {
    writes.count++;
    for (const [key, value] of Object.entries(items)) writes.bytes += storedSize(key, value);
    return set(items);
  };
  const settings = new SettingsService(new SettingsStore(memoryStorage(), memoryStorage()));
  if (rememberPaths) await settings.set({ rememberPaths: true });
  let now = 1_000;
  const seen = new SeenPathsStore(local, settings, { now: () => now++ });
  return { local, seen, writes, settings };
}

// Issue 16, item 2: "the URLs of this origin visited while the extension was active, kept
// bounded and only if the user turns that on", never of a private window.
describe('SeenPathsStore: the pages visited, only when the user keeps them', () => {
  test('off (the default): nothing is written', async () => {
    const { local, seen } = await setup(false);
    await seen.visit('https://a.test/products/1', false);
    expect(await seen.urls('https://a.test')).toEqual([]);
    expect(local.data.size).toBe(0);
  });

  test('on: each site keeps its pages, most recent first, without fragments', async () => {
    const { seen } = await setup(true);
    await seen.visit('https://a.test/products/1', false);
    await seen.visit('https://b.test/', false);
    await seen.visit('https://a.test/cart?step=2#top', false);
    await seen.visit('https://a.test/products/1', false);
    expect(await seen.urls('https://a.test')).toEqual([
      'https://a.test/products/1',
      'https://a.test/cart?step=2',
    ]);
    expect(await seen.urls('https://b.test')).toEqual(['https://b.test/']);
  });

  test('a private window leaves nothing, even when on', async () => {
    const { local, seen } = await setup(true);
    await seen.visit('https://a.test/secret', true);
    expect(local.data.size).toBe(0);
  });

  test('pages that are not a site’s are not kept', async () => {
    const { local, seen } = await setup(true);
    await seen.visit('chrome://settings/', false);
    await seen.visit('about:blank', false);
    expect(local.data.size).toBe(0);
  });

  test('clear: one site, or every site', async () => {
    const { seen } = await setup(true);
    await seen.visit('https://a.test/1', false);
    await seen.visit('https://b.test/2', false);
    await seen.clear('https://a.test');
    expect(await seen.urls('https://a.test')).toEqual([]);
    expect(await seen.urls('https://b.test')).toEqual(['https://b.test/2']);
    await seen.clear(null);
    expect(await seen.urls('https://b.test')).toEqual([]);
  });
});

// Issue 41, B: with "Remember the pages I visit" on, a page calling history.pushState 1,650 times
// in 10 s made 2,034 storage writes (3.0 MB), one per change of URL.
describe('SeenPathsStore: visits gathered, written at most once per site every 2 s', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('1,650 pushStates in 10 s: 5 writes, not 1,650; the 200 most recent paths kept', async () => {
    const { seen, writes } = await setup(true);
    for (let i = 0; i < 1650; i++) {
      await seen.visit(`https://a.test/feed?page=${i}`, false);
      await vi.advanceTimersByTimeAsync(6); // 1,650 × 6 ms: about 10 s
    }
    await vi.advanceTimersByTimeAsync(SEEN_FLUSH_MS);
    expect(writes.count).toBe(5);
    expect(writes.bytes).toBeLessThan(5 * 12_000);
    const urls = await seen.urls('https://a.test');
    expect(urls).toHaveLength(200);
    expect(urls[0]).toBe('https://a.test/feed?page=1649');
    expect(urls[199]).toBe('https://a.test/feed?page=1450');
  });

  test('each site its own write; visits are read back before they are written', async () => {
    const { seen, writes, local } = await setup(true);
    await seen.visit('https://a.test/1', false);
    await seen.visit('https://b.test/2', false);
    await seen.visit('https://a.test/3', false);
    expect(writes.count).toBe(0);
    expect(await seen.urls('https://a.test')).toEqual(['https://a.test/3', 'https://a.test/1']);
    await vi.advanceTimersByTimeAsync(SEEN_FLUSH_MS);
    expect(writes.count).toBe(2);
    expect([...local.data.keys()].filter((k) => k.startsWith('seen-paths:'))).toHaveLength(2);
    // Later visits join the stored ones, newest first.
    await seen.visit('https://a.test/1', false);
    await vi.advanceTimersByTimeAsync(SEEN_FLUSH_MS);
    expect(await seen.urls('https://a.test')).toEqual(['https://a.test/1', 'https://a.test/3']);
  });

  test('long paths: one site is charged at most MAX_SEEN_SITE_BYTES, its newest paths kept', async () => {
    const { seen, local } = await setup(true);
    for (let i = 0; i < 200; i++)
      await seen.visit(`https://a.test/${i}/${'x'.repeat(2000)}`, false);
    await vi.advanceTimersByTimeAsync(SEEN_FLUSH_MS);
    const stored = local.data.get('seen-paths:https://a.test');
    expect(storedSize('seen-paths:https://a.test', stored)).toBeLessThanOrEqual(
      MAX_SEEN_SITE_BYTES,
    );
    const urls = await seen.urls('https://a.test');
    expect(urls.length).toBeGreaterThan(10);
    expect(urls[0]?.startsWith('https://a.test/199/')).toBe(true);
  });

  test('flush() writes every site at once (runtime.onSuspend), and once only', async () => {
    const { seen, writes } = await setup(true);
    await seen.visit('https://a.test/1', false);
    await seen.visit('https://b.test/1', false);
    await seen.flush();
    expect(writes.count).toBe(2);
    await vi.advanceTimersByTimeAsync(SEEN_FLUSH_MS);
    expect(writes.count).toBe(2);
  });

  test('a clear drops the visits not yet written: nothing comes back after it', async () => {
    const { seen, local } = await setup(true);
    await seen.visit('https://a.test/1', false);
    await seen.clear('https://a.test');
    await vi.advanceTimersByTimeAsync(SEEN_FLUSH_MS);
    expect(await seen.urls('https://a.test')).toEqual([]);
    expect(local.data.has('seen-paths:https://a.test')).toBe(false);
  });

  test('turned off before the write: what was gathered is not written', async () => {
    const { seen, local, settings } = await setup(true);
    await seen.visit('https://a.test/1', false);
    await settings.set({ rememberPaths: false });
    await vi.advanceTimersByTimeAsync(SEEN_FLUSH_MS);
    expect(local.data.has('seen-paths:https://a.test')).toBe(false);
  });
});
