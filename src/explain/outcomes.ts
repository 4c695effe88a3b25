// What a robots.txt fetch means, in words: the line under the page's URL and its warnings.
import { type CacheRequest, MAX_BODY_BYTES, type OutcomeFacts, type PastCut } from '../policy.ts';
import { productToken } from '../robots/index.ts';
import { ageText, listText, printableText, sizeText } from './formats.ts';
import { dateText } from './page.ts';
import type { Translator } from './translator.ts';

/** How long a fetch is kept and what the server asked, as a report carries them. */
export interface CacheFacts {
  expiresAt: number;
  /** Set when the cache floor keeps the fetch longer than Cache-Control asked (policy.ts). */
  cacheRequest?: CacheRequest | null;
}

/**
 * A fetch outcome in words: one summary line and any warnings (soft 404, cut at 500 KiB). With
 * `cache`, the line also says when the server asked not to cache and how long the copy is kept.
 */
export function outcomeText(
  outcome: OutcomeFacts,
  fetchedAt: number,
  now: number,
  t: Translator,
  cache?: CacheFacts,
): { summary: string; warnings: string[] } {
  const { summary, warnings } = outcomeWords(outcome, fetchedAt, now, t);
  const kept = cache === undefined ? '' : cacheText(cache, fetchedAt, t);
  return { summary: kept === '' ? summary : `${summary} · ${kept}`, warnings };
}

/**
 * "the server asks not to cache; kept 5 minutes": the cache floor kept a fetch longer than
 * Cache-Control asked (no-store, no-cache, max-age=0 or a shorter max-age); '' otherwise.
 */
function cacheText({ expiresAt, cacheRequest }: CacheFacts, fetchedAt: number, t: Translator) {
  if (cacheRequest === undefined || cacheRequest === null) return '';
  const minutes = Math.max(1, Math.round((expiresAt - fetchedAt) / 60_000));
  return cacheRequest === 'max-age-short'
    ? t.plural('outcomeCacheShort', minutes)
    : t.plural('outcomeCacheRefused', minutes);
}

function outcomeWords(
  outcome: OutcomeFacts,
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
  if (outcome.kind === 'unknown') {
    // Neither the server's failure nor a crawler's outcome: the browser did not say where the
    // redirect leads, asked twice. Fetched again soon (policy.ts UNREPORTED_RETRY_MS).
    return { summary: t('outcomeHopUnreported') + redirects, warnings: [] };
  }
  if (outcome.kind === 'unreachable') {
    const summary =
      outcome.reason === 'timeout'
        ? t('outcomeTimeout')
        : outcome.reason === 'network-error'
          ? t('outcomeNetworkError')
          : outcome.reason === 'private-address'
            ? t('outcomePrivateAddress', outcome.message ?? '')
            : outcome.status === 429
              ? t('outcomeTooManyRequests')
              : t('outcomeServerError', outcome.status ?? '');
    // What Google does while robots.txt stays unreachable (Google Search Central, "How HTTP status
    // codes, and network and DNS errors affect Google Search": 12 hours, then 30 days); a private
    // address is not fetched at all, so it has no such course.
    const warnings = outcome.reason === 'private-address' ? [] : [t('warnUnreachableGoogle')];
    const retry = retryAfterText(outcome.retryAfter ?? null, fetchedAt, t);
    if (retry !== null) warnings.push(retry);
    return { summary: summary + redirects, warnings };
  }
  const warnings: string[] = [];
  if (outcome.looksLikeHtml) warnings.push(t('warnSoft404'));
  if (outcome.truncated) warnings.push(truncatedText(outcome.pastCut ?? null, t));
  return {
    summary:
      t('outcomeOk', outcome.status, sizeText(outcome.bytes, t), ageText(now - fetchedAt, t)) +
      redirects,
    warnings,
  };
}

/** Past this share of the 500 KiB limit, how close the file is gets said. */
const NEAR_LIMIT = 0.8;

/** Where a robots.txt came from and how big it is, ready to show beside the summary. */
export interface OutcomeSource {
  /** `<origin>/robots.txt`: the address crawlers ask for, to open and to copy. */
  robotsUrl: string;
  /**
   * The URL the file came from after redirects, when it is not robotsUrl; null otherwise, and
   * where no file was read (a non-2xx outcome keeps the hops asked for, not where they led).
   */
  finalUrl: string | null;
  /** The URL the file was read from (finalUrl, else robotsUrl): what a rule's line refers to. */
  fileUrl: string;
  /** Whether finalUrl is http(s), so shown as a link; any other scheme is shown as text. */
  isFinalUrlHttp: boolean;
  /** The bytes read (at most 512,000: RFC 9309 §2.5); null where no body was read. */
  bytes: number | null;
  /** The size as the summary says it ("4.2 KiB (4,300 bytes)"); null with no body. */
  size: string | null;
  /** How close the file is to the 500 KiB limit, past 80% of it and not cut; else null. */
  limit: string | null;
}

/** Where the file came from (final URL after redirects), its size and the limit, in words. */
export function outcomeSource(outcome: OutcomeFacts, origin: string, t: Translator): OutcomeSource {
  const robotsUrl = `${origin}/robots.txt`;
  if (outcome.kind !== 'ok')
    return {
      robotsUrl,
      finalUrl: null,
      fileUrl: robotsUrl,
      isFinalUrlHttp: false,
      bytes: null,
      size: null,
      limit: null,
    };
  const finalUrl = sameUrl(outcome.url, robotsUrl) ? null : outcome.url;
  const { bytes } = outcome;
  const isNear = !outcome.truncated && bytes >= NEAR_LIMIT * MAX_BODY_BYTES;
  return {
    robotsUrl,
    finalUrl,
    fileUrl: finalUrl ?? robotsUrl,
    isFinalUrlHttp: finalUrl !== null && /^https?:\/\//i.test(finalUrl),
    bytes,
    size: sizeText(bytes, t),
    limit: isNear
      ? t(
          'sizeLimitNear',
          t.number(Math.floor((bytes * 100) / MAX_BODY_BYTES)),
          sizeText(MAX_BODY_BYTES, t, 0),
        )
      : null,
  };
}

/** Whether two URLs name the same resource as a browser parses them (`HTTPS://A.test:443/`…). */
function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    // Not parseable: compared as written.
    return a === b;
  }
}

/** Why a page has no verdicts to show: not an http(s) page, or host access withheld. */
export function noReportText(
  reason: { kind: 'not-applicable' } | { kind: 'no-permission'; origin: string | null },
  t: Translator,
): string {
  if (reason.kind === 'not-applicable') return t('notApplicable');
  return reason.origin === null ? t('noPermissionAll') : t('noPermissionOrigin', reason.origin);
}

/**
 * A Retry-After header in words (RFC 9110 §10.2.3: a number of seconds after the response, or an
 * HTTP date), or null without one. A value that is neither is quoted as sent.
 */
export function retryAfterText(
  value: string | null,
  fetchedAt: number,
  t: Translator,
): string | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  const at = /^\d{1,10}$/.test(text) ? fetchedAt + Number(text) * 1000 : Date.parse(text);
  if (!Number.isFinite(at) || Math.abs(at) > 8.64e15)
    return t('warnRetryAfterRaw', printableText(text));
  return t('warnRetryAfter', dateText(at, t), printableText(text));
}

/**
 * A file cut at 500 KiB in words (RFC 9309 §2.5: past it nothing counts), with its real size when
 * it was seen (`past`, what lies past the cut; null when nothing was).
 */
export function truncatedText(past: PastCut | null, t: Translator): string {
  return past === null
    ? t('warnTruncated')
    : past.ended
      ? t('warnTruncatedSize', sizeText(past.bytes, t))
      : t('warnTruncatedMore', sizeText(past.bytes, t));
}

/**
 * The robots of the list, then `*`, whose groups start past the 500 KiB cut (a user-agent line
 * there names them), so that their rules there do not count; [] when none does.
 */
export function pastCutRobots(
  past: PastCut | null | undefined,
  robots: readonly string[],
): string[] {
  // A user-agent line names a product token, whatever follows it (`GPTBot/1.2`).
  const agents = new Set(
    (past?.agents ?? []).map((a) => (a === '*' ? a : productToken(a).toLowerCase())),
  );
  const named = robots.filter(
    (robot) => agents.has(robot.toLowerCase()) || agents.has(productToken(robot).toLowerCase()),
  );
  if (agents.has('*')) named.push('*');
  return named;
}

/**
 * The robots of the list (and `*`) whose groups start past the 500 KiB cut, so that their rules
 * there do not count, in one sentence; null when none does or nothing past the cut was seen.
 */
export function pastCutText(
  outcome: OutcomeFacts,
  robots: readonly string[],
  t: Translator,
): string | null {
  if (outcome.kind !== 'ok' || !outcome.truncated) return null;
  return pastCutGroupsText(pastCutRobots(outcome.pastCut, robots), t);
}

/** The robots whose groups start past the cut (pastCutRobots) in one sentence; null for none. */
export function pastCutGroupsText(named: readonly string[], t: Translator): string | null {
  return named.length === 0 ? null : t('warnPastCutGroups', listText(named, t));
}
