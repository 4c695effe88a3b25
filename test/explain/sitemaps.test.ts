// The words of sitemaps: each code of src/sitemap-problem.ts said as a sentence from the
// catalogue, with its params in it; and the Page view's sitemap check (issue 29, item 6).
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import es from '../../_locales/es/messages.json';
import ru from '../../_locales/ru/messages.json';
import th from '../../_locales/th/messages.json';
import { lookupIn, type Messages, translator } from '../../src/explain/index.ts';
import {
  sitemapCanonicalText,
  sitemapContradictionText,
  sitemapListedText,
  sitemapListingText,
  sitemapNearText,
  sitemapProblemText,
} from '../../src/explain/sitemaps.ts';
import type {
  ListedUrl,
  SitemapAnswer,
  SitemapContradiction,
} from '../../src/page/sitemap-check.ts';
import {
  type SitemapParams,
  type SitemapProblemCode,
  SitemapUnreadable,
} from '../../src/sitemap-problem.ts';

const t = translator(lookupIn(en as Messages), 'en');
const S = 'https://example.com/sitemap.xml';
const C = 'https://example.com/child.xml';

// A Record, so that a new code without a sentence here fails the type check.
const SENTENCES: Record<SitemapProblemCode, [SitemapParams, string]> = {
  timeout: [{ ms: 30_000 }, `Cannot read the sitemap ${S}: no complete answer within 30,000 ms`],
  'no-file': [{}, `Cannot read the sitemap ${S}: no such file`],
  folder: [{}, `Cannot read the sitemap ${S}: a folder, not a file`],
  permission: [{}, `Cannot read the sitemap ${S}: permission denied`],
  'not-gzip': [{ error: 'incorrect header check' }, `Cannot read the sitemap ${S}: not valid gzip`],
  network: [
    { error: 'fetch failed', cause: 'ECONNREFUSED' },
    `Cannot read the sitemap ${S}: the server refused the connection`,
  ],
  error: [
    { error: 'File URL host must be "localhost"' },
    `Cannot read the sitemap ${S}: an unexpected error`,
  ],
  'http-status': [
    { status: 404, statusText: 'Not Found' },
    `Cannot read the sitemap ${S}: HTTP 404 Not Found`,
  ],
  'other-scheme': [{}, `Cannot read the sitemap ${S}: only http(s) URLs and local files are read`],
  'bad-url': [{}, `Cannot read the sitemap ${S}: not a valid URL`],
  'private-address': [
    { target: 'http://127.0.0.1:8080/sitemap.xml' },
    `Cannot read the sitemap ${S}: a public site leads into a private network ` +
      '(http://127.0.0.1:8080/sitemap.xml: this machine or a local network): not requested',
  ],
  'too-many-redirects': [
    { limit: 20 },
    `Cannot read the sitemap ${S}: more than 20 redirects: not followed`,
  ],
  'redirect-cycle': [
    { target: C },
    `Cannot read the sitemap ${S}: its redirects come back to ${C}: a loop, not followed`,
  ],
  'other-host': [
    { target: 'https://cdn.example.net/sitemap.xml' },
    `Cannot read the sitemap ${S}: on another host (https://cdn.example.net/sitemap.xml): not requested; the check reads only the site you are on`,
  ],
  partial: [
    { reason: 'not-gzip', error: 'unexpected end of file' },
    `${S}: read only in part: not valid gzip`,
  ],
  'redirect-loop': [
    { target: C },
    `${S}: redirected to ${C}, an index above it: a loop, not followed`,
  ],
  'redirect-repeat': [{ target: C }, `${S}: redirected to ${C}, read already: not read twice`],
  loop: [{ child: C }, `${S}: lists ${C}, an index above it: a loop, not followed`],
  'self-loop': [{ child: `${S}#x` }, `${S}: lists ${S}#x, itself: a loop, not followed`],
  repeat: [{ child: C }, `${S}: lists ${C}, read already: not read twice`],
  'listed-twice': [{ child: C }, `${S}: lists ${C} twice: read once`],
  'depth-limit': [
    { level: 4, limit: 3 },
    `${S}: a sitemap index nested 4 deep, past the limit of 3: deeper indexes are not followed`,
  ],
  'count-limit': [
    { limit: 1000, child: C },
    `${S}: 1,000 sitemaps read, the limit: ${C} and the sitemaps after it are skipped`,
  ],
  'url-limit': [
    { limit: 10_000_000 },
    `${S}: 10,000,000 URLs given, the limit: the URLs after them are skipped`,
  ],
  'time-limit': [
    { limit: 60_000 },
    `${S}: the limit of 60,000 ms for the whole reading was reached: the rest is skipped`,
  ],
  'too-large': [{ limit: 2795 }, `${S}: larger than 2,795 bytes: the rest of it is skipped`],
  'too-large-unzipped': [
    { limit: 52_428_800 },
    `${S}: larger than 52,428,800 bytes unzipped: the rest of it is skipped`,
  ],
  'more-skipped': [{ count: 5 }, `${S}: 5 more entries skipped, for the same reasons`],
  encoding: [
    { encoding: 'ISO-8859-1' },
    `${S}: declares the encoding ISO-8859-1; read as UTF-8, as sitemaps.org requires`,
  ],
  'not-xml': [
    { error: '3:40: unbound namespace prefix: "x".' },
    `${S}: not well-formed XML at line 3, column 40: the rest of it is skipped`,
  ],
  'wrong-root': [
    { element: 'html' },
    `${S}: its root element is <html>, not <urlset> or <sitemapindex>: not a sitemap`,
  ],
  empty: [{}, `${S}: empty: nothing to read`],
  'no-loc': [{ entry: 'url' }, `${S}: a <url> without <loc>`],
  'empty-loc': [{}, `${S}: an empty <loc>`],
  'not-http-loc': [
    { url: '"ftp://example.com/file"' },
    `${S}: a <loc> that is not an http(s) URL: "ftp://example.com/file"`,
  ],
  'not-http-line': [{ url: '"not a url"' }, `${S}: a line that is not an http(s) URL: "not a url"`],
  'not-sitemap': [
    { excerpt: '"DB_PASSWORD=***…"' },
    `${S}: not a sitemap: neither XML nor a text file whose first line is an http(s) URL; nothing of it is read (it starts "DB_PASSWORD=***…")`,
  ],
  'line-too-long': [
    { line: 3, limit: 65_536 },
    `${S}: line 3 is longer than 65,536 characters, too long for a URL: skipped`,
  ],
  'loc-too-long': [
    { limit: 65_536 },
    `${S}: a <loc> longer than 65,536 characters, too long for a URL: skipped`,
  ],
};
const TABLE = Object.entries(SENTENCES) as [SitemapProblemCode, [SitemapParams, string]][];

describe('sitemapProblemText', () => {
  test.each(TABLE)('%s', (code, [params, sentence]) => {
    const text = sitemapProblemText({ source: S, code, params }, t);
    expect(text).toBe(sentence);
    for (const [name, value] of Object.entries(params)) {
      // A reason, and Node's or zlib's English (issue 31, item 6): said in words.
      if (value === 'not-gzip' || name === 'error' || name === 'cause') continue;
      const shown = typeof value === 'number' ? t.number(value) : value;
      expect(text).toContain(shown);
    }
    expect(text).not.toMatch(/\n|cliSitemap|\{\w+\}/);
  });

  test('the plural forms: one', () => {
    const one = (code: SitemapProblemCode, params: SitemapParams) =>
      sitemapProblemText({ source: S, code, params }, t);
    expect(one('more-skipped', { count: 1 })).toBe(
      `${S}: 1 more entry skipped, for the same reasons`,
    );
    expect(one('url-limit', { limit: 1 })).toBe(
      `${S}: 1 URL given, the limit: the URLs after it are skipped`,
    );
    expect(one('too-large', { limit: 1 })).toBe(
      `${S}: larger than 1 byte: the rest of it is skipped`,
    );
  });

  test('an HTTP status without its text', () => {
    expect(
      sitemapProblemText(
        { source: S, code: 'http-status', params: { status: 500, statusText: '' } },
        t,
      ),
    ).toBe(`Cannot read the sitemap ${S}: HTTP 500`);
  });

  test('server text in a failure (a status text, an error) is a masked excerpt (issue 28, item 1)', () => {
    const say = (code: SitemapProblemCode, params: SitemapParams) =>
      sitemapProblemText({ source: S, code, params }, t);
    const status = say('http-status', {
      status: 403,
      statusText: 'Forbidden token=abc123 sk_live_4eC39HqLyjWDarjtT1zdp7dc and more text here',
    });
    expect(status).toBe(
      `Cannot read the sitemap ${S}: HTTP 403 Forbidden token=*** *** and more text he…`,
    );
    const error = say('error', { error: `${'x '.repeat(80)}` });
    expect(error.length).toBeLessThan(`Cannot read the sitemap ${S}: `.length + 125);
  });

  test('the error of an unreadable top sitemap, spread, is worded as a sitemap not read', () => {
    const error = new SitemapUnreadable(S, {
      code: 'http-status',
      params: { status: 404, statusText: 'Not Found' },
    });
    expect(sitemapProblemText({ ...error }, t)).toBe(
      `Cannot read the sitemap ${S}: HTTP 404 Not Found`,
    );
  });

  test.each([
    ['es', es],
    ['ru', ru],
    ['th', th],
  ])('%s says every code, with its params', (lang, messages) => {
    const tr = translator(lookupIn(messages as Messages), lang);
    for (const [code, [params]] of TABLE) {
      const text = sitemapProblemText({ source: S, code, params }, tr);
      expect(text, code).not.toMatch(/cliSitemap|\{\w+\}|\$\w+\$/);
      expect(text, code).toContain(S);
      for (const [name, value] of Object.entries(params)) {
        if (name === 'error' || name === 'cause') expect(text, code).not.toContain(value);
        else if (typeof value === 'string' && value !== 'not-gzip')
          expect(text, code).toContain(value);
      }
    }
  });
});

describe('the Page view’s sitemap check in words (issue 29, item 6)', () => {
  const PAGE = 'https://example.com/p';
  // A Record, so that a new contradiction without a sentence here fails the type check.
  const CONTRADICTIONS: Record<SitemapContradiction['code'], [SitemapContradiction, string]> = {
    'listed-blocked': [
      { code: 'listed-blocked', robot: 'Googlebot' },
      'Listed, but robots.txt blocks Googlebot: Search Console reports such a URL as “Blocked by robots.txt”. A sitemap should list pages crawlers may fetch.',
    ],
    'listed-noindex': [
      { code: 'listed-noindex', robot: 'Googlebot' },
      'Listed, but the page says noindex to Googlebot: Search Console reports it as “Excluded by ‘noindex’ tag”. A sitemap should list only pages meant for the index.',
    ],
    'listed-not-canonical': [
      { code: 'listed-not-canonical', canonical: `${PAGE}/c` },
      `Listed, but its canonical is ${PAGE}/c: Google asks for canonical URLs in sitemaps, and Search Console reports this one as “Alternate page with proper canonical tag”.`,
    ],
    'listed-redirecting': [
      { code: 'listed-redirecting', url: `${PAGE}/old`, status: 301 },
      `${PAGE}/old is listed, but answers with a redirect (301 Moved Permanently): list the URL it ends on. Search Console reports it as “Page with redirect”.`,
    ],
    'listed-failing': [
      { code: 'listed-failing', status: 404 },
      'Listed, but the page answers 404 Not Found: Search Console reports it as an error (“Not found (404)”, “Server error (5xx)”…) and it is not indexed.',
    ],
  };
  test.each(Object.entries(CONTRADICTIONS))('%s', (_code, [problem, sentence]) => {
    expect(sitemapContradictionText(problem, t)).toBe(sentence);
  });

  const listed = (count: number, sitemaps: number): ListedUrl => ({
    url: PAGE,
    listings: [],
    count,
    sitemaps,
    near: [],
  });
  const answer = (value: SitemapAnswer['listed'], sitemaps = 0): SitemapAnswer => ({
    listed: value,
    page: listed(sitemaps, sitemaps),
    canonical: null,
    problems: [],
  });

  test('listed, not listed (in part or not), unknown', () => {
    expect(sitemapListedText(answer('yes', 1), false, t)).toEqual([
      'This page is listed in 1 sitemap.',
    ]);
    expect(sitemapListedText(answer('yes', 2), true, t)).toEqual([
      'This page is listed in 2 sitemaps.',
    ]);
    expect(sitemapListedText(answer('no'), false, t)).toEqual([
      'This page is not listed in the sitemaps read.',
    ]);
    expect(sitemapListedText(answer('no'), true, t)).toEqual([
      'This page is not listed in the sitemaps read.',
      'Some sitemaps could not be read: this page may be listed in one of them.',
    ]);
    expect(sitemapListedText(answer('unknown'), true, t)).toEqual([
      'No sitemap could be read, so it is unknown whether this page is listed.',
    ]);
  });

  test('a listing: the sitemap, and the <loc> when written otherwise; a near miss; the canonical', () => {
    expect(sitemapListingText({ loc: ` ${PAGE}\n`, sitemap: S }, PAGE, t)).toBe(S);
    expect(sitemapListingText({ loc: 'HTTPS://EXAMPLE.COM/p', sitemap: S }, PAGE, t)).toBe(
      `${S}, written HTTPS://EXAMPLE.COM/p`,
    );
    expect(sitemapNearText({ loc: `${PAGE}/`, sitemap: S }, t)).toBe(
      `Listed as ${PAGE}/ in ${S}: to search engines that is another URL (its scheme, www. or trailing slash differs).`,
    );
    expect(sitemapCanonicalText(listed(3, 2), t)).toBe(`2 sitemaps list its canonical, ${PAGE}.`);
    expect(sitemapCanonicalText(listed(0, 0), t)).toBe(
      `Its canonical, ${PAGE}, is not listed in the sitemaps read.`,
    );
  });

  test.each([
    ['es', es],
    ['ru', ru],
    ['th', th],
  ])('%s says each contradiction and each answer, with its values', (lang, messages) => {
    const tr = translator(lookupIn(messages as Messages), lang);
    for (const [problem] of Object.values(CONTRADICTIONS)) {
      const text = sitemapContradictionText(problem, tr);
      expect(text, problem.code).not.toMatch(/sitemap[A-Z]\w+|\{\w+\}|\$\w+\$/);
      for (const value of Object.values(problem)) {
        if (typeof value === 'string' && value !== problem.code) expect(text).toContain(value);
      }
    }
    for (const value of ['yes', 'no', 'unknown'] as const) {
      for (const line of sitemapListedText(answer(value, 2), true, tr)) {
        expect(line).not.toMatch(/sitemap[A-Z]\w+|\{\w+\}|\$\w+\$/);
      }
    }
    expect(sitemapCanonicalText(listed(1, 1), tr)).toContain(PAGE);
  });
});
