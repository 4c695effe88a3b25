import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { type ActionApi, BadgePainter } from '../../background/badge-painter.ts';
import { HostAccess } from '../../background/host-access.ts';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import type { StorageArea } from '../../background/storage-area.ts';
import { type TabFacts, TabReports } from '../../background/tab-reports.ts';
import { TabSnapshots } from '../../background/tab-snapshots.ts';
import { Translators } from '../../background/translators.ts';
import { lookupIn, translator } from '../../src/explain/index.ts';
import type { TabReport } from '../../src/extension/protocol.ts';
import { readTabSnapshot, tabSnapshotKey } from '../../src/extension/tab-snapshot.ts';
import { ALL_SITES } from '../../src/policy.ts';
import { DEFAULT_ROBOTS } from '../../src/robot-names.ts';
import { emptyDom, memoryPages, memoryReports, servingText } from '../fixtures/background.ts';
import { held } from '../fixtures/held.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const TEXT = ['User-agent: GPTBot', 'Disallow: /', '', 'User-agent: *', 'Disallow: /private'].join(
  '\n',
);

// Whether a granted match pattern covers an asked one (all https sites cover each https site).
function covers(granted: string, asked: string): boolean {
  const scheme = /^(https?):\/\/\*\/\*$/.exec(granted)?.[1];
  return granted === asked || (scheme !== undefined && asked.startsWith(`${scheme}://`));
}

/** browser.permissions.contains over the patterns granted, recording what was asked. */
function fakePermissions(granted: readonly string[]) {
  const asked: string[][] = [];
  const contains = async ({ origins }: { origins: string[] }) => {
    asked.push(origins);
    return origins.every((o) => granted.some((g) => covers(g, o)));
  };
  return { asked, contains };
}

/** browser.action recording badge texts per tab; `failing` makes every call reject. */
function fakeAction() {
  const texts: [tabId: number, text: string][] = [];
  const control = { failing: false };
  const call = async () => {
    if (control.failing) throw new Error('No tab with id');
  };
  const action: ActionApi = {
    setBadgeText: async ({ tabId, text }) => {
      await call();
      texts.push([tabId, text]);
    },
    setBadgeBackgroundColor: call,
    setTitle: call,
    setBadgeTextColor: call,
  };
  return { action, texts, control };
}

/** The real services over memory storage; the tabs, permissions, action and network faked. */
function setup(
  tabs: Record<number, TabFacts>,
  granted: readonly string[] = ALL_SITES,
  hooks: {
    permissionAnswered?: Promise<void>;
    tabAnswered?: Promise<void>;
    domRead?: (tabId: number) => void;
  } = {},
) {
  const local = memoryStorage();
  const session = memoryStorage();
  const { requests, fetchRobots } = servingText(TEXT);
  const settings = new SettingsService(new SettingsStore(null, memoryStorage()));
  const { reports } = memoryReports({ fetchRobots, settings, local, session });
  const en_ = translator(lookupIn(en), 'en');
  const { action, texts, control } = fakeAction();
  const badge = new BadgePainter({
    action,
    settings,
    translators: new Translators(async () => en_),
    reports,
  });
  const permissions = fakePermissions(granted);
  const errors: [string, unknown][] = [];
  const tabReports = new TabReports({
    getTab: async (tabId) => {
      await hooks.tabAnswered;
      const tab = tabs[tabId];
      if (tab === undefined) throw new Error(`No tab with id: ${tabId}`);
      return tab;
    },
    access: new HostAccess(async (asked) => {
      await hooks.permissionAnswered;
      return permissions.contains(asked);
    }),
    reports,
    settings,
    badge,
    ...memoryPages((tabId) => {
      hooks.domRead?.(tabId);
      return emptyDom('https://example.com/');
    }),
    onError: (where, error) => void errors.push([where, error]),
  });
  return {
    tabReports,
    settings,
    requests,
    permissions,
    badgeTexts: texts,
    action: control,
    errors,
    local,
    session,
  };
}

/** Lets the badge, which the report does not wait for, finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('TabReports.report', () => {
  const notApplicable = [
    'about:blank',
    'about:newtab',
    'chrome://extensions/',
    'file:///home/me/page.html',
    'chrome-extension://abcdef/popup.html',
    'view-source:https://a.test/',
    'data:text/html,hi',
  ];
  for (const url of notApplicable) {
    test(`${url}: not applicable, nothing fetched or painted`, async () => {
      const { tabReports, requests, permissions, badgeTexts } = setup({
        1: { url, incognito: false },
      });
      expect(await tabReports.report(1, false)).toEqual({
        kind: 'not-applicable',
        url,
        robots: DEFAULT_ROBOTS,
      });
      await settle();
      expect(requests).toEqual([]);
      expect(permissions.asked).toEqual([]);
      expect(badgeTexts).toEqual([]);
    });
  }

  test('the page is read while the permission is checked, not after (one wait fewer)', async () => {
    const { promise: permissionAnswered, release: answer } = held();
    const reads: number[] = [];
    const { tabReports, requests } = setup(
      { 1: { url: 'https://a.test/x', incognito: false } },
      ALL_SITES,
      { permissionAnswered, domRead: (tabId) => reads.push(tabId) },
    );
    const report = tabReports.report(1, false);
    await settle();
    expect(reads).toEqual([1]);
    expect(requests).toEqual([]);
    answer();
    expect((await report).kind).toBe('report');
    expect(requests).toEqual(['https://a.test/robots.txt']);
  });

  test('the page is read while the tab is looked up, not after (one wait fewer)', async () => {
    const { promise: tabAnswered, release: answer } = held();
    const reads: number[] = [];
    const { tabReports } = setup({ 1: { url: 'https://a.test/x', incognito: false } }, ALL_SITES, {
      tabAnswered,
      domRead: (tabId) => reads.push(tabId),
    });
    const report = tabReports.report(1, false);
    await settle();
    expect(reads).toEqual([1]);
    answer();
    const reply = await report;
    expect(reply.kind === 'report' && reply.page.dom.ok).toBe(true);
    expect(reads).toEqual([1]);
  });

  test('without the permission the page read is dropped and nothing is fetched', async () => {
    const reads: number[] = [];
    const { tabReports, requests } = setup(
      { 1: { url: 'https://a.test/x', incognito: false } },
      [],
      { domRead: (tabId) => reads.push(tabId) },
    );
    expect(await tabReports.report(1, false)).toEqual({
      kind: 'no-permission',
      url: 'https://a.test/x',
      origin: 'https://a.test',
      robots: DEFAULT_ROBOTS,
    });
    expect(requests).toEqual([]);
  });

  test('URL hidden and no access to all sites: no permission, origin unknown', async () => {
    const { tabReports, requests, permissions } = setup({ 1: { incognito: false } }, []);
    expect(await tabReports.report(1, false)).toEqual({
      kind: 'no-permission',
      url: '',
      origin: null,
      robots: DEFAULT_ROBOTS,
    });
    expect(permissions.asked).toEqual([[...ALL_SITES]]);
    expect(requests).toEqual([]);
  });

  test('URL hidden although every site is granted: not applicable (a browser page)', async () => {
    const { tabReports } = setup({ 1: { incognito: false } });
    expect(await tabReports.report(1, false)).toEqual({
      kind: 'not-applicable',
      url: '',
      robots: DEFAULT_ROBOTS,
    });
  });

  const withheld: { url: string; origin: string; pattern: string }[] = [
    { url: 'https://b.test/page', origin: 'https://b.test', pattern: 'https://b.test/*' },
    {
      url: 'http://localhost:8080/x',
      origin: 'http://localhost:8080',
      pattern: 'http://localhost/*',
    },
    { url: 'HTTPS://B.TEST:443/', origin: 'https://b.test', pattern: 'https://b.test/*' },
  ];
  for (const { url, origin, pattern } of withheld) {
    test(`access to ${origin} withheld: no permission for that origin`, async () => {
      const { tabReports, requests, permissions } = setup({ 1: { url, incognito: false } }, [
        'https://a.test/*',
      ]);
      expect(await tabReports.report(1, false)).toEqual({
        kind: 'no-permission',
        url,
        origin,
        robots: DEFAULT_ROBOTS,
      });
      expect(permissions.asked).toEqual([[pattern]]);
      expect(requests).toEqual([]);
    });
  }

  test('access to one origin is enough for its report', async () => {
    const { tabReports, requests } = setup({ 1: { url: 'https://a.test/x', incognito: false } }, [
      'https://a.test/*',
    ]);
    expect((await tabReports.report(1, false)).kind).toBe('report');
    expect(requests).toEqual(['https://a.test/robots.txt']);
  });

  test('a report: verdicts for exactly the settings’ robots, in their order', async () => {
    const url = 'https://a.test/private/page';
    const { tabReports, settings, requests } = setup({ 4: { url, incognito: false } });
    const robots = ['MyBot', 'GPTBot', 'Googlebot'];
    expect((await settings.set({ robots })).ok).toBe(true);
    const report = await tabReports.report(4, false);
    if (report.kind !== 'report') throw new Error(`a report expected, got ${report.kind}`);
    expect(report.url).toBe(url);
    expect(report.robots).toEqual(robots);
    expect(report.report).toMatchObject({
      origin: 'https://a.test',
      fromCache: false,
      changed: false,
      outcome: { kind: 'ok' },
    });
    // The text is sent apart (robotsText): a 500 KiB file would slow the popup's first screen.
    expect(report.report.outcome).not.toHaveProperty('text');
    expect(
      report.verdicts.map((v) => [v.robot, v.verdict.allowed, v.verdict.rule?.line ?? null]),
    ).toEqual([
      ['MyBot', false, 5],
      ['GPTBot', false, 2],
      ['Googlebot', false, 5],
    ]);
    expect(requests).toEqual(['https://a.test/robots.txt']);
  });

  test('the badge is painted for the tab', async () => {
    const { tabReports, badgeTexts } = setup({
      3: { url: 'https://a.test/public', incognito: false },
    });
    await tabReports.report(3, false);
    await settle();
    expect(badgeTexts).toEqual([[3, '✓']]);
  });

  test('a failing badge goes to onError and the report is still given', async () => {
    const { tabReports, action, errors, badgeTexts } = setup({
      3: { url: 'https://a.test/private/x', incognito: false },
    });
    action.failing = true;
    const report = await tabReports.report(3, false);
    expect(report.kind).toBe('report');
    await settle();
    expect(badgeTexts).toEqual([]);
    expect(errors.map(([where, error]) => [where, (error as Error).message])).toEqual([
      ['badge', 'No tab with id'],
    ]);
  });

  test('force fetches again; otherwise the cache serves', async () => {
    const { tabReports, requests } = setup({ 1: { url: 'https://a.test/', incognito: false } });
    await tabReports.report(1, false);
    const cached = await tabReports.report(1, false);
    expect(cached.kind === 'report' && cached.report.fromCache).toBe(true);
    const forced = await tabReports.report(1, true);
    expect(forced.kind === 'report' && forced.report.fromCache).toBe(false);
    expect(requests).toHaveLength(2);
  });

  test('a private tab’s report is kept in the private stores only', async () => {
    const { tabReports, local, session } = setup({
      1: { url: 'https://a.test/', incognito: true },
    });
    const reply = await tabReports.report(1, false);
    expect(reply.kind === 'report' && reply.inPrivate).toBe(true);
    expect(local.data.size).toBe(0);
    expect(session.data.has('robots:https://a.test')).toBe(true);
  });

  test('a normal tab’s report says so: the popup keeps its memory under the site itself', async () => {
    const { tabReports } = setup({ 1: { url: 'https://a.test/', incognito: false } });
    const reply = await tabReports.report(1, false);
    expect(reply.kind === 'report' && reply.inPrivate).toBe(false);
  });

  test('a closed tab rejects the report', async () => {
    const { tabReports } = setup({});
    await expect(tabReports.report(99, false)).rejects.toThrow('No tab with id: 99');
  });
});

describe('TabReports: each reply kept as the tab’s snapshot (issue 12, the popup’s first screen)', () => {
  /** As `setup`, with the snapshots kept in `session` (a storage.session of its own). */
  function withSnapshots(tabs: Record<number, TabFacts>, session: StorageArea = memoryStorage()) {
    const { requests, fetchRobots } = servingText(TEXT);
    const settings = new SettingsService(new SettingsStore(null, memoryStorage()));
    const { reports } = memoryReports({ fetchRobots, settings });
    const en_ = translator(lookupIn(en), 'en');
    const badge = new BadgePainter({
      action: fakeAction().action,
      settings,
      translators: new Translators(async () => en_),
      reports,
    });
    const errors: [string, unknown][] = [];
    const pageServices = memoryPages(() => emptyDom('https://example.com/'));
    const tabReports = new TabReports({
      getTab: async (tabId) => {
        const tab = tabs[tabId];
        if (tab === undefined) throw new Error(`No tab with id: ${tabId}`);
        return tab;
      },
      access: new HostAccess(fakePermissions(ALL_SITES).contains),
      reports,
      settings,
      badge,
      pages: pageServices.pages,
      highlights: pageServices.highlights,
      snapshots: new TabSnapshots(session, { setPopup: async () => undefined }, async () => null),
      onError: (where, error) => void errors.push([where, error]),
    });
    return { tabReports, settings, reports, pages: pageServices.pages, requests, errors };
  }

  const ROBOTS = ['MyBot', 'GPTBot', 'Googlebot'];
  const replies: { name: string; url: string; kind: TabReport['kind'] }[] = [
    { name: 'a judged page', url: 'https://a.test/private/page', kind: 'report' },
    { name: 'a page with no robots.txt', url: 'about:blank', kind: 'not-applicable' },
  ];
  for (const { name, url, kind } of replies) {
    test(`report() keeps ${name} ('${kind}') with the current settings`, async () => {
      const session = memoryStorage();
      const { tabReports, settings } = withSnapshots({ 4: { url, incognito: false } }, session);
      expect((await settings.set({ robots: ROBOTS, language: 'ru' })).ok).toBe(true);
      const reply = await tabReports.report(4, false);
      expect(reply.kind).toBe(kind);
      await settle();
      expect([...session.data.keys()]).toEqual([tabSnapshotKey(4)]);
      expect(session.data.get(tabSnapshotKey(4))).toEqual({
        reply,
        settings: await settings.get(),
      });
      expect(readTabSnapshot(session.data.get(tabSnapshotKey(4)), url)?.reply).toEqual(reply);
    });
  }

  for (const incognito of [false, true])
    test(`judged() keeps the reply report() would give for the same page (${incognito ? 'a private' : 'a normal'} window)`, async () => {
      const url = 'https://a.test/private/page';
      const session = memoryStorage();
      const { tabReports, settings, reports, requests } = withSnapshots(
        { 4: { url, incognito } },
        session,
      );
      expect((await settings.set({ robots: ROBOTS })).ok).toBe(true);
      // The cache serves both, so the two replies are of the same fetch.
      await reports.report('https://a.test', incognito, false);
      const reply = await tabReports.report(4, false);
      if (reply.kind !== 'report') throw new Error(`a report expected, got ${reply.kind}`);
      expect(reply.verdicts.map((v) => [v.robot, v.verdict.allowed])).toEqual([
        ['MyBot', false],
        ['GPTBot', false],
        ['Googlebot', false],
      ]);
      expect(reply.inPrivate).toBe(incognito);
      await settle();
      session.data.clear();
      const fetched = await reports.report('https://a.test', incognito, false);
      await tabReports.judged(4, url, fetched, reply.page, incognito);
      expect(session.data.get(tabSnapshotKey(4))).toEqual({
        reply,
        settings: await settings.get(),
      });
      expect(requests).toEqual(['https://a.test/robots.txt']);
    });

  test('judged() keeps nothing for a page with no robots.txt', async () => {
    const session = memoryStorage();
    const { tabReports, reports, pages } = withSnapshots({}, session);
    const fetched = await reports.report('https://a.test', false, false);
    await tabReports.judged(4, 'about:blank', fetched, await pages.read(4, 'about:blank'), false);
    expect(session.data.size).toBe(0);
  });

  test('a storage refusing the snapshot: the reply is still given, the error goes to onError', async () => {
    const session = memoryStorage();
    const refusing: StorageArea = {
      ...session,
      set: async () => {
        throw new Error('storage.session unavailable');
      },
    };
    const { tabReports, errors } = withSnapshots(
      { 2: { url: 'https://a.test/public', incognito: false } },
      refusing,
    );
    const reply = await tabReports.report(2, false);
    expect(reply.kind).toBe('report');
    await settle();
    expect(session.data.size).toBe(0);
    expect(errors.map(([where, error]) => [where, (error as Error).message])).toEqual([
      ['tab-snapshot', 'storage.session unavailable'],
    ]);
  });
});
