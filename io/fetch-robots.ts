// Fetches one /robots.txt the way crawlers do (RFC 9309 §2.3): at most 500 KiB of body, 15 s for
// the whole response, at most five redirects, loops detected, and never a redirect from a public
// address into a private network (follow-redirects.ts, which every fetch of the tool goes through).
// The request options that keep cookies and HTTP caches out are each platform's:
// fetch-robots-browser.ts, fetch-robots-node.ts.
import {
  FETCH_TIMEOUT_MS,
  type FetchFacts,
  MAX_BODY_BYTES,
  MAX_REDIRECTS,
  type ObservedFacts,
  PAST_CUT_BYTES,
  PAST_CUT_MS,
  pastCutOf,
} from '../src/policy.ts';
import { Deadline } from './deadline.ts';
import { requestFor } from './fetch-policy.ts';
import {
  followRedirects,
  HopUnreported,
  RedirectChain,
  type RedirectStrategy,
  type RequestOptions,
} from './follow-redirects.ts';
import { readBodyAndTail } from './read-body.ts';

/** Overrides of the policy's limits, for tests: each defaults to its constant in src/policy.ts. */
export interface FetchLimits {
  /** Default FETCH_TIMEOUT_MS, for every hop and the body together. */
  timeoutMs?: number;
  /** Default MAX_BODY_BYTES (RFC 9309 §2.5). */
  maxBytes?: number;
  /** Default MAX_REDIRECTS (RFC 9309 §2.3.1.2). */
  maxRedirects?: number;
}

/** Where a robots.txt URL comes from, for the private-network rule (io/follow-redirects.ts). */
export interface FetchLead {
  /**
   * The URL whose content named this robots.txt (the sitemap that lists one of the origin's
   * pages): the robots.txt URL is then checked as a redirect's target would be, and never
   * requested in a private network when `ledFrom` is public ('private-address'). Absent: the
   * user's own URL, requested wherever it is.
   */
  ledFrom?: string;
}

/** What fetchRobotsTxt works with: a fetch, a redirect strategy, request options (default none). */
export interface FetchDeps extends FetchLimits, FetchLead {
  fetch: typeof fetch;
  redirects: RedirectStrategy;
  request?: RequestOptions;
}

/**
 * Fetches `robotsUrl` with the given fetch and redirect strategy; never throws: the server's facts.
 * Node reads every hop from the response; a browser's unreported hop (fetchRobotsTxtObserved's
 * 'hop-unreported') has no place among them and reads as the network error it was before.
 */
export async function fetchRobotsTxt(robotsUrl: string, deps: FetchDeps): Promise<FetchFacts> {
  const facts = await fetchRobotsTxtObserved(robotsUrl, deps);
  if (facts.kind !== 'hop-unreported') return facts;
  const message = 'the browser did not report a redirect';
  return { kind: 'network-error', message, redirects: facts.redirects };
}

/**
 * Fetches `robotsUrl` as fetchRobotsTxt does, a hop the browser never reported within the deadline
 * told apart ('hop-unreported'): the extension's fetch (fetch-robots-browser.ts). Never throws.
 */
export async function fetchRobotsTxtObserved(
  robotsUrl: string,
  deps: FetchDeps,
): Promise<ObservedFacts> {
  const chain = new RedirectChain(robotsUrl, deps.maxRedirects ?? MAX_REDIRECTS);
  const redirects = chain.hops;
  // One controller and one deadline for the whole exchange: every hop and the body.
  const controller = new AbortController();
  const deadline = Deadline.started(deps.timeoutMs ?? FETCH_TIMEOUT_MS, () => controller.abort());
  try {
    const followed = await followRedirects(
      chain,
      {
        fetch: deps.fetch,
        redirects: deps.redirects,
        request: deps.request ?? requestFor('robots'),
        ...(deps.ledFrom === undefined ? {} : { ledFrom: deps.ledFrom }),
      },
      controller.signal,
    );
    if (followed.kind === 'private-address') {
      return { kind: followed.kind, target: followed.target, redirects };
    }
    if (followed.kind !== 'answer') return { kind: followed.kind, redirects };
    const { response, status, url } = followed;
    const maxBytes = deps.maxBytes ?? MAX_BODY_BYTES;
    // Past the cut the body is only looked at (its size, the groups there): the deadline may end
    // that look, never the file read before it.
    const { bytes, truncated, tail, ended } = await readBodyAndTail(
      response.body,
      maxBytes,
      PAST_CUT_BYTES,
      PAST_CUT_MS,
    );
    // Bytes received before a timeout are not used.
    if (deadline.isExpired && !truncated) return { kind: 'timeout', redirects };
    const utf8 = new TextDecoder('utf-8');
    return {
      kind: 'response',
      status,
      url,
      redirects,
      contentType: response.headers.get('content-type'),
      cacheControl: response.headers.get('cache-control'),
      retryAfter: response.headers.get('retry-after')?.slice(0, 64) ?? null,
      text: utf8.decode(bytes),
      bytes: bytes.byteLength,
      truncated,
      pastCut: truncated
        ? pastCutOf(bytes.byteLength, utf8.decode(tail), tail.byteLength, ended)
        : null,
    };
  } catch (error) {
    // Before the deadline's test: the server answered in time, the browser did not say what.
    if (error instanceof HopUnreported)
      return { kind: 'hop-unreported', url: error.url, redirects };
    if (deadline.isExpired) return { kind: 'timeout', redirects };
    return {
      kind: 'network-error',
      message: error instanceof Error ? error.message : String(error),
      redirects,
    };
  } finally {
    deadline.dispose();
  }
}
