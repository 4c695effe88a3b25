// The `--sitemap URL|FILE` input (issue 14): the page URLs of a sitemap or sitemap index, read as
// the sitemaps.org protocol (https://www.sitemaps.org/protocol.html) defines them, from files and
// from a local node:http server, streamed, within the limits, never throwing for bad content.
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type SitemapOptions, sitemapEntries, sitemapUrls } from '../../io/sitemap-urls.ts';
import {
  type SitemapProblem,
  type SitemapProblemCode,
  SitemapUnreadable,
} from '../../src/sitemap-problem.ts';
import {
  SITEMAP_NS as NS,
  type RouteServer,
  sitemapIndex,
  startRouteServer,
  urlset,
} from '../fixtures/route-server.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/sitemap');
async function collect(
  source: string,
  options: SitemapOptions = {},
): Promise<{ urls: string[]; problems: SitemapProblem[] }> {
  const problems: SitemapProblem[] = [];
  const urls: string[] = [];
  for await (const url of sitemapUrls(source, { ...options, onProblem: (p) => problems.push(p) })) {
    urls.push(url);
  }
  return { urls, problems };
}

// ---- A local server: each path answers what the test put there ------------------------------------

let site: RouteServer;
let base = '';
const serve = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  site.serve(path, body, headers);

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'robots-lens-sitemap-'));
  site = await startRouteServer();
  base = site.base;
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

/** A problem's code and params, as a test expects them (params may hold asymmetric matchers). */
type Told = [SitemapProblemCode, Record<string, unknown>?];
const told = (problems: SitemapProblem[]) => problems.map((p) => [p.code, p.params]);
const expected = (problems: Told[]) => problems.map(([code, params = {}]) => [code, params]);

// ---- Content ------------------------------------------------------------------------------------

describe('sitemapUrls reads sitemaps.org content', () => {
  // [what, where the rule comes from, file name, content, URLs given, problems told (in order)]
  const cases: [string, string, string, string | Buffer, string[], Told[]][] = [
    [
      'the sample urlset, &amp; in its URLs',
      'sitemaps.org, "Sample XML Sitemap" and "Entity escaping"',
      'sample.xml',
      readFileSync(join(FIXTURES, 'sitemaps-org-sample.xml')),
      [
        'http://www.example.com/',
        'http://www.example.com/catalog?item=12&desc=vacation_hawaii',
        'http://www.example.com/catalog?item=73&desc=vacation_new_zealand',
        'http://www.example.com/catalog?item=74&desc=vacation_newfoundland',
        'http://www.example.com/catalog?item=83&desc=vacation_usa',
      ],
      [],
    ],
    [
      'CDATA, character and predefined entities',
      'sitemaps.org, "Entity escaping"; XML 1.0 §2.7 CDATA sections, §4.1 character references',
      'entities.xml',
      urlset(
        '<![CDATA[https://example.com/search?q=a&b=c]]>',
        'https://example.com/it&apos;s?x=1&amp;y=&lt;2&gt;',
        'https://example.com/&#x41;&#66;',
        'https://example.com/<![CDATA[half]]>-and-half',
      ),
      [
        'https://example.com/search?q=a&b=c',
        "https://example.com/it's?x=1&y=<2>",
        'https://example.com/AB',
        'https://example.com/half-and-half',
      ],
      [],
    ],
    [
      'prefixed namespace elements',
      'Namespaces in XML 1.0 §4 qualified names: <sm:loc> is <loc> in the sitemap namespace',
      'prefixed.xml',
      `<sm:urlset xmlns:sm="${NS}"><sm:url><sm:loc>https://example.com/a</sm:loc></sm:url>` +
        `<sm:url><sm:loc>https://example.com/b</sm:loc></sm:url></sm:urlset>`,
      ['https://example.com/a', 'https://example.com/b'],
      [],
    ],
    [
      'extensions: <image:loc> and <xhtml:link> inside a <url> are not pages',
      'Google image sitemaps and hreflang sitemaps: elements of other namespaces inside <url>',
      'extensions.xml',
      `<urlset xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" ` +
        `xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://example.com/page</loc>` +
        '<image:image><image:loc>https://example.com/photo.jpg</image:loc></image:image>' +
        '<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/page"/>' +
        '<image:loc>https://example.com/other.jpg</image:loc></url></urlset>',
      ['https://example.com/page'],
      [],
    ],
    [
      'a BOM, a blank line before the declaration, white space around each URL',
      'sitemaps.org, "must use UTF-8 encoding"; XML 1.0 §2.10 white space',
      'spaces.xml',
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(
          `\n<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="${NS}"><url><loc>\n\t  ` +
            'https://example.com/a  \n</loc></url><url><loc> https://example.com/b </loc></url></urlset>',
        ),
      ]),
      ['https://example.com/a', 'https://example.com/b'],
      [],
    ],
    [
      'a text sitemap: one URL per line, CRLF, blank lines, a line that is not a URL',
      'sitemaps.org, "Text file"',
      'urls.txt',
      '\uFEFFhttps://example.com/one\r\n\r\n  https://example.com/two  \r\nnot a url\nhttps://example.com/three',
      ['https://example.com/one', 'https://example.com/two', 'https://example.com/three'],
      [['not-http-line', { url: '"not a url"' }]],
    ],
    [
      'locations that are not http(s) URLs, an empty one, a <url> without one',
      'sitemaps.org, <loc>: "URL of the page. This URL must begin with the protocol (such as http)"',
      'schemes.xml',
      `<urlset xmlns="${NS}"><url><loc>ftp://example.com/file</loc></url>` +
        '<url><loc>/relative/page</loc></url><url><loc>javascript:alert(1)</loc></url>' +
        '<url><loc>https://example.com/kept</loc></url><url><loc> </loc></url>' +
        '<url><lastmod>2024-01-01</lastmod></url><url><loc>http://</loc></url></urlset>',
      ['https://example.com/kept'],
      [
        ['not-http-loc', { url: '"ftp://example.com/file"' }],
        ['not-http-loc', { url: '"/relative/page"' }],
        ['not-http-loc', { url: '"javascript:alert(1)"' }],
        ['empty-loc'],
        ['no-loc', { entry: 'url' }],
        ['not-http-loc', { url: '"http://"' }],
      ],
    ],
    [
      'past ten bad entries, the rest are counted in one problem',
      'our own bound: a sitemap of 50,000 bad lines must not give 50,000 problems',
      'many-bad.xml',
      urlset(...Array.from({ length: 15 }, (_, i) => `/page/${i}`), 'https://example.com/ok'),
      ['https://example.com/ok'],
      [
        ...Array.from({ length: 10 }, (_, i): Told => ['not-http-loc', { url: `"/page/${i}"` }]),
        ['more-skipped', { count: 5 }],
      ],
    ],
    [
      'an unescaped & stops the reading there; the URLs before it are given',
      'XML 1.0 §1.2: a violation of well-formedness is a fatal error; sitemaps.org entity escaping',
      'ampersand.xml',
      urlset(
        'https://example.com/before',
        'https://example.com/?a=1&b=2',
        'https://example.com/after',
      ),
      ['https://example.com/before'],
      [['not-xml', { error: expect.stringMatching(/^\d+:\d+: .+$/) }]],
    ],
    [
      'a declared encoding other than UTF-8 is told, and read as UTF-8',
      'sitemaps.org, "The Sitemap must … use UTF-8 encoding"',
      'latin1.xml',
      `<?xml version="1.0" encoding="ISO-8859-1"?><urlset xmlns="${NS}"><url><loc>https://example.com/é</loc></url></urlset>`,
      ['https://example.com/é'],
      [['encoding', { encoding: 'ISO-8859-1' }]],
    ],
    [
      'a gzipped file, found by its magic bytes',
      'sitemaps.org: "You can compress your Sitemap files using gzip"; RFC 1952 §2.3.1 ID1 ID2',
      'sitemap.xml.gz',
      gzipSync(urlset('https://example.com/zipped/1', 'https://example.com/zipped/2')),
      ['https://example.com/zipped/1', 'https://example.com/zipped/2'],
      [],
    ],
    [
      'a gzipped file named .xml is still unzipped',
      'RFC 1952 §2.3.1: gzip is known by its first two bytes, 1f 8b, whatever the name',
      'misnamed.xml',
      gzipSync('https://example.com/text/1\nhttps://example.com/text/2\n'),
      ['https://example.com/text/1', 'https://example.com/text/2'],
      [],
    ],
  ];

  test.each(cases)('%s (%s)', async (_what, _source, name, content, urls, problems) => {
    const path = await file(name, content);
    const read = await collect(path);
    expect(read.urls).toEqual(urls);
    expect(told(read.problems)).toEqual(expected(problems));
    for (const problem of read.problems) expect(problem.source).toBe(path);
  });

  // A body that is no sitemap at all: as the source the user named, unreadable (exit 2 on the command
  // line, before any output: a CI job must not take an empty run for a pass); as a child of an
  // index, a problem told, and the run goes on.
  const notSitemaps: [string, string, string, string, Told][] = [
    [
      'an unbound prefix is not well-formed',
      'Namespaces in XML 1.0 §3: the prefix must have been declared',
      'unbound.xml',
      `<urlset xmlns="${NS}"><url><x:loc>https://example.com/a</x:loc></url></urlset>`,
      ['not-xml', { error: expect.stringMatching(/unbound namespace prefix/) }],
    ],
    [
      'an HTML page is neither a urlset nor an index',
      'sitemaps.org: the root is <urlset> or <sitemapindex>',
      'page.html',
      '<!DOCTYPE html><html><head><title>Not found</title></head><body></body></html>',
      ['wrong-root', { element: 'html' }],
    ],
    [
      'an empty file',
      'sitemaps.org: a sitemap lists at least its <urlset>',
      'empty.xml',
      '',
      ['empty'],
    ],
    [
      'a text file whose first line is no URL',
      'sitemaps.org, "Text file": one URL per line',
      'config.txt',
      'DATABASE_URL=postgres://u:p@db/x\nhttps://example.com/listed\n',
      ['not-sitemap', { excerpt: expect.any(String) }],
    ],
  ];

  test.each(notSitemaps)(
    '%s (%s): unreadable as the top source',
    async (_w, _s, name, content, [code, params = {}]) => {
      const path = await file(name, content);
      const error = await collect(path).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SitemapUnreadable);
      expect({ ...(error as SitemapUnreadable) }).toEqual({ source: path, code, params });
    },
  );

  test.each(notSitemaps)(
    '%s (%s): told as a child, the next child still read',
    async (_w, _s, name, content, [code, params = {}]) => {
      const child = serve(`/child-${name}`, content);
      const good = serve(`/good-after-${name}.xml`, urlset('https://example.com/good'));
      const index = serve(`/index-of-${name}.xml`, sitemapIndex(child, good));
      const read = await collect(index);
      expect(read.urls).toEqual(['https://example.com/good']);
      expect(told(read.problems)).toEqual([[code, params]]);
    },
  );

  test('a file: URL is a file', async () => {
    const path = await file('file-url.xml', urlset('https://example.com/f'));
    expect((await collect(`file://${path}`)).urls).toEqual(['https://example.com/f']);
  });
});

// ---- Indexes over HTTP --------------------------------------------------------------------------

describe('sitemapUrls follows indexes over http', () => {
  test('an index with a gzipped child and a plain one, in order (sitemaps.org, "Using Sitemap index files")', async () => {
    serve('/sitemap1.xml.gz', gzipSync(urlset(`${base}/a/1`, `${base}/a/2`)), {
      'content-type': 'application/x-gzip',
    });
    serve('/sitemap2.xml', urlset(`${base}/b/1`, `${base}/b/2`));
    const index = readFileSync(join(FIXTURES, 'sitemaps-org-index.xml'), 'utf8').replaceAll(
      '{{base}}',
      base,
    );
    const top = serve('/sitemap_index.xml', index);
    const read = await collect(top);
    expect(read.urls).toEqual([`${base}/a/1`, `${base}/a/2`, `${base}/b/1`, `${base}/b/2`]);
    expect(read.problems).toEqual([]);
  });

  test('Content-Encoding: gzip, decoded by fetch; a .gz sent with it as well; a redirect followed', async () => {
    // RFC 9110 §8.4: a content coding is undone by the client; a .xml.gz sent with
    // Content-Encoding: gzip is then gzip inside gzip, and the magic bytes find the inner one.
    serve('/encoded.xml', gzipSync(urlset(`${base}/e/1`)), { 'content-encoding': 'gzip' });
    serve('/double.xml.gz', gzipSync(gzipSync(urlset(`${base}/d/1`))), {
      'content-encoding': 'gzip',
      'content-type': 'application/gzip',
    });
    site.routes.set('/moved.xml', (_request, response) => {
      response.writeHead(301, { location: '/moved-here.xml' });
      response.end();
    });
    serve('/moved-here.xml', urlset(`${base}/m/1`));
    const top = serve(
      '/encodings.xml',
      sitemapIndex(`${base}/encoded.xml`, `${base}/double.xml.gz`, `${base}/moved.xml`),
    );
    const read = await collect(top);
    expect(read.urls).toEqual([`${base}/e/1`, `${base}/d/1`, `${base}/m/1`]);
    expect(read.problems).toEqual([]);
  });

  test('a gzipped top index over http, with a child in a text sitemap', async () => {
    serve('/list.txt', `${base}/t/1\n${base}/t/2\n`, { 'content-type': 'text/plain' });
    const top = serve('/index.xml.gz', gzipSync(sitemapIndex(`${base}/list.txt`)), {
      'content-type': 'application/gzip',
    });
    expect((await collect(top)).urls).toEqual([`${base}/t/1`, `${base}/t/2`]);
  });

  test('a child that 404s or fails is told and skipped; the others are read', async () => {
    serve('/ok-1.xml', urlset(`${base}/ok/1`));
    serve('/ok-2.xml', urlset(`${base}/ok/2`));
    site.routes.set('/fails.xml', (_request, response) => {
      response.writeHead(503);
      response.end();
    });
    const top = serve(
      '/with-missing.xml',
      sitemapIndex(
        `${base}/ok-1.xml`,
        `${base}/missing.xml`,
        `${base}/fails.xml`,
        'ftp://example.com/sitemap.xml',
        `${base}/ok-2.xml`,
      ),
    );
    const read = await collect(top);
    expect(read.urls).toEqual([`${base}/ok/1`, `${base}/ok/2`]);
    expect(read.problems).toEqual([
      { source: top, code: 'not-http-loc', params: { url: '"ftp://example.com/sitemap.xml"' } },
      {
        source: `${base}/missing.xml`,
        code: 'http-status',
        params: { status: 404, statusText: 'Not Found' },
      },
      {
        source: `${base}/fails.xml`,
        code: 'http-status',
        params: { status: 503, statusText: 'Service Unavailable' },
      },
    ]);
  });

  test('a gzipped child cut short: its URLs up to the cut are given, then the fault is told', async () => {
    // RFC 1952 §2.2: a member ends with CRC32 and ISIZE; here the data stops half way.
    const locs = Array.from({ length: 2000 }, (_, i) => `${base}/cut/${i}`);
    const zipped = gzipSync(urlset(...locs));
    serve('/truncated.xml.gz', zipped.subarray(0, zipped.length >> 1), {
      'content-type': 'application/gzip',
    });
    serve('/ok-3.xml', urlset(`${base}/ok/3`));
    const top = serve(
      '/bad-gzip.xml',
      sitemapIndex(`${base}/truncated.xml.gz`, `${base}/ok-3.xml`),
    );
    const read = await collect(top);
    const given = read.urls.slice(0, -1);
    expect(given.length).toBeGreaterThan(0);
    expect(given.length).toBeLessThan(locs.length);
    expect(given).toEqual(locs.slice(0, given.length));
    expect(read.urls.at(-1)).toBe(`${base}/ok/3`);
    expect(read.problems).toEqual([
      {
        source: `${base}/truncated.xml.gz`,
        code: 'partial',
        params: { reason: 'not-gzip', error: 'unexpected end of file' },
      },
    ]);
  });

  test('loops: an index that lists itself, one that lists its parent, one redirected to it, a child listed twice', async () => {
    const top = `${base}/loop-a.xml`;
    site.routes.set('/loop-back.xml', (_request, response) => {
      response.writeHead(302, { location: '/loop-a.xml' });
      response.end();
    });
    serve('/loop-b.xml', sitemapIndex(top, `${base}/loop-back.xml`, `${base}/loop-leaf.xml`));
    serve('/loop-leaf.xml', urlset(`${base}/leaf`));
    serve('/loop-a.xml', sitemapIndex(`${top}#again`, `${base}/loop-b.xml`, `${base}/loop-b.xml`));
    const read = await collect(top);
    expect(read.urls).toEqual([`${base}/leaf`]);
    expect(read.problems).toEqual([
      { source: top, code: 'self-loop', params: { child: `${top}#again` } },
      { source: top, code: 'listed-twice', params: { child: `${base}/loop-b.xml` } },
      { source: `${base}/loop-b.xml`, code: 'loop', params: { child: top } },
      { source: `${base}/loop-back.xml`, code: 'redirect-loop', params: { target: top } },
    ]);
  });

  test('a sitemap listed by two indexes is read once', async () => {
    serve('/shared.xml', urlset(`${base}/shared`));
    serve('/left.xml', sitemapIndex(`${base}/shared.xml`));
    serve('/right.xml', sitemapIndex(`${base}/shared.xml`));
    const top = serve('/diamond.xml', sitemapIndex(`${base}/left.xml`, `${base}/right.xml`));
    const read = await collect(top);
    expect(read.urls).toEqual([`${base}/shared`]);
    expect(read.problems).toEqual([
      { source: `${base}/right.xml`, code: 'repeat', params: { child: `${base}/shared.xml` } },
    ]);
  });
});

// ---- Limits -------------------------------------------------------------------------------------

describe('sitemapUrls stops at its limits, telling each once', () => {
  test('depth: index → index → index → urlset by default; one level fewer with maxDepth 2', async () => {
    serve('/deep-urlset.xml', urlset(`${base}/deep`));
    serve('/deep-3.xml', sitemapIndex(`${base}/deep-urlset.xml`));
    serve('/deep-2.xml', sitemapIndex(`${base}/deep-3.xml`));
    serve('/shallow.xml', urlset(`${base}/shallow`));
    serve('/deep-2b.xml', sitemapIndex(`${base}/deep-3.xml#b`));
    const top = serve(
      '/deep-1.xml',
      sitemapIndex(`${base}/deep-2.xml`, `${base}/shallow.xml`, `${base}/deep-2b.xml`),
    );
    const all = await collect(top);
    expect(all.urls).toEqual([`${base}/deep`, `${base}/shallow`]);
    expect(told(all.problems)).toEqual(expected([['repeat', { child: `${base}/deep-3.xml#b` }]]));

    const two = await collect(top, { maxDepth: 2 });
    expect(two.urls).toEqual([`${base}/shallow`]);
    expect(two.problems).toEqual([
      { source: `${base}/deep-3.xml`, code: 'depth-limit', params: { level: 3, limit: 2 } },
      { source: `${base}/deep-2b.xml`, code: 'repeat', params: { child: `${base}/deep-3.xml#b` } },
    ]);
  });

  test('count: maxSitemaps sitemaps read, the top among them; told once', async () => {
    for (let i = 1; i <= 5; i++) serve(`/count-${i}.xml`, urlset(`${base}/count/${i}`));
    const top = serve(
      '/count.xml',
      sitemapIndex(...[1, 2, 3, 4, 5].map((i) => `${base}/count-${i}.xml`)),
    );
    const read = await collect(top, { maxSitemaps: 3 });
    expect(read.urls).toEqual([`${base}/count/1`, `${base}/count/2`]);
    expect(read.problems).toEqual([
      { source: top, code: 'count-limit', params: { limit: 3, child: `${base}/count-3.xml` } },
    ]);
    // Exactly enough: nothing told.
    expect((await collect(top, { maxSitemaps: 6 })).problems).toEqual([]);
  });

  test('URLs: maxUrls given in all, across sitemaps; told once', async () => {
    serve('/urls-1.xml', urlset(`${base}/u/1`, `${base}/u/2`));
    serve('/urls-2.xml', urlset(`${base}/u/3`, `${base}/u/4`));
    serve('/urls-3.xml', urlset(`${base}/u/5`));
    const top = serve(
      '/urls.xml',
      sitemapIndex(`${base}/urls-1.xml`, `${base}/urls-2.xml`, `${base}/urls-3.xml`),
    );
    const read = await collect(top, { maxUrls: 3 });
    expect(read.urls).toEqual([`${base}/u/1`, `${base}/u/2`, `${base}/u/3`]);
    expect(read.problems).toEqual([
      { source: `${base}/urls-2.xml`, code: 'url-limit', params: { limit: 3 } },
    ]);
    expect((await collect(top, { maxUrls: 5 })).problems).toEqual([]);
  });

  test('bytes: counted after gunzip; the URLs before the cut are given, a cut line is not', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `https://example.com/line/${i}`);
    const text = `${lines.join('\n')}\n`;
    // The 100th line ends at byte 2,790 (lines 0-9: 26 bytes and the newline, 10-99: 27 and 1).
    const limit = 10 * 27 + 90 * 28 + 5;
    const plain = await collect(await file('cut.txt', text), { maxBytes: limit });
    expect(plain.urls).toEqual(lines.slice(0, 100));
    expect(told(plain.problems)).toEqual(expected([['too-large', { limit: 2795 }]]));

    // A gzip bomb in small: 4 KiB on the wire, 4 MiB unzipped.
    const bomb = gzipSync(urlset(`${base}/bomb/1`) + ' '.repeat(4 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(8 * 1024);
    serve('/bomb.xml.gz', bomb, { 'content-type': 'application/gzip' });
    serve('/after-bomb.xml', urlset(`${base}/after-bomb`));
    const top = serve('/bombs.xml', sitemapIndex(`${base}/bomb.xml.gz`, `${base}/after-bomb.xml`));
    const zipped = await collect(top, { maxBytes: 1024 * 1024 });
    expect(zipped.urls).toEqual([`${base}/bomb/1`, `${base}/after-bomb`]);
    expect(zipped.problems).toEqual([
      { source: `${base}/bomb.xml.gz`, code: 'too-large-unzipped', params: { limit: 1_048_576 } },
    ]);
  });

  test('time: a child whose server stalls is told at timeoutMs; its siblings are read', async () => {
    site.routes.set('/stalls.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.write(`<urlset xmlns="${NS}"><url><loc>${base}/stalled/1</loc></url>`);
      // …and never ends: the client's limit must.
    });
    serve('/after-stall.xml', urlset(`${base}/after-stall`));
    const top = serve(
      '/stalling.xml',
      sitemapIndex(`${base}/stalls.xml`, `${base}/after-stall.xml`),
    );
    const read = await collect(top, { timeoutMs: 300 });
    expect(read.urls).toEqual([`${base}/stalled/1`, `${base}/after-stall`]);
    expect(read.problems).toEqual([
      {
        source: `${base}/stalls.xml`,
        code: 'partial',
        params: { reason: 'timeout', ms: 300 },
      },
    ]);
  });

  test('time: a slow caller does not spend the server’s time', async () => {
    // 4,000 URLs in several chunks, sent at once; the caller takes 900 ms over the first.
    const urls = Array.from(
      { length: 4000 },
      (_, i) => `${base}/slow-reader/${'x'.repeat(200)}/${i}`,
    );
    const top = serve('/slow-reader.xml', urlset(...urls));
    const given: string[] = [];
    const problems: SitemapProblem[] = [];
    for await (const url of sitemapUrls(top, {
      timeoutMs: 300,
      onProblem: (p) => problems.push(p),
    })) {
      if (given.length === 0) await new Promise((resolve) => setTimeout(resolve, 900));
      given.push(url);
    }
    expect(problems).toEqual([]);
    expect(given).toEqual(urls);
  });
});

// ---- The top source -----------------------------------------------------------------------------

describe('sitemapUrls throws only when the top source cannot be read: a SitemapUnreadable', () => {
  const refusedPort = async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    return port;
  };
  // [what, source (made at run time), the code and params]
  const cases: [string, () => Promise<string>, Told][] = [
    ['a missing file', async () => join(dir, 'nothing-here.xml'), ['no-file']],
    [
      'a folder',
      async () => {
        await mkdir(join(dir, 'a-folder'), { recursive: true });
        return join(dir, 'a-folder');
      },
      ['folder'],
    ],
    [
      'an HTTP 404',
      async () => `${base}/no-such-sitemap.xml`,
      ['http-status', { status: 404, statusText: 'Not Found' }],
    ],
    [
      'a refused connection',
      async () => `http://127.0.0.1:${await refusedPort()}/sitemap.xml`,
      ['network', { error: 'fetch failed', cause: 'ECONNREFUSED' }],
    ],
    ['another scheme', async () => 'ftp://example.com/sitemap.xml', ['other-scheme']],
    [
      'a server that never answers',
      async () => {
        site.routes.set('/never.xml', () => {});
        return `${base}/never.xml`;
      },
      ['timeout', { ms: 200 }],
    ],
  ];

  test.each(cases)('%s', async (_what, make, [code, params = {}]) => {
    const source = await make();
    const urls: string[] = [];
    const error = await (async () => {
      for await (const url of sitemapUrls(source, { timeoutMs: 200 })) urls.push(url);
    })().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SitemapUnreadable);
    expect({ ...(error as SitemapUnreadable) }).toEqual({ source, code, params });
    // Its message is the code, not a sentence: the words are sitemapProblemText's.
    expect((error as SitemapUnreadable).message).toBe(code);
    expect(urls).toEqual([]);
  });

  test('bad options are the caller’s mistake: a RangeError', async () => {
    await expect(collect(join(dir, 'x.xml'), { maxUrls: -1 })).rejects.toThrow(RangeError);
  });
});

// ---- Streaming ----------------------------------------------------------------------------------

describe('sitemapUrls streams', () => {
  test('a caller that stops early ends the transfer', async () => {
    let isClosed = false;
    site.routes.set('/endless.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.write(`<urlset xmlns="${NS}">`);
      let i = 0;
      const timer = setInterval(() => {
        response.write(`<url><loc>${base}/endless/${i++}</loc></url>\n`);
      }, 5);
      response.on('close', () => {
        isClosed = true;
        clearInterval(timer);
      });
    });
    const given: string[] = [];
    for await (const url of sitemapUrls(`${base}/endless.xml`)) {
      given.push(url);
      if (given.length === 3) break;
    }
    expect(given).toEqual([`${base}/endless/0`, `${base}/endless/1`, `${base}/endless/2`]);
    await expect.poll(() => isClosed, { timeout: 30_000 }).toBe(true);
  });

  test('100,000 URLs in a gzipped 50 MiB-class sitemap, heap growth bounded while iterating', async () => {
    // sitemaps.org's largest sitemap: 50 MiB (here 51.7 MB unzipped, under the default maxBytes),
    // with twice its 50,000 URLs, each 466 characters: keeping them all would hold some 60 MB.
    const count = 100_000;
    const pad = 'p'.repeat(440);
    const path = join(dir, 'large.xml.gz');
    async function* content() {
      yield `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`;
      for (let i = 0; i < count; i += 1000) {
        let chunk = '';
        for (let j = i; j < i + 1000; j++) {
          chunk += `<url><loc>https://example.com/${pad}/${j}</loc><lastmod>2024-01-01</lastmod></url>\n`;
        }
        yield chunk;
      }
      yield '</urlset>\n';
    }
    await pipeline(content(), createGzip({ level: 1 }), createWriteStream(path));

    const baseline = process.memoryUsage().heapUsed;
    let peakGrowth = 0;
    let given = 0;
    let last = '';
    const problems: SitemapProblem[] = [];
    for await (const url of sitemapUrls(path, { onProblem: (p) => problems.push(p) })) {
      given++;
      last = url;
      if (given % 2000 === 0) {
        peakGrowth = Math.max(peakGrowth, process.memoryUsage().heapUsed - baseline);
      }
    }
    expect(problems).toEqual([]);
    expect(given).toBe(count);
    expect(last).toBe(`https://example.com/${pad}/${count - 1}`);
    expect(peakGrowth).toBeLessThan(40 * 1024 * 1024);
  });
});

// ---- The private-network rule ------------------------------------------------------------------

describe('sitemapUrls: a public address never leads into a private network (issue 27)', () => {
  /** One URL of the scripted internet: a sitemap's text, or a redirect (302) to `location`. */
  type Remote = { body: string } | { location: string };
  interface Case {
    what: string;
    /** Where the rule comes from. */
    rule: string;
    /** The top source. */
    top: string;
    /** The public internet, by URL. */
    internet?: Record<string, Remote>;
    /** The local server (127.0.0.1, the user's own machine), by path: a sitemap's text. */
    local?: Record<string, string>;
    urls: string[];
    /** The problems told, in order, or the code of the top's SitemapUnreadable. */
    told: SitemapProblem[] | { unreadable: SitemapProblem };
    /** Local paths that must never be site.asked for. */
    neverAsked?: string[];
  }
  const PUB = 'https://public.test';
  const ADDRESSES: Record<string, string[]> = {
    'public.test': ['93.184.216.34'],
    // A name a site's DNS points at a private address (DNS rebinding, an intranet name).
    'intranet.example': ['93.184.216.34', '10.0.0.5'],
  };
  const rule = 'io/follow-redirects.ts: the private-network rule (issue 15, item 9; issue 27)';
  const cases = (local: string, port: string): Case[] => [
    {
      what: 'a public index lists a child on 127.0.0.1: refused, never site.asked',
      rule: `${rule}; RFC 6890 loopback`,
      top: `${PUB}/index.xml`,
      internet: {
        [`${PUB}/index.xml`]: { body: sitemapIndex(`${local}/p1.xml`, `${PUB}/ok.xml`) },
        [`${PUB}/ok.xml`]: { body: urlset(`${PUB}/page`) },
      },
      local: { '/p1.xml': urlset(`${local}/secret`) },
      urls: [`${PUB}/page`],
      told: [
        {
          source: `${local}/p1.xml`,
          code: 'private-address',
          params: { target: `${local}/p1.xml` },
        },
      ],
      neverAsked: ['/p1.xml'],
    },
    {
      what: 'a public index lists a child on localhost',
      rule: `${rule}; RFC 6761 §6.3 localhost`,
      top: `${PUB}/index-2.xml`,
      internet: {
        [`${PUB}/index-2.xml`]: { body: sitemapIndex(`http://localhost:${port}/p2.xml`) },
      },
      local: { '/p2.xml': urlset(`${local}/secret`) },
      urls: [],
      told: [
        {
          source: `http://localhost:${port}/p2.xml`,
          code: 'private-address',
          params: { target: `http://localhost:${port}/p2.xml` },
        },
      ],
      neverAsked: ['/p2.xml'],
    },
    {
      what: 'a public index lists a name that resolves to a private address: refused before it is site.asked',
      rule: `${rule}; Node looks the name up first (io/node-lookup.ts)`,
      top: `${PUB}/index-3.xml`,
      internet: {
        [`${PUB}/index-3.xml`]: { body: sitemapIndex('https://intranet.example/s.xml') },
        'https://intranet.example/s.xml': { body: urlset('https://intranet.example/secret') },
      },
      urls: [],
      told: [
        {
          source: 'https://intranet.example/s.xml',
          code: 'private-address',
          params: { target: 'https://intranet.example/s.xml' },
        },
      ],
    },
    {
      what: 'a public child redirects into 127.0.0.1',
      rule: `${rule}: each redirect is checked before it is requested`,
      top: `${PUB}/index-4.xml`,
      internet: {
        [`${PUB}/index-4.xml`]: { body: sitemapIndex(`${PUB}/moves.xml`) },
        [`${PUB}/moves.xml`]: { location: `${local}/p4.xml` },
      },
      local: { '/p4.xml': urlset(`${local}/secret`) },
      urls: [],
      told: [
        {
          source: `${PUB}/moves.xml`,
          code: 'private-address',
          params: { target: `${local}/p4.xml` },
        },
      ],
      neverAsked: ['/p4.xml'],
    },
    {
      what: 'a public top sitemap redirects into 127.0.0.1: unreadable, in words',
      rule: `${rule}: the user gave the public URL, not the private one`,
      top: `${PUB}/top-moves.xml`,
      internet: { [`${PUB}/top-moves.xml`]: { location: `${local}/p5.xml` } },
      local: { '/p5.xml': urlset(`${local}/secret`) },
      urls: [],
      told: {
        unreadable: {
          source: `${PUB}/top-moves.xml`,
          code: 'private-address',
          params: { target: `${local}/p5.xml` },
        },
      },
      neverAsked: ['/p5.xml'],
    },
    {
      what: 'the user’s local index lists a public child, which lists a local grandchild: refused',
      rule: `${rule}: the grandchild is led from a public address`,
      top: `${local}/mixed.xml`,
      internet: { [`${PUB}/child-index.xml`]: { body: sitemapIndex(`${local}/p6.xml`) } },
      local: {
        '/mixed.xml': sitemapIndex(`${PUB}/child-index.xml`),
        '/p6.xml': urlset(`${local}/secret`),
      },
      urls: [],
      told: [
        {
          source: `${local}/p6.xml`,
          code: 'private-address',
          params: { target: `${local}/p6.xml` },
        },
      ],
      neverAsked: ['/p6.xml'],
    },
    {
      what: 'the user’s own network: a local index lists local children, which are read',
      rule: `${rule}: a site on the user's machine may lead within it (how these tests run)`,
      top: `${local}/own.xml`,
      local: {
        '/own.xml': sitemapIndex(`${local}/own-1.xml`, `http://localhost:${port}/own-2.xml`),
        '/own-1.xml': urlset(`${local}/a`),
        '/own-2.xml': urlset(`${local}/b`),
      },
      urls: [`${local}/a`, `${local}/b`],
      told: [],
    },
    {
      what: 'a public top sitemap with public children is read',
      rule: `${rule}: public to public is no concern of it`,
      top: `${PUB}/public.xml`,
      internet: {
        [`${PUB}/public.xml`]: { body: sitemapIndex(`${PUB}/public-moves.xml`) },
        [`${PUB}/public-moves.xml`]: { location: `${PUB}/public-1.xml` },
        [`${PUB}/public-1.xml`]: { body: urlset(`${PUB}/p`) },
      },
      urls: [`${PUB}/p`],
      told: [],
    },
  ];

  /** The public internet scripted, the local server for 127.0.0.1 and localhost. */
  function internetFetch(internet: Record<string, Remote>): typeof fetch {
    return async (input, init) => {
      const url = new URL(String(input));
      if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return fetch(url, init);
      const remote = internet[url.href];
      if (remote === undefined) throw new TypeError(`fetch failed: ${url.href} unscripted`);
      return 'location' in remote
        ? new Response(null, { status: 302, headers: { location: remote.location } })
        : new Response(remote.body, { headers: { 'content-type': 'application/xml' } });
    };
  }
  const lookup = async (hostname: string) => {
    const found = ADDRESSES[hostname];
    if (found === undefined) throw new Error(`ENOTFOUND ${hostname}`);
    return found;
  };

  // The local server's URL is known once it listens: each case is named now, built in its test.
  const named = cases('{local}', '{port}').map((c, i): [string, string, number] => [
    c.what,
    c.rule,
    i,
  ]);

  test.each(named)('%s (%s)', async (_what, _rule, i) => {
    const c = cases(base, new URL(base).port)[i] as Case;
    for (const [path, text] of Object.entries(c.local ?? {})) serve(path, text);
    site.asked.length = 0;
    const problems: SitemapProblem[] = [];
    const urls: string[] = [];
    const options: SitemapOptions = {
      fetch: internetFetch(c.internet ?? {}),
      lookup,
      onProblem: (p) => problems.push(p),
    };
    const error = await (async () => {
      for await (const url of sitemapUrls(c.top, options)) urls.push(url);
    })().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(urls).toEqual(c.urls);
    if ('unreadable' in c.told) {
      expect(error).toBeInstanceOf(SitemapUnreadable);
      expect({ ...(error as SitemapUnreadable) }).toEqual(c.told.unreadable);
    } else {
      expect(error).toBeNull();
      expect(problems).toEqual(c.told);
    }
    for (const path of c.neverAsked ?? []) expect(site.asked).not.toContain(path);
  });
});

describe('sitemapUrls follows redirects under the one fetch policy, each one checked', () => {
  test('5 redirects are followed; a 6th, or a loop, is told and not followed (io/fetch-policy.ts, issue 28; RFC 9309 §2.3.1.2)', async () => {
    const hops = (name: string, count: number) => {
      for (let i = 0; i < count; i++) {
        site.routes.set(`/${name}/${i}`, (_request, response) => {
          response.writeHead(301, { location: `/${name}/${i + 1}` });
          response.end();
        });
      }
      serve(`/${name}/${count}`, urlset(`${base}/${name}/page`));
    };
    hops('five', 5);
    hops('six', 6);
    site.routes.set('/cycle/a', (_request, response) => {
      response.writeHead(302, { location: '/cycle/b' });
      response.end();
    });
    site.routes.set('/cycle/b', (_request, response) => {
      response.writeHead(302, { location: '/cycle/a' });
      response.end();
    });
    const top = serve(
      '/redirects.xml',
      sitemapIndex(`${base}/five/0`, `${base}/six/0`, `${base}/cycle/a`),
    );
    const read = await collect(top);
    expect(read.urls).toEqual([`${base}/five/page`]);
    expect(read.problems).toEqual([
      { source: `${base}/six/0`, code: 'too-many-redirects', params: { limit: 5 } },
      { source: `${base}/cycle/a`, code: 'redirect-cycle', params: { target: `${base}/cycle/a` } },
    ]);
  });
});

describe('sitemapEntries: each URL with the sitemap that lists it (issue 28, item 1)', () => {
  // The robots.txt of a listed URL's origin is led from that sitemap (cli/sources.ts): the URL
  // that answered, after redirects; null below a local file, whose children are the user's.
  test('an index on the server: each URL with its child sitemap, as it answered', async () => {
    site.routes.set('/entries/moves.xml', (_request, response) => {
      response.writeHead(301, { location: '/entries/b.xml' });
      response.end();
    });
    serve('/entries/a.xml', urlset('https://a.test/1', 'https://a.test/2'));
    serve('/entries/b.xml', urlset('https://b.test/1'));
    const top = serve(
      '/entries/index.xml',
      sitemapIndex(`${base}/entries/a.xml`, `${base}/entries/moves.xml`),
    );
    const entries = [];
    for await (const entry of sitemapEntries(top)) entries.push(entry);
    expect(entries).toEqual([
      { url: 'https://a.test/1', listedBy: `${base}/entries/a.xml` },
      { url: 'https://a.test/2', listedBy: `${base}/entries/a.xml` },
      { url: 'https://b.test/1', listedBy: `${base}/entries/b.xml` },
    ]);
  });

  test('a local file: listed by no URL', async () => {
    const path = join(dir, 'entries.xml');
    await writeFile(path, urlset('https://a.test/1'));
    const entries = [];
    for await (const entry of sitemapEntries(path)) entries.push(entry);
    expect(entries).toEqual([{ url: 'https://a.test/1', listedBy: null }]);
  });
});
