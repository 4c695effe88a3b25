// The `--sitemap URL|FILE` input of `robots-lens check` and `diff` (issue 14): the page URLs of a
// sitemap or sitemap index as the sitemaps.org protocol defines them
// (https://www.sitemaps.org/protocol.html), streamed. sitemap-walk.ts walks the indexes (order,
// loops, limits); open-sitemap.ts fetches or opens one sitemap in Node; sitemap-reader.ts reads
// its content.

import type { SitemapProblem } from '../src/sitemap-problem.ts';
import type { LookupAddresses } from './follow-redirects.ts';
import { nodeFetch, nodeFetchLed } from './node-fetch.ts';
import { nodeLookup } from './node-lookup.ts';
import { openSitemap, sitemapKey } from './open-sitemap.ts';
import { type SitemapEntry, type SitemapLimits, walkSitemaps } from './sitemap-walk.ts';

export type { SitemapEntry, SitemapLimits } from './sitemap-walk.ts';

export type SitemapOptions = SitemapLimits & {
  /** Told each problem once, as it is found; the reading goes on (default: problems are dropped). */
  onProblem?: (problem: SitemapProblem) => void;
  /**
   * The fetch for http(s) sources (default Node's, io/node-fetch.ts, whose connection to a name a
   * public sitemap leads to refuses a private address); a fetch given is used for every request.
   */
  fetch?: typeof fetch;
  /** The User-Agent header of every request (default none: Node's fetch sends `node`). */
  userAgent?: string;
  /**
   * Resolves a name a public sitemap leads to (a redirect, a child's <loc>) before it is
   * requested, so one in a private network is refused unasked (default Node's resolver).
   */
  lookup?: LookupAddresses;
};

/**
 * The page URLs of a sitemap or sitemap index (sitemaps.org protocol), from a local file path or an
 * http(s) URL, streamed in document order; nested indexes followed depth first in order. Gzip
 * (.gz or Content-Encoding/magic bytes 1f 8b) is read transparently. Never throws for bad content:
 * a child that cannot be read or parsed is reported through onProblem and skipped; only the TOP
 * source being unreadable throws, a SitemapUnreadable (for the CLI's exit status 2). Problems and
 * that error are codes with params; src/explain/sitemaps.ts says them in words.
 *
 * The private-network rule of every fetch (io/follow-redirects.ts): the top source is the user's,
 * read wherever it is; a child listed by an index at a public address, and any redirect from one,
 * is never requested in a private network ('private-address'). A file's children are the user's.
 */
export async function* sitemapUrls(
  source: string,
  options: SitemapOptions = {},
): AsyncGenerator<string> {
  for await (const entry of sitemapEntries(source, options)) yield entry.url;
}

/** sitemapUrls, each URL with the sitemap that lists it. */
export function sitemapEntries(
  source: string,
  options: SitemapOptions = {},
): AsyncGenerator<SitemapEntry> {
  const { fetch: fetchOption, lookup = nodeLookup, onProblem, userAgent, ...limits } = options;
  const fetchFn: typeof fetch = fetchOption ?? nodeFetch;
  const fetchLed: typeof fetch = fetchOption ?? nodeFetchLed;
  const agent = userAgent === undefined ? {} : { userAgent };
  return walkSitemaps([source], {
    ...limits,
    ...(onProblem === undefined ? {} : { onProblem }),
    open: (child, terms) =>
      openSitemap(child, { ...terms, ...agent, fetch: fetchFn, fetchLed, lookup }),
    keyOf: sitemapKey,
    throwsForTop: true,
  });
}
