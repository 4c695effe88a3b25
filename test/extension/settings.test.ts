import { describe, expect, test } from 'vitest';
import { SettingsStore } from '../../background/settings-store.ts';
import {
  DEFAULTS,
  exportSettings,
  importSettings,
  MAX_SETTINGS_BYTES,
  migrate,
  SCHEMA_VERSION,
  storedBytes,
  validateSettings,
} from '../../src/extension/settings.ts';
import {
  checkRobotName,
  MAX_ROBOT_NAME,
  MAX_ROBOTS,
  type RobotName,
} from '../../src/robot-names.ts';
import { memoryStorage } from '../fixtures/storage.ts';

describe('robot names', () => {
  // Issue 13, item 3: any name of 1 to 64 characters without control characters; a full
  // User-Agent header reduced to its product token; known crawlers spelled as their vendor does.
  // [input, expected, source]
  const ROWS: [string, RobotName, string][] = [
    [
      'Googlebot',
      { ok: true, token: 'Googlebot', known: true, reducedFrom: null },
      'a known crawler (crawlers.ts)',
    ],
    [
      'googlebot',
      { ok: true, token: 'Googlebot', known: true, reducedFrom: null },
      'known crawlers keep their canonical spelling',
    ],
    ['  MyCrawler  ', { ok: true, token: 'MyCrawler', known: false, reducedFrom: null }, 'trimmed'],
    [
      'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)',
      {
        ok: true,
        token: 'GPTBot',
        known: true,
        reducedFrom: 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)',
      },
      "OpenAI's documented User-Agent header, reduced to its token (platform.openai.com/docs/bots)",
    ],
    [
      'MJ12bot',
      { ok: true, token: 'MJ12bot', known: false, reducedFrom: null },
      'issue 13: Majestic (mj12bot.com), digits in the name',
    ],
    [
      '360Spider',
      { ok: true, token: '360Spider', known: false, reducedFrom: null },
      'issue 13: 360 Search, a name that starts with digits',
    ],
    ['k2spider', { ok: true, token: 'k2spider', known: false, reducedFrom: null }, 'issue 13'],
    [
      ' Screaming Frog SEO Spider ',
      { ok: true, token: 'Screaming Frog SEO Spider', known: false, reducedFrom: null },
      'issue 13: Screaming Frog SEO Spider (screamingfrog.co.uk), spaces kept, ends trimmed',
    ],
    [
      'ahrefsbot',
      { ok: true, token: 'AhrefsBot', known: true, reducedFrom: null },
      'issue 13: Ahrefs (ahrefs.com/robot), a known crawler',
    ],
    [
      'SemrushBot-SA',
      { ok: true, token: 'SemrushBot-SA', known: false, reducedFrom: null },
      "issue 13: Semrush's Site Audit bot (semrush.com/bot), not SemrushBot",
    ],
    [
      'bad name!',
      { ok: true, token: 'bad name!', known: false, reducedFrom: null },
      "issue 13: any printable name; how the readings match it is the verdicts' business",
    ],
    [
      'x'.repeat(64),
      { ok: true, token: 'x'.repeat(64), known: false, reducedFrom: null },
      '64 characters: the longest name',
    ],
    ['', { ok: false, error: 'empty' }, 'nothing typed'],
    ['   ', { ok: false, error: 'empty' }, 'only spaces: empty after trimming'],
    ['x'.repeat(65), { ok: false, error: 'too-long' }, '65 characters'],
    ['My\tBot', { ok: false, error: 'control-character' }, 'a tab inside'],
    ['My\nBot', { ok: false, error: 'control-character' }, 'a line break inside'],
    ['My\u0085Bot', { ok: false, error: 'control-character' }, 'a C1 control (NEL)'],
    ['My\u007fBot', { ok: false, error: 'control-character' }, 'DEL'],
  ];
  test.each(ROWS)('%j → %j (%s)', (input, expected) => {
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
    [{ robots: ['x'.repeat(65)] }, 'bad-robots'],
    [{ robots: ['Tab\tBot'] }, 'bad-robots'],
    [{ robots: [''] }, 'bad-robots'],
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

describe('issue 13: names with digits and spaces, one rule for the editor, storage and import', () => {
  const NAMES = [
    'MJ12bot',
    '360Spider',
    'k2spider',
    'Screaming Frog SEO Spider',
    'AhrefsBot',
    'SemrushBot-SA',
  ];
  test('validateSettings keeps them as typed; duplicates compare case-insensitively', () => {
    expect(
      validateSettings({ robots: [...NAMES, 'mj12BOT', 'screaming frog seo spider', 'ahrefsbot'] }),
    ).toEqual({ ok: true, settings: { ...DEFAULTS, robots: NAMES } });
  });
  test('an export with them imports whole; one name too long refuses the whole file', () => {
    const mine = { ...DEFAULTS, robots: NAMES };
    expect(importSettings(exportSettings(mine))).toEqual({ ok: true, settings: mine });
    const tooLong = exportSettings({ ...DEFAULTS, robots: [...NAMES, 'x'.repeat(65)] });
    expect(importSettings(tooLong)).toEqual({ ok: false, problem: 'bad-robots' });
  });
  test('stored settings keep them (migrate reads the current version as written)', () => {
    expect(
      migrate({ schemaVersion: SCHEMA_VERSION, settings: { robots: NAMES } }).settings.robots,
    ).toEqual(NAMES);
  });
});

describe('migrate', () => {
  test('nothing stored: the defaults', () => {
    expect(migrate(undefined)).toEqual({ settings: DEFAULTS, from: 0 });
  });
  test('version 1 (the bare settings object): kept, invalid robots dropped, language added', () => {
    const { settings, from } = migrate({
      robots: ['GPTBot', 'not\tvalid', 'x'.repeat(65)],
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

describe('issue 15, item 5: caps on a robot name, on the settings size, and imports naming no setting', () => {
  /** `count` distinct names of `chars` copies of `char` plus a two-digit number. */
  const names = (count: number, char: string, chars: number) =>
    Array.from(
      { length: count },
      (_, i) => `${char.repeat(chars - 2)}${String(i).padStart(2, '0')}`,
    );
  // [what, problem or null when accepted, source, settings change]
  const ROWS: [string, string | null, string, unknown][] = [
    ['a name of 64 characters', null, 'MAX_ROBOT_NAME', { robots: names(1, 'x', 64) }],
    ['a name of 65 characters', 'bad-robots', 'MAX_ROBOT_NAME', { robots: names(1, 'x', 65) }],
    [
      '40 names of 64 ASCII characters (2.8 KB)',
      null,
      'the longest list of ASCII names always fits',
      { robots: names(40, 'x', 64) },
    ],
    [
      '40 names of 64 Thai letters (3 bytes each in UTF-8), 7.8 KB',
      'too-large',
      'Chrome counts a sync item in UTF-8 bytes; QUOTA_BYTES_PER_ITEM 8,192',
      { robots: names(40, 'ก', 64) },
    ],
    [
      '40 names of 64 emoji (4 bytes each), 10.5 KB: over the 8 KB sync item',
      'too-large',
      'Chrome storage.sync QUOTA_BYTES_PER_ITEM 8,192',
      { robots: names(40, '🤖', 64) },
    ],
  ];
  test.each(ROWS)('%s → %s (%s)', (_what, problem, _source, change) => {
    const checked = validateSettings(change);
    expect(checked.ok ? null : checked.problem).toBe(problem);
  });

  test('the cap is under the 8,192-byte sync item, and the size is counted in UTF-8', () => {
    expect(MAX_ROBOT_NAME).toBe(64);
    expect(MAX_SETTINGS_BYTES).toBeLessThan(8_192);
    const settings = { ...DEFAULTS, robots: ['Ωbot', '🤖'] };
    const json = JSON.stringify({ schemaVersion: SCHEMA_VERSION, settings });
    expect(storedBytes(settings)).toBe('settings'.length + Buffer.byteLength(json, 'utf8'));
  });

  test('an export over the cap is refused whole', () => {
    const big = { ...DEFAULTS, robots: names(40, '🤖', 64) };
    expect(importSettings(exportSettings(big))).toEqual({ ok: false, problem: 'too-large' });
  });

  test('settings stored over the cap (before it existed) are still read, not reset', () => {
    const robots = names(40, '🤖', 64);
    expect(
      migrate({ schemaVersion: SCHEMA_VERSION, settings: { robots } }).settings.robots,
    ).toEqual(robots);
  });

  const file = (settings: unknown, schemaVersion = SCHEMA_VERSION) =>
    JSON.stringify({ app: 'robots-lens', kind: 'settings', schemaVersion, settings });
  test.each([
    ['no settings at all', 'no-known-key', file({})],
    ['only unknown keys', 'no-known-key', file({ colour: 'red', robot: ['GPTBot'] })],
    [
      'a __proto__ key holding robots',
      'no-known-key',
      file(JSON.parse('{"__proto__": {"robots": ["GPTBot"]}}')),
    ],
    ['a version 1 file with no known key', 'no-known-key', file({ theme: 'dark' }, 1)],
    ['settings not an object', 'not-an-object', file(['GPTBot'])],
  ])('import refused: %s → %s', (_what, problem, text) => {
    expect(importSettings(text)).toEqual({ ok: false, problem });
  });

  test('one known key is enough: the others take their defaults', () => {
    expect(importSettings(file({ language: 'th', colour: 'red' }))).toEqual({
      ok: true,
      settings: { ...DEFAULTS, language: 'th' },
    });
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
