import { describe, expect, test } from 'vitest';
import { OriginCache } from '../../background/origin-cache.ts';
import type { Outcome } from '../../src/policy.ts';
import { chromiumStorage } from '../fixtures/chromium-storage.ts';
import { okOutcome } from '../fixtures/outcomes.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const ok = (text: string) => okOutcome(text);

/** Deterministic ASCII that gzip shrinks little (base64 of noise), seeded. */
function noiseText(chars: number, seed = 1): string {
  const bytes = new Uint8Array(Math.ceil((chars * 3) / 4));
  let x = 2463534242 + seed;
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return Buffer.from(bytes).toString('base64').slice(0, chars);
}

/** An ordinary robots.txt of about 2,000 bytes, different per origin. */
const ordinary = (i: number) =>
  Array.from({ length: 60 }, (_, line) => `Disallow: /site-${i}/section-${line}/\n`).join('');

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
        outcome: ok(noiseText(9_000, i)), // gzip cannot shrink it: about 7,800 bytes each
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

  test('an entry of version 1 (no version, previousText) reads as version 3', async () => {
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
      schemaVersion: 3,
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

  test('an entry of version 2 (the text unpacked) reads as version 3', async () => {
    const storage = memoryStorage();
    const v2 = {
      schemaVersion: 2,
      origin: 'https://a.test',
      outcome: ok('a'),
      fetchedAt: 1,
      expiresAt: 2,
      cacheRequest: 'no-store',
      changed: true,
    };
    await storage.set({ 'robots:https://a.test': v2 });
    expect(await new OriginCache(storage).get('https://a.test')).toEqual({
      ...v2,
      schemaVersion: 3,
    });
  });

  const corrupt: { name: string; body: unknown }[] = [
    { name: 'a body that is not base64', body: { gzip: '***' } },
    { name: 'a body that is not gzip', body: { gzip: btoa('User-agent: *') } },
    { name: 'a body cut short', body: { gzip: 'H4sIAAAAAAAAA8tLLQcA' } },
    { name: 'no body', body: undefined },
    { name: 'a body of another form', body: { brotli: 'x' } },
  ];
  for (const { name, body } of corrupt)
    test(`an entry with ${name} reads as absent, never throws`, async () => {
      const storage = memoryStorage();
      const { text: _, ...facts } = ok('a') as Extract<Outcome, { kind: 'ok' }>;
      const stored = { schemaVersion: 3, origin: 'https://a.test', outcome: { ...facts, body } };
      await storage.set({ 'robots:https://a.test': { ...stored, fetchedAt: 1, expiresAt: 2 } });
      expect(await new OriginCache(storage).get('https://a.test')).toBeNull();
    });
});

describe('OriginCache: storage as Chromium charges it (issue 15, item 6)', () => {
  const hostile = '\x01'.repeat(512_000);
  const put = (cache: OriginCache, origin: string, text: string, at: number) =>
    cache.put({ origin, outcome: ok(text), fetchedAt: at, expiresAt: 1e15 });

  test('512,000 bytes of 0x01 are stored gzipped: under 2,000 bytes with the index (3,072,000 as JSON)', async () => {
    const storage = chromiumStorage();
    const cache = new OriginCache(storage);
    await put(cache, 'https://evil.test', hostile, 0);
    expect(storage.bytesInUse()).toBeLessThan(2_000);
    const read = await new OriginCache(storage).get('https://evil.test');
    expect(read?.outcome.kind === 'ok' && read.outcome.text === hostile).toBe(true);
  });

  test('4 hostile origins after 100 ordinary ones: no ordinary origin is evicted', async () => {
    // The finding: four origins serving 512,000 bytes of 0x01 filled Chromium's 10 MB.
    let now = 0;
    const storage = chromiumStorage();
    const cache = new OriginCache(storage, () => now);
    for (let i = 0; i < 100; i++) {
      now += 61_000;
      await put(cache, `https://site${i}.test`, ordinary(i), now);
    }
    for (let i = 0; i < 4; i++) {
      now += 61_000;
      await put(cache, `https://evil${i}.test`, hostile, now);
    }
    const fresh = new OriginCache(storage, () => now);
    for (let i = 0; i < 100; i++) {
      const entry = await fresh.get(`https://site${i}.test`);
      expect(entry?.outcome.kind === 'ok' && entry.outcome.text).toBe(ordinary(i));
    }
  });

  test('an entry charged over MAX_ENTRY_BYTES is kept in memory only, never stored', async () => {
    const storage = chromiumStorage();
    const cache = new OriginCache(storage);
    await put(cache, 'https://old.test', 'User-agent: *', 0);
    const huge = noiseText(400_000);
    await put(cache, 'https://noise.test', huge, 1);
    expect(storage.data.has('robots:https://noise.test')).toBe(false);
    expect(storage.bytesInUse()).toBeLessThan(1_000);
    const entry = await cache.get('https://noise.test');
    expect(entry?.outcome.kind === 'ok' && entry.outcome.text === huge).toBe(true);
  });

  test('storage refusing every write: the fresh report is handed out uncached, not an error', async () => {
    const cache = new OriginCache(chromiumStorage(undefined, true));
    let fetches = 0;
    const fetchOutcome = async () => ({
      outcome: ok(`v${++fetches}`),
      fetchedAt: 5,
      expiresAt: Date.now() + 1e6,
    });
    const report = await cache.report('https://a.test', fetchOutcome);
    expect(report).toMatchObject({ fromCache: false, outcome: { text: 'v1' } });
    // Kept in memory while the worker runs: its text is there for the popup, and no refetch.
    expect((await cache.report('https://a.test', fetchOutcome)).fromCache).toBe(true);
    expect(fetches).toBe(1);
    await expect(
      cache.put({ origin: 'https://b.test', outcome: ok('b'), fetchedAt: 0, expiresAt: 1 }),
    ).rejects.toThrow('QUOTA_BYTES');
  });
});
