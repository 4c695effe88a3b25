// The background's wiring: builds the services with the browser's APIs and registers the
// listeners, synchronously at top level (an MV3 worker can stop at any moment and is woken by
// them). The work itself lives in the services, each testable with fakes.
import { fetchServedPage } from '../io/fetch-page.ts';
import { fetchRobotsTxtInBrowser } from '../io/fetch-robots-browser.ts';
import { RedirectWatchers } from '../io/redirect-watchers.ts';
import { sitemapEntriesInBrowser } from '../io/sitemap-urls-browser.ts';
import { memoryScopeOf } from '../src/extension/popup-memory.ts';
import { dispatch, isMessage } from '../src/extension/protocol.ts';
import { SETTINGS_KEY } from '../src/extension/settings.ts';
import { ParsedFiles } from '../src/parsed-files.ts';
import { ALL_SITES } from '../src/policy.ts';
import { browser, type Runtime } from '../webext/browser.ts';
import { countLinks, LINK_HIGHLIGHT_CSS, readPage } from '../webext/read-page.ts';
import { extensionTranslator } from '../webext/translator.ts';
import { BadgePainter } from './badge-painter.ts';
import { ErrorReporter } from './error-reporter.ts';
import { protocolHandlers } from './handlers.ts';
import { HistoryService } from './history-service.ts';
import { HostAccess } from './host-access.ts';
import { LinkHighlights } from './link-highlights.ts';
import { Navigation, urlToJudge } from './navigation.ts';
import { OriginCache } from './origin-cache.ts';
import { PageHeaders } from './page-headers.ts';
import { PageReader } from './page-reader.ts';
import { PrivateWindows } from './private-windows.ts';
import { RobotsReports } from './robots-reports.ts';
import { SavedUrlsStore } from './saved-urls-store.ts';
import { screenDrawer } from './screen-drawer.ts';
import { SeenPathsStore } from './seen-paths-store.ts';
import { SettingsService } from './settings-service.ts';
import { SettingsStore } from './settings-store.ts';
import { SitemapChecks } from './sitemap-checks.ts';
import type { StorageArea } from './storage-area.ts';
import { TabReports } from './tab-reports.ts';
import { TabSnapshots } from './tab-snapshots.ts';
import { Translators } from './translators.ts';
import { VersionStore } from './version-store.ts';

/** A storage area, with the changes made to it (storage.onChanged, registered at top level). */
function area(name: 'local' | 'session'): StorageArea {
  const storage = browser.storage[name] as StorageArea;
  return {
    get: (keys) => storage.get(keys),
    set: (items) => storage.set(items),
    remove: (keys) => storage.remove(keys),
    watch(listener) {
      browser.storage.onChanged.addListener((changes, changed) => {
        if (changed === name) listener(Object.keys(changes));
      });
    },
  };
}
const local = area('local');
// Private windows: nothing of theirs reaches persistent storage.
const session = area('session');

const errors = new ErrorReporter(session);
const onError = (where: string, error: unknown) => errors.report(where, error);
// Our own requests only: a site's service worker or another extension may fetch the same URL.
const redirects = new RedirectWatchers(new URL(browser.runtime.getURL('/')).origin);
const settings = new SettingsService(
  new SettingsStore((browser.storage.sync as StorageArea | undefined) ?? null, local),
);
const access = new HostAccess((permissions) => browser.permissions.contains(permissions));
// Each site's robots.txt versions: a private window's in memory only, gone when it closes.
const versions = { normal: new VersionStore(local), private: new VersionStore(session) };
const reports = new RobotsReports({
  stores: {
    normal: { cache: new OriginCache(local), versions: versions.normal },
    private: { cache: new OriginCache(session), versions: versions.private },
  },
  fetchRobots: (url) => fetchRobotsTxtInBrowser(url, redirects),
  settings,
  parsedFiles: new ParsedFiles(),
});
const translators = new Translators(extensionTranslator);
const badge = new BadgePainter({ action: browser.action, settings, translators, reports });
// Response headers of each tab's pages: in memory only (storage.session), gone with the tab.
const pageHeaders = new PageHeaders(session);
const pages = new PageReader({
  // Runs only when the popup opens, or as a page finishes loading with automatic checking on:
  // no content script sits in every page (see the README's permissions).
  readDom: async (tabId) => {
    const [result] = await browser.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      func: readPage,
    });
    return (result?.result ?? null) as ReturnType<typeof readPage> | null;
  },
  countLinks: async (tabId) => {
    const [result] = await browser.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      func: countLinks,
    });
    return (result?.result ?? null) as ReturnType<typeof countLinks> | null;
  },
  headers: pageHeaders,
});
const highlights = new LinkHighlights({
  area: session,
  insertCss: (tabId) =>
    browser.scripting.insertCSS({ target: { tabId, frameIds: [0] }, css: LINK_HIGHLIGHT_CSS }),
  removeCss: (tabId) =>
    browser.scripting.removeCSS({ target: { tabId, frameIds: [0] }, css: LINK_HIGHLIGHT_CSS }),
});
// Each tab's last report, for the popup's first screen: in memory only, gone with the tab. The
// screen drawn from it goes in the tab's popup URL, in the language of its settings, unless what
// the popup kept for the site opens another view.
const snapshots = new TabSnapshots(session, browser.action, screenDrawer(session, translators));
const tabs = new TabReports({
  getTab: (tabId) => browser.tabs.get(tabId),
  access,
  reports,
  settings,
  badge,
  pages,
  highlights,
  snapshots,
  onError,
});
const navigation = new Navigation({
  queryTabs: () => browser.tabs.query({}),
  access,
  reports,
  settings,
  badge,
  pages,
  onJudged: (tabId, url, report, page, incognito) =>
    tabs.judged(tabId, url, report, page, incognito),
  onError,
});
// The pages visited on each site, when the user keeps them (never a private window's): gathered
// in memory, written at most once per site every 2 s (seen-paths-store.ts).
const seenPaths = new SeenPathsStore(local, settings, { onError: errors.catcher('seen-paths') });
// Where the browser says the worker is about to stop (Firefox's event page; Chrome's service
// worker may stop without it): the visits not yet written are written first.
browser.runtime.onSuspend?.addListener(() => {
  seenPaths.flush().catch(errors.catcher('seen-paths'));
});
const history = new HistoryService({
  getTab: (tabId) => browser.tabs.get(tabId),
  versions,
  seen: seenPaths,
  // The test URLs the user saves per site, kept until removed (never a private window's).
  saved: new SavedUrlsStore(local),
  settings,
});
const handlers = protocolHandlers({
  tabs,
  settings,
  reports,
  errors,
  highlights,
  pages,
  getTab: (tabId) => browser.tabs.get(tabId),
  access,
  // The one fetch policy: each redirect read from webRequest, as robots.txt's are.
  fetchPage: (url) =>
    fetchServedPage(url, { redirects: { kind: 'observed', observer: redirects } }),
  history,
  // On request only: the site's sitemaps, each redirect read from webRequest like robots.txt's.
  sitemaps: new SitemapChecks({
    getTab: (tabId) => browser.tabs.get(tabId),
    access,
    reports,
    read: (sources, options) =>
      sitemapEntriesInBrowser(sources, { ...options, observer: redirects }),
  }),
});

browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
  // Only our own pages may ask.
  if (!isMessage(message) || sender.id !== browser.runtime.id) return undefined;
  return dispatch(handlers, message, onError);
});

// Settings changed elsewhere (another window, another browser through sync): read them again,
// and let every badge follow the first robot of the list.
browser.storage.onChanged.addListener((changes, area) => {
  if ((area !== 'sync' && area !== 'local') || !(SETTINGS_KEY in changes)) return;
  settings.invalidate();
  // No snapshot was judged with the new settings (the robots, the language).
  browser.tabs
    .query({})
    .then((open) => snapshots.clear(open.flatMap((tab) => (tab.id === undefined ? [] : [tab.id]))))
    .catch(errors.catcher('tab-snapshot'));
  navigation.refreshBadges().catch(errors.catcher('navigation:refresh-badges'));
});

// What the popup keeps for a site changed (another view left open, the verdicts scrolled): the
// screens its tabs' popup URLs carry are drawn again, so the popup reopens as it was left.
browser.storage.onChanged.addListener((changes, area) => {
  if (area !== 'session') return;
  const scopes = Object.keys(changes).flatMap((key) => memoryScopeOf(key) ?? []);
  if (scopes.length === 0) return;
  browser.tabs
    .query({})
    .then((open) => {
      const tabs = open.flatMap((tab) =>
        tab.id === undefined || tab.url === undefined ? [] : [{ id: tab.id, url: tab.url }],
      );
      return Promise.all(scopes.map((scope) => snapshots.memoryChanged(scope, tabs)));
    })
    .catch(errors.catcher('tab-snapshot'));
});

browser.tabs.onUpdated.addListener((tabId, change, tab) => {
  // A navigation starts (robots.txt now), a page finished loading (its tags now), or its URL
  // changed within the page (history.pushState, a hash change: both again).
  // Not a bare 'loading': in Firefox it still carries the URL being left.
  // Another URL: the screen the tab's popup URL carries is of the page left.
  if (change.url !== undefined) snapshots.navigated(tabId).catch(errors.catcher('tab-snapshot'));
  const url = urlToJudge(change, tab);
  if (url === null) return;
  const readPage = change.status !== 'loading';
  navigation.onTabUrl(tabId, url, tab.incognito, readPage).catch(errors.catcher('navigation'));
  seenPaths.visit(url, tab.incognito).catch(errors.catcher('seen-paths'));
});

browser.tabs.onRemoved.addListener((tabId) => {
  navigation.forget(tabId);
  pageHeaders.forget(tabId).catch(errors.catcher('page-headers'));
  highlights.forget(tabId).catch(errors.catcher('link-highlights'));
  snapshots.forget(tabId).catch(errors.catcher('tab-snapshot'));
});

// The last private window closed: its robots.txt reports and what the popup kept for its sites
// leave storage.session too. One background sees both kinds of window: the manifest keeps
// incognito "spanning" (the default).
const privateWindows = new PrivateWindows({
  getAll: () => browser.windows.getAll(),
  clearPrivate: () => reports.clearPrivate(),
  session,
  sessionKeys: async () => {
    const area = browser.storage.session;
    // getKeys reads no values; a browser without it (Chrome before 130) hands them all over.
    return typeof area.getKeys === 'function' ? area.getKeys() : Object.keys(await area.get(null));
  },
});
browser.windows.onRemoved.addListener(() => {
  privateWindows.onWindowRemoved().catch(errors.catcher('private-windows'));
});
// The popup's last write starts as its page goes, and can land after its window closed.
browser.storage.onChanged.addListener((changes, area) => {
  if (area !== 'session') return;
  privateWindows.onSessionChanged(changes).catch(errors.catcher('private-windows'));
});
// A worker stopped at the wrong moment may have left some behind.
privateWindows.onStart().catch(errors.catcher('private-windows'));

// Each tab's main-frame responses: the X-Robots-Tag, Link and Content-Type headers of its pages.
browser.webRequest.onHeadersReceived.addListener(
  (details) => {
    if (details.tabId < 0 || details.frameId !== 0) return;
    pageHeaders
      .observe(details)
      .then(() => navigation.onHeaders(details.tabId, details.url))
      .catch(errors.catcher('page-headers'));
    // A new document: the outline of its links went with the old one.
    if (details.statusCode < 300 || details.statusCode >= 400)
      highlights.forget(details.tabId).catch(errors.catcher('link-highlights'));
  },
  { urls: [...ALL_SITES], types: ['main_frame'] },
  ['responseHeaders'],
);

// Our own fetches (robots.txt, the page as served, sitemaps), told apart by the browser's request
// id (two chains may share a URL), each hop its own request under the one fetch policy
// (io/fetch-policy.ts): its start, its status and Location, its answer (with the server's address).
// Only requests outside tabs: the pages the user browses do not wake the background (issue 15,
// items 2, 3 and 11). The tabId checks are for a browser that ignores the filter's tabId.
const OWN_REQUESTS = { urls: [...ALL_SITES], tabId: -1 };
// Chromium names the initiator's origin, Firefox the URL of the page that made the request.
const initiatorOf = (details: { initiator?: string; originUrl?: string }) =>
  details.initiator ?? details.originUrl;
browser.webRequest.onBeforeRequest.addListener((details) => {
  if (details.tabId !== -1) return;
  redirects.started({ ...details, initiator: initiatorOf(details) });
}, OWN_REQUESTS);
browser.webRequest.onHeadersReceived.addListener(
  (details) => {
    if (details.tabId === -1) redirects.headers({ ...details, initiator: initiatorOf(details) });
  },
  OWN_REQUESTS,
  ['responseHeaders'],
);
// Chromium reports a manual redirect's address with onBeforeRedirect, Firefox with the others.
browser.webRequest.onBeforeRedirect.addListener((details) => {
  if (details.tabId === -1) redirects.answered(details);
}, OWN_REQUESTS);
browser.webRequest.onResponseStarted.addListener((details) => {
  if (details.tabId === -1) redirects.answered(details);
}, OWN_REQUESTS);
browser.webRequest.onCompleted.addListener((details) => {
  if (details.tabId === -1) redirects.answered(details);
}, OWN_REQUESTS);
browser.webRequest.onErrorOccurred.addListener((details) => {
  if (details.tabId === -1) redirects.answered(details);
}, OWN_REQUESTS);

// Purge expired entries from an alarm, not a timer: the worker may be stopped in between.
browser.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === 'purge') reports.purgeExpired().catch(errors.catcher('purge'));
});
// Chrome may clear alarms when the browser restarts: create it on install and on every start.
const schedulePurge = () => {
  Promise.resolve(browser.alarms.create('purge', { periodInMinutes: 60 })).catch(
    errors.catcher('alarms'),
  );
};
browser.runtime.onInstalled.addListener(schedulePurge);
browser.runtime.onStartup.addListener(schedulePurge);
