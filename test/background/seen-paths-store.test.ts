import { describe, expect, test } from 'vitest';
import { SeenPathsStore } from '../../background/seen-paths-store.ts';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import { memoryStorage } from '../fixtures/storage.ts';

async function setup(rememberPaths: boolean) {
  const local = memoryStorage();
  const settings = new SettingsService(new SettingsStore(memoryStorage(), memoryStorage()));
  if (rememberPaths) await settings.set({ rememberPaths: true });
  let now = 1_000;
  const seen = new SeenPathsStore(local, settings, () => now++);
  return { local, seen };
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
