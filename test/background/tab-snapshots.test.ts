// Each tab's last report in storage.session, the popup's first screen (issue 12, speed): kept under
// tab-report:<id>, not kept when too large, dropped with the tab and when the settings change; the
// tab's popup URL, which may carry a screen drawn from the older snapshot, set to the screen drawn
// from the new one, or back to the plain page, whenever the snapshot changes.
import { describe, expect, test } from 'vitest';
import {
  MAX_SNAPSHOT_BYTES,
  type ScreenDrawer,
  TabSnapshots,
} from '../../background/tab-snapshots.ts';
import { carriedScreen, MAX_SCREEN_JSON_CHARS } from '../../popup/screen.ts';
import { snapshotBasis, type TabReport } from '../../src/extension/protocol.ts';
import { defaultSettings } from '../../src/extension/settings.ts';
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

  test('forget removes that tab’s snapshot and the popup’s last screen of it only', async () => {
    const session = memoryStorage();
    const snapshots = new TabSnapshots(session, popups(), noScreen);
    await snapshots.keep(1, small('https://a.test/'), defaultSettings());
    await snapshots.keep(2, small('https://b.test/'), defaultSettings());
    await session.set({ 'tab-screen:1': { nodes: [] }, 'tab-screen:2': { nodes: [] } });
    await snapshots.forget(1);
    expect([...session.data.keys()].sort()).toEqual(['tab-report:2', 'tab-screen:2']);
    await session.remove('tab-screen:2');
    // A tab with none: nothing happens.
    await snapshots.forget(9);
    expect([...session.data.keys()]).toEqual(['tab-report:2']);
  });

  test('clear(tabIds) removes exactly those tabs’ snapshots and screens and leaves other keys', async () => {
    const session = memoryStorage();
    const snapshots = new TabSnapshots(session, popups(), noScreen);
    for (const tabId of [1, 2, 3])
      await snapshots.keep(tabId, small('about:blank'), defaultSettings());
    await session.set({ 'page-headers:3': { url: 'https://a.test/' }, 'robots:https://a.test': 1 });
    await session.set({ 'tab-screen:1': { nodes: [] }, 'tab-screen:3': { nodes: [] } });
    await snapshots.clear([1, 3, 5]);
    expect([...session.data.keys()].sort()).toEqual([
      'page-headers:3',
      'robots:https://a.test',
      'tab-report:2',
    ]);
    await snapshots.clear([]);
    expect(session.data.size).toBe(3);
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
    const drawn: [number, string][] = [];
    const draw: ScreenDrawer = async (tabId, snapshot) => {
      drawn.push([tabId, snapshot.reply.url]);
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
    expect(drawn).toEqual([[1, 'https://a.test/1']]);
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
    const pending: (() => void)[] = [];
    // Each draw waits until the test lets it finish.
    const draw: ScreenDrawer = (_tabId, snapshot) =>
      new Promise((resolve) =>
        pending.push(() =>
          resolve({
            url: snapshot.reply.url,
            basis: snapshotBasis(snapshot),
            scroll: 0,
            nodes: [],
          }),
        ),
      );
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
