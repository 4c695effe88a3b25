// The Page view's sitemap check (issue 29, item 6), run only when the user asks: the sitemaps the
// site's robots.txt names (or /sitemap.xml when it names none) are read through the command line's
// walk, reader and fetch policy (io/sitemap-urls-browser.ts), within limits that bound the work,
// and the URLs the popup asks about are looked for as the entries stream by
// (src/page/sitemap-check.ts). Privacy: only the host the user is on is asked, without cookies
// (the one fetch policy's crawler request); nothing is kept.

import { FETCH_POLICY } from '../io/fetch-policy.ts';
import type { SitemapEntry, SitemapLimits, SitemapRead } from '../io/sitemap-walk.ts';
import type { SitemapFile, SitemapReport } from '../src/extension/protocol.ts';
import { SitemapMatcher } from '../src/page/sitemap-check.ts';
import { robotsOrigin } from '../src/policy.ts';
import type { SitemapProblem } from '../src/sitemap-problem.ts';
import type { HostAccess } from './host-access.ts';
import type { RobotsReports } from './robots-reports.ts';
import type { TabFacts } from './tab-reports.ts';

/**
 * What one check may cost, for a click in a popup: sitemaps.org allows 50,000 sitemaps of 50,000
 * URLs each, far more than a user waits for. Each sitemap keeps the one policy's terms (50 MiB
 * after gunzip, 30 s); the check reads at most 25 sitemaps, 1,000,000 URLs (about 1.5 s of
 * matching) and 60 s in all, and says which limit stopped it.
 */
export const SITEMAP_CHECK_LIMITS = {
  maxDepth: 3,
  maxSitemaps: 25,
  maxUrls: 1_000_000,
  maxBytes: FETCH_POLICY.kinds.sitemap.maxBytes,
  timeoutMs: FETCH_POLICY.kinds.sitemap.timeoutMs,
  totalMs: 60_000,
} as const satisfies Required<SitemapLimits>;

/** Problems a report carries, at most; problemCount says how many there were. */
export const PROBLEMS_SENT = 20;

/** robots.txt's Sitemap lines a report names, at most (the limit reads fewer anyway). */
const SOURCES_SENT = SITEMAP_CHECK_LIMITS.maxSitemaps;

/** How the sitemaps are read: the browser's walk (io/sitemap-urls-browser.ts) with its observer. */
export type ReadSitemaps = (
  sources: readonly string[],
  options: SitemapLimits & {
    mayRequest: (url: string) => boolean;
    ledFrom: string;
    onProblem: (problem: SitemapProblem) => void;
    onSitemap: (read: SitemapRead) => void;
  },
) => AsyncIterable<SitemapEntry>;

export interface SitemapChecksDeps {
  getTab: (tabId: number) => Promise<TabFacts>;
  access: HostAccess;
  reports: RobotsReports;
  read: ReadSitemaps;
  /** Default SITEMAP_CHECK_LIMITS (tests use smaller ones). */
  limits?: Required<SitemapLimits>;
}

/** A check's result: the report, or why there is none for this tab. */
export type SitemapCheck =
  | { ok: true; report: SitemapReport }
  | { ok: false; reason: 'not-http' | 'no-permission' };

/** The codes of the limits that end a whole reading. */
const STOPS = new Set(['count-limit', 'url-limit', 'time-limit'] as const);
type Stop = typeof STOPS extends Set<infer T> ? T : never;
const isStop = (code: string): code is Stop => STOPS.has(code as Stop);

export class SitemapChecks {
  private readonly deps: SitemapChecksDeps;

  constructor(deps: SitemapChecksDeps) {
    this.deps = deps;
  }

  /** The tab's site's sitemaps read, `urls` looked for; never throws for a site's sake. */
  async check(tabId: number, urls: readonly string[]): Promise<SitemapCheck> {
    const { getTab, access, reports } = this.deps;
    const tab = await getTab(tabId);
    const origin = tab.url === undefined ? null : robotsOrigin(tab.url);
    if (tab.url === undefined || origin === null) return { ok: false, reason: 'not-http' };
    if (!(await access.hasOrigin(origin))) return { ok: false, reason: 'no-permission' };
    // The report the popup shows (cached): its file's Sitemap lines, as written.
    const fetched = await reports.report(origin, tab.incognito, false);
    const named = reports.parsed(fetched)?.sitemaps ?? [];
    const from = named.length > 0 ? 'robots-txt' : 'default';
    const sources = from === 'robots-txt' ? named : [`${origin}/sitemap.xml`];
    const host = new URL(origin).hostname;
    const matcher = new SitemapMatcher(urls);
    const files: SitemapFile[] = [];
    const problems: SitemapProblem[] = [];
    let problemCount = 0;
    let stoppedBy: Stop | null = null;
    let urlsRead = 0;
    const entries = this.deps.read(sources, {
      ...(this.deps.limits ?? SITEMAP_CHECK_LIMITS),
      // The site the user is on, whatever scheme or port a Sitemap line names.
      mayRequest: (url) => URL.canParse(url) && new URL(url).hostname === host,
      ledFrom: tab.url,
      onProblem: (problem) => {
        problemCount++;
        if (problems.length < PROBLEMS_SENT) problems.push(problem);
        if (isStop(problem.code)) stoppedBy = problem.code;
      },
      onSitemap: ({ source, url, kind, urls: count }) => {
        files.push({ url: url ?? source, kind, urls: count });
      },
    });
    for await (const { url, listedBy } of entries) {
      urlsRead++;
      matcher.add(url, listedBy);
    }
    return {
      ok: true,
      report: {
        from,
        sources: sources.slice(0, SOURCES_SENT),
        sourceCount: sources.length,
        files,
        urls: urlsRead,
        problems,
        problemCount,
        stoppedBy,
        found: matcher.found(),
      },
    };
  }
}
