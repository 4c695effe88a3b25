// Is this page in the site's sitemaps (issue 29, item 6): how a `<loc>` is matched to the page's
// URL, and the contradictions between a listing and what the page says, each case with the
// source of its rule.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Crawl } from '../../src/page/combined.ts';
import type { IndexSignal } from '../../src/page/judge.ts';
import {
  LISTINGS_KEPT,
  type ListedUrl,
  type SitemapContradiction,
  SitemapMatcher,
  type SitemapPage,
  sitemapAnswer,
  sitemapTargets,
  sitemapUrlKey,
} from '../../src/page/sitemap-check.ts';
import { numRuns } from '../property-runs.ts';

const SITEMAPS_ORG = 'sitemaps.org protocol, <loc>: "URL of the page", entity-escaped';
const RFC3986_CASE = 'RFC 3986 §6.2.2.1: scheme and host are case-insensitive, the rest is not';
const RFC3986_SCHEME = 'RFC 3986 §6.2.3: a default port and an empty http(s) path are the same URL';
const URL_STANDARD =
  'WHATWG URL standard: the parser percent-encodes, maps IDNA, removes dot segments';
const FRAGMENT = 'RFC 3986 §3.5: the fragment is the client’s, never part of the request';
const GOOGLE_URLS =
  'Google Search Central, "Build and submit a sitemap": fully qualified, absolute URLs, as Google should crawl them';
const OURS = 'this tool’s reading: what the standards leave silent counts as written';

describe('a <loc> matches the page when the URL standard parses both to one URL', () => {
  // [what, source, the page's URL, the <loc> (entities already decoded by the reader), matches]
  const CASES: [string, string, string, string, boolean][] = [
    ['the same URL', SITEMAPS_ORG, 'https://a.test/p?x=1', 'https://a.test/p?x=1', true],
    ['the host in capitals', RFC3986_CASE, 'https://a.test/p', 'https://A.TEST/p', true],
    ['the scheme in capitals', RFC3986_CASE, 'https://a.test/p', 'HTTPS://a.test/p', true],
    ['the default port written', RFC3986_SCHEME, 'https://a.test/p', 'https://a.test:443/p', true],
    ['an empty path and /', RFC3986_SCHEME, 'https://a.test/', 'https://a.test', true],
    ['a fragment', FRAGMENT, 'https://a.test/p', 'https://a.test/p#top', true],
    [
      'white space around the <loc>',
      SITEMAPS_ORG,
      'https://a.test/p',
      '  https://a.test/p\n',
      true,
    ],
    [
      '&amp; decoded: a query of two fields',
      SITEMAPS_ORG,
      'https://a.test/?a=1&b=2',
      'https://a.test/?a=1&b=2',
      true,
    ],
    [
      'a non-ASCII path and its percent-encoding',
      URL_STANDARD,
      'https://a.test/caf%C3%A9',
      'https://a.test/café',
      true,
    ],
    [
      'an IDN host and its punycode',
      URL_STANDARD,
      'https://xn--bcher-kva.test/',
      'https://bücher.test/',
      true,
    ],
    ['dot segments', URL_STANDARD, 'https://a.test/a/b', 'https://a.test/a/./x/../b', true],
    ['the path in capitals', RFC3986_CASE, 'https://a.test/p', 'https://a.test/P', false],
    ['a trailing slash', GOOGLE_URLS, 'https://a.test/p', 'https://a.test/p/', false],
    ['http against https', GOOGLE_URLS, 'https://a.test/p', 'http://a.test/p', false],
    ['www against the bare host', GOOGLE_URLS, 'https://a.test/p', 'https://www.a.test/p', false],
    ['another port', RFC3986_SCHEME, 'https://a.test/p', 'https://a.test:8443/p', false],
    [
      'the query fields in another order',
      OURS,
      'https://a.test/?a=1&b=2',
      'https://a.test/?b=2&a=1',
      false,
    ],
    ['an escaped letter (%41 is not A)', OURS, 'https://a.test/A', 'https://a.test/%41', false],
    ['a relative <loc>', SITEMAPS_ORG, 'https://a.test/p', '/p', false],
    ['an ftp <loc>', SITEMAPS_ORG, 'ftp://a.test/p', 'ftp://a.test/p', false],
  ];
  test.each(CASES)('%s (%s)', (_what, _source, page, loc, matches) => {
    const matcher = new SitemapMatcher([page]);
    matcher.add(loc, 'https://a.test/sitemap.xml');
    expect(matcher.found()[0]?.count).toBe(matches ? 1 : 0);
  });

  test('the key: the URL as the standard serialises it, without its fragment; null for no http(s) URL', () => {
    expect(sitemapUrlKey(' HTTPS://A.test:443/a/./b#x ')).toBe('https://a.test/a/b');
    expect(sitemapUrlKey('https://a.test')).toBe('https://a.test/');
    expect([sitemapUrlKey('/p'), sitemapUrlKey('mailto:a@a.test'), sitemapUrlKey('')]).toEqual([
      null,
      null,
      null,
    ]);
  });

  test('the host’s case and a default port never change the match (property)', () => {
    const letter = fc.constantFrom(...'abcdefgxyz');
    fc.assert(
      fc.property(
        fc.array(letter, { minLength: 1, maxLength: 10 }).map((l) => l.join('')),
        fc.array(letter, { maxLength: 12 }).map((l) => l.join('')),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        fc.boolean(),
        fc.boolean(),
        (host, path, upper, https, port) => {
          const scheme = https ? 'https' : 'http';
          const cased = [...host].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
          const matcher = new SitemapMatcher([`${scheme}://${host}.test/${path}`]);
          matcher.add(
            `${scheme}://${cased}.test${port ? (https ? ':443' : ':80') : ''}/${path}`,
            null,
          );
          expect(matcher.found()[0]?.count).toBe(1);
        },
      ),
      { numRuns: numRuns(200) },
    );
  });
});

describe('the matcher keeps a few listings and counts the rest', () => {
  const A = 'https://a.test/sitemap-a.xml';
  const B = 'https://a.test/sitemap-b.xml.gz';

  test('listed in two sitemaps, and twice in one: 3 listings, 2 sitemaps', () => {
    const matcher = new SitemapMatcher(['https://a.test/p']);
    matcher.add('https://a.test/p', A);
    matcher.add('https://a.test/other', A);
    matcher.add('https://a.test/p', A);
    matcher.add('https://A.test/p', B);
    const [found] = matcher.found();
    expect(found).toEqual({
      url: 'https://a.test/p',
      listings: [
        { loc: 'https://a.test/p', sitemap: A },
        { loc: 'https://a.test/p', sitemap: A },
        { loc: 'https://A.test/p', sitemap: B },
      ],
      count: 3,
      sitemaps: 2,
      near: [],
    });
  });

  test(`at most ${LISTINGS_KEPT} listings are kept; the count goes on`, () => {
    const matcher = new SitemapMatcher(['https://a.test/p']);
    for (let i = 0; i < 1000; i++) matcher.add('https://a.test/p', `https://a.test/s${i}.xml`);
    const [found] = matcher.found();
    expect(found?.listings).toHaveLength(LISTINGS_KEPT);
    expect([found?.count, found?.sitemaps]).toEqual([1000, 1000]);
  });

  test('near misses: another scheme, a www. or a trailing slash, kept apart from listings', () => {
    // Google treats each as another URL (GOOGLE_URLS); a listing this close was most likely meant
    // for the page, so it is said, not counted.
    const matcher = new SitemapMatcher(['https://a.test/p']);
    for (const loc of [
      'http://a.test/p',
      'https://www.a.test/p',
      'https://a.test/p/',
      'https://a.test/P',
      'https://a.test/p?x',
    ]) {
      matcher.add(loc, A);
    }
    const [found] = matcher.found();
    expect(found?.count).toBe(0);
    expect(found?.near.map((n) => n.loc)).toEqual([
      'http://a.test/p',
      'https://www.a.test/p',
      'https://a.test/p/',
    ]);
  });

  test('a URL looked for that is no http(s) URL is never found, and breaks nothing', () => {
    const matcher = new SitemapMatcher(['javascript:alert(1)', 'https://a.test/p']);
    matcher.add('https://a.test/p', A);
    matcher.add('javascript:alert(1)', A);
    expect(matcher.found().map((f) => f.count)).toEqual([0, 1]);
  });
});

const PAGE = 'https://a.test/p';
const SEARCH_CONSOLE = 'Search Console Help, "Page indexing report"';
const CANONICAL_DOC =
  'Google Search Central, "Build and submit a sitemap": list the canonical URLs; "Consolidate duplicate URLs"';
const STATES = 'src/page/combined.ts: a blocked robot never sees the page’s noindex';

const page = (over: Partial<SitemapPage> = {}): SitemapPage => ({
  url: PAGE,
  canonical: null,
  redirects: [],
  robot: 'Googlebot',
  crawl: 'allowed' as Crawl,
  index: 'index' as IndexSignal,
  status: 200,
  ...over,
});

/** What the matcher finds of the page's targets when `listed` are the URLs the sitemaps list. */
function found(p: SitemapPage, listed: string[]): ListedUrl[] {
  const matcher = new SitemapMatcher(sitemapTargets(p));
  for (const loc of listed) matcher.add(loc, 'https://a.test/sitemap.xml');
  return matcher.found();
}

describe('the answer: listed or not, and what contradicts the listing', () => {
  // [what, source, the page, the URLs the sitemaps list, listed, contradictions]
  const CASES: [string, string, SitemapPage, string[], 'yes' | 'no', SitemapContradiction[]][] = [
    ['listed, crawlable, indexable', SITEMAPS_ORG, page(), [PAGE], 'yes', []],
    ['not listed', SITEMAPS_ORG, page(), ['https://a.test/q'], 'no', []],
    [
      'listed, blocked by robots.txt',
      `${SEARCH_CONSOLE}: "Blocked by robots.txt"`,
      page({ crawl: 'disallowed' }),
      [PAGE],
      'yes',
      [{ code: 'listed-blocked', robot: 'Googlebot' }],
    ],
    [
      'listed, blocked and noindex: the block only',
      STATES,
      page({ crawl: 'disallowed', index: 'noindex' }),
      [PAGE],
      'yes',
      [{ code: 'listed-blocked', robot: 'Googlebot' }],
    ],
    [
      'listed, noindex',
      `${SEARCH_CONSOLE}: "Excluded by 'noindex' tag"`,
      page({ index: 'noindex' }),
      [PAGE],
      'yes',
      [{ code: 'listed-noindex', robot: 'Googlebot' }],
    ],
    [
      'listed, its canonical another URL',
      `${CANONICAL_DOC}; ${SEARCH_CONSOLE}: "Alternate page with proper canonical tag"`,
      page({ canonical: 'https://a.test/c' }),
      [PAGE],
      'yes',
      [{ code: 'listed-not-canonical', canonical: 'https://a.test/c' }],
    ],
    [
      'the canonical listed, not the page: as it should be',
      CANONICAL_DOC,
      page({ canonical: 'https://a.test/c' }),
      ['https://a.test/c'],
      'no',
      [],
    ],
    [
      'listed, answering 404',
      `${SEARCH_CONSOLE}: "Not found (404)"`,
      page({ status: 404 }),
      [PAGE],
      'yes',
      [{ code: 'listed-failing', status: 404 }],
    ],
    [
      'listed, answering 503',
      `${SEARCH_CONSOLE}: "Server error (5xx)"`,
      page({ status: 503 }),
      [PAGE],
      'yes',
      [{ code: 'listed-failing', status: 503 }],
    ],
    [
      'listed, answering a 3xx the browser did not follow',
      `${SEARCH_CONSOLE}: "Page with redirect"`,
      page({ status: 300 }),
      [PAGE],
      'yes',
      [{ code: 'listed-redirecting', url: PAGE, status: 300 }],
    ],
    [
      'a listed URL redirects to the page (the page itself not listed)',
      `${SEARCH_CONSOLE}: "Page with redirect"`,
      page({ redirects: [{ url: 'https://a.test/old', status: 301 }] }),
      ['https://a.test/old'],
      'no',
      [{ code: 'listed-redirecting', url: 'https://a.test/old', status: 301 }],
    ],
    [
      'listed, 304 (the copy the browser revalidated): a page',
      'src/page/facts.ts isPageStatus',
      page({ status: 304 }),
      [PAGE],
      'yes',
      [],
    ],
    [
      'listed, its response and signals unknown: nothing claimed',
      'src/page/combined.ts: unknown is not green, nor red',
      page({ crawl: 'unknown', index: 'unknown', status: null }),
      [PAGE],
      'yes',
      [],
    ],
    [
      'listed, noindex, 404, canonical elsewhere: each said',
      SEARCH_CONSOLE,
      page({ index: 'noindex', status: 404, canonical: 'https://a.test/c' }),
      [PAGE],
      'yes',
      [
        { code: 'listed-noindex', robot: 'Googlebot' },
        { code: 'listed-not-canonical', canonical: 'https://a.test/c' },
        { code: 'listed-failing', status: 404 },
      ],
    ],
    [
      'not listed and noindex: no contradiction',
      SEARCH_CONSOLE,
      page({ index: 'noindex' }),
      [],
      'no',
      [],
    ],
  ];
  test.each(CASES)('%s (%s)', (_what, _source, p, listed, want, problems) => {
    const answer = sitemapAnswer(p, found(p, listed), 1);
    expect(answer.listed).toBe(want);
    expect(answer.problems).toEqual(problems);
  });

  test('no sitemap could be read: unknown, whatever the page says, and nothing of its canonical', () => {
    const p = page({ index: 'noindex', canonical: 'https://a.test/c' });
    expect(sitemapAnswer(p, found(p, []), 0)).toMatchObject({
      listed: 'unknown',
      canonical: null,
      problems: [],
    });
  });

  test('the canonical: where it is listed, beside the page', () => {
    const p = page({ canonical: 'https://a.test/c' });
    const answer = sitemapAnswer(p, found(p, ['https://a.test/c', PAGE]), 2);
    expect(answer.canonical).toMatchObject({ url: 'https://a.test/c', count: 1 });
    expect(answer.page).toMatchObject({ url: PAGE, count: 1 });
    expect(sitemapAnswer(page(), found(page(), [PAGE]), 1).canonical).toBeNull();
  });

  test('the targets: the page, its canonical, each redirect that led to it', () => {
    expect(
      sitemapTargets(
        page({
          canonical: 'https://a.test/c',
          redirects: [
            { url: 'http://a.test/p', status: 301 },
            { url: 'https://a.test/p?old', status: 302 },
          ],
        }),
      ),
    ).toEqual([PAGE, 'https://a.test/c', 'http://a.test/p', 'https://a.test/p?old']);
  });
});
