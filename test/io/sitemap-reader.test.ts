// A sitemap's content read as it comes (io/sitemap-reader.ts), and what a problem may quote of it
// (src/sitemap-problem.ts excerpt). Issue 28: a body that is not a sitemap is never echoed beyond a
// short masked excerpt (item 1); its lines are capped and scanned once (item 3).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_LINE_CHARS } from '../../io/capped-lines.ts';
import { EntryProblems, SitemapReader } from '../../io/sitemap-reader.ts';
import { sitemapUrls } from '../../io/sitemap-urls.ts';
import {
  EXCERPT_CHARS,
  excerpt,
  quotedExcerpt,
  type SitemapParams,
  type SitemapProblemCode,
  SitemapUnreadable,
} from '../../src/sitemap-problem.ts';
import { tempFiles } from '../fixtures/temp-files.ts';
import { numRuns } from '../property-runs.ts';

interface Told {
  code: SitemapProblemCode;
  params: SitemapParams;
}

/** Reads `chunks` as one sitemap: what it found, its failure, and the problems told. */
function read(chunks: readonly string[]) {
  const told: Told[] = [];
  const tell = (code: SitemapProblemCode, params: SitemapParams = {}) =>
    told.push({ code, params });
  const entries = new EntryProblems(tell);
  const reader = new SitemapReader(entries, tell);
  const found: string[] = [];
  for (const chunk of chunks) {
    reader.write(chunk);
    found.push(...reader.found.splice(0));
    if (reader.failure !== null) break;
  }
  if (reader.failure === null) reader.close();
  found.push(...reader.found.splice(0));
  entries.tellRest();
  return { kind: reader.kind, found, failure: reader.failure, told };
}

const SECRET = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';

describe('a text sitemap is one whose first line is an http(s) URL (sitemaps.org, "Text file")', () => {
  // sitemaps.org: "The text file must have one URL per line … should contain no information other
  // than the list of URLs." A body that does not start so is not one: nothing of it is given.
  const cases: {
    what: string;
    body: string;
    found: string[];
    failure: Told | null;
  }[] = [
    {
      what: 'URLs, one per line',
      body: 'https://a.test/1\nhttp://a.test/2\r\n\n',
      found: ['https://a.test/1', 'http://a.test/2'],
      failure: null,
    },
    {
      what: 'blank lines and white space before the first URL',
      body: '\n\n  https://a.test/1\n',
      found: ['https://a.test/1'],
      failure: null,
    },
    {
      what: 'a config file: nothing given, a masked excerpt quoted',
      body: `API_TOKEN=${SECRET}\nhttps://a.test/leak\n`,
      found: [],
      failure: { code: 'not-sitemap', params: { excerpt: '"API_TOKEN=***…"' } },
    },
    {
      what: 'a page of text with URLs further down: not a sitemap',
      body: 'Welcome to the intranet\nhttps://intranet.test/admin\n',
      found: [],
      failure: { code: 'not-sitemap', params: { excerpt: '"Welcome to the intranet…"' } },
    },
    {
      what: 'zeros: not a sitemap, decided on its first characters',
      body: '\u0000'.repeat(100_000),
      found: [],
      failure: {
        code: 'not-sitemap',
        params: { excerpt: `"${'\\u0000'.repeat(EXCERPT_CHARS)}…"` },
      },
    },
    {
      what: 'binary',
      body: '\u001f\u008b\u0008\u0000\ufffd\ufffdPK\u0003\u0004',
      found: [],
      failure: {
        code: 'not-sitemap',
        params: { excerpt: '"\\u001f\\u008b\\b\\u0000��PK\\u0003\\u0004"' },
      },
    },
    {
      what: 'a first line that starts like a URL but is none',
      body: 'https://a b c\nhttps://a.test/1\n',
      found: [],
      failure: { code: 'not-sitemap', params: { excerpt: '"https://a b c"' } },
    },
    {
      what: 'shorter than a URL',
      body: 'http',
      found: [],
      failure: { code: 'not-sitemap', params: { excerpt: '"http"' } },
    },
    {
      what: 'a first line longer than any URL',
      body: `https://a.test/${'a'.repeat(MAX_LINE_CHARS)}\nhttps://a.test/1\n`,
      found: [],
      failure: { code: 'not-sitemap', params: { excerpt: '"https://a.***…"' } },
    },
  ];
  test.each(cases)('$what', ({ body, found, failure }) => {
    const whole = read([body]);
    expect(whole.found).toEqual(found);
    expect(whole.failure).toEqual(failure);
    // The same, a few characters at a time.
    const small = body.length < 1000 ? read(body.match(/[\s\S]{1,3}/g) ?? []) : whole;
    expect(small.found).toEqual(found);
    expect(small.failure).toEqual(failure);
  });

  test('later lines that are not URLs are told, each as a masked excerpt of 40 characters', () => {
    const { found, told } = read([
      `https://a.test/1\npassword=hunter2\n${'x'.repeat(100)}\nhttps://a.test/2\n`,
    ]);
    expect(found).toEqual(['https://a.test/1', 'https://a.test/2']);
    expect(told).toEqual([
      { code: 'not-http-line', params: { url: '"password=***"' } },
      { code: 'not-http-line', params: { url: '"***"' } },
    ]);
  });

  test('a line past MAX_LINE_CHARS is skipped with its number, the next ones read', () => {
    const { found, told } = read([
      'https://a.test/1\n',
      `https://a.test/${'a'.repeat(MAX_LINE_CHARS)}`,
      '\nhttps://a.test/3\n',
    ]);
    expect(found).toEqual(['https://a.test/1', 'https://a.test/3']);
    expect(told).toEqual([{ code: 'line-too-long', params: { line: 2, limit: MAX_LINE_CHARS } }]);
  });

  test('a <loc> past MAX_LINE_CHARS is skipped, never kept whole', () => {
    const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    const { found, told } = read([
      `<urlset xmlns="${NS}"><url><loc>https://a.test/`,
      ...Array(40).fill('a'.repeat(4096)),
      `</loc></url><url><loc>https://a.test/2</loc></url></urlset>`,
    ]);
    expect(found).toEqual(['https://a.test/2']);
    expect(told).toEqual([{ code: 'loc-too-long', params: { limit: MAX_LINE_CHARS } }]);
  });

  test('what XML problems quote of the file is masked and cut', () => {
    const wrongRoot = read([`<${'x'.repeat(100)}/>`]);
    expect(wrongRoot.failure).toEqual({ code: 'wrong-root', params: { element: '***' } });
    const notXml = read([`<urlset xmlns:a="x"><b:${SECRET}/></urlset>`]);
    expect(notXml.failure?.code).toBe('not-xml');
    expect(String(notXml.failure?.params['error'])).not.toContain(SECRET.slice(8));
  });
});

describe('excerpt: what a problem may quote of server text', () => {
  // Secret shapes from the issue: a value after key=, token=, password=…, JWT-like, long runs of
  // the base64/hex alphabets (OWASP Logging Cheat Sheet: never log tokens, passwords, keys).
  const cases: [string, string, string][] = [
    ['short text as it is', 'not a url', 'not a url'],
    ['cut at 40 characters', 'a b '.repeat(20), `${'a b '.repeat(10)}…`],
    ['the first line only', 'one\ntwo', 'one…'],
    ['C0 and C1 controls escaped', 'a\u001b[31mb\u009bc', 'a\\u001b[31mb\\u009bc'],
    ['bidi overrides escaped', 'a\u202eb', 'a\\u202eb'],
    ['key=', 'x?api_key=abc123&y=1', 'x?api_key=***&y=1'],
    ['token:', 'token: abc', 'token: ***'],
    ['password=', 'PASSWORD=hunter2', 'PASSWORD=***'],
    ['Authorization: Bearer', 'Authorization: Bearer abc.def', 'Authorization: Bearer ***'],
    ['a URL with a user and password', 'ftp://user:pw@host/', 'ftp://***@host/'],
    ['JWT-like', 'eyJhbGciOi.eyJzdWIi.sig', '***'],
    ['a run of 16 of the base64 alphabet', `id ${'A1+/'.repeat(4)} end`, 'id *** end'],
    ['a run of 15 stays', `id ${'a'.repeat(15)} end`, `id ${'a'.repeat(15)} end`],
    [
      'a secret crossing the cut is masked whole',
      `${'a '.repeat(18)}${SECRET}`,
      `${'a '.repeat(18)}***`,
    ],
  ];
  test.each(cases)('%s', (_, text, shown) => {
    expect(excerpt(text)).toBe(shown);
  });

  test('quotedExcerpt: in JSON quotes', () => {
    expect(quotedExcerpt('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
  });

  test('property: any text gives one line of at most 40 characters of it, no control, no long run', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const shown = excerpt(text);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be there
        expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
        expect(shown).not.toMatch(/[A-Za-z0-9+/=_-]{16}/);
        // Escapes aside, at most EXCERPT_CHARS of the text and an ellipsis.
        const unescaped = shown.replace(/\\u[0-9a-f]{4}/g, '.');
        expect([...unescaped.replace(/\*\*\*/g, '')].length).toBeLessThanOrEqual(EXCERPT_CHARS + 1);
      }),
      { numRuns: numRuns(500) },
    );
  }, 120_000);
});

describe('sitemapUrls: a gzip of zeros is not read to its end (issue 28, item 3)', () => {
  const { dir } = tempFiles('robots-lens-sitemap-reader-');
  test('50 MiB of zeros in a 50 KB gzip: not a sitemap, at once', async () => {
    const path = join(dir(), 'zeros.xml.gz');
    writeFileSync(path, gzipSync(Buffer.alloc(52_428_800)));
    // Before: 3 min 52 s and 586 MB for a 200 KB gzip of zeros read as one text line; now the
    // first line (at most 512 characters) decides, and the top source is no sitemap: unreadable.
    const urls: string[] = [];
    const error = await (async () => {
      for await (const url of sitemapUrls(path)) urls.push(url);
    })().catch((e: unknown) => e);
    expect(urls).toEqual([]);
    expect(error).toBeInstanceOf(SitemapUnreadable);
    expect((error as SitemapUnreadable).code).toBe('not-sitemap');
  }, 120_000);
});
