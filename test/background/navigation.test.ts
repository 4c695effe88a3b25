import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { type ActionApi, BadgePainter } from '../../background/badge-painter.ts';
import { HostAccess } from '../../background/host-access.ts';
import {
  Navigation,
  type NavigationDeps,
  type OpenTab,
  type TabChange,
  urlToJudge,
} from '../../background/navigation.ts';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import { Translators } from '../../background/translators.ts';
import { lookupIn, translator } from '../../src/explain/index.ts';
import type { Settings } from '../../src/extension/settings.ts';
import { ALL_SITES, hostPattern } from '../../src/policy.ts';
import { memoryPages, memoryReports, servingText } from '../fixtures/background.ts';
import { held } from '../fixtures/held.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const TEXT = 'User-agent: *\nDisallow: /private\n';

/**
 * The real services; the network, permissions (origins granted, or every site), action and open
 * tabs faked. Badge calls for the tabs in `failingTabs` reject, as for a tab closed meanwhile.
 */
async function setup(
  options: {
    settings?: Partial<Settings>;
    granted?: readonly string[] | 'all';
    tabs?: OpenTab[];
    failingTabs?: number[];
    domGate?: () => Promise<void>;
  } = {},
) {
  const { requests, fetchRobots } = servingText(TEXT);
  const settings = new SettingsService(new SettingsStore(null, memoryStorage()));
  expect((await settings.set(options.settings ?? {})).ok).toBe(true);
  const local = memoryStorage();
  const session = memoryStorage();
  const { reports } = memoryReports({ fetchRobots, settings, local, session });
  // Verdicts asked for ahead of the popup, recorded around the real method.
  const compiled: [url: string, robots: readonly string[], count: number][] = [];
  const verdicts = reports.verdicts.bind(reports);
  reports.verdicts = (fetched, url, robots) => {
    const result = verdicts(fetched, url, robots);
    compiled.push([url, robots, result.length]);
    return result;
  };
  const badges: [tabId: number, text: string][] = [];
  const failing = new Set(options.failingTabs ?? []);
  const action: ActionApi = {
    setBadgeText: async ({ tabId, text }) => {
      if (failing.has(tabId)) throw new Error(`No tab with id: ${tabId}`);
      badges.push([tabId, text]);
    },
    setBadgeBackgroundColor: async () => {},
    setTitle: async () => {},
  };
  const t = translator(lookupIn(en), 'en');
  const badge = new BadgePainter({
    action,
    settings,
    translators: new Translators(async () => t),
    reports,
  });
  const asked: string[][] = [];
  const granted = options.granted ?? 'all';
  const access = new HostAccess(async ({ origins }) => {
    asked.push(origins);
    return granted === 'all' || origins.every((o) => granted.includes(o));
  });
  const errors: [where: string, message: string][] = [];
  const pageServices = memoryPages(undefined, options.domGate);
  const deps: NavigationDeps = {
    queryTabs: async () => options.tabs ?? [],
    access,
    reports,
    settings,
    badge,
    pages: pageServices.pages,
    onError: (where, error) => void errors.push([where, (error as Error).message]),
  };
  return {
    navigation: new Navigation(deps),
    requests,
    badges,
    compiled,
    asked,
    errors,
    local,
    session,
    pageHeaders: pageServices.pageHeaders,
  };
}

describe('Navigation.onTabUrl', () => {
  test('automatic checking: fetched, badge painted, every robot’s verdicts compiled', async () => {
    const url = 'https://a.test/private/page';
    const robots = ['Googlebot', 'GPTBot', 'MyBot'];
    const { navigation, requests, badges, compiled, asked } = await setup({
      settings: { robots },
    });
    await navigation.onTabUrl(5, url, false);
    expect(requests).toEqual(['https://a.test/robots.txt']);
    expect(badges).toEqual([[5, '✕']]);
    expect(compiled).toEqual([[url, robots, 3]]);
    expect(asked).toEqual([[hostPattern('https://a.test')]]);
  });

  test('a second page of the same site is served from the cache', async () => {
    const { navigation, requests, badges } = await setup();
    await navigation.onTabUrl(1, 'https://a.test/private/a', false);
    await navigation.onTabUrl(1, 'https://a.test/public', false);
    expect(requests).toEqual(['https://a.test/robots.txt']);
    expect(badges).toEqual([
      [1, '✕'],
      [1, '✓'],
    ]);
  });

  test('a private tab’s fetch stays in the private stores', async () => {
    const { navigation, local, session } = await setup();
    await navigation.onTabUrl(1, 'https://a.test/', true);
    expect(local.data.size).toBe(0);
    expect(session.data.has('robots:https://a.test')).toBe(true);
  });

  const empty: {
    name: string;
    url: string;
    settings?: Partial<Settings>;
    granted?: readonly string[];
    asked: string[][];
  }[] = [
    {
      name: 'on-demand checking',
      url: 'https://a.test/private/x',
      settings: { checking: 'on-demand' },
      asked: [],
    },
    {
      name: 'no access to the site',
      url: 'https://a.test/private/x',
      granted: ['https://b.test/*'],
      asked: [['https://a.test/*']],
    },
    { name: 'a browser page', url: 'about:blank', asked: [] },
    { name: 'a local file', url: 'file:///home/me/index.html', asked: [] },
    { name: 'an extension page', url: 'chrome-extension://abc/popup.html', asked: [] },
  ];
  for (const { name, url, settings, granted, asked: expectedAsked } of empty) {
    test(`${name}: empty badge, nothing fetched`, async () => {
      const { navigation, requests, badges, compiled, asked } = await setup({
        ...(settings === undefined ? {} : { settings }),
        ...(granted === undefined ? {} : { granted }),
      });
      await navigation.onTabUrl(2, url, false);
      expect(requests).toEqual([]);
      expect(badges).toEqual([[2, '']]);
      expect(compiled).toEqual([]);
      expect(asked).toEqual(expectedAsked);
    });
  }

  test('a failing badge rejects onTabUrl (the caller reports it)', async () => {
    const { navigation } = await setup({ failingTabs: [3] });
    await expect(navigation.onTabUrl(3, 'https://a.test/', false)).rejects.toThrow(
      'No tab with id: 3',
    );
  });
});

/** One tabs.onUpdated event: what changed, and the tab's URL as the event reports it. */
type UpdateEvent = [change: TabChange & Record<string, unknown>, tabUrl: string | undefined];

const LEFT = 'https://a.test/private/left';
const NEXT = 'https://b.test/next';

describe('urlToJudge: tabs.onUpdated sequences', () => {
  const sequences: { name: string; source: string; events: UpdateEvent[]; judged: string[] }[] = [
    {
      name: 'Chrome, a link to another site',
      source: 'Chrome tabs.onUpdated: loading carries the new URL; observed',
      events: [
        [{ status: 'loading', url: NEXT }, NEXT],
        [{ title: 'Next' }, NEXT],
        [{ status: 'complete' }, NEXT],
      ],
      judged: [NEXT, NEXT],
    },
    {
      name: 'Firefox, a link to another site: the bare loading still names the page left',
      source:
        "Firefox test_ext_tabs_onUpdated: {status:'loading'}, {status:'loading', url}, {status:'complete'}; issue 15 item 7",
      events: [
        [{ status: 'loading' }, LEFT],
        [{ status: 'loading', url: NEXT }, NEXT],
        [{ title: 'Next' }, NEXT],
        [{ status: 'complete' }, NEXT],
      ],
      judged: [NEXT, NEXT],
    },
    {
      name: 'a reload, or a navigation that commits nothing (a download, a 204): judged when complete',
      source: 'MDN tabs.onUpdated: url only when it changed; the tab stays on its page',
      events: [
        [{ status: 'loading' }, LEFT],
        [{ status: 'complete' }, LEFT],
      ],
      judged: [LEFT],
    },
    {
      name: 'history.pushState or a hash change: the change carries the URL',
      source: 'MDN tabs.onUpdated changeInfo.url; TEST-SEAMS.md (pushState)',
      events: [[{ url: `${LEFT}#part` }, `${LEFT}#part`]],
      judged: [`${LEFT}#part`],
    },
    {
      name: 'no navigation: pinned, muted, a title or a favicon',
      source: 'MDN tabs.onUpdated: fires for properties unrelated to navigation',
      events: [
        [{ pinned: true }, LEFT],
        [{ audible: false }, LEFT],
        [{ title: 'Left' }, LEFT],
        [{ favIconUrl: 'https://a.test/favicon.ico' }, LEFT],
      ],
      judged: [],
    },
    {
      name: 'a page the extension may not see: no tab.url when complete',
      source: 'Chrome tabs.Tab.url: absent without host permission for the page',
      events: [
        [{ status: 'loading' }, undefined],
        [{ status: 'complete' }, undefined],
      ],
      judged: [],
    },
  ];
  for (const { name, source, events, judged } of sequences) {
    test(`${name} (${source})`, () => {
      const urls = events
        .map(([change, url]) => urlToJudge(change, { url }))
        .filter((url) => url !== null);
      expect(urls).toEqual(judged);
    });
  }

  test('Firefox order through the services: nothing fetched or painted for the page left', async () => {
    const { navigation, requests, badges } = await setup();
    // As background/main.ts's listener does.
    for (const [change, tabUrl] of [
      [{ status: 'loading' }, LEFT],
      [{ status: 'loading', url: NEXT }, NEXT],
      [{ status: 'complete' }, NEXT],
    ] satisfies UpdateEvent[]) {
      const url = urlToJudge(change, { url: tabUrl });
      if (url !== null) await navigation.onTabUrl(7, url, false, change.status !== 'loading');
    }
    expect(requests).toEqual(['https://b.test/robots.txt']);
    expect(badges).toEqual([
      [7, '✓'],
      [7, '✓'],
    ]);
  });
});

describe('Navigation.onHeaders', () => {
  test('a page read before its headers arrived (Firefox) is painted again when they come', async () => {
    const url = 'https://a.test/public';
    const { navigation, badges, pageHeaders } = await setup({});
    await navigation.onTabUrl(5, url, false, true);
    expect(badges).toEqual([[5, '✓']]);
    await pageHeaders.observe({
      tabId: 5,
      url,
      statusCode: 200,
      responseHeaders: [{ name: 'X-Robots-Tag', value: 'noindex' }],
    });
    await navigation.onHeaders(5, url);
    expect(badges).toEqual([
      [5, '✓'],
      [5, '⊘'],
    ]);
    // Once painted with its headers, later responses of other URLs change nothing.
    await navigation.onHeaders(5, 'https://a.test/other');
    expect(badges).toHaveLength(2);
  });

  test('the same in a tab that loaded another page first (Firefox: "same-document" until they come)', async () => {
    const first = 'https://a.test/public';
    const next = 'https://a.test/next';
    const { navigation, badges, pageHeaders } = await setup({});
    await pageHeaders.observe({ tabId: 5, url: first, statusCode: 200, responseHeaders: [] });
    await navigation.onTabUrl(5, first, false, true);
    // The next page reads as complete before its response is reported: only the page left's is.
    await navigation.onTabUrl(5, next, false, true);
    expect(badges).toEqual([
      [5, '✓'],
      [5, '✓'],
    ]);
    await pageHeaders.observe({
      tabId: 5,
      url: next,
      statusCode: 200,
      responseHeaders: [{ name: 'X-Robots-Tag', value: 'noindex' }],
    });
    await navigation.onHeaders(5, next);
    expect(badges.at(-1)).toEqual([5, '⊘']);
    // A real same-document change (history.pushState) brings no response: nothing more.
    await navigation.onTabUrl(5, `${next}?moved`, false, true);
    await navigation.onHeaders(5, first);
    expect(badges).toHaveLength(4);
  });

  test('headers that arrive while the page is being read are not missed (seen in Firefox)', async () => {
    const url = 'https://a.test/public';
    let gated = true;
    const { promise: gate, release } = held();
    // The DOM read is under way once it asks the gate: waited for, not guessed with a sleep.
    const reading = held();
    const { navigation, badges, pageHeaders } = await setup({
      domGate: () => {
        reading.release();
        return gated ? gate : Promise.resolve();
      },
    });
    const painting = navigation.onTabUrl(5, url, false, true);
    await reading.promise;
    await pageHeaders.observe({
      tabId: 5,
      url,
      statusCode: 200,
      responseHeaders: [{ name: 'X-Robots-Tag', value: 'noindex' }],
    });
    await navigation.onHeaders(5, url);
    gated = false;
    release();
    await painting;
    expect(badges.at(-1)).toEqual([5, '⊘']);
  });
});

describe('Navigation.refreshBadges', () => {
  test('every tab with an id and a URL is painted again, in order', async () => {
    const { navigation, badges, requests } = await setup({
      tabs: [
        { id: 1, url: 'https://a.test/private/x', incognito: false },
        { url: 'https://a.test/no-id', incognito: false },
        { id: 2, incognito: false },
        { id: 3, url: 'about:blank', incognito: false },
        { id: 4, url: 'https://b.test/', incognito: true },
      ],
    });
    await navigation.refreshBadges();
    expect(badges).toEqual([
      [1, '✕'],
      [3, ''],
      [4, '✓'],
    ]);
    expect(requests).toEqual(['https://a.test/robots.txt', 'https://b.test/robots.txt']);
  });

  test('one tab failing goes to onError; the others are still painted', async () => {
    const { navigation, badges, errors } = await setup({
      failingTabs: [2],
      tabs: [
        { id: 1, url: 'https://a.test/', incognito: false },
        { id: 2, url: 'https://a.test/private/x', incognito: false },
        { id: 3, url: 'https://a.test/private/y', incognito: false },
      ],
    });
    await navigation.refreshBadges();
    expect(badges).toEqual([
      [1, '✓'],
      [3, '✕'],
    ]);
    expect(errors).toEqual([['navigation:refresh-badges', 'No tab with id: 2']]);
  });

  test('no open tabs: nothing painted, no error', async () => {
    const { navigation, badges, errors } = await setup({ tabs: [] });
    await navigation.refreshBadges();
    expect(badges).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('HostAccess', () => {
  const cases: { origin: string; pattern: string }[] = [
    { origin: 'https://a.test', pattern: 'https://a.test/*' },
    { origin: 'http://a.test', pattern: 'http://a.test/*' },
    // Match patterns carry no port: access to the host covers every port.
    { origin: 'http://localhost:8080', pattern: 'http://localhost/*' },
  ];
  for (const { origin, pattern } of cases) {
    test(`hasOrigin(${origin}) asks for ${pattern}`, async () => {
      const asked: string[][] = [];
      const access = new HostAccess(async ({ origins }) => {
        asked.push(origins);
        return true;
      });
      expect(await access.hasOrigin(origin)).toBe(true);
      expect(asked).toEqual([[pattern]]);
    });
  }

  test('hasAll asks for every http and https site and answers what the browser says', async () => {
    const asked: string[][] = [];
    const access = new HostAccess(async ({ origins }) => {
      asked.push(origins);
      return false;
    });
    expect(await access.hasAll()).toBe(false);
    expect(asked).toEqual([[...ALL_SITES]]);
    expect(ALL_SITES).toEqual(['http://*/*', 'https://*/*']);
  });
});

describe('Navigation: a page judged once read is handed to onJudged (issue 12, the popup’s snapshot)', () => {
  type Judged = [tabId: number, url: string, origin: string, pageUrl: string, incognito: boolean];

  /**
   * As `setup`, with onJudged recording what it gets. `gate(n)` is awaited before the n-th DOM
   * read (from 1) answers, and `paintGate(n)` before the n-th badge text is set.
   */
  async function judging(
    options: {
      settings?: Partial<Settings>;
      gate?: (read: number) => Promise<void>;
      paintGate?: (paint: number) => Promise<void>;
    } = {},
  ) {
    const { fetchRobots } = servingText(TEXT);
    const settings = new SettingsService(new SettingsStore(null, memoryStorage()));
    expect((await settings.set(options.settings ?? {})).ok).toBe(true);
    const { reports } = memoryReports({ fetchRobots, settings });
    const compiled: string[] = [];
    const verdicts = reports.verdicts.bind(reports);
    reports.verdicts = (fetched, url, robots) => {
      compiled.push(url);
      return verdicts(fetched, url, robots);
    };
    const badges: [tabId: number, text: string][] = [];
    let paints = 0;
    const action: ActionApi = {
      setBadgeText: async ({ tabId, text }) => {
        await options.paintGate?.(++paints);
        badges.push([tabId, text]);
      },
      setBadgeBackgroundColor: async () => {},
      setTitle: async () => {},
    };
    const t = translator(lookupIn(en), 'en');
    const badge = new BadgePainter({
      action,
      settings,
      translators: new Translators(async () => t),
      reports,
    });
    let reads = 0;
    const { pages } = memoryPages(undefined, () => options.gate?.(++reads) ?? Promise.resolve());
    const judged: Judged[] = [];
    const navigation = new Navigation({
      queryTabs: async () => [],
      access: new HostAccess(async () => true),
      reports,
      settings,
      badge,
      pages,
      onJudged: async (tabId, url, report, page, incognito) => {
        judged.push([tabId, url, report.origin, page.url, incognito]);
      },
      onError: (where, error) => {
        throw new Error(`${where}: ${String(error)}`);
      },
    });
    return { navigation, judged, compiled, badges };
  }

  test('the page read with automatic checking: onJudged once, with the tab, URL, fetch and page', async () => {
    const url = 'https://a.test/private/page';
    const { navigation, judged, compiled, badges } = await judging();
    await navigation.onTabUrl(5, url, false, true);
    expect(badges).toEqual([[5, '✕']]);
    expect(judged).toEqual([[5, url, 'https://a.test', url, false]]);
    // onJudged compiles the verdicts (TabReports.judged): not twice.
    expect(compiled).toEqual([]);
  });

  test('a private window’s page: onJudged says so (the popup keeps its memory apart)', async () => {
    const url = 'https://a.test/private/page';
    const { navigation, judged } = await judging();
    await navigation.onTabUrl(5, url, true, true);
    expect(judged).toEqual([[5, url, 'https://a.test', url, true]]);
  });

  test('the badge is painted before onJudged is called', async () => {
    const url = 'https://a.test/public';
    const order: string[] = [];
    const { navigation, judged, badges } = await judging({
      paintGate: async () => void order.push(`paint, judged ${judged.length}`),
    });
    await navigation.onTabUrl(5, url, false, true);
    expect(order).toEqual(['paint, judged 0']);
    expect(badges).toEqual([[5, '✓']]);
    expect(judged).toHaveLength(1);
  });

  test("a 'loading' change (page not read): no onJudged, the verdicts compiled ahead as before", async () => {
    const url = 'https://a.test/private/page';
    const { navigation, judged, compiled, badges } = await judging();
    await navigation.onTabUrl(5, url, false, false);
    expect(badges).toEqual([[5, '✕']]);
    expect(judged).toEqual([]);
    expect(compiled).toEqual([url]);
  });

  test('on-demand checking: no onJudged, nothing compiled', async () => {
    const { navigation, judged, compiled, badges } = await judging({
      settings: { checking: 'on-demand' },
    });
    await navigation.onTabUrl(5, 'https://a.test/private/page', false, true);
    expect(badges).toEqual([[5, '']]);
    expect(judged).toEqual([]);
    expect(compiled).toEqual([]);
  });

  test('a change superseded by a later one of the same tab while its page is read: no onJudged for it', async () => {
    const first = held();
    const reading = held();
    const { navigation, judged, badges } = await judging({
      gate: (read) => {
        if (read !== 1) return Promise.resolve();
        reading.release(); // the first read is under way
        return first.promise;
      },
    });
    const older = navigation.onTabUrl(5, 'https://a.test/private/old', false, true);
    await reading.promise;
    await navigation.onTabUrl(5, 'https://a.test/new', false, true);
    first.release();
    await older;
    expect(judged).toEqual([
      [5, 'https://a.test/new', 'https://a.test', 'https://a.test/new', false],
    ]);
    expect(badges).toEqual([[5, '✓']]);
  });

  test('another tab’s later change does not supersede this one', async () => {
    const { navigation, judged } = await judging();
    await Promise.all([
      navigation.onTabUrl(5, 'https://a.test/five', false, true),
      navigation.onTabUrl(6, 'https://a.test/six', false, true),
    ]);
    expect(judged.map(([tabId, url]) => [tabId, url]).sort()).toEqual([
      [5, 'https://a.test/five'],
      [6, 'https://a.test/six'],
    ]);
  });
});
