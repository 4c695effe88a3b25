import { describe, expect, test } from 'vitest';
import {
  type OpenWindow,
  PrivateWindows,
  type StorageChange,
} from '../../background/private-windows.ts';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import {
  EMPTY_MEMORY,
  MEMORY_INDEX_KEY,
  memoryKey,
  memoryScope,
} from '../../src/extension/popup-memory.ts';
import { memoryReports, servingText } from '../fixtures/background.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const NORMAL = 'https://a.test';
const PRIVATE = 'https://b.test';
/** Another service's key in storage.session (page headers are per tab, dropped with the tab). */
const OTHER_SESSION_KEY = 'page-headers:9';

// What the popup keeps per scope (popup/memory.ts): the sites of normal windows, B included (also
// opened in a normal window), and of private ones.
const normalB = memoryScope(PRIVATE, false);
const privateB = memoryScope(PRIVATE, true);
const privateC = memoryScope('https://c.test', true);
/** Written by a popup whose index write was lost (two popups saving at once): in no index. */
const privateOrphan = memoryScope('https://d.test', true);
const kept = (view: 'records' | 'tester' | 'history') => ({ ...EMPTY_MEMORY, view });
/** storage.session as normal windows leave it: their memory, its index, another service's key. */
const normalSession = (): [string, unknown][] => [
  [OTHER_SESSION_KEY, { url: `${NORMAL}/` }],
  [memoryKey(NORMAL), kept('records')],
  [memoryKey(normalB), kept('tester')],
  [MEMORY_INDEX_KEY, [normalB, NORMAL]],
];
/** What private windows add to it (the index listing their scopes among the normal ones). */
const privateSession = (): [string, unknown][] => [
  [memoryKey(privateB), kept('history')],
  [memoryKey(privateC), kept('tester')],
  [memoryKey(privateOrphan), kept('records')],
  [MEMORY_INDEX_KEY, [privateB, normalB, NORMAL, privateC]],
];

/** The real reports over memory storage; the open windows faked (browser.windows.getAll). */
async function setup(options: { visitedInPrivate: boolean }) {
  const { requests, fetchRobots } = servingText('User-agent: *\nDisallow: /x\n');
  const settings = new SettingsService(new SettingsStore(null, memoryStorage()));
  const { reports, local, session } = memoryReports({ fetchRobots, settings });
  await reports.report(NORMAL, false, false);
  if (options.visitedInPrivate) await reports.report(PRIVATE, true, false);
  await session.set(Object.fromEntries(normalSession()));
  if (options.visitedInPrivate) await session.set(Object.fromEntries(privateSession()));
  let open: OpenWindow[] = [];
  let windowsAsked = 0;
  const privateWindows = new PrivateWindows({
    getAll: async () => {
      windowsAsked++;
      return open;
    },
    clearPrivate: () => reports.clearPrivate(),
    session,
    sessionKeys: async () => [...session.data.keys()],
  });
  return {
    reports,
    requests,
    local,
    session,
    privateWindows,
    /** The windows open after one closed. */
    remaining(windows: OpenWindow[]) {
      open = windows;
    },
    windowsAsked: () => windowsAsked,
  };
}

const normal = { incognito: false };
const inPrivate = { incognito: true };

// Both run the one sweep: a window closed (windows.onRemoved), the background started (a worker
// stopped while the last private window closed, or while a popup's last write landed).
const SWEEPS = [
  ['onWindowRemoved', (p: PrivateWindows) => p.onWindowRemoved()],
  ['onStart', (p: PrivateWindows) => p.onStart()],
] as const;

for (const [method, sweep] of SWEEPS)
  describe(`PrivateWindows.${method}`, () => {
    const cases: {
      name: string;
      source: string;
      visitedInPrivate: boolean;
      remaining: OpenWindow[];
      dropped: number | null;
      privateKept: boolean;
    }[] = [
      {
        name: 'the last private window closed: the private entries and memory go',
        source: 'issue 15 item 8; private-memory brief: the popup memory goes too',
        visitedInPrivate: true,
        remaining: [normal],
        dropped: 1,
        privateKept: false,
      },
      {
        name: 'every window closed (the browser keeps running, as on macOS)',
        source: 'windows.getAll answers []',
        visitedInPrivate: true,
        remaining: [],
        dropped: 1,
        privateKept: false,
      },
      {
        name: 'a private window is still open: kept, its memory too',
        source: 'issue 15 item 8: only the last private window clears',
        visitedInPrivate: true,
        remaining: [normal, inPrivate],
        dropped: null,
        privateKept: true,
      },
      {
        name: 'no private window ever: nothing to drop, the normal memory untouched',
        source: 'a normal window closed',
        visitedInPrivate: false,
        remaining: [normal],
        dropped: 0,
        privateKept: true,
      },
    ];
    for (const { name, source, visitedInPrivate, remaining, dropped, privateKept } of cases) {
      test(`${name} (${source})`, async () => {
        const t = await setup({ visitedInPrivate });
        const localBefore = structuredClone([...t.local.data]);
        const sessionBefore = structuredClone([...t.session.data]);
        t.remaining(remaining);
        expect(await sweep(t.privateWindows)).toBe(dropped);
        // The normal windows' reports and memory and the other services' keys are never touched.
        expect([...t.local.data]).toEqual(localBefore);
        if (privateKept) expect([...t.session.data]).toEqual(sessionBefore);
        else expect(new Map(t.session.data)).toEqual(new Map(normalSession()));
      });
    }
  });

describe('PrivateWindows.onWindowRemoved, then', () => {
  test('a new private window fetches afresh; normal windows keep their cache', async () => {
    const t = await setup({ visitedInPrivate: true });
    t.remaining([normal]);
    await t.privateWindows.onWindowRemoved();
    expect(await t.reports.report(PRIVATE, true, false)).toMatchObject({ fromCache: false });
    expect(await t.reports.report(NORMAL, false, false)).toMatchObject({ fromCache: true });
    expect(t.requests).toEqual([
      `${NORMAL}/robots.txt`,
      `${PRIVATE}/robots.txt`,
      `${PRIVATE}/robots.txt`,
    ]);
  });

  test('windows.getAll failing clears nothing and rejects (the caller reports it)', async () => {
    let cleared = 0;
    const session = memoryStorage();
    await session.set({ [memoryKey(privateB)]: kept('history') });
    const privateWindows = new PrivateWindows({
      getAll: async () => {
        throw new Error('no windows API');
      },
      clearPrivate: async () => ++cleared,
      session,
      sessionKeys: async () => [...session.data.keys()],
    });
    await expect(privateWindows.onWindowRemoved()).rejects.toThrow('no windows API');
    expect(cleared).toBe(0);
    expect(session.data.has(memoryKey(privateB))).toBe(true);
  });
});

describe('PrivateWindows.onSessionChanged: a private memory written with no private window open', () => {
  // The popup's last write starts at pagehide and may land after its window closed (and after the
  // sweep of onWindowRemoved): storage.onChanged then removes it.
  const rows: {
    name: string;
    /** What the write put in storage.session, over the normal windows' state. */
    written: [string, unknown][];
    open: OpenWindow[];
    removed: boolean;
    /** Whether the open windows were asked for (not for a change that names no private scope). */
    asked: boolean;
  }[] = [
    {
      name: 'a private memory key, no private window open: removed, with the index entry',
      written: [
        [memoryKey(privateB), kept('history')],
        [MEMORY_INDEX_KEY, [privateB, normalB, NORMAL]],
      ],
      open: [normal],
      removed: true,
      asked: true,
    },
    {
      name: 'a private memory key alone (its index write still to come): removed',
      written: [[memoryKey(privateB), kept('history')]],
      open: [],
      removed: true,
      asked: true,
    },
    {
      name: 'the index alone naming a private scope (its key already removed): cleaned',
      written: [[MEMORY_INDEX_KEY, [privateB, normalB, NORMAL]]],
      open: [normal],
      removed: true,
      asked: true,
    },
    {
      name: 'a private memory key while a private window is open: kept',
      written: [
        [memoryKey(privateB), kept('history')],
        [MEMORY_INDEX_KEY, [privateB, normalB, NORMAL]],
      ],
      open: [normal, inPrivate],
      removed: false,
      asked: true,
    },
    {
      name: 'a normal window’s memory of the same site: kept, no windows asked',
      written: [
        [memoryKey(normalB), kept('records')],
        [MEMORY_INDEX_KEY, [normalB, NORMAL]],
      ],
      open: [normal],
      removed: false,
      asked: false,
    },
    {
      name: 'another service’s key: nothing, no windows asked',
      written: [['page-headers:4', { url: `${NORMAL}/x` }]],
      open: [],
      removed: false,
      asked: false,
    },
  ];
  for (const { name, written, open, removed, asked } of rows) {
    test(name, async () => {
      const t = await setup({ visitedInPrivate: false });
      t.remaining(open);
      await t.session.set(Object.fromEntries(written));
      const before = structuredClone([...t.session.data]);
      const changes: Record<string, StorageChange> = Object.fromEntries(
        written.map(([key, newValue]) => [key, { newValue }]),
      );
      expect(await t.privateWindows.onSessionChanged(changes)).toBe(removed);
      expect(t.windowsAsked()).toBe(asked ? 1 : 0);
      // Removed: storage.session is as the normal windows left it, their index entries in order.
      if (removed) expect(new Map(t.session.data)).toEqual(new Map(normalSession()));
      else expect([...t.session.data]).toEqual(before);
    });
  }

  test('its own removals (no newValue) ask nothing: the cleanup does not call itself again', async () => {
    const t = await setup({ visitedInPrivate: false });
    const changes = { [memoryKey(privateB)]: { oldValue: kept('history') } };
    expect(await t.privateWindows.onSessionChanged(changes)).toBe(false);
    expect(t.windowsAsked()).toBe(0);
  });
});
