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
/**
 * The shortest time a fetch is kept, whatever Cache-Control asks (5 minutes; never past the
 * settings' lifetime). Crawlers keep robots.txt for hours regardless of the header: Google "may
 * cache" it "for up to 24 hours" and longer when it cannot refresh it (Search Central, "How Google
 * interprets the robots.txt specification", Caching), and RFC 9309 §2.4 bounds only the upper end.
 * Without a floor, `no-store` made every page load, pushState and popup open fetch again.
 */
export const CACHE_FLOOR_MS = 5 * 60 * 1000;

/**
 * A Cache-Control directive that asked for less than was kept: `no-store`, `no-cache`,
 * `max-age=0`, or `max-age` under the floor ('max-age-short').
 */
export const CACHE_REQUESTS = ['no-store', 'no-cache', 'max-age-0', 'max-age-short'] as const;
export type CacheRequest = (typeof CACHE_REQUESTS)[number];

/** One redirect: the URL asked for and the status that sent the crawler on. */
export interface Hop {
  url: string;
  status: number;
}

/**
 * What lies past the 500 KiB cut of a robots.txt: looked at (at most PAST_CUT_BYTES more), never
 * used for a verdict (RFC 9309 §2.5), only said: the file's real size and the groups its rules
 * after the cut belong to.
 */
export interface PastCut {
  /** Bytes of the file seen: its real size when `ended`, a lower bound otherwise. */
  bytes: number;
  /** The file ended within what was looked at. */
  ended: boolean;
  /** The user-agent values of the lines past the cut, as written, in order, each once (bounded). */
  agents: string[];
}

/** How many bytes past the cut are looked at, and for how long at most after the cut. */
export const PAST_CUT_BYTES = 512_000;
export const PAST_CUT_MS = 1000;
/** User-agent values kept from past the cut, and characters kept of each. */
const PAST_CUT_AGENTS = 64;
const PAST_CUT_AGENT_CHARS = 128;

/**
 * The PastCut of a file cut after `keptBytes`, from `tail`, the text seen after the cut (its first
 * line may be the end of a line cut in two: skipped).
 */
export function pastCutOf(
  keptBytes: number,
  tail: string,
  tailBytes: number,
  ended: boolean,
): PastCut {
  const agents: string[] = [];
  const lines = tail.split(/\r\n|\r|\n/);
  for (const line of lines.slice(1)) {
    const m = /^\s*user-?agent\s*:\s*([^#]*)/i.exec(line);
    const agent = m?.[1]?.trim().slice(0, PAST_CUT_AGENT_CHARS);
    if (agent === undefined || agent === '' || agents.includes(agent)) continue;
    agents.push(agent);
    if (agents.length >= PAST_CUT_AGENTS) break;
  }
  return { bytes: keptBytes + tailBytes, ended, agents };
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
      /** The Retry-After header as sent (RFC 9110 §10.2.3), cut at 64 characters; absent or null without one. */
      retryAfter?: string | null;
      /** Body decoded as UTF-8 with replacement, at most MAX_BODY_BYTES. */
      text: string;
      bytes: number;
      truncated: boolean;
      /** When truncated: what lies past the cut; absent or null otherwise. */
      pastCut?: PastCut | null;
    }
  | { kind: 'too-many-redirects'; redirects: Hop[] }
  | { kind: 'redirect-loop'; redirects: Hop[] }
  | { kind: 'timeout'; redirects: Hop[] }
  | { kind: 'network-error'; message: string; redirects: Hop[] }
  /** A public address redirected into a private network (loopback, LAN): `target` not used. */
  | { kind: 'private-address'; target: string; redirects: Hop[] };

/**
 * The browser answered a request of the fetch (an opaque redirect) but never reported its status
 * and Location (webRequest), even after one more try: where the file is, and what it says, are not
 * known. Only the extension meets this (io/follow-redirects.ts HopUnreported); Node reads each hop
 * from the response, so FetchFacts, the server's facts, never holds it.
 */
export interface UnreportedFacts {
  kind: 'hop-unreported';
  /** The URL whose answer was not reported. */
  url: string;
  redirects: Hop[];
}

/** What the extension observed of a fetch: the server's facts, or a hop its browser never reported. */
export type ObservedFacts = FetchFacts | UnreportedFacts;

/**
 * A fetch whose answer the tool could not see (UnreportedFacts): no crawler's outcome (RFC 9309
 * §2.3.1 reads a server's answer, and the server did answer), so no verdict, and not kept like an
 * answer: fetched again after UNREPORTED_RETRY_MS.
 */
export interface UnknownOutcome {
  kind: 'unknown';
  reason: 'hop-unreported';
  /** The URL whose answer the browser did not report. */
  url: string;
  status: null;
  redirects: Hop[];
}

/**
 * How long a fetch whose hop the browser never reported is kept before it is fetched again (1
 * minute): it says nothing of the file, so it is kept only so that a page's loads and pushStates
 * do not each wait for another fetch meanwhile.
 */
export const UNREPORTED_RETRY_MS = 60_000;

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
      /** When truncated: what lies past the cut (its size, the groups there); absent or null otherwise. */
      pastCut?: PastCut | null;
    }
  | {
      kind: 'unavailable';
      reason: 'status' | 'too-many-redirects' | 'redirect-loop';
      status: number | null;
      redirects: Hop[];
    }
  | {
      kind: 'unreachable';
      reason: 'status' | 'timeout' | 'network-error' | 'private-address';
      status: number | null;
      /** The network error's message; for 'private-address', the URL that was refused. */
      message: string | null;
      redirects: Hop[];
      /**
       * A 5xx or 429's Retry-After header as sent (at most 64 characters): when the server asks to
       * be asked again. Absent or null without one.
       */
      retryAfter?: string | null;
    };

/** What the extension's report of a fetch says: a crawler's outcome, or that none is known. */
export type ObservedOutcome = Outcome | UnknownOutcome;

/**
 * An outcome without the file's text: what a report sends the popup (a 500 KiB text would slow its
 * first screen, which needs only the verdicts; the text comes apart, for the views that show it).
 */
export type OutcomeFacts =
  | Exclude<ObservedOutcome, { kind: 'ok' }>
  | Omit<Extract<Outcome, { kind: 'ok' }>, 'text'>;

/** One fetch of an origin's /robots.txt and how long it stays fresh: what the cache keeps. */
export interface RobotsFetch {
  /** `scheme://host[:port]`, as robotsOrigin gives it. */
  origin: string;
  outcome: ObservedOutcome;
  fetchedAt: number;
  expiresAt: number;
  /**
   * What Cache-Control asked for when the floor kept the fetch longer (cacheRequestOf); null or
   * absent (entries stored before 2026-11) when the fetch is kept no longer than the server asked.
   */
  cacheRequest?: CacheRequest | null;
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
    case 'private-address':
      // Not fetched, so not reachable: a crawler on the public internet cannot reach it either.
      return {
        kind: 'unreachable',
        reason: 'private-address',
        status: null,
        message: facts.target,
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
          pastCut: facts.truncated ? (facts.pastCut ?? null) : null,
        };
      }
      // 429 is a client error by number but means "slow down": crawlers treat it as a server error.
      if (status === 429 || (status >= 500 && status < 600)) {
        const retryAfter = facts.retryAfter?.slice(0, 64) ?? null;
        return {
          kind: 'unreachable',
          reason: 'status',
          status,
          message: null,
          redirects,
          retryAfter,
        };
      }
      // 4xx, and a redirect status that was not followed (no Location): unavailable.
      if (status >= 300 && status < 500)
        return { kind: 'unavailable', reason: 'status', status, redirects };
      return { kind: 'unreachable', reason: 'status', status, message: null, redirects };
    }
  }
}

/**
 * Classifies what the extension observed: a crawler's outcome (outcomeOf), or 'unknown' when the
 * browser never reported a hop, which no crawler meets and no verdict can come from.
 */
export function observedOutcomeOf(facts: ObservedFacts): ObservedOutcome {
  if (facts.kind !== 'hop-unreported') return outcomeOf(facts);
  return {
    kind: 'unknown',
    reason: facts.kind,
    url: facts.url,
    status: null,
    redirects: facts.redirects,
  };
}

/**
 * When a fetch made at `fetchedAt` (ms) stops being fresh: 24 hours (RFC 9309 §2.4) or the
 * settings' `maxMs` if shorter, less when Cache-Control says so (max-age, no-store, no-cache), but
 * never under CACHE_FLOOR_MS (or `maxMs`, if shorter still).
 */
export function expiresAt(
  fetchedAt: number,
  cacheControl: string | null,
  maxMs = MAX_CACHE_MS,
): number {
  return fetchedAt + lifetimeOf(cacheControl, maxMs).keptMs;
}

/**
 * The Cache-Control directive the floor overrode for this fetch (it is kept longer than the
 * server asked), or null when the server's wish is kept or the header asks nothing.
 */
export function cacheRequestOf(
  cacheControl: string | null,
  maxMs = MAX_CACHE_MS,
): CacheRequest | null {
  return lifetimeOf(cacheControl, maxMs).overridden;
}

/** How long a fetch is kept, and the directive asking for less that the floor overrode. */
function lifetimeOf(
  cacheControl: string | null,
  maxMs: number,
): { keptMs: number; overridden: CacheRequest | null } {
  const ceilingMs = Math.max(0, Math.min(maxMs, MAX_CACHE_MS));
  const floorMs = Math.min(CACHE_FLOOR_MS, ceilingMs);
  let askedMs = ceilingMs;
  let request: CacheRequest | null = null;
  if (cacheControl !== null) {
    const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?\s*(?:,|$)/i.exec(cacheControl);
    if (maxAge?.[1] !== undefined) {
      const maxAgeMs = Number(maxAge[1]) * 1000;
      if (maxAgeMs < askedMs) {
        askedMs = maxAgeMs;
        request = maxAgeMs === 0 ? 'max-age-0' : 'max-age-short';
      }
    }
    // no-cache allows keeping a copy only if revalidated each time: for a crawler, not cached.
    if (hasDirective(cacheControl, 'no-store')) [askedMs, request] = [0, 'no-store'];
    else if (hasDirective(cacheControl, 'no-cache')) [askedMs, request] = [0, 'no-cache'];
  }
  const keptMs = Math.max(floorMs, askedMs);
  return { keptMs, overridden: keptMs > askedMs ? request : null };
}

/** Whether a Cache-Control value holds the directive `name` (a comma-separated list). */
function hasDirective(cacheControl: string, name: string): boolean {
  return cacheControl.split(',').some((d) => d.trim().toLowerCase() === name);
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
