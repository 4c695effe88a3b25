// Issue 15, item 5: settings never lost. The store over storage areas that fail as the browser's
// do: Chrome's storage.sync refuses the 121st write in a minute and an item over 8,192 bytes,
// storage.local may refuse a write too.
import { describe, expect, test } from 'vitest';
import { SettingsStore, SYNC_RETRY_MS } from '../../background/settings-store.ts';
import type { StorageArea } from '../../background/storage-area.ts';
import {
  DEFAULTS,
  defaultSettings,
  SETTINGS_KEY,
  type Settings,
  toStored,
} from '../../src/extension/settings.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const FLAG = 'settings-in-local';
/** chrome.storage.sync quotas (developer.chrome.com/docs/extensions/reference/api/storage#property-sync). */
const MAX_WRITE_OPERATIONS_PER_MINUTE = 120;
const QUOTA_BYTES_PER_ITEM = 8_192;

/**
 * A storage area over a Map that fails like Chrome's: `failNext` queues refusals of the next
 * writes or reads (their messages as Chrome words them); a write that would take the area over
 * `quota.bytes` is refused (QUOTA_BYTES); with `isSync`, more than 120 writes in a minute and an
 * item over 8,192 bytes (key plus JSON, UTF-8) are refused too.
 */
function browserArea(clock: { now: number }, isSync: boolean) {
  const area = memoryStorage();
  const failNext = { set: [] as string[], get: [] as string[], remove: [] as string[] };
  const quota = { bytes: Number.POSITIVE_INFINITY };
  const bytesOf = (entries: Iterable<[string, unknown]>) =>
    [...entries].reduce((n, [k, v]) => n + k.length + JSON.stringify(v).length, 0);
  const writes: number[] = [];
  const fake: StorageArea = {
    async get(keys) {
      const message = failNext.get.shift();
      if (message !== undefined) throw new Error(message);
      return area.get(keys);
    },
    async set(items) {
      const message = failNext.set.shift();
      if (message !== undefined) throw new Error(message);
      if (isSync) {
        const recent = writes.filter((at) => at > clock.now - 60_000);
        if (recent.length >= MAX_WRITE_OPERATIONS_PER_MINUTE)
          throw new Error('This request exceeds the MAX_WRITE_OPERATIONS_PER_MINUTE quota.');
        for (const [key, value] of Object.entries(items)) {
          const bytes = new TextEncoder().encode(key + JSON.stringify(value)).length;
          if (bytes > QUOTA_BYTES_PER_ITEM) throw new Error('QUOTA_BYTES_PER_ITEM quota exceeded');
        }
        writes.push(clock.now);
      }
      if (bytesOf(new Map([...area.data, ...Object.entries(items)])) > quota.bytes)
        throw new Error('QUOTA_BYTES quota exceeded');
      return area.set(items);
    },
    async remove(keys) {
      const message = failNext.remove.shift();
      if (message !== undefined) throw new Error(message);
      return area.remove(keys);
    },
  };
  return { fake, data: area.data, failNext, quota };
}

function setup() {
  const clock = { now: 1_000_000 };
  const sync = browserArea(clock, true);
  const local = browserArea(clock, false);
  const store = new SettingsStore(sync.fake, local.fake, () => clock.now);
  const stored = () => ({
    sync: Object.fromEntries(sync.data),
    local: Object.fromEntries(local.data),
  });
  return { clock, sync, local, store, stored };
}
type Setup = ReturnType<typeof setup>;

const OLD: Settings = { ...defaultSettings(), robots: ['GPTBot'], language: 'es' };
const NEW: Settings = {
  ...defaultSettings(),
  robots: ['ClaudeBot', 'CCBot'],
  checking: 'on-demand',
};
const NEWER: Settings = { ...defaultSettings(), showOtherReadings: false };
const inSync = (s: Settings) => ({ sync: { [SETTINGS_KEY]: toStored(s) }, local: {} });

// Each row: a story of refusals, what the store answers at each step, and both areas at the end.
type Step =
  | { save: Settings; area?: 'sync' | 'local'; throws?: string }
  | { load: Settings }
  | { wait: number }
  | { act: (s: Setup) => void };
interface Row {
  name: string;
  source: string;
  steps: Step[];
  end: { sync: Record<string, unknown>; local: Record<string, unknown> };
}

const RATE = 'This request exceeds the MAX_WRITE_OPERATIONS_PER_MINUTE quota.';
const ROWS: Row[] = [
  {
    name: 'sync refuses one write: the settings and the flag go to local, the next load serves them',
    source: 'issue 15 item 5; Chrome storage.sync MAX_WRITE_OPERATIONS_PER_MINUTE',
    steps: [
      { save: OLD, area: 'sync' },
      { act: (s) => s.sync.failNext.set.push(RATE) },
      { save: NEW, area: 'local' },
      { load: NEW },
    ],
    end: {
      sync: { [SETTINGS_KEY]: toStored(OLD) },
      local: { [SETTINGS_KEY]: toStored(NEW), [FLAG]: 1_000_000 + SYNC_RETRY_MS },
    },
  },
  {
    name: 'a minute later a load writes them to sync and clears the flag',
    source: 'issue 15 item 5: retry sync later, clear the flag when it succeeds',
    steps: [
      { save: OLD, area: 'sync' },
      { act: (s) => s.sync.failNext.set.push(RATE) },
      { save: NEW, area: 'local' },
      { wait: SYNC_RETRY_MS - 1 },
      { load: NEW },
      { wait: 1 },
      { load: NEW },
      { load: NEW },
    ],
    end: inSync(NEW),
  },
  {
    name: 'the next save that sync takes clears the flag',
    source: 'issue 15 item 5: the flag was never cleared',
    steps: [
      { act: (s) => s.sync.failNext.set.push(RATE) },
      { save: NEW, area: 'local' },
      { save: NEWER, area: 'sync' },
      { load: NEWER },
    ],
    end: inSync(NEWER),
  },
  {
    name: '121 saves in a minute: the 121st goes to local, a minute later back in sync',
    source: 'issue 15 item 5: "Chrome\'s 120 writes a minute is enough"',
    steps: [
      ...Array.from({ length: 120 }, (): Step => ({ save: OLD, area: 'sync' })),
      { save: NEW, area: 'local' },
      { load: NEW },
      { wait: SYNC_RETRY_MS },
      { load: NEW },
    ],
    end: inSync(NEW),
  },
  {
    name: 'a retry sync refuses again: local keeps the settings, the flag moves a minute on',
    source: 'issue 15 item 5',
    steps: [
      { act: (s) => s.sync.failNext.set.push(RATE, RATE) },
      { save: NEW, area: 'local' },
      { wait: SYNC_RETRY_MS },
      { load: NEW },
      { load: NEW },
    ],
    end: {
      sync: {},
      local: { [SETTINGS_KEY]: toStored(NEW), [FLAG]: 1_000_000 + 2 * SYNC_RETRY_MS },
    },
  },
  {
    name: 'an item over 8,192 bytes: local storage holds it',
    source: 'Chrome storage.sync QUOTA_BYTES_PER_ITEM',
    steps: [
      { save: OLD, area: 'sync' },
      { save: { ...NEW, robots: Array.from({ length: 40 }, (_, i) => `${'🤖'.repeat(60)}${i}`) } },
      { act: (s) => expect(s.local.data.get(FLAG)).toBe(1_000_000 + SYNC_RETRY_MS) },
    ],
    end: {
      sync: { [SETTINGS_KEY]: toStored(OLD) },
      local: {
        [SETTINGS_KEY]: toStored({
          ...NEW,
          robots: Array.from({ length: 40 }, (_, i) => `${'🤖'.repeat(60)}${i}`),
        }),
        [FLAG]: 1_000_000 + SYNC_RETRY_MS,
      },
    },
  },
  {
    name: 'sync and local both refuse: the save throws, no flag, both areas as they were',
    source: 'issue 15 item 5: set the fallback only after the local write succeeded',
    steps: [
      { save: OLD, area: 'sync' },
      { act: (s) => s.sync.failNext.set.push('QUOTA_BYTES_PER_ITEM quota exceeded') },
      { act: (s) => s.local.failNext.set.push('QUOTA_BYTES quota exceeded') },
      { save: NEW, throws: 'QUOTA_BYTES quota exceeded' },
      { load: OLD },
    ],
    end: inSync(OLD),
  },
  {
    name: 'local has room for the flag but not the settings: nothing written, the saved ones served',
    source:
      'issue 15 item 5: "after a refused import the local copy was empty" (Chrome QUOTA_BYTES)',
    steps: [
      { save: OLD, area: 'sync' },
      { act: (s) => s.sync.failNext.set.push(RATE) },
      { act: (s) => (s.local.quota.bytes = 100) },
      { save: NEW, throws: 'QUOTA_BYTES quota exceeded' },
      { load: OLD },
      { wait: SYNC_RETRY_MS },
      { load: OLD },
    ],
    end: inSync(OLD),
  },
  {
    name: 'a flag left without a local copy (older versions): the settings in sync, the flag dropped',
    source:
      'issue 15 item 5: "the local copy was empty and the extension fell back to the defaults"',
    steps: [
      { save: OLD, area: 'sync' },
      { act: (s) => s.local.data.set(FLAG, true) },
      { load: OLD },
      { load: OLD },
    ],
    end: inSync(OLD),
  },
  {
    name: 'an older flag (true) with a local copy: retried at once',
    source: 'issue 15 item 5: versions before the fix stored true',
    steps: [
      {
        act: (s) => {
          s.local.data.set(FLAG, true);
          s.local.data.set(SETTINGS_KEY, toStored(NEW));
          s.sync.data.set(SETTINGS_KEY, toStored(OLD));
        },
      },
      { load: NEW },
    ],
    end: inSync(NEW),
  },
  {
    name: 'sync unreadable: the settings in local storage, not the defaults, and sync left alone',
    source: 'issue 15 item 5: never answer with defaults while saved settings exist',
    steps: [
      { act: (s) => s.local.data.set(SETTINGS_KEY, toStored(NEW)) },
      { act: (s) => s.sync.data.set(SETTINGS_KEY, toStored(OLD)) },
      { act: (s) => s.sync.failNext.get.push('storage.sync is disabled') },
      { load: NEW },
    ],
    end: { sync: { [SETTINGS_KEY]: toStored(OLD) }, local: { [SETTINGS_KEY]: toStored(NEW) } },
  },
  {
    name: 'a version 1 object in local storage moves into sync',
    source: 'schema migration 1 → 2 (src/extension/settings.ts)',
    steps: [
      { act: (s) => s.local.data.set(SETTINGS_KEY, { robots: ['GPTBot'], language: 'es' }) },
      { load: OLD },
      { act: (s) => s.local.data.delete(SETTINGS_KEY) },
      { load: OLD },
    ],
    end: inSync(OLD),
  },
];

describe('SettingsStore over storage that fails like the browser', () => {
  for (const row of ROWS) {
    test(`${row.name} (${row.source})`, async () => {
      const s = setup();
      for (const step of row.steps) {
        if ('save' in step) {
          if (step.throws !== undefined) {
            await expect(s.store.save(step.save)).rejects.toThrow(step.throws);
          } else {
            const area = await s.store.save(step.save);
            if (step.area !== undefined) expect(area).toBe(step.area);
          }
        } else if ('load' in step) {
          expect(await s.store.load()).toEqual(step.load);
        } else if ('wait' in step) {
          s.clock.now += step.wait;
        } else {
          step.act(s);
        }
      }
      expect(s.stored()).toEqual(row.end);
    });
  }

  test('no save is ever read back as the defaults: every refusal pattern of 3 writes', async () => {
    // Each of 3 saves: sync refuses or not, then local refuses or not; a load after each.
    const outcomes = ['ok', 'sync refuses', 'both refuse'] as const;
    const settingsOf = (i: number): Settings => ({ ...DEFAULTS, robots: [`Bot${i}`] });
    for (const a of outcomes)
      for (const b of outcomes)
        for (const c of outcomes) {
          const s = setup();
          let last: Settings = defaultSettings();
          for (const [i, outcome] of [a, b, c].entries()) {
            if (outcome !== 'ok') s.sync.failNext.set.push(RATE);
            // Room for the flag, not for the settings.
            s.local.quota.bytes = outcome === 'both refuse' ? 100 : Number.POSITIVE_INFINITY;
            const saved = await s.store.save(settingsOf(i)).then(
              () => true,
              () => false,
            );
            if (saved) last = settingsOf(i);
            s.sync.failNext.set.length = 0;
            s.local.quota.bytes = Number.POSITIVE_INFINITY;
            expect(await s.store.load(), `${a}, ${b}, ${c}: after save ${i}`).toEqual(last);
            s.clock.now += 1_000;
          }
        }
  });

  test('no sync storage: local only, no flag', async () => {
    const local = memoryStorage();
    const store = new SettingsStore(null, local);
    expect(await store.save(NEW)).toBe('local');
    expect(await store.load()).toEqual(NEW);
    expect(Object.fromEntries(local.data)).toEqual({ [SETTINGS_KEY]: toStored(NEW) });
  });
});
