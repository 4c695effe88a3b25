// What the popup shows for a tab: its URL's origin report and the user's robots' verdicts, or
// why there is none (not an http(s) page, host access withheld).
import { canonicalVerdicts } from '../src/page/canonical-verdicts.ts';
import { robotsOrigin } from '../src/policy.ts';
import { type RobotsFile, sentReport, type TabReport } from '../src/protocol.ts';
import type { BadgePainter } from './badge-painter.ts';
import type { HostAccess } from './host-access.ts';
import type { LinkHighlights } from './link-highlights.ts';
import type { PageReader } from './page-reader.ts';
import type { RobotsReports } from './robots-reports.ts';
import type { SettingsService } from './settings-service.ts';

/** The tab facts a report needs (browser.tabs.get). */
export interface TabFacts {
  /** Hidden by the browser when host access to every site was withheld. */
  url?: string | undefined;
  incognito: boolean;
}

export interface TabReportsDeps {
  getTab: (tabId: number) => Promise<TabFacts>;
  access: HostAccess;
  reports: RobotsReports;
  settings: SettingsService;
  badge: BadgePainter;
  pages: PageReader;
  highlights: LinkHighlights;
  /** Where errors of work the reply does not wait for go. */
  onError: (where: string, error: unknown) => void;
}

export class TabReports {
  private readonly deps: TabReportsDeps;

  constructor(deps: TabReportsDeps) {
    this.deps = deps;
  }

  /** The report for a tab; `force` fetches robots.txt again, bypassing the cache. */
  async report(tabId: number, force: boolean): Promise<TabReport> {
    const { getTab, access, reports, settings, badge, pages, highlights } = this.deps;
    // The page's DOM is read while the tab, the settings and the permission are looked up (the
    // read needs none of them: without host access the browser refuses it, and a page that is
    // not a site's is refused too; either way the result is dropped below).
    const dom = pages.dom(tabId);
    const [tab, { robots }, linksHighlighted] = await Promise.all([
      getTab(tabId),
      settings.get(),
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
    return {
      kind: 'report',
      url,
      robots,
      report: sentReport(report),
      verdicts: reports.verdicts(report, url, robots),
      canonicalVerdicts: canonicalVerdicts(reports.parsed(report), page, origin, robots),
      page,
      linksHighlighted,
    };
  }

  /**
   * The text of the file a report of this tab described (`origin`, `fetchedAt`); null when the
   * cache holds another fetch by now, or the tab is gone.
   */
  async file(tabId: number, origin: string, fetchedAt: number): Promise<RobotsFile | null> {
    const tab = await this.deps.getTab(tabId).catch(() => null);
    return tab === null ? null : this.deps.reports.file(origin, tab.incognito, fetchedAt);
  }
}
