// Tabs as they navigate: with automatic checking, each page's robots.txt is fetched (or taken
// from the cache) as it loads, the badge painted, and the verdicts computed ahead of the popup.
import { type PageFacts, pageUrl } from '../src/page/facts.ts';
import { robotsOrigin } from '../src/policy.ts';
import type { BadgePainter } from './badge-painter.ts';
import type { HostAccess } from './host-access.ts';
import type { CachedFetch } from './origin-cache.ts';
import type { PageReader } from './page-reader.ts';
import type { RobotsReports } from './robots-reports.ts';
import type { SettingsService } from './settings-service.ts';

/** An open tab (browser.tabs.query). */
export interface OpenTab {
  id?: number | undefined;
  url?: string | undefined;
  incognito: boolean;
}

/** What tabs.onUpdated says changed (the fields read here). */
export interface TabChange {
  status?: string | undefined;
  url?: string | undefined;
}

/**
 * The URL a tabs.onUpdated event asks to judge, or null for none. Chrome sends the new URL with
 * 'loading'; Firefox first sends a bare 'loading' while `tab.url` is still the page being left,
 * then 'loading' with the new URL (MDN tabs.onUpdated; Firefox's test_ext_tabs_onUpdated expects
 * `{status: 'loading'}, {status: 'loading', url}, {status: 'complete'}`). So a bare 'loading'
 * judges nothing: the change carrying the URL, or 'complete', follows. A reload of the same URL
 * is then judged at 'complete' in both browsers.
 */
export function urlToJudge(change: TabChange, tab: { url?: string | undefined }): string | null {
  if (change.url !== undefined) return change.url;
  if (change.status === 'complete') return tab.url ?? null;
  return null;
}

export interface NavigationDeps {
  queryTabs: () => Promise<OpenTab[]>;
  access: HostAccess;
  reports: RobotsReports;
  settings: SettingsService;
  badge: BadgePainter;
  pages: PageReader;
  /**
   * A page was judged once read, in a private window or not (TabReports.judged keeps it as the
   * tab's snapshot, the popup's first screen). Without it, the robots' verdicts are only computed
   * ahead of the popup.
   */
  onJudged?: (
    tabId: number,
    url: string,
    report: CachedFetch,
    page: PageFacts,
    incognito: boolean,
  ) => Promise<void>;
  onError: (where: string, error: unknown) => void;
}

export class Navigation {
  private readonly deps: NavigationDeps;
  /** Per tab, the latest change: an older one that finishes late paints nothing. */
  private readonly latest = new Map<number, number>();
  private counter = 0;
  /**
   * Tabs whose page was read before its response headers arrived (Firefox can report a small
   * page 'complete' before its webRequest event): painted again when the headers come.
   */
  private readonly awaitingHeaders = new Map<
    number,
    { url: string; incognito: boolean; reading: boolean; arrived: boolean }
  >();

  constructor(deps: NavigationDeps) {
    this.deps = deps;
  }

  /**
   * A tab started a navigation, finished loading, or changed its URL in the page
   * (history.pushState). `readPage`: the document is there to read (not while it starts loading).
   */
  async onTabUrl(tabId: number, url: string, incognito: boolean, readPage = false): Promise<void> {
    const { access, reports, settings, badge, pages } = this.deps;
    const mine = ++this.counter;
    this.latest.set(tabId, mine);
    // Headers that arrive while the page is read are noted, not missed (onHeaders).
    const wait = { url, incognito, reading: true, arrived: false };
    if (readPage) this.awaitingHeaders.set(tabId, wait);
    const origin = robotsOrigin(url);
    const { checking, robots } = await settings.get();
    if (origin === null || checking !== 'auto' || !(await access.hasOrigin(origin))) {
      if (this.awaitingHeaders.get(tabId) === wait) this.awaitingHeaders.delete(tabId);
      if (this.latest.get(tabId) === mine) await badge.paint(tabId, url, null);
      return;
    }
    const [report, page] = await Promise.all([
      reports.report(origin, incognito, false),
      readPage ? pages.read(tabId, url) : null,
    ]);
    wait.reading = false;
    if (this.latest.get(tabId) !== mine) return;
    // No response of this URL yet: none seen in the tab ('not-seen'), or only the page left's
    // ('same-document'). Firefox can report a small page 'complete' before its webRequest event,
    // in a tab that loaded another page as well; a real same-document change brings none.
    const unseen = page !== null && !page.headers.ok;
    // They came while the page was read: read it again, with them.
    if (unseen && wait.arrived) return this.onTabUrl(tabId, url, incognito, true);
    if (unseen) this.awaitingHeaders.set(tabId, wait);
    else if (this.awaitingHeaders.get(tabId) === wait) this.awaitingHeaders.delete(tabId);
    await badge.paint(tabId, url, report, page);
    // A later change of the tab may have come while the badge was painted: its snapshot stands.
    if (this.latest.get(tabId) !== mine) return;
    // Compile every robot's rules now, while the page loads, so the popup opens at once: with the
    // page read, into the snapshot the popup shows first.
    if (page !== null && this.deps.onJudged !== undefined)
      await this.deps.onJudged(tabId, url, report, page, incognito);
    else reports.verdicts(report, url, robots);
  }

  /** A tab's main-frame response was recorded: if its page was judged without it, judge again. */
  async onHeaders(tabId: number, url: string): Promise<void> {
    const waiting = this.awaitingHeaders.get(tabId);
    if (waiting === undefined || pageUrl(waiting.url) !== pageUrl(url)) return;
    if (waiting.reading) {
      waiting.arrived = true;
      return;
    }
    this.awaitingHeaders.delete(tabId);
    await this.onTabUrl(tabId, waiting.url, waiting.incognito, true);
  }

  /** The tab closed. */
  forget(tabId: number): void {
    this.awaitingHeaders.delete(tabId);
    this.latest.delete(tabId);
  }

  /** Every open tab's badge again (the robot list or the language changed). */
  async refreshBadges(): Promise<void> {
    for (const tab of await this.deps.queryTabs()) {
      if (tab.id === undefined || tab.url === undefined) continue;
      await this.onTabUrl(tab.id, tab.url, tab.incognito, true).catch((error) =>
        this.deps.onError('navigation:refresh-badges', error),
      );
    }
  }
}
