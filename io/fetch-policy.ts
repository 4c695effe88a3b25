// The one fetch policy of the tool (issue 28): every request it makes for a user, in the extension
// and on the command line (robots.txt, a page as served, a sitemap and each sitemap an index
// lists), is made on these terms, and each fetcher states only what differs by kind: how many
// bytes it reads, how long it waits, what it accepts.
//
// - Redirects are followed by the tool, one request per hop with redirect: 'manual' (Fetch
//   standard, "manual" redirect mode), so each target is checked before it is asked
//   (follow-redirects.ts): at most MAX_REDIRECTS (5) for every kind; a 6th, or a loop, ends the
//   chain without a request to its target.
// - No jump from a public address into a private network (follow-redirects.ts); a URL the user
//   gave is requested wherever it is.
// - The crawler's request, not the user's: no cookies or credentials, no HTTP cache, no referrer.
// - A bounded body (read-body.ts) and one deadline for every hop and the body (deadline.ts).
import { FETCH_TIMEOUT_MS, MAX_BODY_BYTES, MAX_REDIRECTS } from '../src/policy.ts';
import type { RequestOptions } from './follow-redirects.ts';

/**
 * What every request leaves out, so it is the crawler's request and not the user's: the site's
 * cookies and credentials (Chromium sends them unless credentials are omitted), the HTTP cache (a
 * change on the server shows; the background keeps its own robots.txt cache, RFC 9309 §2.4) and a
 * Referer. In Node, undici has no cookie jar, no HTTP cache and no document to refer from: only
 * `cache` changes the request there, adding `Cache-Control: no-cache` and `Pragma: no-cache` (Fetch
 * standard, HTTP-network-or-cache fetch), the same request on the wire as the extension's.
 */
export const CRAWLER_REQUEST: Readonly<RequestOptions> = Object.freeze({
  credentials: 'omit',
  cache: 'no-store',
  referrerPolicy: 'no-referrer',
});

/** The kinds of request the tool makes. */
export type FetchKind = 'robots' | 'page' | 'sitemap';

/** What one kind of request sets for itself: everything else is the policy's. */
export interface FetchKindTerms {
  /** Bytes of body read at most (a sitemap's counted after gunzip). */
  readonly maxBytes: number;
  /** ms for every redirect and the body together. */
  readonly timeoutMs: number;
  /** The Accept header; null sends fetch's own, which takes any type. */
  readonly accept: string | null;
}

/** The policy: one redirect limit and one request for all; each kind's bytes, time and Accept. */
export const FETCH_POLICY = {
  /**
   * Redirects followed at most, for every kind. RFC 9309 §2.3.1.2 asks robots.txt crawlers to
   * follow "at least five consecutive redirects" and lets them stop after; Google follows five
   * for robots.txt. Stricter than a page's crawl (Googlebot "follows up to 10 redirect hops") and
   * than fetch's own (a 21st is a network error): a hostile site gets 5 requests, not 20.
   */
  maxRedirects: MAX_REDIRECTS,
  request: CRAWLER_REQUEST,
  kinds: {
    // RFC 9309 §2.5: at least 500 KiB parsed; src/policy.ts.
    robots: { maxBytes: MAX_BODY_BYTES, timeoutMs: FETCH_TIMEOUT_MS, accept: null },
    // The head, where the tags that matter live, comes well before 2,000,000 bytes.
    page: {
      maxBytes: 2_000_000,
      timeoutMs: FETCH_TIMEOUT_MS,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
    },
    // sitemaps.org: "no larger than 50MB (52,428,800 bytes)", uncompressed; a big file's time.
    sitemap: {
      maxBytes: 52_428_800,
      timeoutMs: 30_000,
      accept: 'application/xml, text/xml;q=0.9, text/plain;q=0.8, */*;q=0.5',
    },
  },
} as const satisfies {
  maxRedirects: number;
  request: Readonly<RequestOptions>;
  kinds: Record<FetchKind, FetchKindTerms>;
};

/** The request options of one kind: the crawler's request, with the kind's Accept. */
export function requestFor(kind: FetchKind): RequestOptions {
  const { accept } = FETCH_POLICY.kinds[kind] as FetchKindTerms;
  return accept === null ? { ...CRAWLER_REQUEST } : { ...CRAWLER_REQUEST, headers: { accept } };
}
