import { describe, expect, test } from 'vitest';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import type { StorageArea } from '../../background/storage-area.ts';
import {
  DEFAULTS,
  defaultSettings,
  exportSettings,
  type ImportProblem,
  SETTINGS_KEY,
  type Settings,
  type SettingsProblem,
  toStored,
} from '../../src/extension/settings.ts';
import { memoryStorage } from '../fixtures/storage.ts';

/** The real store over two memory areas, its loads counted; `failReads` next reads refused. */
function setup() {
  const sync = memoryStorage();
  const local = memoryStorage();
  const control = { loads: 0, failReads: 0 };
  const failingSync: StorageArea = {
    get: (keys) => {
      if (control.failReads > 0) {
        control.failReads--;
        return Promise.reject(new Error('storage unavailable'));
      }
      return sync.get(keys);
    },
    set: (items) => sync.set(items),
    remove: (keys) => sync.remove(keys),
  };
  // The fallback flag lives in local storage: refuse its reads too, so the whole load fails.
  const failingLocal: StorageArea = {
    get: (keys) => {
      if (control.failReads > 0) {
        control.failReads--;
        return Promise.reject(new Error('storage unavailable'));
      }
      return local.get(keys);
    },
    set: (items) => local.set(items),
    remove: (keys) => local.remove(keys),
  };
  const store = new SettingsStore(failingSync, failingLocal);
  const load = store.load.bind(store);
  store.load = () => {
    control.loads++;
    return load();
  };
  const service = new SettingsService(store);
  /** Everything stored, in both areas. */
  const stored = () => ({
    sync: Object.fromEntries(sync.data),
    local: Object.fromEntries(local.data),
  });
  return { service, sync, local, control, stored };
}

describe('SettingsService.get', () => {
  test('nothing stored: the defaults', async () => {
    const { service } = setup();
    expect(await service.get()).toEqual(DEFAULTS);
  });

  test('one load for many reads, concurrent or not', async () => {
    const { service, control } = setup();
    const all = await Promise.all([service.get(), service.get(), service.get()]);
    await service.get();
    await service.get();
    expect(control.loads).toBe(1);
    expect(all[1]).toBe(all[0]);
  });

  test('the cache hides a change in storage until invalidate, which reads again', async () => {
    const { service, sync, control } = setup();
    expect((await service.get()).checking).toBe('auto');
    await sync.set({ [SETTINGS_KEY]: toStored({ ...defaultSettings(), checking: 'on-demand' }) });
    expect((await service.get()).checking).toBe('auto');
    service.invalidate();
    expect((await service.get()).checking).toBe('on-demand');
    expect(control.loads).toBe(2);
  });

  test('a failed load is not cached: the next read tries storage again', async () => {
    const { service, control } = setup();
    control.failReads = 1;
    await expect(service.get()).rejects.toThrow('storage unavailable');
    expect(await service.get()).toEqual(DEFAULTS);
    expect(control.loads).toBe(2);
    await service.get();
    expect(control.loads).toBe(2);
  });
});

describe('SettingsService.set', () => {
  test('a valid change is merged, stored in sync and served without a new load', async () => {
    const { service, control, stored } = setup();
    const changed = await service.set({ robots: ['GPTBot', 'Googlebot'], language: 'ru' });
    const expected: Settings = {
      ...defaultSettings(),
      robots: ['GPTBot', 'Googlebot'],
      language: 'ru',
    };
    expect(changed).toEqual({ ok: true, settings: expected });
    expect(stored().sync).toEqual({ [SETTINGS_KEY]: toStored(expected) });
    expect(await service.get()).toEqual(expected);
    expect(control.loads).toBe(1);
  });

  test('a change applies on top of the previous one', async () => {
    const { service } = setup();
    await service.set({ checking: 'on-demand' });
    const changed = await service.set({ showOtherReadings: false });
    expect(changed).toEqual({
      ok: true,
      settings: { ...defaultSettings(), checking: 'on-demand', showOtherReadings: false },
    });
  });

  const refused: { name: string; change: unknown; problem: SettingsProblem }[] = [
    { name: 'not an object', change: 'robots', problem: 'not-an-object' },
    { name: 'null', change: null, problem: 'not-an-object' },
    { name: 'an array', change: [], problem: 'not-an-object' },
    { name: 'robots not a list', change: { robots: 'GPTBot' }, problem: 'bad-robots' },
    {
      name: 'a control character in a name',
      change: { robots: ['bad\tbot'] },
      problem: 'bad-robots',
    },
    {
      name: 'a name over 64 characters',
      change: { robots: ['x'.repeat(65)] },
      problem: 'bad-robots',
    },
    { name: 'an empty robot name', change: { robots: [''] }, problem: 'bad-robots' },
    { name: 'unknown checking', change: { checking: 'never' }, problem: 'bad-checking' },
    {
      name: 'other readings not a boolean',
      change: { showOtherReadings: 'yes' },
      problem: 'bad-other-readings',
    },
    {
      name: 'cache lifetime under a minute',
      change: { cacheLifetimeMs: 59_999 },
      problem: 'bad-cache-lifetime',
    },
    {
      name: 'cache lifetime over a day',
      change: { cacheLifetimeMs: 86_400_001 },
      problem: 'bad-cache-lifetime',
    },
    { name: 'unknown language', change: { language: 'fr' }, problem: 'bad-language' },
    {
      name: 'issue 15: 40 names of 64 emoji, 10.5 KB, over the 7,168-byte cap (sync keeps 8,192)',
      change: { robots: Array.from({ length: 40 }, (_, i) => `${'🤖'.repeat(62)}${i + 10}`) },
      problem: 'too-large',
    },
    {
      name: 'one bad key among good ones',
      change: { checking: 'on-demand', language: 'xx' },
      problem: 'bad-language',
    },
  ];
  for (const { name, change, problem } of refused) {
    test(`refused, nothing stored: ${name} → ${problem}`, async () => {
      const { service, stored } = setup();
      await service.set({ checking: 'on-demand' });
      const before = stored();
      expect(await service.set(change)).toEqual({ ok: false, problem });
      expect(stored()).toEqual(before);
      expect(await service.get()).toEqual({ ...defaultSettings(), checking: 'on-demand' });
    });
  }
});

describe('SettingsService.import and export', () => {
  test('an export file imports whole, stored and served', async () => {
    const { service, stored } = setup();
    const wanted = { ...defaultSettings(), robots: ['ClaudeBot'], cacheLifetimeMs: 3_600_000 };
    const imported = await service.import(exportSettings(wanted));
    expect(imported).toEqual({ ok: true, settings: wanted });
    expect(stored().sync).toEqual({ [SETTINGS_KEY]: toStored(wanted) });
    expect(await service.get()).toEqual(wanted);
  });

  test('export gives the file of the current settings, which imports back', async () => {
    const { service } = setup();
    await service.set({ robots: ['Bingbot'], showOtherReadings: false });
    const file = await service.export();
    expect(file).toBe(
      exportSettings({ ...defaultSettings(), robots: ['Bingbot'], showOtherReadings: false }),
    );
    const other = setup().service;
    expect(await other.import(file)).toEqual({ ok: true, settings: await service.get() });
  });

  const file = (fields: Record<string, unknown>) =>
    JSON.stringify({ app: 'robots-lens', kind: 'settings', schemaVersion: 2, ...fields });
  const refused: { name: string; text: string; problem: ImportProblem }[] = [
    { name: 'not JSON', text: 'robots: GPTBot', problem: 'not-json' },
    { name: 'empty', text: '', problem: 'not-json' },
    { name: 'JSON of another app', text: file({ app: 'other' }), problem: 'foreign-file' },
    { name: 'another kind of file', text: file({ kind: 'cache' }), problem: 'foreign-file' },
    { name: 'a JSON array', text: '[1, 2]', problem: 'foreign-file' },
    {
      name: 'no schema version',
      text: file({ schemaVersion: undefined }),
      problem: 'foreign-file',
    },
    { name: 'schema version 0', text: file({ schemaVersion: 0 }), problem: 'foreign-file' },
    { name: 'a newer version', text: file({ schemaVersion: 3 }), problem: 'newer-version' },
    {
      name: 'an invalid setting',
      text: file({ settings: { ...DEFAULTS, checking: 'sometimes' } }),
      problem: 'bad-checking',
    },
    { name: 'settings missing', text: file({}), problem: 'not-an-object' },
    {
      name: 'issue 15: no known key (would reset everything)',
      text: file({ settings: {} }),
      problem: 'no-known-key',
    },
    {
      name: 'issue 15: only unknown keys',
      text: file({ settings: { theme: 'dark' } }),
      problem: 'no-known-key',
    },
    {
      name: 'issue 15: over the size cap',
      text: file({
        settings: { robots: Array.from({ length: 40 }, (_, i) => `${'🤖'.repeat(62)}${i + 10}`) },
      }),
      problem: 'too-large',
    },
    {
      name: 'issue 15: a robot name of 65 characters',
      text: file({ settings: { robots: ['x'.repeat(65)] } }),
      problem: 'bad-robots',
    },
  ];
  for (const { name, text, problem } of refused) {
    test(`import refused, nothing stored: ${name} → ${problem}`, async () => {
      const { service, stored } = setup();
      await service.set({ language: 'es' });
      const before = stored();
      expect(await service.import(text)).toEqual({ ok: false, problem });
      expect(stored()).toEqual(before);
      expect((await service.get()).language).toBe('es');
    });
  }
});

describe('SettingsService.reset', () => {
  test('gives the defaults, stored and served', async () => {
    const { service, stored } = setup();
    await service.set({ robots: ['GPTBot'], checking: 'on-demand', language: 'th' });
    expect(await service.reset()).toEqual(DEFAULTS);
    expect(stored().sync).toEqual({ [SETTINGS_KEY]: toStored(defaultSettings()) });
    expect(await service.get()).toEqual(DEFAULTS);
  });
});

describe('issue 15, item 5: settings never lost when sync refuses', () => {
  const RATE = 'This request exceeds the MAX_WRITE_OPERATIONS_PER_MINUTE quota.';
  /** Sync refusing the next `syncRefusals` writes (Chrome's words), local refusing the next `localRefusals`. */
  function refusing() {
    const sync = memoryStorage();
    const local = memoryStorage();
    const control = { syncRefusals: 0, localRefusals: 0 };
    const area = (inner: typeof sync, key: 'syncRefusals' | 'localRefusals', message: string) => ({
      get: inner.get,
      remove: inner.remove,
      set: (items: Record<string, unknown>) => {
        if (control[key] > 0) {
          control[key]--;
          return Promise.reject(new Error(message));
        }
        return inner.set(items);
      },
    });
    const store = new SettingsStore(
      area(sync, 'syncRefusals', RATE),
      area(local, 'localRefusals', 'QUOTA_BYTES quota exceeded'),
    );
    const stored = () => ({
      sync: Object.fromEntries(sync.data),
      local: Object.fromEntries(local.data),
    });
    return { service: new SettingsService(store), control, stored };
  }
  const file = (settings: unknown) =>
    JSON.stringify({ app: 'robots-lens', kind: 'settings', schemaVersion: 2, settings });

  // [source, refused import]
  const ROWS: [string, string][] = [
    ['issue 15: an import with no known key', file({})],
    ['issue 15: a robot name over 64 characters', file({ robots: ['x'.repeat(65)] })],
    [
      'issue 15: over the size cap',
      file({ robots: Array.from({ length: 40 }, (_, i) => `${'🤖'.repeat(62)}${i + 10}`) }),
    ],
    ['not JSON', '{'],
  ];
  test.each(ROWS)(
    'after a sync refusal, a refused import leaves both copies: %s',
    async (_source, text) => {
      const { service, control, stored } = refusing();
      await service.set({ language: 'ru' });
      control.syncRefusals = 1;
      await service.set({ checking: 'on-demand' });
      const before = stored();
      expect(before.local).toHaveProperty('settings');
      expect((await service.import(text)).ok).toBe(false);
      expect(stored()).toEqual(before);
      service.invalidate();
      expect(await service.get()).toEqual({
        ...defaultSettings(),
        language: 'ru',
        checking: 'on-demand',
      });
    },
  );

  test('both areas refuse: the change fails, nothing stored, the saved settings still served', async () => {
    const { service, control, stored } = refusing();
    await service.set({ language: 'th' });
    const before = stored();
    control.syncRefusals = 1;
    control.localRefusals = 1;
    await expect(service.set({ checking: 'on-demand' })).rejects.toThrow('QUOTA_BYTES');
    expect(stored()).toEqual(before);
    expect(await service.get()).toEqual({ ...defaultSettings(), language: 'th' });
    service.invalidate();
    expect(await service.get()).toEqual({ ...defaultSettings(), language: 'th' });
  });
});
