import { describe, expect, test } from 'vitest';
import { OriginCache } from '../../background/origin-cache.ts';
import type { Outcome } from '../../src/policy.ts';
import { okOutcome } from '../fixtures/outcomes.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const ok = (text: string) => okOutcome(text);

describe('OriginCache', () => {
  test('a fresh entry is served from the cache; one fetch within its lifetime', async () => {
    let now = 1000;
    const cache = new OriginCache(memoryStorage(), () => now);
    let fetches = 0;
    const fetchOutcome = async () => ({
      outcome: ok(`v${++fetches}`),
      fetchedAt: now,
      expiresAt: now + 100,
    });
    expect((await cache.report('https://a.test', fetchOutcome)).fromCache).toBe(false);
    now = 1050;
    expect((await cache.report('https://a.test', fetchOutcome)).fromCache).toBe(true);
    expect(fetches).toBe(1);
    now = 1200;
    expect((await cache.report('https://a.test', fetchOutcome)).fromCache).toBe(false);
    expect(fetches).toBe(2);
  });

  test('concurrent requests for one origin share one fetch', async () => {
    const cache = new OriginCache(memoryStorage());
    let fetches = 0;
    const slow = () =>
      new Promise<{ outcome: Outcome; fetchedAt: number; expiresAt: number }>((r) =>
        setTimeout(
          () => r({ outcome: ok(`v${++fetches}`), fetchedAt: 0, expiresAt: Date.now() + 1e6 }),
          20,
        ),
      );
    const reports = await Promise.all([1, 2, 3].map(() => cache.report('https://a.test', slow)));
    expect(fetches).toBe(1);
    expect(new Set(reports.map((r) => (r.outcome.kind === 'ok' ? r.outcome.text : '')))).toEqual(
      new Set(['v1']),
    );
  });

  test('a manual refresh bypasses the cache', async () => {
    const cache = new OriginCache(memoryStorage());
    let version = 0;
    const fetchOutcome = async () => ({
      outcome: ok(version < 2 ? 'old' : 'new'),
      fetchedAt: 0,
      expiresAt: Date.now() + 1e6,
    });
    version = 1;
    await cache.report('https://a.test', fetchOutcome);
    version = 2;
    const refreshed = await cache.report('https://a.test', fetchOutcome, true);
    expect(refreshed).toMatchObject({ fromCache: false, outcome: { text: 'new' } });
  });

  test('at most N origins: the least recently used go first', async () => {
    let now = 0;
    const storage = memoryStorage();
    const cache = new OriginCache(storage, () => now, 3);
    for (const o of ['a', 'b', 'c']) {
      now += 61_000; // use times are kept to the minute
      await cache.put({
        origin: `https://${o}.test`,
        outcome: ok(o),
        fetchedAt: now,
        expiresAt: now + 1e6,
      });
    }
    now += 61_000; // use times are kept to the minute
    await cache.touch('https://a.test');
    now += 61_000; // use times are kept to the minute
    await cache.put({
      origin: 'https://d.test',
      outcome: ok('d'),
      fetchedAt: now,
      expiresAt: now + 1e6,
    });
    expect(await cache.get('https://b.test')).toBeNull();
    expect(await cache.get('https://a.test')).not.toBeNull();
    expect([...storage.data.keys()].filter((k) => k.startsWith('robots:')).sort()).toEqual([
      'robots:https://a.test',
      'robots:https://c.test',
      'robots:https://d.test',
    ]);
  });

  test('a use within the same minute writes nothing', async () => {
    let now = 0;
    const storage = memoryStorage();
    const cache = new OriginCache(storage, () => now);
    await cache.put({ origin: 'https://a.test', outcome: ok('a'), fetchedAt: 0, expiresAt: 1e9 });
    let writes = 0;
    const set = storage.set.bind(storage);
    storage.set = async (items) => {
      writes++;
      await set(items);
    };
    now = 30_000;
    await cache.touch('https://a.test');
    expect(writes).toBe(0);
    now = 90_000;
    await cache.touch('https://a.test');
    expect(writes).toBe(1);
  });

  test('storage full: older entries are dropped and the write retried once', async () => {
    const storage = memoryStorage(60_000);
    const cache = new OriginCache(storage, Date.now, 500, Number.POSITIVE_INFINITY);
    for (let i = 0; i < 10; i++)
      await cache.put({
        origin: `https://${i}.test`,
        outcome: ok('x'.repeat(9_000)),
        fetchedAt: i,
        expiresAt: 1e12,
      });
    expect(await cache.get('https://9.test')).not.toBeNull();
    expect(await cache.get('https://0.test')).toBeNull();
  });

  test('expired entries are purged; clear removes everything', async () => {
    let now = 0;
    const storage = memoryStorage();
    const cache = new OriginCache(storage, () => now);
    await cache.put({ origin: 'https://a.test', outcome: ok('a'), fetchedAt: 0, expiresAt: 10 });
    await cache.put({ origin: 'https://b.test', outcome: ok('b'), fetchedAt: 0, expiresAt: 1000 });
    now = 100;
    expect(await cache.purgeExpired()).toBe(1);
    expect(await cache.get('https://a.test')).toBeNull();
    await cache.clear();
    expect(storage.data.size).toBe(0);
  });

  test('a corrupt entry reads as absent', async () => {
    const storage = memoryStorage();
    await storage.set({ 'robots:https://a.test': { nonsense: true } });
    expect(await new OriginCache(storage).get('https://a.test')).toBeNull();
  });

  test('an entry of version 1 (no version, previousText) reads as version 2', async () => {
    const storage = memoryStorage();
    const v1 = {
      origin: 'https://a.test',
      outcome: ok('a'),
      fetchedAt: 1,
      expiresAt: 2,
      previousText: 'x',
    };
    await storage.set({ 'robots:https://a.test': v1 });
    expect(await new OriginCache(storage).get('https://a.test')).toEqual({
      schemaVersion: 2,
      origin: 'https://a.test',
      outcome: ok('a'),
      fetchedAt: 1,
      expiresAt: 2,
      changed: false,
    });
  });

  test('an entry of an unknown version reads as absent', async () => {
    const storage = memoryStorage();
    const v9 = {
      schemaVersion: 9,
      origin: 'https://a.test',
      outcome: ok('a'),
      fetchedAt: 1,
      expiresAt: 2,
    };
    await storage.set({ 'robots:https://a.test': v9 });
    expect(await new OriginCache(storage).get('https://a.test')).toBeNull();
  });
});
