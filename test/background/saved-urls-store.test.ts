import { describe, expect, test } from 'vitest';
import { HistoryService } from '../../background/history-service.ts';
import {
  MAX_SAVED_BYTES,
  MAX_SAVED_ORIGINS,
  SavedUrlsStore,
} from '../../background/saved-urls-store.ts';
import { SeenPathsStore } from '../../background/seen-paths-store.ts';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import { storedSize } from '../../background/stored-size.ts';
import { VersionStore } from '../../background/version-store.ts';
import { MAX_SAVED_URL_CHARS } from '../../src/extension/history/saved-urls.ts';
import { memoryStorage } from '../fixtures/storage.ts';

function setup() {
  const local = memoryStorage();
  let now = 1_000_000;
  const clock = () => (now += 120_000);
  return { local, saved: new SavedUrlsStore(local, clock), clock };
}

// Issue 16, item 2: "which of the user's saved test URLs change verdict": a list the user keeps
// per site, on purpose, in storage.local (it survives the browser closing), never for a private
// window.
describe('SavedUrlsStore', () => {
  test('each site keeps its list, most recent first; saving one again moves it first', async () => {
    const { saved } = setup();
    expect(await saved.save('https://a.test', '/cart', false)).toEqual({
      ok: true,
      urls: ['https://a.test/cart'],
    });
    await saved.save('https://b.test', 'https://b.test/', false);
    await saved.save('https://a.test', 'https://a.test/blog?page=2', false);
    expect(await saved.save('https://a.test', '/cart', false)).toEqual({
      ok: true,
      urls: ['https://a.test/cart', 'https://a.test/blog?page=2'],
    });
    expect(await saved.urls('https://b.test')).toEqual(['https://b.test/']);
  });

  test('kept in storage.local: a new worker reads them back', async () => {
    const { local, saved } = setup();
    await saved.save('https://a.test', '/cart', false);
    expect(await new SavedUrlsStore(local).urls('https://a.test')).toEqual(['https://a.test/cart']);
    expect([...local.data.keys()].sort()).toEqual([
      'saved-urls-index',
      'saved-urls:https://a.test',
    ]);
  });

  const REFUSED: { name: string; input: string; incognito: boolean; problem: string }[] = [
    { name: 'a private window', input: '/cart', incognito: true, problem: 'private-window' },
    { name: 'another site', input: 'https://b.test/x', incognito: false, problem: 'not-this-site' },
    {
      name: 'too long',
      input: `/${'x'.repeat(MAX_SAVED_URL_CHARS)}`,
      incognito: false,
      problem: 'too-long',
    },
    { name: 'not a URL', input: 'cart', incognito: false, problem: 'invalid-url' },
  ];
  for (const { name, input, incognito, problem } of REFUSED)
    test(`refused, nothing kept: ${name}`, async () => {
      const { local, saved } = setup();
      expect(await saved.save('https://a.test', input, incognito)).toEqual({ ok: false, problem });
      expect(local.data.size).toBe(0);
    });

  test('forget: that URL; the site’s entry goes with its last', async () => {
    const { local, saved } = setup();
    await saved.save('https://a.test', '/a', false);
    await saved.save('https://a.test', '/b', false);
    expect(await saved.forget('https://a.test', 'https://a.test/a')).toEqual(['https://a.test/b']);
    expect(await saved.forget('https://a.test', 'https://a.test/never')).toEqual([
      'https://a.test/b',
    ]);
    expect(await saved.forget('https://a.test', 'https://a.test/b')).toEqual([]);
    expect(local.data.has('saved-urls:https://a.test')).toBe(false);
    expect(await saved.forget('https://c.test', 'https://c.test/')).toEqual([]);
  });

  test(`at most ${MAX_SAVED_ORIGINS} sites: the least recently used goes first`, async () => {
    const { saved } = setup();
    for (let i = 0; i <= MAX_SAVED_ORIGINS; i++) await saved.save(`https://s${i}.test`, '/', false);
    expect(await saved.urls('https://s0.test')).toEqual([]);
    expect(await saved.urls('https://s1.test')).toEqual(['https://s1.test/']);
    expect(await saved.urls(`https://s${MAX_SAVED_ORIGINS}.test`)).toHaveLength(1);
  });

  test(`${MAX_SAVED_BYTES} bytes as Chromium charges them: the oldest sites go`, async () => {
    const { local, saved } = setup();
    // 50 URLs of about 1,990 characters: about 100,000 bytes a site, so two fit and not three.
    const long = (i: number) => `/${String(i).padStart(4, '0')}${'x'.repeat(1_970)}`;
    for (const site of ['https://a.test', 'https://b.test', 'https://c.test'])
      for (let i = 0; i < 50; i++) await saved.save(site, long(i), false);
    expect(await saved.urls('https://a.test')).toEqual([]);
    expect(await saved.urls('https://c.test')).toHaveLength(50);
    const items = [...local.data].filter(([key]) => key.startsWith('saved-urls:'));
    const bytes = items.reduce((sum, [key, value]) => sum + storedSize(key, value), 0);
    expect(bytes).toBeLessThanOrEqual(MAX_SAVED_BYTES);
  });
});

describe('HistoryService: saved test URLs by tab', () => {
  async function history() {
    const local = memoryStorage();
    const session = memoryStorage();
    const settings = new SettingsService(new SettingsStore(memoryStorage(), memoryStorage()));
    const tabs: Record<number, { url: string; incognito: boolean }> = {
      1: { url: 'https://a.test/page', incognito: false },
      2: { url: 'https://a.test/page', incognito: true },
      3: { url: 'chrome://settings/', incognito: false },
    };
    const service = new HistoryService({
      getTab: async (tabId) => tabs[tabId] ?? { url: undefined, incognito: false },
      versions: { normal: new VersionStore(local), private: new VersionStore(session) },
      seen: new SeenPathsStore(local, settings),
      saved: new SavedUrlsStore(local),
      settings,
    });
    return { service, local, session };
  }

  test('a normal window: saved, listed, in the history reply', async () => {
    const { service } = await history();
    expect(await service.saveTestUrl(1, '/cart')).toEqual({
      ok: true,
      urls: ['https://a.test/cart'],
    });
    expect(await service.savedUrls(1)).toEqual({ ok: true, urls: ['https://a.test/cart'] });
    expect((await service.history(1))?.saved).toEqual(['https://a.test/cart']);
    expect(await service.forgetTestUrl(1, 'https://a.test/cart')).toEqual({ ok: true, urls: [] });
  });

  test('a private window: refused, nothing kept anywhere, none shown', async () => {
    const { service, local, session } = await history();
    await service.saveTestUrl(1, '/cart');
    const before = structuredClone([...local.data]);
    expect(await service.saveTestUrl(2, '/secret')).toEqual({
      ok: false,
      problem: 'private-window',
    });
    expect(await service.savedUrls(2)).toEqual({ ok: false, problem: 'private-window' });
    expect(await service.forgetTestUrl(2, 'https://a.test/cart')).toEqual({
      ok: false,
      problem: 'private-window',
    });
    expect([...local.data]).toEqual(before);
    expect(session.data.size).toBe(0);
    expect((await service.history(2))?.saved).toEqual([]);
  });

  test('a page with no robots.txt: not applicable', async () => {
    const { service } = await history();
    expect(await service.saveTestUrl(3, '/x')).toEqual({ ok: false, problem: 'not-applicable' });
    expect(await service.savedUrls(3)).toEqual({ ok: false, problem: 'not-applicable' });
  });

  // They are the user's list, not history: clearing the history leaves them.
  test('clearing a site’s history, or all of it, keeps the saved test URLs', async () => {
    const { service } = await history();
    await service.saveTestUrl(1, '/cart');
    await service.clear(1);
    expect(await service.savedUrls(1)).toEqual({ ok: true, urls: ['https://a.test/cart'] });
    await service.clearAll();
    expect(await service.savedUrls(1)).toEqual({ ok: true, urls: ['https://a.test/cart'] });
  });
});
