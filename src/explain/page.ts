// Page-level signals in words: what a page's robots meta tags and X-Robots-Tag headers say to each
// robot, why, which of its directives each vendor honours, what is wrong with them, and where
// they contradict robots.txt or the canonical.
import { findCrawler, indexesPages } from '../crawlers.ts';
import type { CombinedRow, Conflict } from '../page/combined.ts';
import type { ServedFinding } from '../page/compare.ts';
import { DIRECTIVES, type DirectiveName, type PageRules } from '../page/directives.ts';
import { PAGE_LIMITS } from '../page/facts.ts';
import type {
  Applied,
  PageConflict,
  PageJudgement,
  PageProblem,
  PageSource,
  RobotPage,
} from '../page/judge.ts';
import { MAX_REDIRECTS } from '../policy.ts';
import { listText, printableText, statusText, vendorText } from './formats.ts';
import type { MessageKey, Translator } from './translator.ts';

/** Where a directive came from: `meta name="googlebot"`, `X-Robots-Tag (bingbot)`. */
export function sourceText(source: PageSource, t: Translator): string {
  if (source.kind === 'meta')
    return source.inBody
      ? t('pageSourceMetaBody', source.label ?? '')
      : t('pageSourceMeta', source.label ?? '');
  return source.label === null ? t('pageSourceHeader') : t('pageSourceHeaderFor', source.label);
}

/** Why a page's fetch got no answer, under the one fetch policy (io/fetch-policy.ts). */
export type PageFetchFailure =
  | 'network'
  | 'private-address'
  | 'too-many-redirects'
  | 'redirect-loop'
  /** The browser never reported a hop of the request (the extension only). */
  | 'hop-unreported';

const FETCH_FAILURES: Record<PageFetchFailure, MessageKey> = {
  network: 'servedErrorNetwork',
  'hop-unreported': 'servedErrorHopUnreported',
  'private-address': 'servedErrorPrivate',
  'too-many-redirects': 'servedErrorTooManyRedirects',
  'redirect-loop': 'servedErrorRedirectLoop',
};

/** `why` is one of the reasons pageFetchFailureText words. */
export function isPageFetchFailure(why: string): why is PageFetchFailure {
  return Object.hasOwn(FETCH_FAILURES, why);
}

/**
 * Why a page could not be fetched, in a few words: the popup's "compare with the HTML as served"
 * and the audit say it alike. (A timeout is each caller's: its limit differs.)
 */
export function pageFetchFailureText(why: PageFetchFailure, t: Translator): string {
  // The policy's limit: the 6th redirect's target is not asked.
  return why === 'too-many-redirects'
    ? t(FETCH_FAILURES[why], t.number(MAX_REDIRECTS))
    : t(FETCH_FAILURES[why]);
}

/** A directive as written, trimmed: `noindex`, `max-snippet:20`. */
export function directiveText(a: Applied): string {
  return a.directive.text.replace(/\s*:\s*/, ':');
}

const VENDORS: Record<Exclude<PageRules, 'undocumented' | 'control-token'>, string> = {
  google: 'Google',
  bing: 'Bing',
  apple: 'Apple',
  yandex: 'Yandex',
};

/** The vendor whose documented page rules a robot follows, in words; null when there is none. */
function vendorOfRules(rules: PageRules, t: Translator): string | null {
  return rules in VENDORS ? vendorText(VENDORS[rules as keyof typeof VENDORS], t) : null;
}

/**
 * How two directives addressed to a robot that disagree were settled, naming whose rule decided:
 * Google's (the more restrictive), Yandex's (allowing directives first), or none documented.
 */
export function pageConflictText(page: RobotPage, conflict: PageConflict, t: Translator): string {
  const allow = directiveText(conflict.allow);
  const deny = directiveText(conflict.deny);
  const allowSource = sourceText(conflict.allow.source, t);
  const denySource = sourceText(conflict.deny.source, t);
  const vendor = page.combiningDocumented ? vendorOfRules(page.rules, t) : null;
  if (vendor === null)
    return t('pageConflictAssumed', deny, denySource, allow, allowSource, page.robot);
  return conflict.winner === 'allow'
    ? t('pageConflictAllowWins', allow, allowSource, deny, denySource, vendor, page.robot)
    : t('pageConflictRestrictive', deny, denySource, allow, allowSource, vendor, page.robot);
}

/**
 * Which tag names a robot reads and how its directives combine, in two sentences: its vendor's
 * documented list, or `robots` alone, assumed; its vendor's rule, or the more restrictive, assumed.
 */
export function pageReadingText(page: RobotPage, t: Translator): [string, string] {
  const vendor = vendorOfRules(page.rules, t);
  const names =
    page.namesDocumented && vendor !== null
      ? t('pageNamesDocumented', page.robot, listText([...page.names], t), vendor)
      : t('pageNamesUndocumented', page.robot);
  const combining =
    !page.combiningDocumented || vendor === null
      ? t('pageCombineAssumed')
      : page.combining === 'allow-wins'
        ? t('pageCombineAllowWins', vendor)
        : t('pageCombineRestrictive', vendor);
  return [names, combining];
}

/** Who honours a directive, in words ("Google and Bing", "every robot that reads page tags"). */
export function honouredByText(name: DirectiveName, t: Translator): string {
  const by = DIRECTIVES[name].documentedBy;
  if (by.includes('undocumented')) return t('honouredByAll');
  if (by.length === 0) return t('honouredByNobody');
  const vendors = by.flatMap((r) =>
    r in VENDORS ? [vendorText(VENDORS[r as keyof typeof VENDORS], t)] : [],
  );
  return t('honouredBy', listText(vendors, t));
}

const MEANINGS: Record<DirectiveName, MessageKey> = {
  all: 'dirDefault',
  index: 'dirDefault',
  follow: 'dirDefault',
  noindex: 'dirNoindex',
  nofollow: 'dirNofollow',
  none: 'dirNone',
  nosnippet: 'dirNosnippet',
  indexifembedded: 'dirIndexifembedded',
  'max-snippet': 'dirMaxSnippet',
  'max-image-preview': 'dirMaxImagePreview',
  'max-video-preview': 'dirMaxVideoPreview',
  notranslate: 'dirNotranslate',
  noimageindex: 'dirNoimageindex',
  unavailable_after: 'dirUnavailableAfter',
  noarchive: 'dirNoarchive',
  nocache: 'dirNocache',
  noodp: 'dirObsolete',
  noydir: 'dirObsolete',
};

/** What a directive asks, in a few words. */
export function meaningText(name: DirectiveName, t: Translator): string {
  return t(MEANINGS[name]);
}

/** A date and time as the user's locale writes it, in UTC. */
export function dateText(time: number, t: Translator): string {
  return new Intl.DateTimeFormat(t.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(time);
}

/** A robot's page row, in words. */
export interface ExplainedPage {
  index: RobotPage['index'];
  follow: RobotPage['follow'];
  /**
   * How the index and follow answers are shown: 'read' as the robot reads them; 'unseen' where
   * robots.txt keeps it out, so it never reads them; 'status' where the page's HTTP status keeps it
   * out of the index whatever they say (both greyed, with `muted`'s words); 'none' for a control
   * token, which reads no page.
   */
  pills: 'read' | 'unseen' | 'status' | 'none';
  /** For greyed pills: a short label beside them and the sentence saying why; null otherwise. */
  muted: { label: string; title: string } | null;
  /** Why noindex / nofollow, what it ignores, what its vendor documents; one sentence each. */
  lines: string[];
  /** The contradictions with robots.txt and the canonical, one sentence each: warnings. */
  conflicts: string[];
  /**
   * Its operator documents no reading of page tags: said once for every such robot, under the
   * table, not on each row.
   */
  undocumented: boolean;
}

/** A contradiction in one sentence; `canonical` is the page's canonical URL, if any. */
export function conflictText(
  conflict: Conflict,
  robot: string,
  canonical: string | null,
  t: Translator,
): string {
  return conflict === 'canonical-other-host'
    ? t(CONFLICTS[conflict], hostOf(canonical ?? ''))
    : conflict === 'noindex-canonical'
      ? t(CONFLICTS[conflict])
      : t(CONFLICTS[conflict], robot);
}

const CONFLICTS: Record<Conflict, MessageKey> = {
  'blocked-noindex': 'conflictBlockedNoindex',
  'blocked-unseen': 'conflictBlockedUnseen',
  'noindex-canonical': 'conflictNoindexCanonical',
  'canonical-disallowed': 'conflictCanonicalDisallowed',
  'canonical-other-host': 'conflictCanonicalOtherHost',
};

/**
 * What the page says to one robot, and how it combines with robots.txt, in words. A robot that
 * robots.txt keeps out never reads the page: its row says only what that block costs (a noindex
 * never seen). A robot that keeps no search index (an AI trainer, a control token) is told nothing
 * about indexing: what the page says shows in its pills alone.
 */
export function explainPage(
  page: RobotPage,
  combined: CombinedRow,
  judgement: PageJudgement,
  t: Translator,
): ExplainedPage {
  const { robot } = page;
  const indexes = indexesPages(robot);
  const status = judgement.status;
  const pills: ExplainedPage['pills'] =
    page.rules === 'control-token'
      ? 'none'
      : combined.state === 'blocked'
        ? 'unseen'
        : combined.notIndexableBy === 'status' && indexes
          ? 'status'
          : 'read';
  const muted =
    pills === 'unseen'
      ? { label: t('pageUnseenPill'), title: t('pageUnseenTitle', robot) }
      : pills === 'status' && status !== null
        ? {
            label: t('pageStatusPill', status),
            title: t('pageStatusPillTitle', robot, statusText(status)),
          }
        : null;
  const undocumented = page.rules === 'undocumented' && judgement.sources.length > 0;
  const conflicts = combined.conflicts
    // A block is the site's choice; only a noindex it hides is worth a warning, and only to a
    // robot that keeps an index the URL could still enter from links.
    .filter((c) => c !== 'blocked-unseen' && (c !== 'blocked-noindex' || indexes))
    .map((c) => conflictText(c, robot, judgement.canonical?.url ?? null, t));
  const base = { index: page.index, follow: page.follow, pills, muted, conflicts, undocumented };
  const ignoresGeneric = findCrawler(robot)?.page.ignoresGeneric === true;
  if (combined.state === 'blocked' || pills === 'none') return { ...base, lines: [] };
  // Not a search index (AdsBot-Google): only which tags address it is worth saying.
  if (!indexes) return { ...base, lines: ignoresGeneric ? [t('pageIgnoresGeneric', robot)] : [] };
  const lines: string[] = [];
  // The status decides before any tag: said first.
  if (combined.notIndexableBy === 'status' && status !== null)
    lines.push(t('pageStatusNotIndexable', statusText(status), robot));
  if (page.noindexBy !== null) {
    const a = page.noindexBy;
    lines.push(
      a.directive.name === 'unavailable_after'
        ? t('pageExpired', robot, dateText(a.directive.value, t), sourceText(a.source, t))
        : t('pageNoindexBy', robot, directiveText(a), sourceText(a.source, t)),
    );
  }
  if (page.nofollowBy !== null && page.nofollowBy.directive.name !== 'none') {
    lines.push(
      t('pageNofollowBy', directiveText(page.nofollowBy), sourceText(page.nofollowBy.source, t)),
    );
  }
  // Whose rule settled directives that disagree, where any did.
  for (const conflict of page.conflicts) lines.push(pageConflictText(page, conflict, t));
  if (page.expiresAt !== null) lines.push(t('pageExpires', dateText(page.expiresAt, t)));
  // A date written without a zone: say it was read as UTC (Google names no zone to assume).
  const dated = page.applied.find(
    (a) =>
      a.honoured &&
      a.directive.name === 'unavailable_after' &&
      a.directive.zoneAssumed &&
      (a === page.noindexBy || a.directive.value === page.expiresAt),
  );
  if (dated !== undefined) lines.push(t('pageDateAssumedUtc', directiveText(dated)));
  // What else it honours: snippets, previews, translation, images, AI answers.
  const also = [
    ...new Set(
      page.applied
        .filter((a) => a.honoured && DIRECTIVES[a.directive.name].effect === 'presentation')
        .map(directiveText),
    ),
  ];
  if (also.length > 0) lines.push(t('pageAlso', robot, listText(also, t)));
  const ignored = [...new Set(page.applied.filter((a) => !a.honoured).map(directiveText))];
  if (ignored.length > 0 && page.rules !== 'undocumented')
    lines.push(t('pageIgnores', robot, listText(ignored, t)));
  if (ignoresGeneric) lines.push(t('pageIgnoresGeneric', robot));
  return { ...base, lines };
}

/**
 * The robots of a table whose operators document no reading of page tags, in one sentence said
 * once under the table; null when there are none.
 */
export function undocumentedText(
  rows: readonly { robot: string; page?: ExplainedPage | undefined }[],
  t: Translator,
): string | null {
  const robots = rows.filter((r) => r.page?.undocumented === true).map((r) => r.robot);
  if (robots.length === 0) return null;
  return `${t('pageUndocumentedRobots', listText(robots, t))} ${t('pageUndocumentedNames')}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    // Not a URL: the text itself.
    return url;
  }
}

/** Why the page's signals are incomplete, or null when everything could be read. */
export function pageReadText(judgement: PageJudgement, t: Translator): string[] {
  if (!judgement.readable) return [];
  const out: string[] = [];
  if (judgement.headers === 'same-document') out.push(t('headersSameDocument'));
  else if (judgement.headers === 'not-seen') out.push(t('headersNotSeen'));
  if (judgement.dom === 'not-html') out.push(t('domNotHtml'));
  else if (judgement.dom === 'unreadable')
    out.push(judgement.domWhy === 'timeout' ? t('domTimeout') : t('domUnreadable'));
  return out;
}

/** One problem of the page's tags and headers, in one sentence. */
export function pageProblemText(problem: PageProblem, t: Translator): string {
  switch (problem.code) {
    case 'unknown-directive':
      return problem.suggestion === null
        ? t('pageProblemUnknown', problem.text, sourceText(problem.source, t))
        : t(
            'pageProblemUnknownSuggest',
            problem.text,
            sourceText(problem.source, t),
            problem.suggestion,
          );
    case 'bad-value':
      return t('pageProblemBadValue', problem.text, sourceText(problem.source, t));
    case 'bad-date':
      return t('pageProblemBadDate', problem.text, sourceText(problem.source, t));
    case 'unknown-robots-name':
      return t('pageProblemRobotsName', problem.name, problem.suggestion);
    case 'unread-robots-name':
      return t(
        'pageProblemUnreadName',
        problem.kind === 'meta'
          ? t('pageSourceMeta', problem.name)
          : t('pageSourceHeaderFor', problem.name),
        problem.name,
      );
    case 'contradicts-generic':
      return t('pageProblemContradicts', problem.name, problem.says, problem.generic);
    case 'canonicals-disagree':
      return t('pageProblemCanonicals', listText(problem.urls, t));
    case 'canonical-relative':
      return t('pageProblemCanonicalRelative', problem.href);
    case 'canonical-cross-host':
      return t('pageProblemCanonicalHost', hostOf(problem.url));
    case 'canonical-not-http':
      return t('pageProblemCanonicalNotHttp', problem.href);
    case 'canonical-in-body':
      return t('pageProblemCanonicalBody', problem.href);
    case 'meta-in-body':
      return t('pageProblemMetaBody', problem.name);
    case 'content-cut':
      return t('pageProblemContentCut', problem.name, t.number(PAGE_LIMITS.attributeChars));
    case 'tags-cut':
      return problem.chars === true
        ? t('pageProblemTagsCutChars', t.number(PAGE_LIMITS.tagChars))
        : t('pageProblemTagsCut');
    case 'base-too-long':
      return t('pageProblemBaseTooLong', t.number(PAGE_LIMITS.baseChars));
    case 'headers-cut':
      return t('pageProblemHeadersCut');
    case 'header-maybe-joined':
      return t(
        'pageProblemMaybeJoined',
        printableText(problem.value),
        printableText(listText(problem.after, t)),
      );
  }
}

/** How serious a page problem is: errors change what a robot does against the intent. */
export function pageProblemSeverity(problem: PageProblem): 'error' | 'warning' | 'info' {
  switch (problem.code) {
    case 'unknown-directive':
    case 'bad-value':
    case 'bad-date':
    case 'unknown-robots-name':
    case 'canonicals-disagree':
    case 'canonical-not-http':
      return 'error';
    case 'contradicts-generic':
    case 'unread-robots-name':
    case 'canonical-cross-host':
    case 'canonical-in-body':
    case 'content-cut':
    case 'tags-cut':
    case 'headers-cut':
    case 'base-too-long':
      return 'warning';
    case 'header-maybe-joined':
    case 'canonical-relative':
    case 'meta-in-body':
      return 'info';
  }
}

/** A finding of the served/rendered comparison, in one sentence. */
export function servedFindingText(finding: ServedFinding, t: Translator): string {
  switch (finding.kind) {
    case 'removed-by-script':
      return t('servedRemoved', finding.robot);
    case 'added-by-script':
      return t('servedAdded', finding.robot);
    case 'canonical-changed':
      return t('servedCanonical', finding.served ?? '—', finding.rendered ?? '—');
    case 'same':
      return t('servedSame');
  }
}
