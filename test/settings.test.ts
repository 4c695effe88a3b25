import { describe, expect, test } from 'vitest';
import { SettingsStore } from '../background/settings-store.ts';
import {
  checkRobotName,
  DEFAULTS,
  exportSettings,
  importSettings,
  MAX_ROBOTS,
  migrate,
  SCHEMA_VERSION,
  validateSettings,
} from '../src/settings.ts';
import { memoryStorage } from './fixtures/storage.ts';

describe('robot names', () => {
  test.each([
    ['Googlebot', { ok: true, token: 'Googlebot', known: true, reducedFrom: null }],
    ['googlebot', { ok: true, token: 'Googlebot', known: true, reducedFrom: null }],
    ['  MyCrawler  ', { ok: true, token: 'MyCrawler', known: false, reducedFrom: null }],
    [
      'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)',
      {
        ok: true,
        token: 'GPTBot',
        known: true,
        reducedFrom: 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)',
      },
    ],
    ['', { ok: false, error: 'empty' }],
    ['bad name!', { ok: false, error: 'invalid-token' }],
    ['robot2', { ok: false, error: 'invalid-token' }],
  ])('%j', (input, expected) => {
    expect(checkRobotName(input)).toEqual(expected);
  });
});

describe('validateSettings', () => {
  test('partial changes over a base; duplicates dropped; unknown keys ignored', () => {
    const v = validateSettings({
      robots: ['GPTBot', 'gptbot', 'ClaudeBot'],
      checking: 'on-demand',
      extra: 1,
    });
    expect(v).toEqual({
      ok: true,
      settings: { ...DEFAULTS, robots: ['GPTBot', 'ClaudeBot'], checking: 'on-demand' },
    });
  });
  test.each([
    [[], 'not-an-object'],
    [{ robots: ['ok', 3] }, 'bad-robots'],
    [{ robots: ['not a token'] }, 'bad-robots'],
    [
      { robots: Array.from({ length: MAX_ROBOTS + 1 }, (_, i) => `Bot${'x'.repeat(i)}`) },
      'bad-robots',
    ],
    [{ checking: 'sometimes' }, 'bad-checking'],
    [{ showOtherReadings: 'yes' }, 'bad-other-readings'],
    [{ cacheLifetimeMs: 25 * 3600_000 }, 'bad-cache-lifetime'],
    [{ cacheLifetimeMs: 1000 }, 'bad-cache-lifetime'],
    [{ language: 'fr' }, 'bad-language'],
  ])('%j → %s', (value, problem) => {
    expect(validateSettings(value)).toEqual({ ok: false, problem });
  });
});

describe('migrate', () => {
  test('nothing stored: the defaults', () => {
    expect(migrate(undefined)).toEqual({ settings: DEFAULTS, from: 0 });
  });
  test('version 1 (the bare settings object): kept, invalid robots dropped, language added', () => {
    const { settings, from } = migrate({
      robots: ['GPTBot', 'not valid'],
      checking: 'on-demand',
      cacheLifetimeMs: 3_600_000,
    });
    expect(from).toBe(1);
    expect(settings).toEqual({
      ...DEFAULTS,
      robots: ['GPTBot'],
      checking: 'on-demand',
      cacheLifetimeMs: 3_600_000,
    });
  });
  test('the current version reads back as written; a bad value falls back to its default only', () => {
    const stored = {
      schemaVersion: SCHEMA_VERSION,
      settings: { ...DEFAULTS, language: 'ru', checking: 'never' },
    };
    expect(migrate(stored)).toEqual({
      settings: { ...DEFAULTS, language: 'ru' },
      from: SCHEMA_VERSION,
    });
  });
});

describe('export and import', () => {
  const mine = { ...DEFAULTS, robots: ['ClaudeBot', 'Googlebot'], language: 'th' as const };
  test('round trip', () => {
    expect(importSettings(exportSettings(mine))).toEqual({ ok: true, settings: mine });
  });
  test.each([
    ['{not json', 'not-json'],
    ['{"name": "some other extension"}', 'foreign-file'],
    ['[1,2,3]', 'foreign-file'],
    [
      JSON.stringify({
        app: 'robots-lens',
        kind: 'settings',
        schemaVersion: SCHEMA_VERSION + 1,
        settings: {},
      }),
      'newer-version',
    ],
    [
      JSON.stringify({
        app: 'robots-lens',
        kind: 'settings',
        schemaVersion: SCHEMA_VERSION,
        settings: { robots: 'Googlebot' },
      }),
      'bad-robots',
    ],
  ])('%s → refused: %s', (text, problem) => {
    expect(importSettings(text)).toEqual({ ok: false, problem });
  });
});

describe('SettingsStore', () => {
  test('sync storage by default; a version 1 object in local storage is migrated into sync', async () => {
    const sync = memoryStorage();
    const local = memoryStorage();
    await local.set({ settings: { robots: ['GPTBot'], checking: 'on-demand' } });
    const store = new SettingsStore(sync, local);
    expect((await store.load()).robots).toEqual(['GPTBot']);
    expect(sync.data.get('settings')).toMatchObject({
      schemaVersion: SCHEMA_VERSION,
      settings: { robots: ['GPTBot'] },
    });
    expect(await store.area()).toBe('sync');
  });
  test('sync over quota: local storage from then on', async () => {
    const sync = memoryStorage(10);
    const local = memoryStorage();
    const store = new SettingsStore(sync, local);
    expect(await store.save({ ...DEFAULTS, robots: ['CCBot'] })).toBe('local');
    expect(await store.area()).toBe('local');
    expect((await store.load()).robots).toEqual(['CCBot']);
  });
  test('no sync storage at all', async () => {
    const store = new SettingsStore(null, memoryStorage());
    expect(await store.save(DEFAULTS)).toBe('local');
    expect(await store.load()).toEqual(DEFAULTS);
  });
});
