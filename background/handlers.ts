// The background's answer to every protocol message, from its services.
import type { ServedPageResult } from '../io/fetch-page.ts';
import { accept, type Requests, refuse } from '../src/extension/protocol.ts';
import { pageUrl } from '../src/page/facts.ts';
import { robotsOrigin } from '../src/policy.ts';
import type { ErrorReporter } from './error-reporter.ts';
import type { HistoryService } from './history-service.ts';
import type { HostAccess } from './host-access.ts';
import type { LinkHighlights } from './link-highlights.ts';
import type { PageReader } from './page-reader.ts';
import type { RobotsReports } from './robots-reports.ts';
import type { SettingsService } from './settings-service.ts';
import type { SitemapChecks } from './sitemap-checks.ts';
import type { TabFacts, TabReports } from './tab-reports.ts';

export interface HandlerServices {
  tabs: TabReports;
  settings: SettingsService;
  reports: RobotsReports;
  errors: ErrorReporter;
  highlights: LinkHighlights;
  pages: PageReader;
  getTab: (tabId: number) => Promise<TabFacts>;
  access: HostAccess;
  /** Fetches a page once as served (no cookies). */
  fetchPage: (url: string) => Promise<ServedPageResult>;
  history: HistoryService;
  /** Reads the tab's site's sitemaps on request. */
  sitemaps: SitemapChecks;
}

/** One handler per message: a missing one fails the type check. */
export function protocolHandlers({
  tabs,
  settings,
  reports,
  errors,
  highlights,
  pages,
  getTab,
  access,
  fetchPage,
  history,
  sitemaps,
}: HandlerServices): Requests {
  return {
    tabReport: async ({ tabId }) => accept(await tabs.report(tabId, false)),
    refresh: async ({ tabId }) => accept(await tabs.report(tabId, true)),
    robotsText: async ({ tabId, origin, fetchedAt }) => {
      const file = await tabs.file(tabId, origin, fetchedAt);
      return file === null ? refuse('changed') : accept(file);
    },
    getSettings: async () => accept(await settings.get()),
    setSettings: async (change) => {
      const changed = await settings.set(change);
      return changed.ok ? accept(changed.settings) : refuse(changed.problem);
    },
    importSettings: async ({ text }) => {
      const imported = await settings.import(typeof text === 'string' ? text : '');
      return imported.ok ? accept(imported.settings) : refuse(imported.problem);
    },
    exportSettings: async () => accept(await settings.export()),
    resetSettings: async () => accept(await settings.reset()),
    clearCache: async () => accept(await reports.clear()),
    debugInfo: async () => accept(await errors.info()),
    servedPage: async ({ tabId }) => {
      const { url } = await getTab(tabId);
      const origin = url === undefined ? null : robotsOrigin(url);
      if (url === undefined || origin === null) return refuse('not-http');
      if (!(await access.hasOrigin(origin))) return refuse('no-permission');
      const fetched = await fetchPage(pageUrl(url));
      return fetched.ok ? accept(fetched.page) : refuse(fetched.reason);
    },
    sitemaps: async ({ tabId, urls }) => {
      const checked = await sitemaps.check(tabId, urls);
      return checked.ok ? accept(checked.report) : refuse(checked.reason);
    },
    pageLinks: async ({ tabId }) => {
      const counts = await pages.links(tabId);
      return counts === null ? refuse('refused') : accept(counts);
    },
    highlightLinks: async ({ tabId, on }) => {
      const state = await highlights.set(tabId, on === true);
      return state === null ? refuse('refused') : accept(state);
    },
    history: async ({ tabId }) => {
      const kept = await history.history(tabId);
      return kept === null ? refuse('not-applicable') : accept(kept);
    },
    exportHistory: async ({ tabId }) => {
      const exported = await history.export(tabId);
      return exported === null ? refuse('not-applicable') : accept(exported);
    },
    importHistory: async ({ tabId, text }) => {
      const imported = await history.import(tabId, text);
      return imported.ok
        ? accept({ origin: imported.origin, added: imported.added, versions: imported.versions })
        : refuse(imported.problem);
    },
    clearHistory: async ({ tabId }) =>
      (await history.clear(tabId)) ? accept(true) : refuse('not-applicable'),
    clearAllHistory: async () => accept(await history.clearAll()),
    savedUrls: async ({ tabId }) => {
      const saved = await history.savedUrls(tabId);
      return saved.ok ? accept(saved.urls) : refuse(saved.problem);
    },
    saveTestUrl: async ({ tabId, url }) => {
      const saved = await history.saveTestUrl(tabId, url);
      return saved.ok ? accept(saved.urls) : refuse(saved.problem);
    },
    forgetTestUrl: async ({ tabId, url }) => {
      const saved = await history.forgetTestUrl(tabId, url);
      return saved.ok ? accept(saved.urls) : refuse(saved.problem);
    },
  };
}
