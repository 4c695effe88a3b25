// What the popup shows, computed from the background's report: pure, so components only render.
import { type CrawlerVerdict, findCrawler, verdictsFor } from '../src/crawlers.ts';
import type { MessageKey, Translator } from '../src/i18n.ts';
import type { RobotVerdicts, TabReport } from '../src/messages.ts';
import type { Outcome } from '../src/policy.ts';
import {
  DIRECTIVE_SUPPORT,
  type Diagnostic,
  type GroupSummary,
  type PathPhrase,
  parseRobotsTxt,
  type RobotsTxt,
  type Rule,
  summarizeRobotsTxt,
} from '../src/robots/index.ts';

export type FetchOutcomeSeam = 'ok' | 'unavailable' | 'unreachable' | 'not-applicable';
export type VerdictSeam = 'allowed' | 'disallowed' | 'unknown';

export interface RobotRow {
  robot: string;
  verdict: VerdictSeam;
  rule: Rule | null;
  /** Group choice and rule decision, in words. */
  why: string;
  /** Where the strict RFC 9309 reading or the 1994 standard would decide otherwise. */
  others: string[];
  /** A caveat from the crawler profile (user-triggered fetchers). */
  note: string | null;
  /** First lines of the groups that applied (for highlighting in Records). */
  groupLines: number[];
  verdictRfc9309: VerdictSeam;
  verdict1994: VerdictSeam;
}

export interface PopupModel {
  url: string;
  outcome: FetchOutcomeSeam;
  summary: string;
  warnings: string[];
  needsPermission: boolean;
  origin: string | null;
  /** The live file, when there is one (parsed by the views that need it). */
  text: string | null;
  previousText: string | null;
  /** What the outcome means when there are no rules: 'allow' (unavailable) or 'disallow' (unreachable). */
  blanket: 'allow' | 'disallow' | null;
  rows: RobotRow[];
}

export function sizeText(bytes: number, t: Translator): string {
  return bytes < 1024
    ? t('sizeBytes', t.number(bytes))
    : t('sizeKilobytes', t.number(bytes / 1024, 1));
}

export function ageText(ms: number, t: Translator): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return t('ageJustNow');
  if (minutes < 60) return t.plural('ageMinutes', minutes);
  return t.plural('ageHours', Math.round(minutes / 60));
}

function describeOutcome(
  outcome: Outcome,
  fetchedAt: number,
  now: number,
  t: Translator,
): { summary: string; warnings: string[] } {
  const hops = outcome.redirects.length;
  const redirects = hops === 0 ? '' : ` · ${t.plural('outcomeRedirects', hops)}`;
  if (outcome.kind === 'unavailable') {
    if (outcome.reason === 'too-many-redirects')
      return { summary: t('outcomeTooManyRedirects'), warnings: [] };
    if (outcome.reason === 'redirect-loop')
      return { summary: t('outcomeRedirectLoop'), warnings: [] };
    return { summary: t('outcomeMissing', outcome.status ?? '') + redirects, warnings: [] };
  }
  if (outcome.kind === 'unreachable') {
    const summary =
      outcome.reason === 'timeout'
        ? t('outcomeTimeout')
        : outcome.reason === 'network-error'
          ? t('outcomeNetworkError')
          : outcome.status === 429
            ? t('outcomeTooManyRequests')
            : t('outcomeServerError', outcome.status ?? '');
    return { summary: summary + redirects, warnings: [] };
  }
  const warnings: string[] = [];
  if (outcome.looksLikeHtml) warnings.push(t('warnSoft404'));
  if (outcome.truncated) warnings.push(t('warnTruncated'));
  return {
    summary:
      t('outcomeOk', outcome.status, sizeText(outcome.bytes, t), ageText(now - fetchedAt, t)) +
      redirects,
    warnings,
  };
}

/** Why a verdict came out as it did, in words. */
export function whyText(v: CrawlerVerdict, t: Translator): string {
  const g = v.reason.groups;
  const lines = g.lines.join(', ');
  const group = {
    'exact-token': () => t('groupExact', lines),
    'merged-groups': () => t('groupMerged', lines),
    'fallback-token': () => t('groupFallback', v.reason.token, g.agent, lines),
    'star-group': () => t('groupStar', lines),
    'no-group': () => (g.starIgnored ? t('groupNoneStarIgnored') : t('groupNone')),
    'substring-record': () => t('groupSubstring', lines),
    'default-record': () => t('groupDefault', lines),
  }[g.code]();
  const d = v.reason.decision;
  const decision = {
    'longest-match': 'decisionLongest',
    'allow-wins-tie': 'decisionTie',
    'no-match': 'decisionNoMatch',
    'robots-txt-always-allowed': 'decisionRobotsTxt',
    'first-match': 'decisionFirst',
  }[d.code] as MessageKey;
  return `${group}; ${t(decision)}${d.indexHtml ? ` (${t('decisionIndexHtml')})` : ''}`;
}

const seam = (allowed: boolean): VerdictSeam => (allowed ? 'allowed' : 'disallowed');

/** The profile's caveat for robots whose vendor says robots.txt may not apply to user-requested fetches. */
function noteFor(robot: string, t: Translator): string | null {
  const profile = findCrawler(robot);
  return profile?.obeysRobotsTxt === 'may-ignore' ? t('mayIgnore', profile.token) : null;
}

/** A row from a robot's verdicts under the three readings. */
export function rowOf(v: RobotVerdicts, t: Translator, showOtherReadings = true): RobotRow {
  const note = noteFor(v.robot, t);
  const allowed = v.verdict.allowed;
  const others: string[] = [];
  if (showOtherReadings && v.verdict.reason.semantics !== 'rfc9309' && v.rfc9309 !== allowed) {
    others.push(t(v.rfc9309 ? 'otherReadingRfcAllowed' : 'otherReadingRfcDisallowed'));
  }
  if (showOtherReadings && v.original1994 !== allowed) {
    others.push(t(v.original1994 ? 'otherReading1994Allowed' : 'otherReading1994Disallowed'));
  }
  return {
    robot: v.robot,
    verdict: seam(allowed),
    rule: v.verdict.rule,
    why: whyText(v.verdict, t),
    others,
    note,
    groupLines: v.verdict.reason.groups.lines,
    verdictRfc9309: seam(v.rfc9309),
    verdict1994: seam(v.original1994),
  };
}

/** One row per robot for a URL under a parsed file, or a blanket verdict when there are no rules. */
export function robotRows(
  robots: RobotsTxt | null,
  blanket: 'allow' | 'disallow' | 'unknown',
  url: string,
  names: readonly string[],
  t: Translator,
  showOtherReadings = true,
): RobotRow[] {
  if (robots !== null)
    return verdictsFor(robots, names, url).map((v) => rowOf(v, t, showOtherReadings));
  return names.map((robot) => {
    const note = noteFor(robot, t);
    const verdict: VerdictSeam = blanket === 'unknown' ? 'unknown' : seam(blanket === 'allow');
    const why =
      blanket === 'allow'
        ? t('noFileAllowed')
        : blanket === 'disallow'
          ? t('noFileDisallowed')
          : '';
    return {
      robot,
      verdict,
      rule: null,
      why,
      others: [],
      note,
      groupLines: [],
      verdictRfc9309: verdict,
      verdict1994: verdict,
    };
  });
}

/** The popup's data for a tab report and the user's robot list. */
export function popupModel(
  report: TabReport,
  names: readonly string[],
  t: Translator,
  options: { now?: number; showOtherReadings?: boolean } = {},
): PopupModel {
  const now = options.now ?? Date.now();
  const base = {
    url: report.url,
    warnings: [],
    robots: null,
    text: null,
    previousText: null,
    blanket: null,
  };
  if (report.kind === 'not-applicable') {
    return {
      ...base,
      outcome: 'not-applicable',
      summary: t('notApplicable'),
      needsPermission: false,
      origin: null,
      rows: robotRows(null, 'unknown', report.url, names, t).map((r) => ({
        ...r,
        why: t('notApplicableRow'),
      })),
    };
  }
  if (report.kind === 'no-permission') {
    return {
      ...base,
      outcome: 'not-applicable',
      summary:
        report.origin === null ? t('noPermissionAll') : t('noPermissionOrigin', report.origin),
      needsPermission: true,
      origin: report.origin,
      rows: robotRows(null, 'unknown', report.url, names, t).map((r) => ({
        ...r,
        why: t('noPermissionRow'),
      })),
    };
  }
  const { outcome, fetchedAt, origin, previousText } = report.report;
  const { summary, warnings } = describeOutcome(outcome, fetchedAt, now, t);
  const blanket =
    outcome.kind === 'unavailable' ? 'allow' : outcome.kind === 'unreachable' ? 'disallow' : null;
  const showOther = options.showOtherReadings ?? true;
  // The background sends the verdicts it computed with its warm, cached rule sets; only when they
  // do not cover this list does the popup parse and decide itself.
  const fromBackground =
    report.verdicts.length === names.length &&
    report.verdicts.every((v, i) => v.robot === names[i]);
  const rows =
    outcome.kind !== 'ok'
      ? robotRows(null, blanket ?? 'unknown', report.url, names, t, showOther)
      : fromBackground
        ? report.verdicts.map((v) => rowOf(v, t, showOther))
        : robotRows(parseRobotsTxt(outcome.text), 'unknown', report.url, names, t, showOther);
  return {
    url: report.url,
    outcome: outcome.kind,
    summary,
    warnings,
    needsPermission: false,
    origin,
    text: outcome.kind === 'ok' ? outcome.text : null,
    previousText,
    blanket,
    rows,
  };
}

/** A diagnostic explained in a sentence. */
export function diagnosticText(d: Diagnostic, t: Translator): string {
  const p = (name: string) => String(d.params[name] ?? '');
  switch (d.code) {
    case 'bom':
      return t('diagBom');
    case 'nul-character':
      return t('diagNulCharacter', p('column'));
    case 'control-character':
      return t('diagControlCharacter');
    case 'content-past-limit':
      return t('diagContentPastLimit');
    case 'line-too-long':
      return t(
        'diagLineTooLong',
        t.number(Number(d.params['bytes'] ?? 0)),
        t.number(Number(d.params['limit'] ?? 0)),
      );
    case 'unparseable-line':
      return t('diagUnparseableLine');
    case 'misspelled-key':
      return t('diagMisspelledKey', p('key'), p('canonical'));
    case 'missing-colon':
      return t('diagMissingColon', p('key'), p('canonical'));
    case 'rule-outside-group':
      return t('diagRuleOutsideGroup');
    case 'rule-value-not-a-path':
      return t('diagRuleValueNotAPath', p('value'));
    case 'empty-user-agent':
      return t('diagEmptyUserAgent');
    case 'user-agent-value-cut':
      return t('diagUserAgentValueCut', p('value'), p('token'));
    case 'blank-line-in-record':
      return t('diagBlankLineInRecord', p('groupLine'));
    case 'multiple-star-records':
      return t('diagMultipleStarRecords', p('firstLine'));
    case 'empty-sitemap':
      return t('diagEmptySitemap');
    case 'sitemap-not-absolute':
      return t('diagSitemapNotAbsolute', p('value'));
    case 'noindex':
      return t('diagNoindex');
    case 'crawl-delay':
      return t('diagCrawlDelay', p('value'));
    case 'host':
      return t('diagHost');
    case 'clean-param':
      return t('diagCleanParam');
    case 'content-signal':
      return t('diagContentSignal');
    case 'non-standard-directive':
      return t('diagNonStandardDirective', p('key'));
    case 'unknown-key':
      return t('diagUnknownKey', p('key'));
  }
}

/** Who honours a non-standard line, in words. */
export function supportText(key: string, t: Translator): string {
  const support = Object.hasOwn(DIRECTIVE_SUPPORT, key) ? DIRECTIVE_SUPPORT[key] : undefined;
  if (support === undefined || support.honouredBy.length === 0) return t('honouredByNobody');
  const list = new Intl.ListFormat(t.locale, { type: 'conjunction' });
  const honoured = t('honouredBy', list.format(support.honouredBy));
  return support.ignoredBy.length > 0
    ? `${honoured}; ${t('ignoredBy', list.format(support.ignoredBy))}`
    : honoured;
}

function phraseText(p: PathPhrase, t: Translator): string {
  switch (p.kind) {
    case 'everything':
      return t('phraseEverything');
    case 'home-page':
      return t('phraseHomePage');
    case 'exact':
      return t('phraseExact', p.path);
    case 'directory':
      return t('phraseDirectory', p.path);
    case 'prefix':
      return t('phrasePrefix', p.path);
    case 'file-type':
      return t('phraseFileType', p.extension);
    case 'containing':
      return t('phraseContaining', p.text);
    case 'pattern':
      return t('phrasePattern', p.pattern);
  }
}

/** "What this file says": one sentence per group. */
export function summarySentences(
  robots: RobotsTxt,
  t: Translator,
): { line: number; text: string }[] {
  const list = new Intl.ListFormat(t.locale, { type: 'conjunction' });
  const or = new Intl.ListFormat(t.locale, { type: 'disjunction' });
  return summarizeRobotsTxt(robots).map((s: GroupSummary) => {
    const who = s.everyone
      ? t('summaryEveryone')
      : list.format(s.agents.filter((a) => a.trim() !== ''));
    const allowed = list.format(s.allowed.map((p) => phraseText(p, t)));
    const disallowed = or.format(s.disallowed.map((p) => phraseText(p, t)));
    const text = {
      all: () => t('accessAll', who),
      none: () => t('accessNone', who),
      'none-except': () => t('accessNoneExcept', who, allowed),
      'all-except': () =>
        s.allowed.length > 0
          ? t('accessAllExceptBut', who, disallowed, allowed)
          : t('accessAllExcept', who, disallowed),
    }[s.access]();
    return { line: s.line, text };
  });
}

/** Resolves what the tester was given against the page's origin: a path, or a URL of the same site. */
export function testerUrl(
  input: string,
  origin: string | null,
): { url: string } | { otherSite: string } | { invalid: true } {
  const value = input.trim();
  if (value.startsWith('/')) return { url: origin === null ? value : origin + value };
  if (/^https?:\/\//i.test(value)) {
    const match = /^(https?:\/\/[^/?#]*)/i.exec(value);
    const site = (match?.[1] ?? '').toLowerCase();
    if (origin !== null && site.replace(/:(80|443)$/, '') !== origin.toLowerCase())
      return { otherSite: value };
    return { url: value };
  }
  return { invalid: true };
}
