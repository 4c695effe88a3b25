// The words of sitemaps: what went wrong reading one (the command line's `--sitemap` input and the
// extension's sitemap check give the same codes with params, src/sitemap-problem.ts), and the
// Page view's answer to "is this page in the site's sitemaps?" (src/page/sitemap-check.ts), said
// in the user's language from the catalogue.

import type {
  ListedUrl,
  SitemapAnswer,
  SitemapContradiction,
  SitemapListing,
} from '../page/sitemap-check.ts';
import type {
  SitemapFailureCode,
  SitemapParams,
  SitemapProblem,
  SitemapProblemCode,
} from '../sitemap-problem.ts';
import { EXCERPT_CHARS, excerpt } from '../sitemap-problem.ts';
import { errorCodeText } from './failures.ts';
import { statusText } from './formats.ts';
import type { Translator } from './translator.ts';

/** The codes of a sitemap not read (a Record, so that a new code must be added here). */
const FAILURES: Readonly<Record<SitemapFailureCode, true>> = {
  timeout: true,
  'no-file': true,
  folder: true,
  permission: true,
  'not-gzip': true,
  network: true,
  error: true,
  'http-status': true,
  'other-scheme': true,
  'bad-url': true,
  'private-address': true,
  'too-many-redirects': true,
  'redirect-cycle': true,
  'other-host': true,
};

const isFailure = (code: string): code is SitemapFailureCode => Object.hasOwn(FAILURES, code);

const text = (params: SitemapParams, name: string): string => String(params[name] ?? '');
/**
 * A param that is server text or a message with some in it (a status text, fetch's or zlib's
 * error): a masked excerpt, as every quote of server text (src/sitemap-problem.ts excerpt).
 */
const serverText = (params: SitemapParams, name: string, maxChars = EXCERPT_CHARS): string =>
  excerpt(text(params, name), maxChars);

const count = (params: SitemapParams, name: string): number => Number(params[name] ?? 0);

/** Why a sitemap could not be read, or not to its end. */
function failureText(code: SitemapFailureCode, params: SitemapParams, t: Translator): string {
  switch (code) {
    case 'timeout':
      return t('cliSitemapTimeout', t.number(count(params, 'ms')));
    case 'no-file':
      return t('cliSitemapNoFile');
    case 'folder':
      return t('cliSitemapFolder');
    case 'permission':
      return t('cliSitemapPermission');
    case 'not-gzip':
      // zlib's message ("incorrect header check") is English: the fact is enough.
      return t('sitemapNotGzip');
    case 'network':
      // fetch says "fetch failed" with the reason's code (ECONNREFUSED…) in `cause`: the code in
      // words; a cause without a code, only that the request failed.
      return /^[A-Z][A-Z0-9_]+$/.test(text(params, 'cause'))
        ? errorCodeText(text(params, 'cause'), t)
        : t('errorFetchFailed');
    case 'error':
      return t('errorUnknown');
    case 'http-status':
      return t(
        'cliSitemapHttpStatus',
        serverText(params, 'status'),
        serverText(params, 'statusText'),
      ).trim();
    case 'other-scheme':
      return t('cliSitemapOtherScheme');
    case 'bad-url':
      return t('cliSitemapBadUrl');
    case 'private-address':
      return t('cliSitemapPrivateAddress', text(params, 'target'));
    case 'too-many-redirects':
      return t('cliSitemapTooManyRedirects', t.number(count(params, 'limit')));
    case 'redirect-cycle':
      return t('cliSitemapRedirectCycle', text(params, 'target'));
    case 'other-host':
      return t('sitemapOtherHost', text(params, 'target'));
  }
}

/**
 * A sitemap's problem, or the error of an unreadable top sitemap (a SitemapUnreadable spread into
 * a plain object), as one line: a sitemap that could not be read says so with its source; any
 * other problem is its source, a colon and what was skipped there.
 */
export function sitemapProblemText(p: SitemapProblem, t: Translator): string {
  const { source, code, params } = p;
  if (isFailure(code)) return t('cliSitemapUnreadable', source, failureText(code, params, t));
  return `${source}: ${problemText(code, params, t)}`;
}

/** What was skipped in a sitemap that was read, and why. */
function problemText(
  code: Exclude<SitemapProblemCode, SitemapFailureCode>,
  params: SitemapParams,
  t: Translator,
): string {
  switch (code) {
    case 'partial': {
      const reason = text(params, 'reason');
      return t('cliSitemapPartial', isFailure(reason) ? failureText(reason, params, t) : reason);
    }
    case 'redirect-loop':
      return t('cliSitemapRedirectLoop', text(params, 'target'));
    case 'redirect-repeat':
      return t('cliSitemapRedirectRepeat', text(params, 'target'));
    case 'loop':
      return t('cliSitemapLoop', text(params, 'child'));
    case 'self-loop':
      return t('cliSitemapSelfLoop', text(params, 'child'));
    case 'repeat':
      return t('cliSitemapRepeat', text(params, 'child'));
    case 'listed-twice':
      return t('cliSitemapListedTwice', text(params, 'child'));
    case 'depth-limit':
      return t(
        'cliSitemapDepthLimit',
        t.number(count(params, 'level')),
        t.number(count(params, 'limit')),
      );
    case 'count-limit':
      return t.plural('cliSitemapCountLimit', count(params, 'limit'), text(params, 'child'));
    case 'url-limit':
      return t.plural('cliSitemapUrlLimit', count(params, 'limit'));
    case 'time-limit':
      return t('sitemapTimeLimit', t.number(count(params, 'limit')));
    case 'too-large':
      return t.plural('cliSitemapTooLarge', count(params, 'limit'));
    case 'too-large-unzipped':
      return t.plural('cliSitemapTooLargeUnzipped', count(params, 'limit'));
    case 'more-skipped':
      return t.plural('cliSitemapMoreSkipped', count(params, 'count'));
    case 'encoding':
      return t('cliSitemapEncoding', text(params, 'encoding'));
    case 'not-xml': {
      // saxes says "3:40: unbound namespace prefix…" in English: its position only.
      const at = /^(\d+):(\d+):/.exec(text(params, 'error'));
      return at === null
        ? t('sitemapNotXml')
        : t('sitemapNotXmlAt', t.number(Number(at[1])), t.number(Number(at[2])));
    }
    case 'wrong-root':
      return t('cliSitemapWrongRoot', text(params, 'element'));
    case 'empty':
      return t('cliSitemapEmpty');
    case 'no-loc':
      return t('cliSitemapNoLoc', text(params, 'entry'));
    case 'empty-loc':
      return t('cliSitemapEmptyLoc');
    case 'not-http-loc':
      return t('cliSitemapNotHttpLoc', text(params, 'url'));
    case 'not-http-line':
      return t('cliSitemapNotHttpLine', text(params, 'url'));
    case 'not-sitemap':
      return t('cliSitemapNotSitemap', text(params, 'excerpt'));
    case 'line-too-long':
      return t(
        'cliSitemapLineTooLong',
        t.number(count(params, 'line')),
        t.number(count(params, 'limit')),
      );
    case 'loc-too-long':
      return t('cliSitemapLocTooLong', t.number(count(params, 'limit')));
  }
}

// ---- The Page view's sitemap check (issue 29, item 6) ----------------------------------------

/**
 * Whether the page is listed: in how many sitemaps, not in those read (`isPartial`: some could not
 * be read, or a limit stopped the reading, so it may be in one of them), or unknown.
 */
export function sitemapListedText(answer: SitemapAnswer, isPartial: boolean, t: Translator) {
  switch (answer.listed) {
    case 'yes':
      return [t.plural('sitemapListed', answer.page.sitemaps)];
    case 'no':
      return isPartial ? [t('sitemapNotListed'), t('sitemapSomeUnread')] : [t('sitemapNotListed')];
    case 'unknown':
      return [t('sitemapUnknown')];
  }
}

/** One listing of `url`: the sitemap, and the <loc> as written when it is not written as `url`. */
export function sitemapListingText(listing: SitemapListing, url: string, t: Translator): string {
  const sitemap = listing.sitemap ?? '';
  return listing.loc.trim() === url ? sitemap : t('sitemapWrittenAs', sitemap, listing.loc.trim());
}

/** A listing that is the URL but for its scheme, a www. or a trailing slash. */
export function sitemapNearText(listing: SitemapListing, t: Translator): string {
  return t('sitemapNear', listing.loc.trim(), listing.sitemap ?? '');
}

/** Where the page's canonical (another URL) is listed. */
export function sitemapCanonicalText(canonical: ListedUrl, t: Translator): string {
  return canonical.count > 0
    ? t.plural('sitemapCanonicalListed', canonical.sitemaps, canonical.url)
    : t('sitemapCanonicalNotListed', canonical.url);
}

/** A contradiction between the listing and what the page says, as Search Console reports it. */
export function sitemapContradictionText(problem: SitemapContradiction, t: Translator): string {
  switch (problem.code) {
    case 'listed-blocked':
      return t('sitemapListedBlocked', problem.robot);
    case 'listed-noindex':
      return t('sitemapListedNoindex', problem.robot);
    case 'listed-not-canonical':
      return t('sitemapListedNotCanonical', problem.canonical);
    case 'listed-redirecting':
      return t('sitemapListedRedirecting', problem.url, statusText(problem.status));
    case 'listed-failing':
      return t('sitemapListedFailing', statusText(problem.status));
  }
}
