// What the popup shows, computed from the background's report: pure, so components only render.
import { checkCrawler } from '../src/crawlers.ts';
import type { TabReport } from '../src/messages.ts';
import type { Outcome } from '../src/policy.ts';
import { parseRobotsTxt, type RobotsTxt, type Rule } from '../src/robots/index.ts';

export type FetchOutcomeSeam = 'ok' | 'unavailable' | 'unreachable' | 'not-applicable';
export type VerdictSeam = 'allowed' | 'disallowed' | 'unknown';

export interface RobotRow {
  robot: string;
  verdict: VerdictSeam;
  rule: Rule | null;
  /** The reading the robot's vendor follows. */
  semantics: string;
  /** Why, in words (English until the i18n layer lands). */
  why: string;
  rfc9309: VerdictSeam;
  original1994: VerdictSeam;
}

export interface ViewModel {
  url: string;
  outcome: FetchOutcomeSeam;
  /** The fetch in words: status, size, age, redirects, warnings. */
  summary: string;
  warnings: string[];
  rows: RobotRow[];
  text: string | null;
  origin: string | null;
  needsPermission: boolean;
}

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function ago(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'} ago`;
}

function describe(
  outcome: Outcome,
  fetchedAt: number,
  now: number,
): { summary: string; warnings: string[] } {
  const hops = outcome.redirects.length;
  const redirects = hops === 0 ? '' : ` · after ${hops} redirect${hops === 1 ? '' : 's'}`;
  if (outcome.kind === 'unavailable') {
    if (outcome.reason === 'too-many-redirects')
      return {
        summary: `More than 5 redirects: crawlers treat robots.txt as missing, every page may be crawled`,
        warnings: [],
      };
    if (outcome.reason === 'redirect-loop')
      return {
        summary: 'Redirect loop: crawlers treat robots.txt as missing, every page may be crawled',
        warnings: [],
      };
    return {
      summary: `No robots.txt (${outcome.status}): every robot may crawl this site${redirects}`,
      warnings: [],
    };
  }
  if (outcome.kind === 'unreachable') {
    const what =
      outcome.reason === 'timeout'
        ? 'No answer within 15 s'
        : outcome.reason === 'network-error'
          ? 'Network error'
          : outcome.status === 429
            ? 'Too many requests (429)'
            : `Server error (${outcome.status})`;
    return {
      summary: `${what}: crawlers treat every page as disallowed${redirects}`,
      warnings: [],
    };
  }
  const warnings: string[] = [];
  if (outcome.looksLikeHtml)
    warnings.push(
      'This page serves HTML as robots.txt (a "soft 404"): crawlers read it as rules and find almost none.',
    );
  if (outcome.truncated) warnings.push('Cut at 500 KiB: the rest is ignored.');
  return {
    summary: `robots.txt · ${outcome.status} · ${kib(outcome.bytes)} · fetched ${ago(now - fetchedAt)}${redirects}`,
    warnings,
  };
}

function whyOf(v: ReturnType<typeof checkCrawler>): string {
  const g = v.reason.groups;
  const group =
    g.code === 'fallback-token'
      ? `no group names ${v.reason.token}; it follows the ${g.agent} group`
      : g.code === 'star-group'
        ? 'the * group applies'
        : g.code === 'no-group'
          ? g.starIgnored
            ? 'it ignores the * group and no group names it'
            : 'no group applies'
          : `its group (line ${g.lines.join(', ')})`;
  const rule =
    v.rule === null
      ? 'no rule matches'
      : v.reason.decision.code === 'allow-wins-tie'
        ? 'equal length: Allow wins'
        : 'longest match';
  return `${group}; ${rule}`;
}

const seam = (allowed: boolean): VerdictSeam => (allowed ? 'allowed' : 'disallowed');

/** The popup's data for a tab report and the user's robot list. */
export function viewModel(
  report: TabReport,
  robots: readonly string[],
  now = Date.now(),
): ViewModel {
  const unknownRows = (why: string): RobotRow[] =>
    robots.map((robot) => ({
      robot,
      verdict: 'unknown',
      rule: null,
      semantics: '',
      why,
      rfc9309: 'unknown',
      original1994: 'unknown',
    }));
  if (report.kind === 'not-applicable') {
    return {
      url: report.url,
      outcome: 'not-applicable',
      summary: 'This page has no robots.txt: robots.txt applies to http and https pages only.',
      warnings: [],
      rows: unknownRows('not applicable'),
      text: null,
      origin: null,
      needsPermission: false,
    };
  }
  if (report.kind === 'no-permission') {
    return {
      url: report.url,
      outcome: 'not-applicable',
      summary:
        report.origin === null
          ? 'Robots Lens may not read robots.txt on the sites you visit: access to websites was withheld.'
          : `Robots Lens may not read ${report.origin}/robots.txt yet.`,
      warnings: [],
      rows: unknownRows('no permission'),
      text: null,
      origin: report.origin,
      needsPermission: true,
    };
  }
  const { outcome, fetchedAt, origin } = report.report;
  const { summary, warnings } = describe(outcome, fetchedAt, now);
  let rows: RobotRow[];
  if (outcome.kind === 'ok') {
    const parsed: RobotsTxt = parseRobotsTxt(outcome.text);
    rows = robots.map((robot) => {
      const v = checkCrawler(parsed, robot, report.url);
      return {
        robot,
        verdict: seam(v.allowed),
        rule: v.rule,
        semantics: v.reason.semantics,
        why: whyOf(v),
        rfc9309: seam(checkCrawler(parsed, robot, report.url, 'rfc9309').allowed),
        original1994: seam(checkCrawler(parsed, robot, report.url, 'original1994').allowed),
      };
    });
  } else {
    const allowed = outcome.kind === 'unavailable';
    rows = robots.map((robot) => ({
      robot,
      verdict: seam(allowed),
      rule: null,
      semantics: '',
      why: allowed
        ? 'no robots.txt: everything allowed'
        : 'robots.txt unreachable: everything disallowed',
      rfc9309: seam(allowed),
      original1994: seam(allowed),
    }));
  }
  return {
    url: report.url,
    outcome: outcome.kind,
    summary,
    warnings,
    rows,
    text: outcome.kind === 'ok' ? outcome.text : null,
    origin,
    needsPermission: false,
  };
}
