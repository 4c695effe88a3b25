import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { BadgePainter } from '../../background/badge-painter.ts';
import { ErrorReporter } from '../../background/error-reporter.ts';
import { protocolHandlers } from '../../background/handlers.ts';
import { HistoryService } from '../../background/history-service.ts';
import { HostAccess } from '../../background/host-access.ts';
import { SavedUrlsStore } from '../../background/saved-urls-store.ts';
import { SeenPathsStore } from '../../background/seen-paths-store.ts';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import { SitemapChecks } from '../../background/sitemap-checks.ts';
import { TabReports } from '../../background/tab-reports.ts';
import { Translators } from '../../background/translators.ts';
import { VersionStore } from '../../background/version-store.ts';
import { lookupIn, translator } from '../../src/explain/index.ts';
import {
  dispatch,
  type ErrorOf,
  MESSAGE_NAMES,
  type MessageName,
  messageOf,
  type Reply,
  type RequestOf,
  type Requests,
} from '../../src/extension/protocol.ts';
import {
  DEFAULTS,
  defaultSettings,
  exportSettings,
  type ImportProblem,
  type Settings,
  type SettingsProblem,
} from '../../src/extension/settings.ts';
import { memoryPages, memoryReports, servingText } from '../fixtures/background.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const TEXT = 'User-agent: *\nDisallow: /private\n';
const TAB_URL = 'https://a.test/private/x';
const OTHER_URL = 'https://b.test/page';

/** The background as main.ts wires it, over memory storage, with the browser and network faked. */
function setup() {
  const { requests, fetchRobots } = servingText(TEXT);
  const local = memoryStorage();
  const session = memoryStorage();
  let now = 1_000;
  const errors = new ErrorReporter(
    session,
    () => {},
    () => now,
  );
  const settings = new SettingsService(new SettingsStore(memoryStorage(), local));
  const { reports } = memoryReports({ fetchRobots, settings, local, session });
  const t = translator(lookupIn(en), 'en');
  const badge = new BadgePainter({
    action: {
      setBadgeText: async () => {},
      setBadgeBackgroundColor: async () => {},
      setTitle: async () => {},
    },
    settings,
    translators: new Translators(async () => t),
    reports,
  });
  const { pages, highlights } = memoryPages();
  const tabs = new TabReports({
    getTab: async (tabId) => {
      // Tab 4: another site (a victim of a planted history file).
      if (tabId === 4) return { url: OTHER_URL, incognito: false };
      if (tabId !== 1) throw new Error(`No tab with id: ${tabId}`);
      return { url: TAB_URL, incognito: false };
    },
    access: new HostAccess(async () => true),
    reports,
    settings,
    badge,
    pages,
    highlights,
    onError: (where, error) => errors.report(where, error),
  });
  // The history over the same storage, as main.ts shares one version store per kind of window.
  const versions = { normal: new VersionStore(local), private: new VersionStore(session) };
  const history = new HistoryService({
    // Tab 1 in a normal window; tab 2 on the same page in a private window; tab 3 with no robots.txt.
    getTab: async (tabId) => {
      if (tabId === 2) return { url: TAB_URL, incognito: true };
      if (tabId === 3) return { url: 'about:blank', incognito: false };
      if (tabId === 4) return { url: OTHER_URL, incognito: false };
      if (tabId !== 1) throw new Error(`No tab with id: ${tabId}`);
      return { url: TAB_URL, incognito: false };
    },
    versions,
    seen: new SeenPathsStore(local, settings),
    saved: new SavedUrlsStore(local),
    settings,
  });
  const handlers = protocolHandlers({
    history,
    tabs,
    settings,
    reports,
    errors,
    highlights,
    pages,
    getTab: async () => ({ url: TAB_URL, incognito: false }),
    access: new HostAccess(async () => true),
    // The site's sitemaps: /sitemap.xml (robots.txt names none) lists the tab's page.
    sitemaps: new SitemapChecks({
      getTab: async () => ({ url: TAB_URL, incognito: false }),
      access: new HostAccess(async () => true),
      reports,
      async *read(sources, { onSitemap }) {
        for (const source of sources) {
          yield { url: TAB_URL, listedBy: source };
          onSitemap({ source, url: source, kind: 'urlset', urls: 1 });
        }
      },
    }),
    fetchPage: async (url) => ({
      ok: true,
      page: {
        url,
        status: 200,
        contentType: 'text/html',
        html: '<meta name="robots" content="noindex">',
        xRobotsTag: [],
        link: [],
        cut: false,
      },
    }),
  });
  return {
    handlers,
    errors,
    settings,
    requests,
    local,
    session,
    at(ms: number) {
      now = ms;
    },
  };
}

/** A request the type does not allow, as a page with a bug (or an old version) could send. */
const untyped = <K extends MessageName>(value: unknown) => value as RequestOf<K>;

describe('protocolHandlers: every message is answered', () => {
  // One case per message: a name missing here fails the type check.
  const answers: {
    [K in MessageName]: {
      req: RequestOf<K>;
      check: (reply: Reply<K>, env: ReturnType<typeof setup>) => void | Promise<void>;
    };
  } = {
    tabReport: {
      req: { tabId: 1 },
      check: (reply, { requests }) => {
        expect(reply.ok && reply.value.kind).toBe('report');
        expect(reply.ok && reply.value.kind === 'report' && reply.value.url).toBe(TAB_URL);
        expect(requests).toEqual(['https://a.test/robots.txt']);
      },
    },
    refresh: {
      req: { tabId: 1 },
      check: (reply) => {
        expect(reply.ok && reply.value.kind === 'report' && reply.value.report.fromCache).toBe(
          false,
        );
      },
    },
    robotsText: {
      // A fetch time the cache does not hold (refreshed since): the popup asks for the report again.
      req: { tabId: 1, origin: 'https://a.test', fetchedAt: 0 },
      check: async (reply, { handlers }) => {
        expect(reply).toMatchObject({ ok: false, error: 'changed' });
        const report = await handlers.tabReport({ tabId: 1 });
        if (!report.ok || report.value.kind !== 'report') throw new Error('no report');
        // The report leaves the text out; robotsText sends it for that fetch.
        expect(report.value.report.outcome).not.toHaveProperty('text');
        const { origin, fetchedAt } = report.value.report;
        expect(await handlers.robotsText({ tabId: 1, origin, fetchedAt })).toEqual({
          ok: true,
          value: { text: TEXT, previousText: null },
        });
      },
    },
    getSettings: {
      req: {},
      check: (reply) => expect(reply).toEqual({ ok: true, value: DEFAULTS }),
    },
    setSettings: {
      req: { robots: ['GPTBot'] },
      check: async (reply, { settings }) => {
        const expected = { ...defaultSettings(), robots: ['GPTBot'] };
        expect(reply).toEqual({ ok: true, value: expected });
        expect(await settings.get()).toEqual(expected);
      },
    },
    importSettings: {
      req: { text: exportSettings({ ...defaultSettings(), language: 'es' }) },
      check: (reply) =>
        expect(reply).toEqual({ ok: true, value: { ...defaultSettings(), language: 'es' } }),
    },
    exportSettings: {
      req: {},
      check: (reply) => expect(reply).toEqual({ ok: true, value: exportSettings(DEFAULTS) }),
    },
    resetSettings: {
      req: {},
      check: (reply) => expect(reply).toEqual({ ok: true, value: DEFAULTS }),
    },
    clearCache: {
      req: {},
      check: (reply) => expect(reply).toEqual({ ok: true, value: 0 }),
    },
    debugInfo: {
      req: {},
      check: (reply) => expect(reply).toEqual({ ok: true, value: { errors: [] } }),
    },
    servedPage: {
      req: { tabId: 1 },
      check: (reply) => {
        expect(reply.ok && reply.value.url).toBe(TAB_URL.split('#')[0]);
        expect(reply.ok && reply.value.html).toContain('noindex');
      },
    },
    sitemaps: {
      req: { tabId: 1, urls: [TAB_URL] },
      check: (reply) => {
        expect(reply.ok && reply.value.sources).toEqual(['https://a.test/sitemap.xml']);
        expect(reply.ok && reply.value.found).toMatchObject([{ url: TAB_URL, count: 1 }]);
      },
    },
    pageLinks: {
      req: { tabId: 1 },
      check: (reply) => expect(reply.ok && reply.value.nofollow).toBe(1),
    },
    highlightLinks: {
      req: { tabId: 1, on: true },
      check: (reply) => expect(reply).toEqual({ ok: true, value: true }),
    },
    history: {
      req: { tabId: 1 },
      check: (reply) =>
        expect(reply).toEqual({
          ok: true,
          value: {
            origin: 'https://a.test',
            versions: [],
            seen: [],
            rememberPaths: false,
            saved: [],
          },
        }),
    },
    exportHistory: {
      req: { tabId: 1 },
      check: (reply) => {
        expect(reply.ok && reply.value.origin).toBe('https://a.test');
        expect(reply.ok && JSON.parse(reply.value.text)).toMatchObject({
          format: 'robots-lens-history',
          version: 1,
          origin: 'https://a.test',
          versions: [],
        });
      },
    },
    importHistory: {
      req: {
        tabId: 1,
        text: JSON.stringify({
          format: 'robots-lens-history',
          version: 1,
          origin: 'https://a.test',
          versions: [{ text: TEXT, firstSeen: 10, lastSeen: 20 }],
        }),
      },
      check: (reply) =>
        expect(reply).toEqual({
          ok: true,
          value: { origin: 'https://a.test', added: 1, versions: 1 },
        }),
    },
    clearHistory: {
      req: { tabId: 1 },
      check: (reply) => expect(reply).toEqual({ ok: true, value: true }),
    },
    clearAllHistory: {
      req: {},
      check: (reply) => expect(reply).toEqual({ ok: true, value: 0 }),
    },
    savedUrls: {
      req: { tabId: 1 },
      check: (reply) => expect(reply).toEqual({ ok: true, value: [] }),
    },
    saveTestUrl: {
      req: { tabId: 1, url: '/cart' },
      check: async (reply, { handlers }) => {
        expect(reply).toEqual({ ok: true, value: ['https://a.test/cart'] });
        expect(await handlers.savedUrls({ tabId: 1 })).toEqual(reply);
      },
    },
    forgetTestUrl: {
      req: { tabId: 1, url: 'https://a.test/never-saved' },
      check: (reply) => expect(reply).toEqual({ ok: true, value: [] }),
    },
  };

  for (const name of MESSAGE_NAMES) {
    test(name, async () => {
      const env = setup();
      const { req, check } = answers[name] as {
        req: RequestOf<typeof name>;
        check: (reply: Reply<typeof name>, env: ReturnType<typeof setup>) => void | Promise<void>;
      };
      const handler = env.handlers[name] as (req: unknown) => Promise<Reply<typeof name>>;
      await check(await handler(req), env);
    });
  }

  test('the table covers exactly the protocol’s messages', () => {
    expect(Object.keys(answers).sort()).toEqual([...MESSAGE_NAMES].sort());
    expect(Object.keys(setup().handlers).sort()).toEqual([...MESSAGE_NAMES].sort());
  });
});

describe('protocolHandlers: refusals', () => {
  const badSettings: { req: unknown; error: SettingsProblem }[] = [
    { req: { robots: 'GPTBot' }, error: 'bad-robots' },
    { req: { robots: ['a\nline break'] }, error: 'bad-robots' },
    { req: { checking: 'never' }, error: 'bad-checking' },
    { req: { showOtherReadings: 1 }, error: 'bad-other-readings' },
    { req: { cacheLifetimeMs: 1 }, error: 'bad-cache-lifetime' },
    { req: { cacheLifetimeMs: Number.NaN }, error: 'bad-cache-lifetime' },
    { req: { language: 'klingon' }, error: 'bad-language' },
  ];
  for (const { req, error } of badSettings) {
    test(`setSettings ${JSON.stringify(req)} → ${error}, nothing changed`, async () => {
      const { handlers, settings } = setup();
      expect(await handlers.setSettings(untyped<'setSettings'>(req))).toEqual({
        ok: false,
        error,
        message: error,
      });
      expect(await settings.get()).toEqual(DEFAULTS);
    });
  }

  const badImports: { name: string; req: unknown; error: ImportProblem }[] = [
    { name: 'non-JSON text', req: { text: 'not json {' }, error: 'not-json' },
    { name: 'no text', req: {}, error: 'not-json' },
    { name: 'a text that is not a string', req: { text: 42 }, error: 'not-json' },
    { name: 'a foreign file', req: { text: '{"app":"other"}' }, error: 'foreign-file' },
    {
      name: 'a newer version',
      req: { text: JSON.stringify({ app: 'robots-lens', kind: 'settings', schemaVersion: 99 }) },
      error: 'newer-version',
    },
  ];
  for (const { name, req, error } of badImports) {
    test(`importSettings with ${name} → ${error}, nothing changed`, async () => {
      const { handlers, settings, local } = setup();
      expect(await handlers.importSettings(untyped<'importSettings'>(req))).toEqual({
        ok: false,
        error,
        message: error,
      });
      expect(await settings.get()).toEqual(DEFAULTS);
      expect(local.data.size).toBe(0);
    });
  }

  test('tabReport of a closed tab rejects: dispatch turns it into an internal error', async () => {
    const { handlers, errors } = setup();
    const reply = await dispatch(handlers, messageOf('tabReport', { tabId: 42 }), (w, e) =>
      errors.report(w, e),
    );
    expect(reply).toEqual({ ok: false, error: 'internal', message: 'No tab with id: 42' });
    expect((await errors.info()).errors.map((e) => [e.where, e.count])).toEqual([
      ['message:tabReport', 1],
    ]);
  });
});

describe('importHistory: the tab’s site only, and a private window’s stays in memory (issue 28, item 8)', () => {
  const fileOf = (origin: string, text = 'User-agent: *\nDisallow: /\n') =>
    JSON.stringify({
      format: 'robots-lens-history',
      version: 1,
      origin,
      versions: [{ text, firstSeen: 10, lastSeen: 20 }],
    });
  const versionKeys = (area: { data: Map<string, unknown> }) =>
    [...area.data.keys()].filter((k) => k.startsWith('robots-version')).sort();

  test('a file of another site is refused; nothing is stored for either site', async () => {
    const { handlers, local, session } = setup();
    expect(await handlers.importHistory({ tabId: 1, text: fileOf('https://b.test') })).toEqual({
      ok: false,
      error: 'other-origin',
      message: 'other-origin',
    });
    expect(versionKeys(local)).toEqual([]);
    expect(versionKeys(session)).toEqual([]);
    // The tab's own site still imports.
    expect(await handlers.importHistory({ tabId: 1, text: fileOf('https://a.test') })).toEqual({
      ok: true,
      value: { origin: 'https://a.test', added: 1, versions: 1 },
    });
    expect(versionKeys(local)).toEqual(['robots-version-index', 'robots-version:https://a.test']);
  });

  test('a planted file cannot make another site report a change with its diff', async () => {
    const { handlers } = setup();
    // Imported in a popup on a.test, a file of b.test…
    await handlers.importHistory({ tabId: 1, text: fileOf('https://b.test') });
    // …and b.test visited later: its first fetch has nothing before it to differ from.
    const report = await handlers.tabReport({ tabId: 4 });
    if (!report.ok || report.value.kind !== 'report') throw new Error('no report');
    expect(report.value.report.origin).toBe('https://b.test');
    expect(report.value.report.changed).toBe(false);
    const file = await handlers.robotsText({
      tabId: 4,
      origin: 'https://b.test',
      fetchedAt: report.value.report.fetchedAt,
    });
    expect(file).toEqual({ ok: true, value: { text: TEXT, previousText: null } });
  });

  test('from a private window: into that window’s memory (storage.session), never to disk', async () => {
    const { handlers, local, session } = setup();
    expect(await handlers.importHistory({ tabId: 2, text: fileOf('https://a.test') })).toEqual({
      ok: true,
      value: { origin: 'https://a.test', added: 1, versions: 1 },
    });
    expect([...local.data.keys()]).toEqual([]);
    expect(versionKeys(session)).toEqual(['robots-version-index', 'robots-version:https://a.test']);
    // Shown in the private window's history, not in a normal window's.
    const inPrivate = await handlers.history({ tabId: 2 });
    expect(inPrivate.ok && inPrivate.value.versions.length).toBe(1);
    const inNormal = await handlers.history({ tabId: 1 });
    expect(inNormal.ok && inNormal.value.versions.length).toBe(0);
  });

  test('a page with no robots.txt imports nothing', async () => {
    const { handlers, local } = setup();
    expect(await handlers.importHistory({ tabId: 3, text: fileOf('https://a.test') })).toEqual({
      ok: false,
      error: 'not-applicable',
      message: 'not-applicable',
    });
    expect(local.data.size).toBe(0);
  });

  test('a request without the tab is refused before any handler runs', async () => {
    const { handlers } = setup();
    const reply = await dispatch(
      handlers,
      messageOf('importHistory', untyped<'importHistory'>({ text: fileOf('https://a.test') })),
      () => {},
    );
    expect(reply).toMatchObject({ ok: false, error: 'bad-request' });
  });
});

describe('protocolHandlers: the rest of the state', () => {
  test('debugInfo returns the reporter’s counts, most recent first', async () => {
    const { handlers, errors, at } = setup();
    at(10);
    errors.report('badge', new Error('closed'));
    errors.report('badge', new Error('closed again'));
    await errors.info();
    at(20);
    errors.report('purge', 'quota');
    expect(await handlers.debugInfo({})).toEqual({
      ok: true,
      value: {
        errors: [
          { where: 'purge', count: 1, lastMessage: 'quota', lastAt: 20 },
          { where: 'badge', count: 2, lastMessage: 'closed again', lastAt: 10 },
        ],
      },
    });
  });

  test('clearCache answers how many sites were cached, and they are fetched again', async () => {
    const { handlers, requests } = setup();
    await handlers.tabReport({ tabId: 1 });
    expect(await handlers.clearCache({})).toEqual({ ok: true, value: 1 });
    await handlers.tabReport({ tabId: 1 });
    expect(requests).toHaveLength(2);
  });

  test('tabReport serves the cache; refresh fetches again', async () => {
    const { handlers, requests } = setup();
    await handlers.tabReport({ tabId: 1 });
    const cached = await handlers.tabReport({ tabId: 1 });
    expect(cached.ok && cached.value.kind === 'report' && cached.value.report.fromCache).toBe(true);
    await handlers.refresh({ tabId: 1 });
    expect(requests).toHaveLength(2);
  });

  test('resetSettings undoes setSettings; exportSettings follows', async () => {
    const { handlers } = setup();
    await handlers.setSettings({ checking: 'on-demand' });
    const changed: Settings = { ...defaultSettings(), checking: 'on-demand' };
    expect(await handlers.exportSettings({})).toEqual({ ok: true, value: exportSettings(changed) });
    await handlers.resetSettings({});
    expect(await handlers.getSettings({})).toEqual({ ok: true, value: DEFAULTS });
  });
});

describe('dispatch', () => {
  /** Handlers that all throw; only the one asked is called. */
  function throwingHandlers(thrown: unknown): Requests {
    const fail = async (): Promise<never> => {
      throw thrown;
    };
    return Object.fromEntries(MESSAGE_NAMES.map((name) => [name, fail])) as unknown as Requests;
  }

  const thrown: { name: string; value: unknown; message: string }[] = [
    { name: 'an Error', value: new Error('storage exploded'), message: 'storage exploded' },
    { name: 'a string', value: 'plain string', message: 'plain string' },
    { name: 'undefined', value: undefined, message: 'undefined' },
  ];
  for (const { name, value, message } of thrown) {
    test(`a handler throwing ${name} becomes an internal error, reported`, async () => {
      const reported: [string, unknown][] = [];
      const reply = await dispatch(
        throwingHandlers(value),
        messageOf('getSettings', {}),
        (where, error) => void reported.push([where, error]),
      );
      expect(reply).toEqual({ ok: false, error: 'internal', message });
      expect(reported).toEqual([['message:getSettings', value]]);
    });
  }

  test('reported through the real reporter, debugInfo counts it', async () => {
    const { handlers, errors } = setup();
    const broken: Requests = {
      ...handlers,
      exportSettings: async () => {
        throw new Error('no export today');
      },
    };
    const onError = (where: string, error: unknown) => errors.report(where, error);
    const reply = await dispatch(broken, messageOf('exportSettings', {}), onError);
    const error: ErrorOf<'exportSettings'> = 'internal';
    expect(reply).toEqual({ ok: false, error, message: 'no export today' });
    const info = await dispatch(broken, messageOf('debugInfo', {}), onError);
    expect(info).toEqual({
      ok: true,
      value: {
        errors: [
          {
            where: 'message:exportSettings',
            count: 1,
            lastMessage: 'no export today',
            lastAt: 1_000,
          },
        ],
      },
    });
  });

  test('the matching handler answers, with its request', async () => {
    const { handlers } = setup();
    const reply = await dispatch(handlers, messageOf('setSettings', { language: 'th' }), () => {
      throw new Error('not reported');
    });
    expect(reply).toEqual({ ok: true, value: { ...defaultSettings(), language: 'th' } });
  });
});
