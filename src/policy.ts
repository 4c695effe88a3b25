// Fetch policy: what a crawler concludes from fetching /robots.txt (RFC 9309 §2.3, §2.4; Google's
// documented handling). Pure: the background does the fetching and hands the facts over.
/** 500 KiB (RFC 9309 §2.5): bytes past this are not read. */
export const MAX_BODY_BYTES = 512_000;
/** RFC 9309 §2.3.1.2: crawlers should follow at least five consecutive redirects. */
export const MAX_REDIRECTS = 5;
/** The whole response, body included, must arrive within this time. */
export const FETCH_TIMEOUT_MS = 15_000;
/** RFC 9309 §2.4: a cached robots.txt should not be used for more than 24 hours. */
export const MAX_CACHE_MS = 24 * 60 * 60 * 1000;

/** One redirect: the URL asked for and the status that sent the crawler on. */
export interface Hop {
  url: string;
  status: number;
}

/** The facts of one fetch, as the background observed them. */
export type FetchFacts =
  | {
      kind: 'response';
      /** The final status after redirects. */
      status: number;
      /** The URL the body came from. */
      url: string;
      redirects: Hop[];
      contentType: string | null;
      cacheControl: string | null;
      /** Body decoded as UTF-8 with replacement, at most MAX_BODY_BYTES. */
      text: string;
      bytes: number;
      truncated: boolean;
    }
  | { kind: 'too-many-redirects'; redirects: Hop[] }
  | { kind: 'redirect-loop'; redirects: Hop[] }
  | { kind: 'timeout'; redirects: Hop[] }
  | { kind: 'network-error'; message: string; redirects: Hop[] };

/**
 * What the fetch means for crawling: 'ok' (rules apply), 'unavailable' (4xx and lost redirects:
 * every URL allowed, §2.3.1.3) or 'unreachable' (5xx, 429, network: every URL disallowed, §2.3.1.4).
 */
export type Outcome =
  | {
      kind: 'ok';
      status: number;
      url: string;
      redirects: Hop[];
      contentType: string | null;
      text: string;
      bytes: number;
      truncated: boolean;
      /** The body looks like an HTML page, not a robots.txt (a "soft 404"). */
      looksLikeHtml: boolean;
    }
  | {
      kind: 'unavailable';
      reason: 'status' | 'too-many-redirects' | 'redirect-loop';
      status: number | null;
      redirects: Hop[];
    }
  | {
      kind: 'unreachable';
      reason: 'status' | 'timeout' | 'network-error';
      status: number | null;
      message: string | null;
      redirects: Hop[];
    };

/**
 * An outcome without the file's text: what a report sends the popup (a 500 KiB text would slow its
 * first screen, which needs only the verdicts; the text comes apart, for the views that show it).
 */
export type OutcomeFacts =
  | Exclude<Outcome, { kind: 'ok' }>
  | Omit<Extract<Outcome, { kind: 'ok' }>, 'text'>;

/** One fetch of an origin's /robots.txt and how long it stays fresh: what the cache keeps. */
export interface RobotsFetch {
  /** `scheme://host[:port]`, as robotsOrigin gives it. */
  origin: string;
  outcome: Outcome;
  fetchedAt: number;
  expiresAt: number;
}

const HTML_START = /^\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]|<!--)/i;

/** Whether a body served as robots.txt is really an HTML page. */
export function looksLikeHtml(text: string, contentType: string | null): boolean {
  if (contentType !== null && /^\s*text\/html\b/i.test(contentType)) return true;
  return HTML_START.test(text.slice(0, 1024));
}

/** Classifies the facts of a fetch (RFC 9309 §2.3.1). */
export function outcomeOf(facts: FetchFacts): Outcome {
  const { redirects } = facts;
  switch (facts.kind) {
    case 'too-many-redirects':
    case 'redirect-loop':
      // §2.3.1.2: past five redirects the file MAY be taken as unavailable; Google does so.
      return { kind: 'unavailable', reason: facts.kind, status: null, redirects };
    case 'timeout':
      return { kind: 'unreachable', reason: 'timeout', status: null, message: null, redirects };
    case 'network-error':
      return {
        kind: 'unreachable',
        reason: 'network-error',
        status: null,
        message: facts.message,
        redirects,
      };
    case 'response': {
      const { status } = facts;
      if (status >= 200 && status < 300) {
        return {
          kind: 'ok',
          status,
          url: facts.url,
          redirects,
          contentType: facts.contentType,
          text: facts.text,
          bytes: facts.bytes,
          truncated: facts.truncated,
          looksLikeHtml: looksLikeHtml(facts.text, facts.contentType),
        };
      }
      // 429 is a client error by number but means "slow down": crawlers treat it as a server error.
      if (status === 429 || (status >= 500 && status < 600)) {
        return { kind: 'unreachable', reason: 'status', status, message: null, redirects };
      }
      // 4xx, and a redirect status that was not followed (no Location): unavailable.
      if (status >= 300 && status < 500)
        return { kind: 'unavailable', reason: 'status', status, redirects };
      return { kind: 'unreachable', reason: 'status', status, message: null, redirects };
    }
  }
}

/**
 * When a fetch made at `fetchedAt` (ms) stops being fresh: 24 hours (RFC 9309 §2.4), or less when
 * Cache-Control says so (max-age, no-store, no-cache).
 */
export function expiresAt(
  fetchedAt: number,
  cacheControl: string | null,
  maxMs = MAX_CACHE_MS,
): number {
  let ttl = Math.min(maxMs, MAX_CACHE_MS);
  if (cacheControl !== null) {
    if (/(?:^|,)\s*(?:no-store|no-cache)\s*(?:,|$)/i.test(cacheControl)) ttl = 0;
    const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?\s*(?:,|$)/i.exec(cacheControl);
    if (maxAge?.[1] !== undefined) ttl = Math.min(ttl, Number(maxAge[1]) * 1000);
  }
  return fetchedAt + Math.max(0, ttl);
}

/** The origin whose /robots.txt governs `url`, or null when robots.txt does not apply (not http(s)). */
export function robotsOrigin(url: string): string | null {
  // As browsers parse http(s) URLs (WHATWG URL): a backslash ends the host like a slash, and the
  // userinfo ends at the last '@'.
  const match = /^(https?):\/\/([^/?#\\]*)/i.exec(url);
  if (match === null) return null;
  const scheme = (match[1] ?? '').toLowerCase();
  let authority = (match[2] ?? '').replace(/^.*@/, '').toLowerCase();
  if (authority === '') return null;
  if (
    (scheme === 'http' && authority.endsWith(':80')) ||
    (scheme === 'https' && authority.endsWith(':443'))
  ) {
    authority = authority.slice(0, authority.lastIndexOf(':'));
  }
  return `${scheme}://${authority}`;
}

/** The host permissions of manifest.json: every http and https site. */
export const ALL_SITES: readonly string[] = ['http://*/*', 'https://*/*'];

/** The match pattern for an origin from robotsOrigin (match patterns carry no port). */
export function hostPattern(origin: string): string {
  return `${origin.replace(/:\d+$/, '')}/*`;
}

/**
 * What the tester was given, against the page's origin: a path (made absolute on that origin), a
 * URL of the same origin, a URL of another origin (its own robots.txt applies), or neither.
 */
export function resolveTestUrl(
  input: string,
  origin: string | null,
): { url: string } | { otherSite: string } | { invalid: true } {
  const value = input.trim();
  if (value.startsWith('/')) return { url: origin === null ? value : origin + value };
  // Not a URL a browser would load (`http://[bad`, a space in the host, port 99999): invalid,
  // not "another site".
  if (!isUrl(value)) return { invalid: true };
  const target = robotsOrigin(value);
  if (target === null) return { invalid: true };
  if (origin !== null && target !== origin.toLowerCase()) return { otherSite: value };
  return { url: value };
}

/** Whether the WHATWG URL parser reads `text` as an absolute URL. */
function isUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    // Not a URL: said so by the caller.
    return false;
  }
}
