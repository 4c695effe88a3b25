// What the popup shows for a tab: its URL's origin report and the user's robots' verdicts, or
// why there is none (not an http(s) page, host access withheld).
import { reportAiSignals } from '../src/ai/report.ts';
import { type RobotsFile, sentReport, type TabReport } from '../src/extension/protocol.ts';
import { canonicalVerdicts } from '../src/page/canonical-verdicts.ts';
import type { PageFacts } from '../src/page/facts.ts';
import { robotsOrigin } from '../src/policy.ts';
import type { BadgePainter } from './badge-painter.ts';
import type { HostAccess } from './host-access.ts';
import type { LinkHighlights } from './link-highlights.ts';
import type { CachedFetch } from './origin-cache.ts';
import type { PageReader } from './page-reader.ts';
import type { RobotsReports } from './robots-reports.ts';
import type { SettingsService } from './settings-service.ts';
import type { TabSnapshots } from './tab-snapshots.ts';

/** The tab facts a report needs (browser.tabs.get). */
export interface TabFacts {
  /** Hidden by the browser when host access to every site was withheld. */
  url?: string | undefined;
  incognito: boolean;
}

/** What a report says of the tab beside robots.txt: its page, its outlines, its window's kind. */
interface PageState {
  page: PageFacts;
  linksHighlighted: boolean;
  inPrivate: boolean;
}

export interface TabReportsDeps {
  getTab: (tabId: number) => Promise<TabFacts>;
  access: HostAccess;
  reports: RobotsReports;
  settings: SettingsService;
  badge: BadgePainter;
  pages: PageReader;
  highlights: LinkHighlights;
  /** Where each tab's last report is kept for the popup to open on (none: not kept). */
  snapshots?: TabSnapshots;
  /** Where errors of work the reply does not wait for go. */
  onError: (where: string, error: unknown) => void;
}

export class TabReports {
  private readonly deps: TabReportsDeps;

  constructor(deps: TabReportsDeps) {
    this.deps = deps;
  }

  /**
   * The report for a tab; `force` fetches robots.txt again, bypassing the cache. It is kept as the
   * tab's snapshot, which the popup shows first the next time it opens.
   */
  async report(tabId: number, force: boolean): Promise<TabReport> {
    const current = this.deps.settings.get();
    const reply = await this.build(tabId, force, current);
    this.deps.snapshots
      ?.keep(tabId, reply, await current)
      .catch((error) => this.deps.onError('tab-snapshot', error));
    return reply;
  }

  /**
   * A page the background judged as it loaded (automatic checking), in a private window or not
   * (`inPrivate`): kept as the tab's snapshot, so the popup's first screen needs no wait.
   */
  async judged(
    tabId: number,
    url: string,
    report: CachedFetch,
    page: PageFacts,
    inPrivate: boolean,
  ): Promise<void> {
    const { settings, highlights, snapshots } = this.deps;
    const origin = robotsOrigin(url);
    if (snapshots === undefined || origin === null) return;
    const [current, linksHighlighted] = await Promise.all([settings.get(), highlights.isOn(tabId)]);
    const facts = { page, linksHighlighted, inPrivate };
    const reply = this.reply(url, origin, current.robots, report, facts);
    await snapshots.keep(tabId, reply, current);
  }

  private async build(
    tabId: number,
    force: boolean,
    settings: ReturnType<SettingsService['get']>,
  ): Promise<TabReport> {
    const { getTab, access, reports, badge, pages, highlights } = this.deps;
    // The page's DOM is read while the tab and the permission are looked up (the read needs
    // neither: without host access the browser refuses it, and a page that is not a site's is
    // refused too; either way the result is dropped below).
    const dom = pages.dom(tabId);
    const [tab, { robots }, linksHighlighted] = await Promise.all([
      getTab(tabId),
      settings,
      highlights.isOn(tabId),
    ]);
    const url = tab.url ?? '';
    if (tab.url === undefined && !(await access.hasAll()))
      return { kind: 'no-permission', url, origin: null, robots };
    const origin = robotsOrigin(url);
    if (origin === null) return { kind: 'not-applicable', url, robots };
    // The response headers are looked up while the permission is checked, then robots.txt is
    // taken from the cache or fetched.
    const reading = pages.read(tabId, url, dom);
    if (!(await access.hasOrigin(origin))) return { kind: 'no-permission', url, origin, robots };
    const [report, page] = await Promise.all([
      reports.report(origin, tab.incognito, force),
      reading,
    ]);
    // The badge may follow; the popup is waiting for the verdicts.
    badge.paint(tabId, url, report, page).catch((error) => this.deps.onError('badge', error));
    const facts = { page, linksHighlighted, inPrivate: tab.incognito };
    return this.reply(url, origin, robots, report, facts);
  }

  /** What the popup shows for a judged page: the fetch, the page, the robots' verdicts. */
  private reply(
    url: string,
    origin: string,
    robots: string[],
    report: CachedFetch,
    { page, linksHighlighted, inPrivate }: PageState,
  ): TabReport {
    const { reports } = this.deps;
    const verdicts = reports.verdicts(report, url, robots);
    const parsed = reports.parsed(report);
    const header = page.headers.ok ? (page.headers.facts.contentUsage ?? null) : null;
    return {
      kind: 'report',
      url,
      robots,
      report: sentReport(report),
      verdicts,
      canonicalVerdicts: canonicalVerdicts(parsed, page, origin, robots),
      page,
      linksHighlighted,
      inPrivate,
      aiSignals:
        parsed === null || report.outcome.kind !== 'ok'
          ? null
          : reportAiSignals(report.outcome.text, parsed, verdicts, header),
    };
  }

  /**
   * The text of the file a report of this tab described (`origin`, `fetchedAt`); null when the
   * cache holds another fetch by now, or the tab is gone.
   */
  async file(tabId: number, origin: string, fetchedAt: number): Promise<RobotsFile | null> {
    const tab = await this.deps.getTab(tabId).catch(() => null); // closed: no file to give
    return tab === null ? null : this.deps.reports.file(origin, tab.incognito, fetchedAt);
  }
}
