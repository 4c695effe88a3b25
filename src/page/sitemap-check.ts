// Is this page in the site's sitemaps, and does the listing contradict what the page says? The
// listings are found as a sitemap's URLs stream by (SitemapMatcher keeps only what matches, so
// memory does not grow with the sitemaps), then put beside the page's own answers
// (sitemapAnswer): the contradictions Search Console's page indexing report names for a URL a
// sitemap submits.
//
// Sources: the sitemaps.org protocol (https://www.sitemaps.org/protocol.html: `<loc>` is the
// page's URL, "fully qualified", entity-escaped); Google Search Central, "Build and submit a
// sitemap" (list the canonical URLs you want in search results, absolute URLs); Search Console
// Help, "Page indexing report" (a submitted URL that is blocked by robots.txt, excluded by a
// noindex, an alternate page with a canonical elsewhere, a page with a redirect, not found (404),
// a server error (5xx)).
import type { Hop } from '../policy.ts';
import type { Crawl } from './combined.ts';
import { isPageStatus } from './facts.ts';
import type { IndexSignal } from './judge.ts';

/** Where a URL is listed: the `<loc>` as written (entities decoded) and the sitemap that lists it. */
export interface SitemapListing {
  loc: string;
  /** The sitemap's URL, as it answered; null for a local file. */
  sitemap: string | null;
}

/** A URL looked for in the sitemaps, and where it was found. */
export interface ListedUrl {
  /** The URL as asked for. */
  url: string;
  /** The first listings found, at most LISTINGS_KEPT, in reading order. */
  listings: SitemapListing[];
  /** Listings in all. */
  count: number;
  /** Sitemap files listing it. */
  sitemaps: number;
  /**
   * Listings that are the URL but for its scheme, a `www.` or a trailing slash (at most
   * LISTINGS_KEPT): not the URL to a search engine, but most likely meant for it.
   */
  near: SitemapListing[];
}

/** Listings kept per URL looked for: a few show where; the count says the rest. */
export const LISTINGS_KEPT = 5;

/**
 * A URL as this tool matches sitemaps against it: parsed by the URL standard, which lowercases
 * the scheme and the host, drops a default port, makes an empty path `/`, resolves `.` and `..`
 * segments and percent-encodes what must be; the fragment is dropped (it never reaches a server).
 * Everything else counts as written: the path's case, a trailing slash, the query, http against
 * https. Search Console reports a sitemap's URLs exactly as submitted; where neither it nor
 * sitemaps.org says how URLs compare, this is this tool's reading. Null for no http(s) URL.
 */
export function sitemapUrlKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  parsed.hash = '';
  return parsed.href;
}

/**
 * The URL without what makes a near miss: its scheme, a leading `www.`, a default port and a
 * trailing slash of the path (the query kept as written).
 */
function looseKey(key: string): string {
  // `key` is an href as the URL standard serialises it: scheme://[userinfo@]host[:port]/path[?query].
  const authorityAt = key.indexOf('//') + 2;
  const pathAt = key.indexOf('/', authorityAt);
  const authority = key.slice(key.lastIndexOf('@', pathAt) + 1 || authorityAt, pathAt);
  const queryAt = key.indexOf('?', pathAt);
  const path = queryAt === -1 ? key.slice(pathAt) : key.slice(pathAt, queryAt);
  const query = queryAt === -1 ? '' : key.slice(queryAt);
  return `${authority.replace(/^www\./, '')}${path.replace(/\/$/, '')}${query}`;
}

/** What the matcher keeps of one URL looked for. */
interface Target {
  readonly found: ListedUrl;
  readonly key: string;
  readonly loose: string;
  readonly files: Set<string>;
}

/**
 * Finds the URLs looked for among a stream of sitemap entries. Keeps only the matches: a few
 * listings per URL, and counts. One URL parse per entry.
 */
export class SitemapMatcher {
  private readonly targets: Target[] = [];
  /** The keys looked for, to skip the loose comparison of an exact match. */
  private readonly byKey = new Map<string, Target[]>();
  private readonly byLoose = new Map<string, Target[]>();

  /** Looks for `urls` (those that are no http(s) URL are never found). */
  constructor(urls: readonly string[]) {
    for (const url of urls) {
      const key = sitemapUrlKey(url);
      const found: ListedUrl = { url, listings: [], count: 0, sitemaps: 0, near: [] };
      if (key === null) {
        this.targets.push({ found, key: '', loose: '', files: new Set() });
        continue;
      }
      const target: Target = { found, key, loose: looseKey(key), files: new Set() };
      this.targets.push(target);
      this.byKey.set(key, [...(this.byKey.get(key) ?? []), target]);
      this.byLoose.set(target.loose, [...(this.byLoose.get(target.loose) ?? []), target]);
    }
  }

  /** One entry: `loc` as the sitemap wrote it, listed by `sitemap`. */
  add(loc: string, sitemap: string | null): void {
    if (this.byKey.size === 0) return;
    const key = sitemapUrlKey(loc);
    if (key === null) return;
    const exact = this.byKey.get(key);
    if (exact !== undefined) {
      for (const target of exact) {
        const { found } = target;
        found.count++;
        if (found.listings.length < LISTINGS_KEPT) found.listings.push({ loc, sitemap });
        if (!target.files.has(sitemap ?? '')) {
          target.files.add(sitemap ?? '');
          found.sitemaps = target.files.size;
        }
      }
      return;
    }
    for (const target of this.byLoose.get(looseKey(key)) ?? []) {
      if (target.found.near.length < LISTINGS_KEPT) target.found.near.push({ loc, sitemap });
    }
  }

  /** What was found of each URL looked for, in the order given. */
  found(): ListedUrl[] {
    return this.targets.map((t) => copyOf(t.found));
  }
}

function copyOf(found: ListedUrl): ListedUrl {
  return { ...found, listings: [...found.listings], near: [...found.near] };
}

/** What the page says and how it answered, for the first robot of the list. */
export interface SitemapPage {
  /** The page's URL (its fragment is not part of it). */
  url: string;
  /** The canonical the page declares when it is another http(s) URL; else null. */
  canonical: string | null;
  /** The redirects that led to the page, in order. */
  redirects: readonly Hop[];
  robot: string;
  /** robots.txt's verdict for the page, for that robot. */
  crawl: Crawl;
  /** What the page says to that robot. */
  index: IndexSignal;
  /** The page's own HTTP status; null when its response was not seen. */
  status: number | null;
}

/** A way the page's listing contradicts what the page says (Search Console's reasons). */
export type SitemapContradiction =
  /** Listed, but robots.txt keeps the robot out ("Blocked by robots.txt"). */
  | { code: 'listed-blocked'; robot: string }
  /** Listed, but it says noindex to the robot ("Excluded by 'noindex' tag"). */
  | { code: 'listed-noindex'; robot: string }
  /** Listed, but its canonical is another URL ("Alternate page with proper canonical tag"). */
  | { code: 'listed-not-canonical'; canonical: string }
  /** A listed URL answers with a redirect ("Page with redirect"): `url` → … → the page. */
  | { code: 'listed-redirecting'; url: string; status: number }
  /** Listed, but it answers with an error ("Not found (404)", "Server error (5xx)"…). */
  | { code: 'listed-failing'; status: number };

/** The answer for the page: is it listed, is its canonical, and what contradicts the listing. */
export interface SitemapAnswer {
  /** `unknown` when no sitemap could be read. */
  listed: 'yes' | 'no' | 'unknown';
  /** Where the page's URL is listed (and its near misses). */
  page: ListedUrl;
  /** The canonical when it is another URL, and where it is listed; null otherwise, or unknown. */
  canonical: ListedUrl | null;
  problems: SitemapContradiction[];
}

/** `data-sitemap-canonical`: whether a URL looked for is listed. */
export function listedValue(found: ListedUrl): 'yes' | 'no' {
  return found.count > 0 ? 'yes' : 'no';
}

/** The URLs to look for: the page's, its canonical (if another), each redirect that led to it. */
export function sitemapTargets(page: SitemapPage): string[] {
  return [
    page.url,
    ...(page.canonical === null ? [] : [page.canonical]),
    ...page.redirects.map((hop) => hop.url),
  ];
}

/**
 * The answer from what SitemapMatcher found for sitemapTargets(page), after `sitemapsRead`
 * sitemaps were read (in whole or in part). A contradiction is named only where the page's own
 * answer is known; a page robots.txt blocks is not also said to be noindex (the robot never sees
 * it), as in the page's combined answer (combined.ts).
 */
export function sitemapAnswer(
  page: SitemapPage,
  found: readonly ListedUrl[],
  sitemapsRead: number,
): SitemapAnswer {
  const find = (url: string): ListedUrl =>
    found.find((f) => f.url === url) ?? { url, listings: [], count: 0, sitemaps: 0, near: [] };
  const own = find(page.url);
  const isListed = own.count > 0;
  // Nothing read: nothing to say of the canonical either.
  const canonical = page.canonical === null || sitemapsRead === 0 ? null : find(page.canonical);
  const problems: SitemapContradiction[] = [];
  if (isListed) {
    if (page.crawl === 'disallowed') problems.push({ code: 'listed-blocked', robot: page.robot });
    else if (page.index === 'noindex') problems.push({ code: 'listed-noindex', robot: page.robot });
    if (page.canonical !== null)
      problems.push({ code: 'listed-not-canonical', canonical: page.canonical });
    if (page.status !== null && !isPageStatus(page.status)) {
      problems.push(
        page.status >= 300 && page.status < 400
          ? { code: 'listed-redirecting', url: page.url, status: page.status }
          : { code: 'listed-failing', status: page.status },
      );
    }
  }
  for (const hop of page.redirects) {
    if (find(hop.url).count > 0 && hop.url !== page.url) {
      problems.push({ code: 'listed-redirecting', url: hop.url, status: hop.status });
    }
  }
  return {
    listed: sitemapsRead === 0 ? 'unknown' : isListed ? 'yes' : 'no',
    page: own,
    canonical,
    problems,
  };
}
