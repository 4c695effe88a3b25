// Each tab's last report in storage.session (issue 12, speed; issue 27 item 1): kept under
// tab-report:<id>, not kept when too large, dropped with the tab and when the settings change. The
// background is the only owner of a tab's popup URL: set to carry the screen drawn from the tab's
// snapshot, or back to the plain page, whenever the snapshot changes, and drawn again when what the
// popup keeps for the site changes (memoryChanged), so a reopening shows the popup as it was left.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { screenDrawer } from '../../background/screen-drawer.ts';
import {
  MAX_SNAPSHOT_BYTES,
  type ScreenDrawer,
  TabSnapshots,
} from '../../background/tab-snapshots.ts';
import { Translators } from '../../background/translators.ts';
import { carriedScreen, MAX_SCREEN_JSON_CHARS } from '../../first-screen/screen.ts';
import { lookupIn, translator } from '../../src/explain/index.ts';
import {
  EMPTY_MEMORY,
  memoryKey,
  memoryScope,
  type PopupMemory,
} from '../../src/extension/popup-memory.ts';
import type { TabReport } from '../../src/extension/protocol.ts';
import { defaultSettings } from '../../src/extension/settings.ts';
import { snapshotBasis } from '../../src/extension/tab-snapshot.ts';
import { fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';
import { memoryStorage } from '../fixtures/storage.ts';

/** browser.action's setPopup, recording each tab's popup as set; `closed` tabs refuse. */
const popups = (closed: number[] = []) => {
  const set: { tabId: number; popup: string }[] = [];
  return {
    set,
    async setPopup(details: { tabId: number; popup: string }) {
      if (closed.includes(details.tabId)) throw new Error(`No tab with id: ${details.tabId}.`);
      set.push(details);
    },
  };
};

/** A drawer that draws no screen. */
const noScreen = async () => null;

/** A small reply: a page with no robots.txt. */
const small = (url: string): TabReport => ({
  kind: 'not-applicable',
  url,
  robots: ['Googlebot'],
});

/** A reply past MAX_SNAPSHOT_BYTES once stored: a robot list longer than any snapshot may be. */
const large = (url: string): TabReport => ({
  kind: 'not-applicable',
  url,
  robots: Array.from({ length: MAX_SNAPSHOT_BYTES / 16 }, (_, i) => `VeryLongBotName${i}`),
});

/** A drawer whose draws each wait until the test calls their `pending` entry, in any order. */
function heldDrawer(): { pending: (() => void)[]; draw: ScreenDrawer } {
  const pending: (() => void)[] = [];
  const draw: ScreenDrawer = (snapshot) =>
    new Promise((resolve) =>
      pending.push(() =>
        resolve({ url: snapshot.reply.url, basis: snapshotBasis(snapshot), scroll: 0, nodes: [] }),
      ),
    );
  return { pending, draw };
}

describe('TabSnapshots', () => {
  test('keep writes tab-report:<id> with the reply and the settings it was judged with', async () => {
    const session = memoryStorage();
    const settings = { ...defaultSettings(), robots: ['Googlebot'], language: 'es' as const };
    await new TabSnapshots(session, popups(), noScreen).keep(7, small('about:blank'), settings);
    expect([...session.data.keys()]).toEqual(['tab-report:7']);
    expect(session.data.get('tab-report:7')).toEqual({ reply: small('about:blank'), settings });
  });

  test('a later report of the tab replaces its snapshot', async () => {
    const session = memoryStorage();
    const snapshots = new TabSnapshots(session, popups(), noScreen);
    await snapshots.keep(7, small('https://a.test/1'), defaultSettings());
    await snapshots.keep(7, small('https://a.test/2'), defaultSettings());
    expect(session.data.size).toBe(1);
    expect(session.data.get('tab-report:7')).toMatchObject({ reply: { url: 'https://a.test/2' } });
  });

  test('a reply larger than MAX_SNAPSHOT_BYTES is not kept and removes the tab’s older one', async () => {
    const session = memoryStorage();
    const snapshots = new TabSnapshots(session, popups(), noScreen);
    expect(JSON.stringify(large('https://a.test/')).length).toBeGreaterThan(MAX_SNAPSHOT_BYTES);
    await snapshots.keep(3, small('https://a.test/'), defaultSettings());
    await snapshots.keep(4, small('https://b.test/'), defaultSettings());
    await snapshots.keep(3, large('https://a.test/'), defaultSettings());
    // The older snapshot is of a page the tab may no longer show: it goes too.
    expect([...session.data.keys()]).toEqual(['tab-report:4']);
  });

  test('a snapshot of exactly MAX_SNAPSHOT_BYTES is kept', async () => {
    const session = memoryStorage();
    const settings = defaultSettings();
    const stored = (robots: string[]) =>
      new TextEncoder().encode(
        `tab-report:1${JSON.stringify({ reply: { ...small('u'), robots }, settings })}`,
      ).length;
    // One long robot name filling the snapshot up to the limit exactly.
    const name = 'x'.repeat(MAX_SNAPSHOT_BYTES - stored(['']));
    expect(stored([name])).toBe(MAX_SNAPSHOT_BYTES);
    await new TabSnapshots(session, popups(), noScreen).keep(
      1,
      { ...small('u'), robots: [name] },
      settings,
    );
    expect(session.data.has('tab-report:1')).toBe(true);
  });

  test('forget removes that tab’s snapshot only: another tab’s and the site’s popup memory stay', async () => {
    const session = memoryStorage();
    const snapshots = new TabSnapshots(session, popups(), noScreen);
    await snapshots.keep(1, small('https://a.test/'), defaultSettings());
    await snapshots.keep(2, small('https://b.test/'), defaultSettings());
    // What the popup keeps is per site, not per tab: it outlives the tab.
    await session.set({ 'popup-memory:https://a.test': { view: 'verdicts' } });
    await snapshots.forget(1);
    expect([...session.data.keys()].sort()).toEqual([
      'popup-memory:https://a.test',
      'tab-report:2',
    ]);
    // A tab with none: nothing happens.
    await snapshots.forget(9);
    expect(session.data.size).toBe(2);
  });

  test('clear(tabIds) removes exactly those tabs’ snapshots and leaves other keys', async () => {
    const session = memoryStorage();
    const snapshots = new TabSnapshots(session, popups(), noScreen);
    for (const tabId of [1, 2, 3])
      await snapshots.keep(tabId, small('about:blank'), defaultSettings());
    await session.set({ 'page-headers:3': { url: 'https://a.test/' }, 'robots:https://a.test': 1 });
    await session.set({ 'popup-memory:https://a.test': { view: 'verdicts' } });
    await snapshots.clear([1, 3, 5]);
    expect([...session.data.keys()].sort()).toEqual([
      'page-headers:3',
      'popup-memory:https://a.test',
      'robots:https://a.test',
      'tab-report:2',
    ]);
    await snapshots.clear([]);
    expect(session.data.size).toBe(4);
  });

  test('a snapshot that changes sets the tab’s popup back to the plain page; the same one does not', async () => {
    const session = memoryStorage();
    const action = popups();
    const snapshots = new TabSnapshots(session, action, noScreen);
    // The first of the tab since the background started: whatever the URL carries may be older.
    await snapshots.keep(1, small('https://a.test/1'), defaultSettings());
    expect(action.set).toEqual([{ tabId: 1, popup: 'popup.html' }]);
    // The same report again (the popup's own, a page judged again as it was): the screen stays.
    await snapshots.keep(1, small('https://a.test/1'), defaultSettings());
    expect(action.set).toHaveLength(1);
    // Another page, other settings, another tab: each is a change.
    await snapshots.keep(1, small('https://a.test/2'), defaultSettings());
    await snapshots.keep(1, small('https://a.test/2'), { ...defaultSettings(), language: 'th' });
    await snapshots.keep(2, small('https://a.test/2'), defaultSettings());
    expect(action.set.map((d) => d.tabId)).toEqual([1, 1, 1, 2]);
    // A report too large to keep still changes what the tab shows.
    await snapshots.keep(2, large('https://a.test/2'), defaultSettings());
    expect(action.set.map((d) => d.tabId)).toEqual([1, 1, 1, 2, 2]);
    expect(new Set(action.set.map((d) => d.popup))).toEqual(new Set(['popup.html']));
  });

  test('clear sets every open tab’s popup back to the plain page; forget starts the tab anew', async () => {
    const session = memoryStorage();
    const action = popups([3]);
    const snapshots = new TabSnapshots(session, action, noScreen);
    await snapshots.keep(1, small('https://a.test/'), defaultSettings());
    await snapshots.keep(2, small('https://b.test/'), defaultSettings());
    action.set.length = 0;
    // Tab 3 closed meanwhile: its refusal loses nothing.
    await snapshots.clear([1, 2, 3]);
    expect(action.set).toEqual([
      { tabId: 1, popup: 'popup.html' },
      { tabId: 2, popup: 'popup.html' },
    ]);
    // After clear, the same report is a change again (nothing was kept for the tab).
    await snapshots.keep(1, small('https://a.test/'), defaultSettings());
    expect(action.set).toHaveLength(3);
    await snapshots.forget(1);
    await snapshots.keep(1, small('https://a.test/'), defaultSettings());
    expect(action.set).toHaveLength(4);
  });

  test('the tab moved to another URL: its popup goes back to the plain page, and the next report is a change', async () => {
    const action = popups([4]);
    const snapshots = new TabSnapshots(memoryStorage(), action, noScreen);
    await snapshots.keep(1, small('https://a.test/'), defaultSettings());
    await snapshots.navigated(1);
    await snapshots.keep(1, small('https://a.test/'), defaultSettings());
    expect(action.set.map((d) => d.tabId)).toEqual([1, 1, 1]);
    // A tab closed meanwhile: nothing thrown.
    await snapshots.navigated(4);
  });

  test('a snapshot that changes sets the tab’s popup to the screen drawn from it', async () => {
    const action = popups();
    const drawn: string[] = [];
    const draw: ScreenDrawer = async (snapshot) => {
      drawn.push(snapshot.reply.url);
      return { url: snapshot.reply.url, basis: snapshotBasis(snapshot), scroll: 0, nodes: ['x'] };
    };
    const snapshots = new TabSnapshots(memoryStorage(), action, draw);
    await snapshots.keep(1, small('https://a.test/1'), defaultSettings());
    const [set] = action.set;
    expect(set?.popup).toMatch(/^\/popup-screen\.html\?tab=1#/);
    const carried = carriedScreen(new URL(set?.popup ?? '', 'https://x.test').hash);
    expect(carried).toEqual({
      url: 'https://a.test/1',
      basis: snapshotBasis({ reply: small('https://a.test/1'), settings: defaultSettings() }),
      scroll: 0,
      nodes: ['x'],
    });
    // Drawn once per snapshot: the same one again draws nothing.
    await snapshots.keep(1, small('https://a.test/1'), defaultSettings());
    expect(drawn).toEqual(['https://a.test/1']);
  });

  test('no screen, a drawer that fails, a screen too long for a URL: the plain page', async () => {
    const action = popups();
    const long = 'x'.repeat(MAX_SCREEN_JSON_CHARS);
    const draws: ScreenDrawer[] = [
      noScreen,
      async () => {
        throw new Error('no catalogue');
      },
      async () => ({ url: 'u', basis: 'b', scroll: 0, nodes: [long] }),
    ];
    for (const [i, draw] of draws.entries())
      await new TabSnapshots(memoryStorage(), action, draw).keep(i, small('u'), defaultSettings());
    expect(action.set).toEqual([0, 1, 2].map((tabId) => ({ tabId, popup: 'popup.html' })));
  });

  test('a screen drawn from a snapshot replaced meanwhile, or of a tab that moved, is not set', async () => {
    const action = popups();
    const { pending, draw } = heldDrawer();
    const snapshots = new TabSnapshots(memoryStorage(), action, draw);
    const first = snapshots.keep(1, small('https://a.test/1'), defaultSettings());
    const second = snapshots.keep(1, small('https://a.test/2'), defaultSettings());
    // The newer draw ends first, then the older one: only the newer screen is set.
    await new Promise((resolve) => setTimeout(resolve));
    pending[1]?.();
    await second;
    pending[0]?.();
    await first;
    expect(action.set).toHaveLength(1);
    expect(carriedScreen(new URL(action.set[0]?.popup ?? '', 'https://x.test').hash)?.url).toBe(
      'https://a.test/2',
    );
    // The tab moves while its screen is drawn: the plain page stays.
    const third = snapshots.keep(1, small('https://a.test/3'), defaultSettings());
    await new Promise((resolve) => setTimeout(resolve));
    await snapshots.navigated(1);
    pending[2]?.();
    await third;
    expect(action.set.map((d) => d.popup).slice(1)).toEqual(['popup.html']);
  });
});

describe('memoryChanged(scope, tabs): what the popup keeps for a site changed', () => {
  const SITE = 'https://a.test';
  /** A judged page: its snapshot is of the site of its URL's origin. */
  const judged = (url: string, inPrivate = false): TabReport =>
    fakeTabReport(url, okOutcome('User-agent: *\nDisallow: /private/\n'), { inPrivate });
  /** The URL of the page whose screen a popup URL carries; the popup URL itself when none. */
  const carriedUrl = (popup: string | undefined) =>
    carriedScreen(new URL(popup ?? '', 'https://x.test').hash)?.url ?? popup;
  /** A drawer that records the pages it draws. */
  const recording = () => {
    const drawn: string[] = [];
    const draw: ScreenDrawer = async (snapshot) => {
      drawn.push(snapshot.reply.url);
      return { url: snapshot.reply.url, basis: snapshotBasis(snapshot), scroll: 0, nodes: ['x'] };
    };
    return { drawn, draw };
  };

  // Tab 1's snapshot, kept by this background (`keep`) or found in storage (`stored`), and whether
  // a change of SITE's memory draws its screen again.
  const rows: {
    source: string;
    keep?: TabReport;
    stored?: unknown;
    /** The URL the tab shows now (by default, the page kept). */
    now?: string;
    /** The scope whose memory changed (by default SITE, a normal window's). */
    scope?: string;
    redrawn: boolean;
  }[] = [
    {
      source: 'issue 27 item 1: a page of that site',
      keep: judged('https://a.test/item'),
      redrawn: true,
    },
    {
      source: 'RFC 9309 §2.3, one robots.txt per origin: another page of the same origin',
      keep: judged('https://a.test/other?x=1'),
      redrawn: true,
    },
    { source: 'a page of another site', keep: judged('https://b.test/item'), redrawn: false },
    {
      source: 'RFC 6454 §4: the same host over http is another origin',
      keep: judged('http://a.test/item'),
      redrawn: false,
    },
    {
      source: "a page with no robots.txt concept ('not-applicable'): no site, no memory",
      keep: small('https://a.test/item'),
      redrawn: false,
    },
    {
      source: 'a page of that site judged, too large to keep: none stored, nothing to draw',
      keep: { ...judged('https://a.test/item'), robots: large('https://a.test/item').robots },
      redrawn: false,
    },
    { source: 'a tab never judged: no snapshot, nothing set', redrawn: false },
    {
      source: 'a snapshot kept before the background slept (in storage, not in its memory)',
      stored: { reply: judged('https://a.test/item'), settings: defaultSettings() },
      redrawn: true,
    },
    {
      source: 'tab-snapshot.ts readTabSnapshot: a stored value of another shape is none',
      stored: { reply: 'report', settings: defaultSettings() },
      redrawn: false,
    },
    {
      source: 'untrusted storage never throws: a snapshot whose reply is null',
      stored: { reply: null, settings: defaultSettings() },
      redrawn: false,
    },
    {
      source:
        'the tab moved to another page of the site, not judged yet: its snapshot is of the page left',
      keep: judged('https://a.test/item'),
      now: 'https://a.test/next',
      redrawn: false,
    },
    {
      source: 'private-memory brief: a private tab of that site; a normal window’s memory changed',
      keep: judged('https://a.test/item', true),
      redrawn: false,
    },
    {
      source: 'private-memory brief: a private tab of that site; its own (private) memory changed',
      keep: judged('https://a.test/item', true),
      scope: memoryScope(SITE, true),
      redrawn: true,
    },
    {
      source: 'private-memory brief: a normal tab of that site; a private window’s memory changed',
      keep: judged('https://a.test/item'),
      scope: memoryScope(SITE, true),
      redrawn: false,
    },
  ];
  for (const { source, keep, stored, now, scope, redrawn } of rows) {
    test(source, async () => {
      const session = memoryStorage();
      const action = popups();
      const { drawn, draw } = recording();
      const snapshots = new TabSnapshots(session, action, draw);
      if (keep !== undefined) await snapshots.keep(1, keep, defaultSettings());
      if (stored !== undefined) await session.set({ 'tab-report:1': stored });
      const before = [...session.data];
      action.set.length = 0;
      drawn.length = 0;
      await snapshots.memoryChanged(scope ?? SITE, [
        { id: 1, url: now ?? keep?.url ?? 'https://a.test/item' },
      ]);
      expect(drawn).toHaveLength(redrawn ? 1 : 0);
      expect(action.set.map((d) => [d.tabId, carriedUrl(d.popup)])).toEqual(
        redrawn ? [[1, drawn[0]]] : [],
      );
      // Storage is only read.
      expect([...session.data]).toEqual(before);
    });
  }

  test('of the open tabs given, only those whose snapshot is of the site; none given, none read', async () => {
    const session = memoryStorage();
    const action = popups();
    const { drawn, draw } = recording();
    const snapshots = new TabSnapshots(session, action, draw);
    const pages: [number, TabReport][] = [
      [1, judged('https://a.test/1')],
      [2, judged('https://b.test/2')],
      [3, judged('https://a.test/3')],
      [4, small('about:blank')],
      [6, judged('https://a.test/6')],
    ];
    for (const [tabId, reply] of pages) await snapshots.keep(tabId, reply, defaultSettings());
    action.set.length = 0;
    // Tab 5 has no snapshot; tab 6 is not among the open tabs given.
    await snapshots.memoryChanged(SITE, [
      ...pages.flatMap(([id, reply]) => (id === 6 ? [] : [{ id, url: reply.url }])),
      { id: 5, url: 'https://a.test/5' },
    ]);
    expect(action.set.map((d) => [d.tabId, carriedUrl(d.popup)]).sort()).toEqual([
      [1, 'https://a.test/1'],
      [3, 'https://a.test/3'],
    ]);
    action.set.length = 0;
    const reads: unknown[] = [];
    const watched = new TabSnapshots(
      {
        ...session,
        get: (keys) => {
          reads.push(keys);
          return session.get(keys);
        },
      },
      action,
      draw,
    );
    await watched.memoryChanged(SITE, []);
    expect([reads, action.set]).toEqual([[], []]);
    expect(drawn.filter((url) => url === 'https://a.test/6')).toHaveLength(1);
  });

  describe('drawn with the memory as it is now (screen-drawer.ts reads it)', () => {
    const translators = new Translators(async () => translator(lookupIn(en), 'en'));
    // [source, SITE's memory now, the scroll the tab's popup URL carries; null: the plain page]
    const memories: [string, PopupMemory, number | null][] = [
      [
        'issue 27 item 1: the verdicts scrolled, the screen carries that scroll',
        { ...EMPTY_MEMORY, scroll: { verdicts: 120 }, page: 'https://a.test/item' },
        120,
      ],
      [
        'issue 27 item 1: another view left open: the plain popup page, which opens on it',
        { ...EMPTY_MEMORY, view: 'tester', scroll: { verdicts: 120 }, page: 'https://a.test/item' },
        null,
      ],
      ['issue 27 item 1: back on the verdicts, at the top', EMPTY_MEMORY, 0],
    ];
    test.each(memories)('%s', async (_source, memory, scroll) => {
      const session = memoryStorage();
      const action = popups();
      const snapshots = new TabSnapshots(session, action, screenDrawer(session, translators));
      // Drawn first with the memory of an earlier opening: another scroll.
      await session.set({
        [memoryKey(SITE)]: {
          ...EMPTY_MEMORY,
          scroll: { verdicts: 40 },
          page: 'https://a.test/item',
        },
      });
      await snapshots.keep(1, judged('https://a.test/item'), defaultSettings());
      expect(
        carriedScreen(new URL(action.set[0]?.popup ?? '', 'https://x.test').hash)?.scroll,
      ).toBe(40);
      await session.set({ [memoryKey(SITE)]: memory });
      await snapshots.memoryChanged(SITE, [{ id: 1, url: 'https://a.test/item' }]);
      expect(action.set).toHaveLength(2);
      const popup = action.set[1]?.popup ?? '';
      if (scroll === null) expect(popup).toBe('popup.html');
      else expect(carriedScreen(new URL(popup, 'https://x.test').hash)?.scroll).toBe(scroll);
    });
  });

  // The memory changed while the tab's page is judged anew: the newer snapshot's screen stays,
  // whichever draw ends first.
  test.each([
    ['the older draw ends first', [1, 2]],
    ['the newer draw ends first', [2, 1]],
  ])(
    'a tab whose snapshot changed while it was drawn is not overwritten: %s',
    async (_name, order) => {
      const action = popups();
      const { pending, draw } = heldDrawer();
      const snapshots = new TabSnapshots(memoryStorage(), action, draw);
      const first = snapshots.keep(1, judged('https://a.test/1'), defaultSettings());
      pending[0]?.();
      await first;
      // Redrawn for the memory; meanwhile the tab's next page is judged.
      const redraw = snapshots.memoryChanged(SITE, [{ id: 1, url: 'https://a.test/1' }]);
      await new Promise((resolve) => setTimeout(resolve));
      expect(pending).toHaveLength(2);
      const next = snapshots.keep(1, judged('https://a.test/2'), defaultSettings());
      for (const i of order) pending[i]?.();
      await Promise.all([redraw, next]);
      expect(action.set.map((d) => carriedUrl(d.popup))).toEqual([
        'https://a.test/1',
        'https://a.test/2',
      ]);
    },
  );

  test('a newer snapshot kept while the memory change reads storage: its screen stays', async () => {
    const session = memoryStorage();
    const action = popups();
    const { draw } = recording();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const snapshots = new TabSnapshots(
      // Storage read before the newer snapshot is kept, answered after.
      {
        ...session,
        get: async (keys) => {
          const value = await session.get(keys);
          await held;
          return value;
        },
      },
      action,
      draw,
    );
    await snapshots.keep(1, judged('https://a.test/1'), defaultSettings());
    const redraw = snapshots.memoryChanged(SITE, [{ id: 1, url: 'https://a.test/1' }]);
    await snapshots.keep(1, judged('https://a.test/2'), defaultSettings());
    release();
    await redraw;
    expect(action.set.map((d) => carriedUrl(d.popup)).at(-1)).toBe('https://a.test/2');
  });
});
